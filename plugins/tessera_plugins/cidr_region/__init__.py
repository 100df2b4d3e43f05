"""Region lookup from CIDR ranges in the brand's tenant.toml.

    [plugins.cidr-region]
    ranges = { BD = ["203.0.113.0/24"], US = ["198.51.100.0/24", "2001:db8::/32"] }

The most specific range containing the address wins. An IPv4 client seen through a dual-stack
socket (``::ffff:203.0.113.9``) is looked up by its IPv4 address.
"""

import ipaddress
from functools import lru_cache

from tessera import hookimpl

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["ranges"],
    "properties": {
        "ranges": {
            "type": "object",
            "propertyNames": {"pattern": "^[A-Z]{2}$"},
            "additionalProperties": {"type": "array", "items": {"type": "string", "format": "cidr"}},
        }
    },
}


def contract_settings(ranges: dict[str, list[str]]) -> dict:
    """The settings that place each CIDR range in its region (for the region-lookup contract suite)."""
    return {"ranges": ranges}


@lru_cache(maxsize=64)
def _networks(ranges: tuple) -> list:
    networks = [(ipaddress.ip_network(cidr, strict=False), region) for region, cidrs in ranges for cidr in cidrs]
    return sorted(networks, key=lambda item: item[0].prefixlen, reverse=True)


def _address(ip):
    if not isinstance(ip, str):
        return None
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return None
    return getattr(address, "ipv4_mapped", None) or address


@hookimpl
def tessera_region_lookup(tenant, settings, ip):
    address = _address(ip)
    if address is None:
        return None
    frozen = tuple(sorted((region, tuple(cidrs)) for region, cidrs in settings["ranges"].items()))
    for network, region in _networks(frozen):
        if address.version == network.version and address in network:
            return region
    return None
