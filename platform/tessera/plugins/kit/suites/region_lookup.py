"""The region-lookup contract (``tessera_region_lookup``): every installed implementation must pass.

An implementation provides ``contract_settings(ranges)``: the settings under which it places each
CIDR range (``{"BD": ["198.51.100.128/25"], ...}``) in its region.
"""

import re

import pytest

from tessera.plugins.kit.contract import brand

HOOK = "tessera_region_lookup"
RANGES = {
    "US": ["198.51.100.0/24", "2001:db8::/32"],
    "BD": ["198.51.100.128/25", "2001:db8:bd::/48"],
    "PH": ["198.51.100.192/26"],
}
ANSWERS = {
    "198.51.100.5": "US",
    "198.51.100.130": "BD",
    "198.51.100.200": "PH",
    "2001:db8:1::1": "US",
    "2001:db8:bd::1": "BD",
    "::ffff:198.51.100.200": "PH",  # an IPv4 client seen through a dual-stack socket
}
GARBAGE = [
    None,
    "",
    "not-an-ip",
    "198.51.100",
    "999.1.1.1",
    " 198.51.100.5",
    "198.51.100.5/24",
    "::g",
    3328402437,
    b"\xc6\x33\x64\xc8",
    ["198.51.100.5"],
]
UNKNOWN = ["192.0.2.1", "::1", "2001:db9::1", "fe80::1%eth0", "10.0.0.1"]


def settings_for(adapter, ranges=RANGES) -> dict:
    return adapter.helper("contract_settings")(ranges)


class RegionLookupContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = HOOK

    @pytest.mark.parametrize(("ip", "region"), ANSWERS.items())
    def test_the_most_specific_range_wins(self, adapter, ip, region):
        assert adapter.call(HOOK, settings_for(adapter), ip=ip) == region

    def test_the_order_ranges_are_written_in_does_not_matter(self, adapter):
        reversed_ranges = {region: list(reversed(cidrs)) for region, cidrs in reversed(RANGES.items())}
        settings = settings_for(adapter, reversed_ranges)
        assert {ip: adapter.call(HOOK, settings, ip=ip) for ip in ANSWERS} == ANSWERS

    @pytest.mark.parametrize("ip", UNKNOWN)
    def test_an_address_in_no_range_is_none(self, adapter, ip):
        assert adapter.call(HOOK, settings_for(adapter), ip=ip) is None

    @pytest.mark.parametrize("ip", GARBAGE, ids=repr)
    def test_garbage_is_none_and_never_raises(self, adapter, ip):
        assert adapter.call(HOOK, settings_for(adapter), ip=ip) is None

    def test_every_answer_is_an_alpha_2_code_or_none(self, adapter):
        settings = settings_for(adapter)
        answers = {adapter.call(HOOK, settings, ip=ip) for ip in [*ANSWERS, *UNKNOWN, *GARBAGE[:4]]}
        assert answers - {None} == {"US", "BD", "PH"}
        assert all(re.fullmatch(r"[A-Z]{2}", answer) for answer in answers - {None})

    def test_the_settings_passed_decide_not_the_brand_config(self, adapter):
        """Each brand's own ranges: the plugin answers from ``settings``, never from tenant.config."""
        mine = settings_for(adapter, {"PH": ["198.51.100.0/24"]})
        elsewhere = brand({adapter.name: settings_for(adapter, {"US": ["198.51.100.0/24"]})})
        assert adapter.call_directly(HOOK, elsewhere, mine, ip="198.51.100.5") == "PH"
        assert adapter.call(HOOK, settings_for(adapter, {"US": ["198.51.100.0/24"]}), ip="198.51.100.5") == "US"

    def test_settings_are_not_remembered_between_brands(self, adapter):
        first = adapter.for_brand(settings_for(adapter, {"BD": ["198.51.100.0/24"]}), slug="first")
        second = adapter.for_brand(settings_for(adapter, {"PH": ["198.51.100.0/24"]}), slug="second")
        assert [first.first(HOOK, ip="198.51.100.5"), second.first(HOOK, ip="198.51.100.5")] == ["BD", "PH"]
        assert first.first(HOOK, ip="198.51.100.5") == "BD"
