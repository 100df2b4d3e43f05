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

from tessera import hookimpl
from tessera.plugins import AdapterError
from tessera.plugins.kit.contract import Reference

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
        return [
            {"provider": p["provider"], "title": p["title"], "clientId": p["client_id"]} for p in settings["providers"]
        ]

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
        return {
            "providers": [
                {
                    "provider": "acme",
                    "title": "Acme ID",
                    "client_id": secrets.token_hex(8),
                    "secret": secrets.token_hex(16),
                }
            ]
        }

    def contract_credential(self, settings, provider, subject, email, name) -> str:
        client = next(p for p in settings["providers"] if p["provider"] == provider)
        claims = {
            "aud": client["client_id"],
            "sub": subject,
            "email": email,
            "name": name,
            "iat": int(time.time()),
            "nonce": secrets.token_hex(4),
        }
        payload = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode()
        return f"{payload}.{self._signature(client['secret'], payload)}"


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


class FederatedSignInContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = VERIFY

    @staticmethod
    def references() -> dict:
        return {"reference": SignedCredential()}

    def test_the_providers_are_listed_with_their_public_client_ids(self, adapter):
        settings = adapter.helper("contract_settings")()
        providers = offered(adapter, settings)
        assert providers
        for entry in providers:
            assert set(entry) == {"provider", "title", "clientId"}
            assert all(isinstance(value, str) and value for value in entry.values())
        assert len({entry["provider"] for entry in providers}) == len(providers)

    def test_a_good_credential_gives_the_person_with_a_stable_subject(self, adapter):
        settings = adapter.helper("contract_settings")()
        provider, first = credential(adapter, settings)
        _, second = credential(adapter, settings)
        person = {"subject": SUBJECT, "email": "rahim@example.com", "name": "Rahim Uddin"}
        assert adapter.call(VERIFY, settings, provider=provider, credential=first) == person
        assert adapter.call(VERIFY, settings, provider=provider, credential=second) == person

    def test_a_person_without_email_or_name_has_none(self, adapter):
        settings = adapter.helper("contract_settings")()
        provider, issued = credential(adapter, settings, email=None, name=None)
        assert adapter.call(VERIFY, settings, provider=provider, credential=issued) == {
            "subject": SUBJECT,
            "email": None,
            "name": None,
        }

    def test_a_forged_credential_is_refused(self, adapter):
        settings = adapter.helper("contract_settings")()
        provider, genuine = credential(adapter, settings)
        middle = len(genuine) // 2
        refusal(
            adapter,
            settings,
            provider,
            genuine[:middle] + ("A" if genuine[middle] != "A" else "B") + genuine[middle + 1 :],
        )

    def test_a_credential_issued_to_another_brand_client_is_refused(self, adapter):
        settings, other_brand = adapter.helper("contract_settings")(), adapter.helper("contract_settings")()
        provider, issued = credential(adapter, other_brand)
        refusal(adapter, settings, provider, issued)

    @pytest.mark.parametrize("garbage", ["", "not-a-credential", "a.b.c", None], ids=repr)
    def test_garbage_is_refused(self, adapter, garbage):
        settings = adapter.helper("contract_settings")()
        refusal(adapter, settings, offered(adapter, settings)[0]["provider"], garbage)

    def test_a_provider_that_is_not_the_plugin_s_is_left_to_the_next(self, adapter):
        settings = adapter.helper("contract_settings")()
        _, issued = credential(adapter, settings)
        assert adapter.call(VERIFY, settings, provider=f"not-{secrets.token_hex(4)}", credential=issued) is None
