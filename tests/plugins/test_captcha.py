"""The captcha contract (``tessera_captcha_challenge``, ``tessera_captcha_verify``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()`` and ``contract_answer(settings, challenge)``: the answer a person who
reads the challenge gives. Hooks receive real one-time stores on the test database, demo-bd's and
demo-ph's, whose clock the test moves.
"""
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import timedelta

import pytest
from factories import Clock
from plugin_contract import Implementation, Reference, brand, implementations, reference_manager

from tessera import hookimpl
from tessera.core.onetime import OneTimeStore
from tessera.plugins import TenantPlugins

CHALLENGE, VERIFY = "tessera_captcha_challenge", "tessera_captcha_verify"


class ArithmeticCaptcha(Reference):
    """A conforming captcha: a sum to work out; the store keeps its answer sealed with the brand's secret."""

    @staticmethod
    def _seal(settings, captcha_id: str, text: str) -> str:
        return hmac.new(settings["secret"].encode(), f"{captcha_id}:{text}".encode(), hashlib.sha256).hexdigest()

    @hookimpl
    def tessera_captcha_challenge(self, tenant, settings, store):
        self.record(tenant, CHALLENGE, settings)
        a, b = secrets.randbelow(50), secrets.randbelow(50)
        captcha_id = secrets.token_urlsafe(12)
        store.put("arithmetic:" + captcha_id, self._seal(settings, captcha_id, str(a + b)), timedelta(minutes=5))
        return {"captchaId": captcha_id, "question": f"{a} + {b}"}

    @hookimpl
    def tessera_captcha_verify(self, tenant, settings, store, answer):
        self.record(tenant, VERIFY, settings)
        captcha_id, text = (answer.get("captchaId"), answer.get("captcha")) if isinstance(answer, dict) else (None, None)
        if not isinstance(captcha_id, str):
            return False
        expected = store.take("arithmetic:" + captcha_id)
        return expected is not None and isinstance(text, str) and hmac.compare_digest(
            expected, self._seal(settings, captcha_id, text))

    def contract_settings(self) -> dict:
        return {"secret": secrets.token_hex(16)}

    def contract_answer(self, settings, challenge) -> dict:
        a, b = challenge["question"].split(" + ")
        return {"captchaId": challenge["captchaId"], "captcha": str(int(a) + int(b))}


@pytest.fixture
def store_clock():
    return Clock()


@pytest.fixture
def stores(db_session, tenant_ids, store_clock) -> dict[str, OneTimeStore]:
    """demo-bd's and demo-ph's one-time stores."""
    return {slug: OneTimeStore(db_session, tenant_ids[slug], store_clock) for slug in ("demo-bd", "demo-ph")}


@dataclass
class Brand:
    """A brand enabling the captcha under contract with ``settings``, keeping its values in ``store``."""

    adapter: Implementation
    settings: dict
    store: OneTimeStore

    def challenge(self) -> dict:
        return self.adapter.call(CHALLENGE, self.settings, store=self.store)

    def verify(self, answer) -> bool:
        return self.adapter.call(VERIFY, self.settings, store=self.store, answer=answer)

    def solved(self) -> tuple[dict, dict]:
        """A new challenge and the answer of a person who reads it."""
        challenge = self.challenge()
        return challenge, self.adapter.helper("contract_answer")(self.settings, challenge)


# -- The contract ---------------------------------------------------------------------------

contract = pytest.mark.parametrize("adapter", implementations(CHALLENGE, reference=ArithmeticCaptcha()))


@pytest.fixture
def bd(adapter, stores) -> Brand:
    return Brand(adapter, adapter.helper("contract_settings")(), stores["demo-bd"])


@contract
def test_a_challenge_has_an_id_of_its_own_and_travels_as_json(bd):
    first, second = bd.challenge(), bd.challenge()
    assert isinstance(first, dict) and isinstance(first["captchaId"], str) and first["captchaId"]
    assert first["captchaId"] != second["captchaId"]
    assert json.loads(json.dumps(first)) == first
    assert "image" not in first or first["image"].startswith("data:image/")


@contract
def test_the_right_answer_passes_once(bd):
    _, answer = bd.solved()
    assert bd.verify(answer) is True
    assert bd.verify(answer) is False


@contract
def test_a_wrong_answer_fails_and_uses_the_challenge_up(bd):
    _, answer = bd.solved()
    wrong = {k: (v + "9" if k != "captchaId" and isinstance(v, str) else v) for k, v in answer.items()}
    assert bd.verify(wrong) is False
    assert bd.verify(answer) is False


@contract
def test_an_id_without_an_answer_fails_and_uses_the_challenge_up(bd):
    challenge, answer = bd.solved()
    assert bd.verify({"captchaId": challenge["captchaId"], "captcha": None}) is False
    assert bd.verify(answer) is False


