"""The system services other features call."""

from zope.interface import Interface


class IBrandStatus(Interface):
    """The status of the request's brand on the host the call came to (factory:
    ``BrandStatus.create_service``); the shell's pages start from it."""

    def location(ip):
        """``{"ip", "region"}``: where the caller is, as the brand's region-lookup plugin says."""

    def restricted(region):
        """Whether the brand refuses callers from ``region`` (None: unknown)."""

    def summary():  # type: ignore[misc]  # an interface method names no self
        """Who the brand is: slug, name, currency, languages, theme, logo."""

    def content_hosts():  # type: ignore[misc]  # an interface method names no self
        """``{"images", "games"}``: the hosts the brand's pages load images and games from (its
        ``[cdn]`` lists and its enabled vendors' own)."""

    def status(ip, language):
        """The status call's answer (also the permission info), in ``language``."""
