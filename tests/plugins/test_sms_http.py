"""The HTTP gateway SMS sender (``sms-http``) against a local gateway: refusals, outages, the
retry with the same Idempotency-Key, and numbers outside the countries it serves."""

import pytest
from tessera_sandboxes.sms_gateway import Failure, SmsGateway

from tessera.plugins import AdapterError, TenantPlugins, plugin_manager
from tessera.plugins.kit.contract import brand
from tessera.plugins.kit.local_http import closed_port
from tessera_plugins.sms_outbox import read_outbox

SEND = "tessera_sms_send"
BD_PHONE, PH_PHONE = "+8801712345678", "+639171234567"


@pytest.fixture
def gateway():
    gateway = SmsGateway()
    yield gateway
    gateway.close()


@pytest.fixture
def account(gateway):
    return {"url": gateway.url, "api_key": gateway.open_account(), "sender": "TESSERA", "timeout_seconds": 5}


def send(settings, phone_number=BD_PHONE, message="Your code is 1234567"):
    return TenantPlugins(plugin_manager(), brand({"sms-http": settings})).first(
        SEND, phone_number=phone_number, message=message
    )


def refusal(settings) -> str:
    with pytest.raises(AdapterError) as refused:
        send(settings)
    return refused.value.code


def test_the_gateway_receives_the_number_sender_and_text(gateway, account):
    message_id = send(account, message="আপনার কোড 1234567")
    assert gateway.accounts[account["api_key"]] == {
        message_id: {"to": BD_PHONE, "from": "TESSERA", "text": "আপনার কোড 1234567"}
    }


def test_a_key_the_gateway_does_not_know_is_rejected(gateway, account):
    assert refusal({**account, "api_key": "not-a-key"}) == "sms_rejected"
    assert refusal({**account, "api_key": ""}) == "sms_rejected"
    assert gateway.requests == []


def test_a_refusal_is_not_retried(gateway, account):
    gateway.fail_next(Failure(status=422))
    assert refusal(account) == "sms_rejected"
    assert len(gateway.requests) == 1 and gateway.accounts[account["api_key"]] == {}


def test_an_outage_is_retried_once_then_reported(gateway, account):
    gateway.fail_next(Failure(status=503), Failure(status=500))
    assert refusal(account) == "sms_unavailable"
    [(_, first_key), (_, second_key)] = gateway.requests
    assert first_key == second_key
    assert gateway.accounts[account["api_key"]] == {}


def test_a_retry_after_a_lost_answer_does_not_send_twice(gateway, account):
    gateway.fail_next(Failure(status=502, after_sending=True))
    message_id = send(account)
    assert list(gateway.accounts[account["api_key"]]) == [message_id]
    assert len(gateway.requests) == 2 and len({key for _, key in gateway.requests}) == 1


def test_a_gateway_that_does_not_answer_in_time_is_retried(gateway, account):
    gateway.fail_next(Failure(status=0, stall=1.5, after_sending=True))
    message_id = send({**account, "timeout_seconds": 0.5})
    assert list(gateway.accounts[account["api_key"]]) == [message_id]
    assert len({key for _, key in gateway.requests}) == 1


def test_a_gateway_that_cannot_be_reached_is_unavailable(account):
    assert refusal({**account, "url": f"http://127.0.0.1:{closed_port()}/v1/messages"}) == "sms_unavailable"


def test_an_answer_without_a_message_id_is_unavailable(gateway, account):
    gateway.fail_next(Failure(status=200), Failure(status=200))  # {"error": ...}: no messageId
    assert refusal(account) == "sms_unavailable"


@pytest.mark.parametrize("countries", [["880"], ["+880", "91"]])
def test_numbers_outside_its_countries_are_left_to_the_next_plugin(gateway, account, countries):
    assert send({**account, "countries": countries}, phone_number=PH_PHONE) is None
    assert gateway.requests == []
    assert send({**account, "countries": countries}, phone_number=BD_PHONE) in gateway.accounts[account["api_key"]]


def test_a_brand_sends_bangladesh_through_the_gateway_and_the_rest_to_the_outbox(gateway, account, tmp_path):
    outbox = tmp_path / "outbox.jsonl"
    plugins = TenantPlugins(
        plugin_manager(),
        brand(
            {
                "sms-http": {**account, "countries": ["880"]},
                "sms-outbox": {"outbox": str(outbox)},
            }
        ),
    )
    bd_id = plugins.first(SEND, phone_number=BD_PHONE, message="to Bangladesh")
    ph_id = plugins.first(SEND, phone_number=PH_PHONE, message="to the Philippines")
    assert list(gateway.accounts[account["api_key"]]) == [bd_id]
    assert [(m["id"], m["to"]) for m in read_outbox(outbox)] == [(ph_id, PH_PHONE)]


def test_the_api_key_is_read_from_the_environment(gateway, account, monkeypatch):
    monkeypatch.setenv("DEMO_SMS_KEY", account["api_key"])
    message_id = send({**account, "api_key": "env:DEMO_SMS_KEY"})
    assert message_id in gateway.accounts[account["api_key"]]