@contract
@pytest.mark.parametrize("answer", [{}, {"captchaId": "never-issued", "captcha": "1"}, {"captchaId": 5, "captcha": []},
                                    {"captcha": "12"}, {"captchaId": None, "captcha": None},
                                    {"captchaId": "x" * 1000, "captcha": "1"}], ids=repr)
def test_an_answer_not_well_formed_is_false(bd, answer):
    bd.solved()
    assert bd.verify(answer) is False


@contract
def test_challenges_are_answered_each_on_its_own(bd):
    (_, first), (_, second) = bd.solved(), bd.solved()
    assert bd.verify(second) is True
    assert bd.verify(first) is True


@contract
def test_a_challenge_passes_only_with_the_settings_that_issued_it(bd, adapter):
    _, answer = bd.solved()
    other_settings = Brand(adapter, adapter.helper("contract_settings")(), bd.store)
    assert other_settings.verify(answer) is False


@contract
def test_a_challenge_of_one_brand_does_not_pass_at_another(bd, adapter, stores):
    ph = Brand(adapter, bd.settings, stores["demo-ph"])  # even with the same settings
    _, answer = bd.solved()
    assert ph.verify(answer) is False
    assert bd.verify(answer) is True  # and the other brand's attempt did not use it up


@contract
def test_a_challenge_answered_within_a_minute_passes(bd, store_clock):
    _, answer = bd.solved()
    store_clock.advance(seconds=59)
    assert bd.verify(answer) is True


@contract
def test_an_expired_challenge_fails(bd, store_clock):
    _, answer = bd.solved()
    store_clock.advance(hours=1)
    assert bd.verify(answer) is False


# -- Dispatch: what the core guarantees every captcha plugin -------------------------------


@pytest.fixture
def captchas():
    return {"captcha-a": ArithmeticCaptcha(), "captcha-b": ArithmeticCaptcha()}


def test_a_brand_calls_only_the_captcha_it_enables(captchas, stores):
    pm = reference_manager(**captchas)
    only_b = TenantPlugins(pm, brand({"captcha-a": {"secret": "a", "enabled": False}, "captcha-b": {"secret": "b"}},
                                     slug="only-b"))
    challenge = only_b.first(CHALLENGE, store=stores["demo-bd"])
    assert captchas["captcha-a"].calls == []
    assert [hook for _, hook, _ in captchas["captcha-b"].calls] == [CHALLENGE]
    answer = captchas["captcha-b"].contract_answer({"secret": "b"}, challenge)
    assert only_b.first(VERIFY, store=stores["demo-bd"], answer=answer) is True


def test_each_captcha_receives_only_its_own_settings(captchas, stores, monkeypatch):
    pm = reference_manager(**captchas)
    monkeypatch.setenv("CAPTCHA_B_SECRET", "b-from-environment")
    both = brand({"captcha-a": {"secret": "a", "enabled": True}, "captcha-b": {"secret": "env:CAPTCHA_B_SECRET"}})
    plugins = TenantPlugins(pm, both)
    plugins.call("captcha-a", CHALLENGE, store=stores["demo-bd"])
    plugins.call("captcha-b", CHALLENGE, store=stores["demo-bd"])
    assert captchas["captcha-a"].calls == [(both.slug, CHALLENGE, {"secret": "a"})]
    assert captchas["captcha-b"].calls == [(both.slug, CHALLENGE, {"secret": "b-from-environment"})]


def test_the_first_captcha_in_tenant_toml_order_answers_alone(captchas, stores):
    pm = reference_manager(**captchas)
    plugins = TenantPlugins(pm, brand({"captcha-b": {"secret": "b"}, "captcha-a": {"secret": "a"}}))
    store = stores["demo-bd"]
    challenge = plugins.first(CHALLENGE, store=store)
    answer = captchas["captcha-b"].contract_answer({"secret": "b"}, challenge)
    assert plugins.first(VERIFY, store=store, answer=answer) is True
    assert plugins.first(VERIFY, store=store, answer=answer) is False
    assert [hook for _, hook, _ in captchas["captcha-b"].calls] == [CHALLENGE, VERIFY, VERIFY]
    assert captchas["captcha-a"].calls == []


def test_a_challenge_of_one_brand_does_not_pass_at_another_with_the_same_secret(captchas, stores):
    pm = reference_manager(**captchas)
    first = TenantPlugins(pm, brand({"captcha-a": {"secret": "shared"}}, slug="demo-bd"))
    second = TenantPlugins(pm, brand({"captcha-a": {"secret": "shared"}}, slug="demo-ph"))
    challenge = first.first(CHALLENGE, store=stores["demo-bd"])
    answer = captchas["captcha-a"].contract_answer({"secret": "shared"}, challenge)
    assert second.first(VERIFY, store=stores["demo-ph"], answer=answer) is False
    assert first.first(VERIFY, store=stores["demo-bd"], answer=answer) is True
