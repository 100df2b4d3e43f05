"""The email sender contract (the kit's ``EmailSenderContract``) on every installed plugin and the suite's
references, then what the core guarantees every email sender plugin when it calls them."""

import pytest

from tessera.plugins import TenantPlugins
from tessera.plugins.kit import brand, reference_manager
from tessera.plugins.kit.suites.email_sender import SEND, TO, EmailSenderContract, MemoryMailer


class TestEmailSender(EmailSenderContract):
    """Every installed implementation and the references."""


# -- Dispatch -------------------------------------------------------------------------------


@pytest.fixture
def mailers():
    return {"mail-bd": MemoryMailer(), "mail-any": MemoryMailer()}


def test_each_mailer_sees_only_its_own_settings(mailers):
    bd_settings, any_settings = (
        {"account": "bd", "sender": "a@x", "domains": ["example.com.bd"]},
        {"account": "any", "sender": "b@x"},
    )
    plugins = TenantPlugins(reference_manager(**mailers), brand({"mail-bd": bd_settings, "mail-any": any_settings}))
    bd_id = plugins.first(SEND, to="member@example.com.bd", subject="one", text="one")
    other_id = plugins.first(SEND, to=TO, subject="two", text="two")
    assert mailers["mail-bd"].sent == {bd_id: ("bd", "member@example.com.bd", "one", "one")}
    assert mailers["mail-any"].sent == {other_id: ("any", TO, "two", "two")}
    assert {settings["account"] for _, _, settings in mailers["mail-bd"].calls} == {"bd"}
    assert [settings for _, _, settings in mailers["mail-any"].calls] == [any_settings]


def test_only_the_first_mailer_in_tenant_toml_order_answers(mailers):
    plugins = TenantPlugins(
        reference_manager(**mailers),
        brand(
            {
                "mail-any": {"account": "any", "sender": "b@x"},
                "mail-bd": {"account": "bd", "sender": "a@x"},
            }
        ),
    )
    plugins.first(SEND, to=TO, subject="Hello", text="Hello")
    assert len(mailers["mail-any"].sent) == 1
    assert mailers["mail-bd"].calls == []


def test_a_disabled_mailer_is_never_called(mailers):
    plugins = TenantPlugins(
        reference_manager(**mailers), brand({"mail-any": {"account": "any", "sender": "b@x", "enabled": False}})
    )
    assert plugins.first(SEND, to=TO, subject="Hello", text="Hello") is None
    assert mailers["mail-any"].calls == []


def test_a_secret_is_read_from_the_environment_at_each_send(mailers, monkeypatch):
    plugins = TenantPlugins(
        reference_manager(**mailers), brand({"mail-any": {"account": "env:MAIL_ACCOUNT", "sender": "b@x"}})
    )
    monkeypatch.setenv("MAIL_ACCOUNT", "first")
    first_id = plugins.first(SEND, to=TO, subject="one", text="one")
    monkeypatch.setenv("MAIL_ACCOUNT", "rotated")
    second_id = plugins.first(SEND, to=TO, subject="two", text="two")
    assert [mailers["mail-any"].sent[i][0] for i in (first_id, second_id)] == ["first", "rotated"]
