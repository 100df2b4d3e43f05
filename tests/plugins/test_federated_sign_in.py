"""The federated sign-in contract (``tessera_federated_providers``, ``tessera_federated_verify``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()`` (a fresh client of the provider: another client id, another secret) and
``contract_credential(settings, provider, subject, email, name)``: the credential the provider's
sign-in button gives the client for that person, issued to the client in ``settings``.
"""
import base64
import hashlib
import hmac
import json
import secrets
import time

import pytest
from plugin_contract import Reference, brand, implementations, reference_manager

from tessera import hookimpl
from tessera.plugins import AdapterError, TenantPlugins

PROVIDERS, VERIFY = "tessera_federated_providers", "tessera_federated_verify"
LIFETIME = 600


class SignedCredential(Reference):
    """A conforming provider plugin: credentials are ``payload.signature``, the payload naming the
    client it was issued to, signed with the secret that client shares with the provider."""

    @staticmethod
    def _signature(secret: str, payload: str) -> str:
        return hmac.new(secret.encode(), payload.encode(), hashlib.sha256).hexdigest()

    @hookimpl
    def tessera_federated_providers(self, tenant, settings):
        self.record(tenant, PROVIDERS, settings)
        return [{"provider": p["provider"], "title": p["title"], "clientId": p["client_id"]} for p in settings["providers"]]

    @hookimpl
    def tessera_federated_verify(self, tenant, settings, provider, credential):
        self.record(tenant, VERIFY, settings)
        client = next((p for p in settings["providers"] if p["provider"] == provider), None)
        if client is None:
            return None
        payload, _, signature = credential.partition(".") if isinstance(credential, str) else ("", "", "")
        if not hmac.compare_digest(signature, self._signature(client["secret"], payload)):
            raise AdapterError("federated_invalid")
        claims = json.loads(base64.urlsafe_b64decode(payload))
        if claims["aud"] != client["client_id"] or claims["iat"] + LIFETIME < time.time():
            raise AdapterError("federated_invalid")
        return {"subject": claims["sub"], "email": claims["email"], "name": claims["name"]}

    def contract_settings(self) -> dict:
        return {"providers": [{"provider": "acme", "title": "Acme ID", "client_id": secrets.token_hex(8), "secret": secrets.token_hex(16)}]}

    def contract_credential(self, settings, provider, subject, email, name) -> str:
        client = next(p for p in settings["providers"] if p["provider"] == provider)
        claims = {"aud": client["client_id"], "sub": subject, "email": email, "name": name, "iat": int(time.time()),
                  "nonce": secrets.token_hex(4)}
        payload = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode()
        return f"{payload}.{self._signature(client['secret'], payload)}"


# -- The contract ---------------------------------------------------------------------------

contract = pytest.mark.parametrize("adapter", implementations(VERIFY, reference=SignedCredential()))
SUBJECT = "110248495921238986420"


def offered(adapter, settings) -> list[dict]:
    return adapter.call(PROVIDERS, settings)


def credential(adapter, settings, subject=SUBJECT, email="rahim@example.com", name="Rahim Uddin"):
    provider = offered(adapter, settings)[0]["provider"]
    return provider, adapter.helper("contract_credential")(settings, provider, subject, email, name)


def refusal(adapter, settings, provider, credential) -> AdapterError:
    with pytest.raises(AdapterError) as refused:
        adapter.call(VERIFY, settings, provider=provider, credential=credential)
    assert refused.value.code == "federated_invalid"
    return refused.value


@contract
def test_the_providers_are_listed_with_their_public_client_ids(adapter):
    settings = adapter.helper("contract_settings")()
    providers = offered(adapter, settings)
    assert providers
    for entry in providers:
        assert set(entry) == {"provider", "title", "clientId"}
        assert all(isinstance(value, str) and value for value in entry.values())
    assert len({entry["provider"] for entry in providers}) == len(providers)


@contract
def test_a_good_credential_gives_the_person_with_a_stable_subject(adapter):
    settings = adapter.helper("contract_settings")()
    provider, first = credential(adapter, settings)
    _, second = credential(adapter, settings)
    person = {"subject": SUBJECT, "email": "rahim@example.com", "name": "Rahim Uddin"}
    assert adapter.call(VERIFY, settings, provider=provider, credential=first) == person
    assert adapter.call(VERIFY, settings, provider=provider, credential=second) == person


@contract
def test_a_person_without_email_or_name_has_none(adapter):
    settings = adapter.helper("contract_settings")()
    provider, issued = credential(adapter, settings, email=None, name=None)
    assert adapter.call(VERIFY, settings, provider=provider, credential=issued) == {"subject": SUBJECT, "email": None, "name": None}


@contract
def test_a_forged_credential_is_refused(adapter):
    settings = adapter.helper("contract_settings")()
    provider, genuine = credential(adapter, settings)
    middle = len(genuine) // 2
    refusal(adapter, settings, provider, genuine[:middle] + ("A" if genuine[middle] != "A" else "B") + genuine[middle + 1:])


@contract
def test_a_credential_issued_to_another_brand_client_is_refused(adapter):
    settings, other_brand = adapter.helper("contract_settings")(), adapter.helper("contract_settings")()
    provider, issued = credential(adapter, other_brand)
    refusal(adapter, settings, provider, issued)


@contract
@pytest.mark.parametrize("garbage", ["", "not-a-credential", "a.b.c", None], ids=repr)
def test_garbage_is_refused(adapter, garbage):
    settings = adapter.helper("contract_settings")()
    refusal(adapter, settings, offered(adapter, settings)[0]["provider"], garbage)


@contract
def test_a_provider_that_is_not_the_plugin_s_is_left_to_the_next(adapter):
    settings = adapter.helper("contract_settings")()
    _, issued = credential(adapter, settings)
    assert adapter.call(VERIFY, settings, provider=f"not-{secrets.token_hex(4)}", credential=issued) is None


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
    assert [(hook, settings) for _, hook, settings in plugins["idp-a"].calls] == [(PROVIDERS, a_settings), (VERIFY, a_settings)]
    assert [(hook, settings) for _, hook, settings in plugins["idp-b"].calls] == [(PROVIDERS, b_settings), (VERIFY, b_settings)]


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
