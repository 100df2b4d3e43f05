"""How content dates read, and how content names images."""

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from tessera.tenancy.assets import asset_segments, asset_url
from tessera.tenancy.content import brand_zone, moment

DHAKA = ZoneInfo("Asia/Dhaka")


@pytest.mark.parametrize(
    "value, end, expected",
    [
        (date(2026, 6, 1), False, datetime(2026, 5, 31, 18, 0)),  # the start of the day in Dhaka
        (date(2026, 6, 1), True, datetime(2026, 6, 1, 18, 0)),  # an end date includes its day
        (datetime(2026, 6, 1, 10, 30), False, datetime(2026, 6, 1, 4, 30)),  # local time is the brand's
        (datetime(2026, 6, 1, 10, 30), True, datetime(2026, 6, 1, 4, 30)),  # a time is exact, start or end
        (datetime(2026, 6, 1, 10, 30, tzinfo=UTC), False, datetime(2026, 6, 1, 10, 30)),
        (datetime(2026, 6, 1, 10, 30, tzinfo=ZoneInfo("Asia/Manila")), True, datetime(2026, 6, 1, 2, 30)),
    ],
)
def test_a_content_date_is_an_instant_in_utc(value, end, expected):
    assert moment(value, DHAKA, end=end) == expected.replace(tzinfo=UTC)


@pytest.mark.parametrize(
    "config, zone",
    [
        ({"timezone": "Asia/Dhaka"}, DHAKA),
        ({}, UTC),
        ({"timezone": "Nowhere/Special"}, UTC),  # refused by the loader; never a crash here
    ],
)
def test_the_brands_zone(config, zone):
    assert brand_zone(config) == zone


@pytest.mark.parametrize(
    "path, segments",
    [
        ("logo.svg", ("logo.svg",)),
        ("banners/welcome-2_b.PNG", ("banners", "welcome-2_b.PNG")),
        ("../tenant.toml", None),
        ("banners/../logo.svg", None),
        ("/etc/logo.svg", None),
        ("banners//logo.svg", None),
        (".logo.svg", None),
        ("banners\\logo.svg", None),
        ("logo", None),
        ("page.html", None),
        ("banners/welcome banner.svg", None),
        ("bánner.svg", None),
    ],
)
def test_what_may_name_an_asset(path, segments):
    assert asset_segments(path) == segments


def test_answers_name_assets_by_url():
    assert asset_url("banners/welcome.svg") == "/assets/banners/welcome.svg"
    assert asset_url("https://cdn.example/banners/welcome.svg") == "https://cdn.example/banners/welcome.svg"
    assert asset_url(None) is None
