"""The email-sender contract (``tessera_email_send``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()`` (a fresh account on a server that accepts mail),
``contract_refusing_settings()`` (an account on a server that refuses every message) and
``contract_delivered(settings, message_id)``: the ``(to, subject, text)`` the server received
under that id for the account in ``settings`` (None if none).
"""
import secrets

import pytest
from plugin_contract import Reference, brand, implementations, reference_manager

from tessera import hookimpl
from tessera.plugins import AdapterError, TenantPlugins

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


# -- The contract ---------------------------------------------------------------------------

contract = pytest.mark.parametrize("adapter", implementations(SEND, reference=MemoryMailer()))


def delivered(adapter, settings, message_id):
    found = adapter.helper("contract_delivered")(settings, message_id)
    if found is None:
        return None
    to, subject, text = found
    return to, subject, text.replace("\r\n", "\n").rstrip("\n")  # the line break ending a mail body is the transport's


@contract
@pytest.mark.parametrize("subject, text", [
    ("Reset your password", "Open https://demo-ph.localhost/forget?resetToken=abc to choose a new password."),
    ("পাসওয়ার্ড পুনরায় সেট করুন", BENGALI),
], ids=["english", "bengali"])
def test_a_message_reaches_the_server_with_its_recipient_subject_and_text(adapter, subject, text):
    settings = adapter.helper("contract_settings")()
    message_id = adapter.call(SEND, settings, to=TO, subject=subject, text=text)
    assert isinstance(message_id, str) and message_id
    assert delivered(adapter, settings, message_id) == (TO, subject, text)


@contract
def test_each_message_has_its_own_id(adapter):
    settings = adapter.helper("contract_settings")()
    ids = {adapter.call(SEND, settings, to=TO, subject="Hello", text="Hello") for _ in range(3)}
    assert len(ids) == 3


@contract
def test_a_message_is_sent_on_the_brand_account(adapter):
    settings, other_brand = adapter.helper("contract_settings")(), adapter.helper("contract_settings")()
    message_id = adapter.call(SEND, settings, to=TO, subject="Hello", text="Hello")
    assert delivered(adapter, settings, message_id) is not None
    assert delivered(adapter, other_brand, message_id) is None


@contract
def test_a_server_that_refuses_the_message_raises_an_adapter_error(adapter):
    settings = adapter.helper("contract_refusing_settings")()
    with pytest.raises(AdapterError) as refused:
        adapter.call(SEND, settings, to=TO, subject="Hello", text="Hello")
    assert isinstance(refused.value.code, str) and refused.value.code


@contract
@pytest.mark.parametrize("to", ["", "member", "member@example.com\r\nBcc: all@example.com", "a b@example.com", None], ids=repr)
def test_an_address_that_is_not_one_is_refused(adapter, to):
    settings = adapter.helper("contract_settings")()
    with pytest.raises(AdapterError) as refused:
        adapter.call(SEND, settings, to=to, subject="Hello", text="Hello")
    assert isinstance(refused.value.code, str) and refused.value.code


# -- Dispatch -------------------------------------------------------------------------------


@pytest.fixture
def mailers():
    return {"mail-bd": MemoryMailer(), "mail-any": MemoryMailer()}


def test_each_mailer_sees_only_its_own_settings(mailers):
    bd_settings, any_settings = {"account": "bd", "sender": "a@x", "domains": ["example.com.bd"]}, {"account": "any", "sender": "b@x"}
    plugins = TenantPlugins(reference_manager(**mailers), brand({"mail-bd": bd_settings, "mail-any": any_settings}))
    bd_id = plugins.first(SEND, to="member@example.com.bd", subject="one", text="one")
    other_id = plugins.first(SEND, to=TO, subject="two", text="two")
    assert mailers["mail-bd"].sent == {bd_id: ("bd", "member@example.com.bd", "one", "one")}
    assert mailers["mail-any"].sent == {other_id: ("any", TO, "two", "two")}
    assert {settings["account"] for _, _, settings in mailers["mail-bd"].calls} == {"bd"}
    assert [settings for _, _, settings in mailers["mail-any"].calls] == [any_settings]


def test_only_the_first_mailer_in_tenant_toml_order_answers(mailers):
    plugins = TenantPlugins(reference_manager(**mailers), brand({
        "mail-any": {"account": "any", "sender": "b@x"},
        "mail-bd": {"account": "bd", "sender": "a@x"},
    }))
    plugins.first(SEND, to=TO, subject="Hello", text="Hello")
    assert len(mailers["mail-any"].sent) == 1
    assert mailers["mail-bd"].calls == []


def test_a_disabled_mailer_is_never_called(mailers):
    plugins = TenantPlugins(reference_manager(**mailers), brand({"mail-any": {"account": "any", "sender": "b@x", "enabled": False}}))
    assert plugins.first(SEND, to=TO, subject="Hello", text="Hello") is None
    assert mailers["mail-any"].calls == []


def test_a_secret_is_read_from_the_environment_at_each_send(mailers, monkeypatch):
    plugins = TenantPlugins(reference_manager(**mailers), brand({"mail-any": {"account": "env:MAIL_ACCOUNT", "sender": "b@x"}}))
    monkeypatch.setenv("MAIL_ACCOUNT", "first")
    first_id = plugins.first(SEND, to=TO, subject="one", text="one")
    monkeypatch.setenv("MAIL_ACCOUNT", "rotated")
    second_id = plugins.first(SEND, to=TO, subject="two", text="two")
    assert [mailers["mail-any"].sent[i][0] for i in (first_id, second_id)] == ["first", "rotated"]
