"""The SMS-sender contract (``tessera_sms_send``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()`` and ``contract_delivered(settings, message_id)``: the ``(phone_number,
message)`` its gateway received under that id for the account in ``settings`` (None if none).
"""

import secrets

import pytest

from tessera import hookimpl
from tessera.core.phone_numbers import is_e164
from tessera.plugins import AdapterError
from tessera.plugins.kit.contract import Reference

SEND = "tessera_sms_send"
BD_PHONE, PH_PHONE = "+8801712345678", "+639171234567"


class OutboxGateway(Reference):
    """A conforming SMS gateway that keeps what it sends, per account; it serves the country
    prefixes its settings list and leaves other numbers to the brand's next SMS plugin."""

    def __init__(self):
        super().__init__()
        self.outbox: dict[str, tuple[str, str, str]] = {}  # message id -> (api key, phone number, message)

    @hookimpl
    def tessera_sms_send(self, tenant, settings, phone_number, message):
        self.record(tenant, SEND, settings)
        if not is_e164(phone_number):
            raise AdapterError("sms_invalid_number", phone=phone_number)
        if not phone_number.startswith(tuple(settings.get("prefixes", ["+"]))):
            return None
        if not settings["api_key"]:
            raise AdapterError("sms_refused")
        message_id = secrets.token_hex(8)
        self.outbox[message_id] = (settings["api_key"], phone_number, message)
        return message_id

    def contract_settings(self) -> dict:
        return {"api_key": secrets.token_hex(8), "sender": "TESSERA"}

    def contract_delivered(self, settings, message_id):
        api_key, phone_number, message = self.outbox.get(message_id, (None, None, None))
        return (phone_number, message) if api_key == settings["api_key"] else None


class SmsSenderContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = SEND

    @staticmethod
    def references() -> dict:
        return {"reference": OutboxGateway()}

    @pytest.mark.parametrize("text", ["Your code is 123456", "আপনার কোড 123456"])
    def test_a_message_reaches_the_number_and_its_id_is_returned(self, adapter, text):
        settings = adapter.helper("contract_settings")()
        message_id = adapter.call(SEND, settings, phone_number=BD_PHONE, message=text)
        assert isinstance(message_id, str) and message_id
        assert adapter.helper("contract_delivered")(settings, message_id) == (BD_PHONE, text)

    def test_each_message_has_its_own_id(self, adapter):
        settings = adapter.helper("contract_settings")()
        ids = {adapter.call(SEND, settings, phone_number=PH_PHONE, message="Your code is 1") for _ in range(3)}
        assert len(ids) == 3

    def test_a_message_is_sent_on_the_brand_account(self, adapter):
        settings, other_brand = adapter.helper("contract_settings")(), adapter.helper("contract_settings")()
        message_id = adapter.call(SEND, settings, phone_number=BD_PHONE, message="Your code is 2")
        assert adapter.helper("contract_delivered")(other_brand, message_id) is None

    @pytest.mark.parametrize(
        "number", ["01712345678", "+88 01712345678", "", "+0123456789", "8801712345678", "+8801712345678\n"], ids=repr
    )
    def test_a_number_that_is_not_e164_is_refused(self, adapter, number):
        settings = adapter.helper("contract_settings")()
        with pytest.raises(AdapterError) as refused:
            adapter.call(SEND, settings, phone_number=number, message="Your code is 3")
        assert isinstance(refused.value.code, str) and refused.value.code
