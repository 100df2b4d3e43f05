"""The sms sender contract (the kit's ``SmsSenderContract``) on every installed plugin and the suite's
references, then what the core guarantees every sms sender plugin when it calls them."""

import pytest

from tessera.plugins import AdapterError, TenantPlugins
from tessera.plugins.kit import brand, reference_manager
from tessera.plugins.kit.suites.sms_sender import BD_PHONE, PH_PHONE, SEND, OutboxGateway, SmsSenderContract


class TestSmsSender(SmsSenderContract):
    """Every installed implementation and the references."""


# -- Dispatch -------------------------------------------------------------------------------


@pytest.fixture
def gateways():
    return {"sms-bd": OutboxGateway(), "sms-any": OutboxGateway()}


def test_a_number_goes_to_the_first_gateway_that_serves_it(gateways):
    plugins = TenantPlugins(
        reference_manager(**gateways),
        brand(
            {
                "sms-bd": {"api_key": "bd-key", "sender": "T", "prefixes": ["+880"]},
                "sms-any": {"api_key": "any-key", "sender": "T"},
            }
        ),
    )
    bd_id = plugins.first(SEND, phone_number=BD_PHONE, message="to Bangladesh")
    ph_id = plugins.first(SEND, phone_number=PH_PHONE, message="to the Philippines")
    assert gateways["sms-bd"].outbox == {bd_id: ("bd-key", BD_PHONE, "to Bangladesh")}
    assert gateways["sms-any"].outbox == {ph_id: ("any-key", PH_PHONE, "to the Philippines")}
    assert [hook for _, hook, _ in gateways["sms-any"].calls] == [SEND]


def test_the_first_gateway_that_answers_is_the_only_one_called(gateways):
    plugins = TenantPlugins(
        reference_manager(**gateways),
        brand(
            {
                "sms-any": {"api_key": "any-key", "sender": "T"},
                "sms-bd": {"api_key": "bd-key", "sender": "T", "prefixes": ["+880"]},
            }
        ),
    )
    plugins.first(SEND, phone_number=BD_PHONE, message="hello")
    assert len(gateways["sms-any"].outbox) == 1
    assert gateways["sms-bd"].calls == []


def test_a_gateway_the_brand_does_not_enable_is_never_called(gateways):
    plugins = TenantPlugins(
        reference_manager(**gateways),
        brand(
            {
                "sms-bd": {"api_key": "bd-key", "sender": "T", "prefixes": ["+880"]},
                "sms-any": {"api_key": "any-key", "sender": "T", "enabled": False},
            }
        ),
    )
    assert plugins.first(SEND, phone_number=PH_PHONE, message="nobody serves this") is None
    assert gateways["sms-any"].calls == []


def test_the_api_key_is_read_from_the_environment_at_each_send(gateways, monkeypatch):
    plugins = TenantPlugins(
        reference_manager(**gateways), brand({"sms-any": {"api_key": "env:SMS_API_KEY", "sender": "T"}})
    )
    monkeypatch.setenv("SMS_API_KEY", "first-key")
    first_id = plugins.first(SEND, phone_number=PH_PHONE, message="one")
    monkeypatch.setenv("SMS_API_KEY", "rotated-key")
    second_id = plugins.first(SEND, phone_number=PH_PHONE, message="two")
    assert [gateways["sms-any"].outbox[i][0] for i in (first_id, second_id)] == ["first-key", "rotated-key"]
    assert gateways["sms-any"].calls[0][2] == {"api_key": "first-key", "sender": "T"}
    monkeypatch.delenv("SMS_API_KEY")
    with pytest.raises(AdapterError, match="sms_refused"):
        plugins.first(SEND, phone_number=PH_PHONE, message="three")
