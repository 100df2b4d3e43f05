"""Engagement: what keeps members coming back; today the brand's banners and announcements."""


def includeme(config):
    config.include(".announcements")  # banners and notices
