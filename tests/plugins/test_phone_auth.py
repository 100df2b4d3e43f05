"""The phone auth contract (the kit's ``PhoneAuthContract``) on every installed plugin and the suite's
references, then what the core guarantees every phone auth plugin when it calls them."""

from datetime import UTC, datetime

import pytest

from tessera.plugins import AdapterError, TenantPlugins
from tessera.plugins.kit import brand, reference_manager
from tessera.plugins.kit.suites.phone_auth import PHONE, VERIFY, PhoneAuthContract, SignedPhoneToken


class TestPhoneAuth(PhoneAuthContract):
    """Every installed implementation and the references."""


# -- Dispatch -------------------------------------------------------------------------------


@pytest.fixture
def verifiers():
    return {"phone-a": SignedPhoneToken(), "phone-b": SignedPhoneToken()}


def test_the_brand_verifier_uses_the_brand_project(verifiers):
    pm = reference_manager(**verifiers)
    first_settings, second_settings = {"project": "first", "secret": "s1"}, {"project": "second", "secret": "s2"}
    first = TenantPlugins(pm, brand({"phone-a": first_settings}, slug="first"))
    second = TenantPlugins(pm, brand({"phone-a": second_settings}, slug="second"))
    issued = verifiers["phone-a"].contract_token(first_settings, PHONE, datetime.now(UTC))
    assert first.first(VERIFY, id_token=issued) == PHONE
    with pytest.raises(AdapterError):
        second.first(VERIFY, id_token=issued)
    assert [(slug, settings) for slug, _, settings in verifiers["phone-a"].calls] == [
        ("first", first_settings),
        ("second", second_settings),
    ]


def test_only_the_first_verifier_in_tenant_toml_order_answers(verifiers):
    settings = {"project": "p", "secret": "s"}
    plugins = TenantPlugins(reference_manager(**verifiers), brand({"phone-b": settings, "phone-a": settings}))
    issued = verifiers["phone-b"].contract_token(settings, PHONE, datetime.now(UTC))
    assert plugins.first(VERIFY, id_token=issued) == PHONE
    assert len(verifiers["phone-b"].calls) == 1
    assert verifiers["phone-a"].calls == []


def test_a_disabled_verifier_is_never_called(verifiers):
    settings = {"project": "p", "secret": "s"}
    plugins = TenantPlugins(reference_manager(**verifiers), brand({"phone-a": {**settings, "enabled": False}}))
    issued = verifiers["phone-a"].contract_token(settings, PHONE, datetime.now(UTC))
    assert plugins.first(VERIFY, id_token=issued) is None
    assert verifiers["phone-a"].calls == []
