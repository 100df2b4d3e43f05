"""Engagement: what keeps members coming back; the brand's banners and announcements, and its replies to feedback."""


def includeme(config):
    config.include(".announcements")  # banners and notices
    config.include(".feedback")  # members' own feedback and the brand's replies
