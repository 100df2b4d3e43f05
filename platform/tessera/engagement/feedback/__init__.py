"""A member's own feedback and complaints, with the brand's replies (the form itself is the
system's feedback call)."""


def includeme(config):
    config.scan(".views")
