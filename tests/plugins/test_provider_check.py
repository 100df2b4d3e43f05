"""The provider-check contract (the kit's ``ProviderCheckContract``) on every installed plugin that
talks to a remote service and on the suite's reference, then how the core reports each plugin."""

from tessera import hookimpl
from tessera.plugins import AdapterError, TenantPlugins
from tessera.plugins.kit import brand, reference_manager
from tessera.plugins.kit.suites.provider_check import AccountService, ProviderCheckContract

REMOTE = {
    "signed-gateway",
    "transfer-vendor",
    "demo-vendor",
    "sms-http",
    "smtp-email",
    "geetest",
    "firebase-phone-auth",
}


class TestProviderCheck(ProviderCheckContract):
    """Every installed implementation and the reference."""


def test_every_built_in_plugin_that_talks_to_a_service_can_be_checked():
    from tessera.plugins import plugin_manager

    pm = plugin_manager()
    checked = {pm.get_name(impl.plugin) for impl in pm.hook.tessera_provider_check.get_hookimpls()}
    assert checked == REMOTE


class Broken:
    @hookimpl
    def tessera_provider_check(self, tenant, settings):
        if settings["how"] == "raises":
            raise RuntimeError("a bug")
        if settings["how"] == "adapter":
            raise AdapterError("vendor_unavailable")
        return {"status": "fine"}


def test_each_plugin_is_reported_in_tenant_toml_order_and_a_broken_one_is_unreachable():
    pm = reference_manager(service=AccountService(), raising=Broken(), refusing=Broken(), shapeless=Broken())
    tenant = brand(
        {
            "shapeless": {"how": "shape"},
            "service": {"service": "up", "account": "known"},
            "raising": {"how": "raises"},
            "refusing": {"how": "adapter"},
            "off": {"enabled": False},
        }
    )
    found = TenantPlugins(pm, tenant).provider_checks()
    assert [(name, answer["status"]) for name, answer in found] == [
        ("shapeless", "unreachable"),
        ("service", "ok"),
        ("raising", "unreachable"),
        ("refusing", "unreachable"),
    ]
    reasons = dict(found)
    assert "not a check's answer" in reasons["shapeless"]["reason"]
    assert "RuntimeError('a bug')" in reasons["raising"]["reason"]
    assert reasons["refusing"]["reason"] == "the plugin answered vendor_unavailable"


def test_a_plugin_the_brand_switches_off_is_not_asked():
    service = AccountService()
    pm = reference_manager(service=service)
    assert (
        TenantPlugins(pm, brand({"service": {"enabled": False, "service": "up", "account": "known"}})).provider_checks()
        == []
    )
    assert service.calls == []
