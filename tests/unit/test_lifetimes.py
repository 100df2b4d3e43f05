"""One rule for how long an answer may be kept: an address naming its content (a hashed name, or
``?v=`` its current version) for a year, any other as its caller says."""

from pyramid.testing import DummyRequest

from tessera.core.lifetimes import AN_HOUR, FOR_GOOD, REVALIDATED, cache_lifetime


def asking(**query) -> DummyRequest:
    return DummyRequest(params=query)


def test_the_current_version_is_kept_for_a_year():
    assert FOR_GOOD == "public, max-age=31536000, immutable"
    assert cache_lifetime(asking(v="0123456789ab"), "0123456789ab") == FOR_GOOD
    assert cache_lifetime(asking(v="0123456789ab"), "0123456789ab", otherwise=AN_HOUR) == FOR_GOOD


def test_a_hashed_name_is_kept_for_a_year_whatever_it_asks():
    assert cache_lifetime(asking(), "0123456789ab", hashed_name=True) == FOR_GOOD
    assert cache_lifetime(asking(v="old"), "0123456789ab", hashed_name=True) == FOR_GOOD


def test_no_version_or_an_old_one_is_kept_as_the_caller_says():
    assert cache_lifetime(asking(), "0123456789ab") == REVALIDATED == "no-cache"
    assert cache_lifetime(asking(v="ba9876543210"), "0123456789ab") == REVALIDATED
    assert cache_lifetime(asking(v=""), "0123456789ab", otherwise=AN_HOUR) == "public, max-age=3600"
