"""The development sandboxes serve every brand the tenant folders configure: a brand of any slug
that enables the gateway's or a vendor's plugin is served under its own merchant or operator id,
with the secret its ``secret = "env:NAME"`` names, and a brand that switches the plugin off is not."""

import pytest
from tessera_sandboxes import brands
from tessera_sandboxes.server import gateway_secrets, make_app, unset_secrets
from tessera_sandboxes.signed_gateway.local import WsgiServer

from tessera.plugins import AdapterError, TenantPlugins, plugin_manager
from tessera.plugins.kit.contract import brand
from tessera_plugins.demo_vendor.api import VendorClient as GamesClient
from tessera_plugins.transfer_vendor import VendorClient

BRAND = """
name = "Acme Vietnam"
public_url = "http://{slug}.localhost:6543"
currency = "VND"
default_language = "en"
languages = ["en"]
theme = "dark"

[[domains]]
host = "{slug}.localhost"

[plugins.signed-gateway]
base_url = "http://127.0.0.1:6550/gateway"
merchant_id = "{slug}"
secret = "env:{prefix}_GATEWAY_SECRET"
{gateway_enabled}

[[plugins.signed-gateway.channels]]
channel = "momo"
title = "MoMo"

[plugins.transfer-vendor]
base_url = "http://127.0.0.1:6550/vendor"
operator_id = "{slug}"
secret = "env:{prefix}_VENDOR_SECRET"
vassalage = "TWV"
display_name = "Tessera Wallet Vendor"

[plugins.demo-vendor]
base_url = "http://127.0.0.1:6550/demo-vendor"
operator_id = "{slug}"
secret = "env:{prefix}_GAMES_SECRET"
{games_enabled}
"""


def write_brand(root, slug: str, prefix: str, gateway_enabled: str = "", games_enabled: str = "") -> None:
    (root / slug).mkdir(parents=True)
    (root / slug / "tenant.toml").write_text(
        BRAND.format(slug=slug, prefix=prefix, gateway_enabled=gateway_enabled, games_enabled=games_enabled)
    )


@pytest.fixture
def environ(tmp_path) -> dict:
    root = tmp_path / "tenants"
    write_brand(root, "acme-vn", "ACME_VN")
    write_brand(root, "acme-th", "ACME_TH", gateway_enabled="enabled = false", games_enabled="enabled = false")
    (root / ".hidden").mkdir()
    (root / ".hidden" / "tenant.toml").write_text('[plugins.demo-vendor]\noperator_id = "hidden"\nsecret = "x"\n')
    (root / "broken").mkdir()
    (root / "broken" / "tenant.toml").write_text("name = ")
    return {
        "TESSERA_TENANTS_DIR": str(root),
        "ACME_VN_GATEWAY_SECRET": "vn-gateway",
        "ACME_VN_VENDOR_SECRET": "vn-vendor",
        "ACME_VN_GAMES_SECRET": "vn-games",
        "ACME_TH_VENDOR_SECRET": "th-vendor",
    }


def test_each_sandbox_knows_the_brands_that_enable_its_plugin_with_the_secrets_they_name(environ):
    assert gateway_secrets(environ) == {"acme-vn": "vn-gateway"}
    assert brands.secrets("transfer-vendor", "operator_id", environ) == {"acme-th": "th-vendor", "acme-vn": "vn-vendor"}
    assert brands.secrets("demo-vendor", "operator_id", environ) == {"acme-vn": "vn-games"}


def test_a_secret_the_environment_does_not_set_is_named_and_lets_no_one_in(environ):
    del environ["ACME_VN_GAMES_SECRET"]
    assert brands.secrets("demo-vendor", "operator_id", environ) == {"acme-vn": ""}
    assert unset_secrets(environ) == ["ACME_VN_GAMES_SECRET (acme-vn)"]


def test_the_demo_brands_folder_is_read_by_default():
    secrets = gateway_secrets({"DEMO_BD_GATEWAY_SECRET": "bd", "DEMO_PH_GATEWAY_SECRET": "ph"})
    assert {merchant: secrets[merchant] for merchant in ("demo-bd", "demo-ph")} == {"demo-bd": "bd", "demo-ph": "ph"}


def test_a_brand_of_another_slug_is_served_by_every_sandbox(environ):
    server = WsgiServer(make_app(environ))
    try:
        gateway = {
            "base_url": f"{server.origin}/gateway",
            "merchant_id": "acme-vn",
            "secret": "vn-gateway",
            "timeout_seconds": 5,
            "channels": [{"channel": "momo", "title": "MoMo"}],
        }
        started = TenantPlugins(plugin_manager(), brand({"signed-gateway": gateway}, "acme-vn", currency="VND")).call(
            "signed-gateway",
            "tessera_payment_start",
            channel="momo",
            deposit={
                "depositId": "1",
                "amount": "50000.00",
                "currency": "VND",
                "returnUrl": "http://acme-vn.localhost:6543/",
                "notifyUrl": "http://acme-vn.localhost:6543/wps/payments/webhook/signed-gateway/momo",
                "member": {"id": 7, "username": "player7"},
            },
        )
        assert started["redirectUrl"].startswith(f"{server.origin}/gateway/pay/")
        vendor = {"base_url": f"{server.origin}/vendor", "operator_id": "acme-vn", "secret": "vn-vendor"}
        assert VendorClient({**vendor, "vassalage": "TWV"}).balance("acme-vn-7") == "0.00"
        games = {"base_url": f"{server.origin}/demo-vendor", "operator_id": "acme-vn", "secret": "vn-games"}
        assert GamesClient(games).vendors()
        # acme-th switched the gateway and the demo vendor off: those sandboxes refuse it.
        with pytest.raises(AdapterError):
            GamesClient({**games, "operator_id": "acme-th", "secret": "th-games"}).vendors()
        th_gateway = {**gateway, "merchant_id": "acme-th", "secret": "th-gateway"}
        with pytest.raises(AdapterError):
            TenantPlugins(plugin_manager(), brand({"signed-gateway": th_gateway}, "acme-th")).call(
                "signed-gateway",
                "tessera_payment_start",
                channel="momo",
                deposit={
                    "depositId": "2",
                    "amount": "50000.00",
                    "currency": "VND",
                    "returnUrl": "http://acme-th.localhost/",
                    "notifyUrl": "http://acme-th.localhost/n",
                    "member": {"id": 7, "username": "player7"},
                },
            )
    finally:
        server.close()
