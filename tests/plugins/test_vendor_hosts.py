"""The vendor guide's brand (plugins/README.md, "A vendor's hosts on the brand's pages") loads as a
brand folder, and its pages admit the hosts the guide says: its [cdn] hosts and its enabled
vendors' (tessera_vendor_hosts of demo-vendor and transfer-vendor), not a switched-off vendor's."""

import re
import tomllib
from pathlib import Path

from tessera.plugins import TenantPlugins, plugin_manager, settings_schemas
from tessera.shell.services import content_security_policy
from tessera.system.status.services import content_hosts
from tessera.tenancy.context import TenantContext
from tessera.tenancy.loader import load_tenants

GUIDE = Path(__file__).resolve().parents[2] / "plugins" / "README.md"


def guide_brand() -> str:
    section = GUIDE.read_text("utf-8").split("## A vendor's hosts on the brand's pages", 1)[1]
    return re.search(r"```toml\n(# tenants/acme-ng/tenant.toml\n.*?)```", section, re.S)[1]


def test_the_guides_brand_is_a_valid_brand_folder(tmp_path):
    (tmp_path / "acme-ng").mkdir()
    (tmp_path / "acme-ng" / "tenant.toml").write_text(guide_brand(), "utf-8")
    [source] = load_tenants(tmp_path, settings_schemas(plugin_manager()))
    assert source.config["public_url"] == "https://www.acme-ng.example"


def test_the_guides_brand_admits_its_hosts_and_its_enabled_vendors_only():
    brand = TenantContext(1, "acme-ng", "Acme", tomllib.loads(guide_brand()), "kid", "pem")
    hosts = content_hosts(brand, TenantPlugins(plugin_manager(), brand))
    assert hosts == {
        "images": ["https://img.acme-ng.example", "https://api.games.example", "https://icons.games.example"],
        "games": ["https://partner-games.example", "https://api.games.example", "https://play.games.example"],
    }
    policy = dict(d.split(" ", 1) for d in content_security_policy(hosts, {}).split("; "))
    assert policy["img-src"] == (
        "'self' data: blob: https://api.games.example https://icons.games.example https://img.acme-ng.example"
    )
    assert policy["frame-src"] == (
        "'self' https://api.games.example https://partner-games.example https://play.games.example"
    )
    assert "wallet-vendor.example" not in str(hosts)
