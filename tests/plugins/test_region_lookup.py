"""The region-lookup contract (the kit's ``RegionLookupContract``) on every installed plugin."""

from tessera.plugins.kit.suites.region_lookup import RegionLookupContract


class TestRegionLookup(RegionLookupContract):
    """Every installed implementation."""
