"""The phone-auth contract (``tessera_phone_auth_verify``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()``, ``contract_token(settings, phone_number, issued_at)``: an ID token the
identity service would issue to ``phone_number`` at ``issued_at`` for the project in ``settings``,
and ``contract_forged_token(settings, phone_number, issued_at)``: one that looks the same but
was made without the identity service's key.
"""

import hashlib
import hmac
import secrets
from datetime import UTC, datetime, timedelta

import pytest

from tessera import hookimpl
from tessera.plugins import AdapterError
from tessera.plugins.kit.contract import Reference

VERIFY = "tessera_phone_auth_verify"
PHONE = "+8801712345678"
LIFETIME = timedelta(hours=1)


class SignedPhoneToken(Reference):
    """A conforming phone auth: ``project.phone.issued.signature`` tokens signed with the project's secret."""

    @staticmethod
    def _signature(settings, project: str, phone: str, issued: str) -> str:
        return hmac.new(settings["secret"].encode(), f"{project}.{phone}.{issued}".encode(), hashlib.sha256).hexdigest()

    @hookimpl
    def tessera_phone_auth_verify(self, tenant, settings, id_token):
        self.record(tenant, VERIFY, settings)
        parts = id_token.split(".") if isinstance(id_token, str) else []
        if len(parts) != 4 or not parts[2].isdigit():
            raise AdapterError("phone_auth_invalid_code")
        project, phone, issued, signature = parts
        if project != settings["project"] or not hmac.compare_digest(
            signature, self._signature(settings, project, phone, issued)
        ):
            raise AdapterError("phone_auth_invalid_code")
        if datetime.now(UTC) - datetime.fromtimestamp(int(issued), UTC) > LIFETIME:
            raise AdapterError("phone_auth_code_expired")
        return phone

    def contract_settings(self) -> dict:
        return {"project": f"tessera-{secrets.token_hex(4)}", "secret": secrets.token_hex(16)}

    def contract_token(self, settings, phone_number: str, issued_at: datetime) -> str:
        issued = str(int(issued_at.timestamp()))
        signature = self._signature(settings, settings["project"], phone_number, issued)
        return f"{settings['project']}.{phone_number}.{issued}.{signature}"

    def contract_forged_token(self, settings, phone_number: str, issued_at: datetime) -> str:
        return self.contract_token({**settings, "secret": secrets.token_hex(16)}, phone_number, issued_at)


def token(adapter, settings, phone=PHONE, age=timedelta(0)):
    return adapter.helper("contract_token")(settings, phone, datetime.now(UTC) - age)


def refusal(adapter, settings, id_token) -> AdapterError:
    with pytest.raises(AdapterError) as refused:
        adapter.call(VERIFY, settings, id_token=id_token)
    assert isinstance(refused.value.code, str) and refused.value.code
    return refused.value


class PhoneAuthContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = VERIFY

    @staticmethod
    def references() -> dict:
        return {"reference": SignedPhoneToken()}

    @pytest.mark.parametrize("phone", [PHONE, "+639171234567"])
    def test_a_valid_token_gives_its_phone_number(self, adapter, phone):
        settings = adapter.helper("contract_settings")()
        assert adapter.call(VERIFY, settings, id_token=token(adapter, settings, phone)) == phone

    def test_a_tampered_token_is_refused(self, adapter):
        settings = adapter.helper("contract_settings")()
        genuine = token(adapter, settings)
        middle = len(genuine) // 2
        tampered = genuine[:middle] + ("A" if genuine[middle] != "A" else "B") + genuine[middle + 1 :]
        refusal(adapter, settings, tampered)

    def test_a_forged_token_is_refused(self, adapter):
        settings = adapter.helper("contract_settings")()
        forged = adapter.helper("contract_forged_token")(settings, "+639171234567", datetime.now(UTC))
        refusal(adapter, settings, forged)

    @pytest.mark.parametrize("id_token", ["", "not-a-token", "a.b.c.d", None], ids=repr)
    def test_garbage_is_refused_with_an_adapter_error(self, adapter, id_token):
        refusal(adapter, adapter.helper("contract_settings")(), id_token)

    def test_a_token_for_another_project_is_refused(self, adapter):
        settings, other_brand = adapter.helper("contract_settings")(), adapter.helper("contract_settings")()
        refusal(adapter, settings, token(adapter, other_brand))

    def test_an_expired_token_is_refused(self, adapter):
        settings = adapter.helper("contract_settings")()
        refusal(adapter, settings, token(adapter, settings, age=timedelta(days=2)))
