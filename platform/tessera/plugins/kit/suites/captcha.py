"""The captcha contract (``tessera_captcha_challenge``, ``tessera_captcha_verify``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()`` and ``contract_answer(settings, challenge)``: the answer a person who
reads the challenge gives. Hooks receive real one-time stores of two brands (the kit's ``contract_stores``), whose
clock (``contract_clock``) the test moves.
"""

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import timedelta

import pytest

from tessera import hookimpl
from tessera.core.onetime import OneTimeStore
from tessera.plugins.kit.contract import Implementation, Reference

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
        captcha_id, text = (
            (answer.get("captchaId"), answer.get("captcha")) if isinstance(answer, dict) else (None, None)
        )
        if not isinstance(captcha_id, str):
            return False
        expected = store.take("arithmetic:" + captcha_id)
        return (
            expected is not None
            and isinstance(text, str)
            and hmac.compare_digest(expected, self._seal(settings, captcha_id, text))
        )

    def contract_settings(self) -> dict:
        return {"secret": secrets.token_hex(16)}

    def contract_answer(self, settings, challenge) -> dict:
        a, b = challenge["question"].split(" + ")
        return {"captchaId": challenge["captchaId"], "captcha": str(int(a) + int(b))}


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


class CaptchaContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = CHALLENGE

    @staticmethod
    def references() -> dict:
        return {"reference": ArithmeticCaptcha()}

    @pytest.fixture
    def bd(self, adapter, contract_stores) -> Brand:
        return Brand(adapter, adapter.helper("contract_settings")(), contract_stores["brand"])

    def test_a_challenge_has_an_id_of_its_own_and_travels_as_json(self, bd):
        first, second = bd.challenge(), bd.challenge()
        assert isinstance(first, dict) and isinstance(first["captchaId"], str) and first["captchaId"]
        assert first["captchaId"] != second["captchaId"]
        assert json.loads(json.dumps(first)) == first
        assert "image" not in first or first["image"].startswith("data:image/")

    def test_the_right_answer_passes_once(self, bd):
        _, answer = bd.solved()
        assert bd.verify(answer) is True
        assert bd.verify(answer) is False

    def test_a_wrong_answer_fails_and_uses_the_challenge_up(self, bd):
        _, answer = bd.solved()
        wrong = {k: (v + "9" if k != "captchaId" and isinstance(v, str) else v) for k, v in answer.items()}
        assert bd.verify(wrong) is False
        assert bd.verify(answer) is False

    def test_an_id_without_an_answer_fails_and_uses_the_challenge_up(self, bd):
        challenge, answer = bd.solved()
        assert bd.verify({"captchaId": challenge["captchaId"], "captcha": None}) is False
        assert bd.verify(answer) is False

    @pytest.mark.parametrize(
        "answer",
        [
            {},
            {"captchaId": "never-issued", "captcha": "1"},
            {"captchaId": 5, "captcha": []},
            {"captcha": "12"},
            {"captchaId": None, "captcha": None},
            {"captchaId": "x" * 1000, "captcha": "1"},
        ],
        ids=repr,
    )
    def test_an_answer_not_well_formed_is_false(self, bd, answer):
        bd.solved()
        assert bd.verify(answer) is False

    def test_challenges_are_answered_each_on_its_own(self, bd):
        (_, first), (_, second) = bd.solved(), bd.solved()
        assert bd.verify(second) is True
        assert bd.verify(first) is True

    def test_a_challenge_passes_only_with_the_settings_that_issued_it(self, bd, adapter):
        _, answer = bd.solved()
        other_settings = Brand(adapter, adapter.helper("contract_settings")(), bd.store)
        assert other_settings.verify(answer) is False

    def test_a_challenge_of_one_brand_does_not_pass_at_another(self, bd, adapter, contract_stores):
        ph = Brand(adapter, bd.settings, contract_stores["other-brand"])  # even with the same settings
        _, answer = bd.solved()
        assert ph.verify(answer) is False
        assert bd.verify(answer) is True  # and the other brand's attempt did not use it up

    def test_a_challenge_answered_within_a_minute_passes(self, bd, contract_clock):
        _, answer = bd.solved()
        contract_clock.advance(seconds=59)
        assert bd.verify(answer) is True

    def test_an_expired_challenge_fails(self, bd, contract_clock):
        _, answer = bd.solved()
        contract_clock.advance(hours=1)
        assert bd.verify(answer) is False
