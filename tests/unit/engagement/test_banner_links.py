"""A banner's link: a route of the site opens in the page, an https URL is another site."""

from types import SimpleNamespace

import pytest

from tessera.engagement.announcements.services import _banner


@pytest.mark.parametrize(
    "link, kind",
    [
        ("/live", "INTERNAL"),
        ("/rng?page=TWV", "INTERNAL"),
        ("https://guide.example/baccarat", "EXTERNAL"),
        (None, None),
    ],
)
def test_a_links_kind(link, kind):
    banner = SimpleNamespace(id=1, group_name="home", image_url="/assets/b.svg", link_url=link, title={"en": "B"})
    shown = _banner(banner, "en", "en", {})
    assert (shown["linkageType"], shown["linkUrl"]) == (kind, link)
