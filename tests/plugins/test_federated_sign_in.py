"""The federated sign in contract (the kit's ``FederatedSignInContract``) on every installed plugin and the suite's
references, then what the core guarantees every federated sign in plugin when it calls them."""

import pytest

from tessera.plugins import TenantPlugins
from tessera.plugins.kit import brand, reference_manager
from tessera.plugins.kit.suites.federated_sign_in import (
    PROVIDERS,
    SUBJECT,
    VERIFY,
    FederatedSignInContract,
    SignedCredential,
)


class TestFederatedSignIn(FederatedSignInContract):
    """Every installed implementation and the references."""


# -- Dispatch -------------------------------------------------------------------------------


def client(provider: str, title: str) -> dict:
    return {"provider": provider, "title": title, "client_id": f"{provider}-client", "secret": f"{provider}-secret"}


@pytest.fixture
def plugins():
    return {"idp-a": SignedCredential(), "idp-b": SignedCredential()}


def test_each_plugin_lists_its_providers_and_verifies_with_its_own_settings(plugins):
    a_settings, b_settings = {"providers": [client("acme", "Acme ID")]}, {"providers": [client("zenith", "Zenith")]}
    brand_plugins = TenantPlugins(reference_manager(**plugins), brand({"idp-a": a_settings, "idp-b": b_settings}))
    assert brand_plugins.each(PROVIDERS) == [
        ("idp-a", [{"provider": "acme", "title": "Acme ID", "clientId": "acme-client"}]),
        ("idp-b", [{"provider": "zenith", "title": "Zenith", "clientId": "zenith-client"}]),
    ]
    issued = plugins["idp-b"].contract_credential(b_settings, "zenith", SUBJECT, None, None)
    assert brand_plugins.first(VERIFY, provider="zenith", credential=issued)["subject"] == SUBJECT
    assert [(hook, settings) for _, hook, settings in plugins["idp-a"].calls] == [
        (PROVIDERS, a_settings),
        (VERIFY, a_settings),
    ]
    assert [(hook, settings) for _, hook, settings in plugins["idp-b"].calls] == [
        (PROVIDERS, b_settings),
        (VERIFY, b_settings),
    ]


def test_only_the_first_plugin_offering_the_provider_answers(plugins):
    settings = {"providers": [client("acme", "Acme ID")]}
    brand_plugins = TenantPlugins(reference_manager(**plugins), brand({"idp-b": settings, "idp-a": settings}))
    issued = plugins["idp-b"].contract_credential(settings, "acme", SUBJECT, None, None)
    assert brand_plugins.first(VERIFY, provider="acme", credential=issued)["subject"] == SUBJECT
    assert len(plugins["idp-b"].calls) == 1
    assert plugins["idp-a"].calls == []


def test_a_disabled_plugin_offers_nothing_and_is_never_called(plugins):
    settings = {"providers": [client("acme", "Acme ID")], "enabled": False}
    brand_plugins = TenantPlugins(reference_manager(**plugins), brand({"idp-a": settings}))
    issued = plugins["idp-a"].contract_credential(settings, "acme", SUBJECT, None, None)
    assert brand_plugins.each(PROVIDERS) == []
    assert brand_plugins.first(VERIFY, provider="acme", credential=issued) is None
    assert plugins["idp-a"].calls == []
