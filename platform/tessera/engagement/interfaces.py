"""The engagement services other features call."""

from zope.interface import Interface


class IAnnouncements(Interface):
    """The request's brand's banners and notices (factory: ``Announcements.create_service``); the
    shell's pages carry them in their bootstrap."""

    def current(language, types):
        """The answer of MCSFE_getListAnnouncements for ``types`` (a frozenset of B, PL, PU, PR, H)."""
