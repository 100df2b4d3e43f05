"""The email-sender contract (``tessera_email_send``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()`` (a fresh account on a server that accepts mail),
``contract_refusing_settings()`` (an account on a server that refuses every message) and
``contract_delivered(settings, message_id)``: the ``(to, subject, text)`` the server received
under that id for the account in ``settings`` (None if none).
"""

import secrets

import pytest

from tessera import hookimpl
from tessera.plugins import AdapterError
from tessera.plugins.kit.contract import Reference

SEND = "tessera_email_send"
TO = "member@example.com"
BENGALI = "আপনার পাসওয়ার্ড পুনরায় সেট করতে নিচের লিংকে যান:\nhttps://demo-bd.localhost/forget?resetToken=abc"


class MemoryMailer(Reference):
    """A conforming email sender that keeps what it sends, per account; it sends to the domains
    its settings list and leaves other addresses to the brand's next email plugin."""

    def __init__(self):
        super().__init__()
        self.sent: dict[str, tuple[str, str, str, str]] = {}  # message id -> (account, to, subject, text)

    @hookimpl
    def tessera_email_send(self, tenant, settings, to, subject, text):
        self.record(tenant, SEND, settings)
        if not isinstance(to, str) or to.count("@") != 1 or any(c.isspace() for c in to):
            raise AdapterError("email_invalid_address")
        if "domains" in settings and to.rpartition("@")[2] not in settings["domains"]:
            return None
        if settings.get("refuse"):
            raise AdapterError("email_send_failed")
        message_id = f"<{secrets.token_hex(8)}@tessera.localhost>"
        self.sent[message_id] = (settings["account"], to, subject, text)
        return message_id

    def contract_settings(self) -> dict:
        return {"account": secrets.token_hex(8), "sender": "no-reply@tessera.localhost"}

    def contract_refusing_settings(self) -> dict:
        return {**self.contract_settings(), "refuse": True}

    def contract_delivered(self, settings, message_id):
        account, to, subject, text = self.sent.get(message_id, (None,) * 4)
        return (to, subject, text) if account == settings["account"] else None


def delivered(adapter, settings, message_id):
    found = adapter.helper("contract_delivered")(settings, message_id)
    if found is None:
        return None
    to, subject, text = found
    return to, subject, text.replace("\r\n", "\n").rstrip("\n")  # the line break ending a mail body is the transport's


class EmailSenderContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = SEND

    @staticmethod
    def references() -> dict:
        return {"reference": MemoryMailer()}

    @pytest.mark.parametrize(
        "subject, text",
        [
            ("Reset your password", "Open https://demo-ph.localhost/forget?resetToken=abc to choose a new password."),
            ("পাসওয়ার্ড পুনরায় সেট করুন", BENGALI),
        ],
        ids=["english", "bengali"],
    )
    def test_a_message_reaches_the_server_with_its_recipient_subject_and_text(self, adapter, subject, text):
        settings = adapter.helper("contract_settings")()
        message_id = adapter.call(SEND, settings, to=TO, subject=subject, text=text)
        assert isinstance(message_id, str) and message_id
        assert delivered(adapter, settings, message_id) == (TO, subject, text)

    def test_each_message_has_its_own_id(self, adapter):
        settings = adapter.helper("contract_settings")()
        ids = {adapter.call(SEND, settings, to=TO, subject="Hello", text="Hello") for _ in range(3)}
        assert len(ids) == 3

    def test_a_message_is_sent_on_the_brand_account(self, adapter):
        settings, other_brand = adapter.helper("contract_settings")(), adapter.helper("contract_settings")()
        message_id = adapter.call(SEND, settings, to=TO, subject="Hello", text="Hello")
        assert delivered(adapter, settings, message_id) is not None
        assert delivered(adapter, other_brand, message_id) is None

    def test_a_server_that_refuses_the_message_raises_an_adapter_error(self, adapter):
        settings = adapter.helper("contract_refusing_settings")()
        with pytest.raises(AdapterError) as refused:
            adapter.call(SEND, settings, to=TO, subject="Hello", text="Hello")
        assert isinstance(refused.value.code, str) and refused.value.code

    @pytest.mark.parametrize(
        "to", ["", "member", "member@example.com\r\nBcc: all@example.com", "a b@example.com", None], ids=repr
    )
    def test_an_address_that_is_not_one_is_refused(self, adapter, to):
        settings = adapter.helper("contract_settings")()
        with pytest.raises(AdapterError) as refused:
            adapter.call(SEND, settings, to=to, subject="Hello", text="Hello")
        assert isinstance(refused.value.code, str) and refused.value.code
