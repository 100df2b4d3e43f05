"""The captcha contract (``tessera_captcha_challenge``, ``tessera_captcha_verify``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()`` and ``contract_answer(settings, challenge)``: the answer a person who
reads the challenge gives.
"""
import hashlib
import hmac
import secrets

import pytest
from plugin_contract import Reference, brand, implementations, reference_manager

from tessera import hookimpl
from tessera.plugins import TenantPlugins

CHALLENGE, VERIFY = "tessera_captcha_challenge", "tessera_captcha_verify"


class ArithmeticCaptcha(Reference):
    """A conforming captcha: a sum to work out, checked with the issuing brand's own secret."""

    def __init__(self):
        super().__init__()
        self.pending: dict[str, str] = {}  # captchaId -> seal of the right answer

    @staticmethod
    def _seal(settings, captcha_id: str, text: str) -> str:
        return hmac.new(settings["secret"].encode(), f"{captcha_id}:{text}".encode(), hashlib.sha256).hexdigest()

    @hookimpl
    def tessera_captcha_challenge(self, tenant, settings):
        self.record(tenant, CHALLENGE, settings)
        a, b = secrets.randbelow(50), secrets.randbelow(50)
        captcha_id = secrets.token_urlsafe(12)
        self.pending[captcha_id] = self._seal(settings, captcha_id, str(a + b))
        return {"captchaId": captcha_id, "question": f"{a} + {b}"}

    @hookimpl
    def tessera_captcha_verify(self, tenant, settings, answer):
        self.record(tenant, VERIFY, settings)
        captcha_id, text = (answer.get("captchaId"), answer.get("captcha")) if isinstance(answer, dict) else (None, None)
        if not isinstance(captcha_id, str) or not isinstance(text, str):
            return False
        expected = self.pending.pop(captcha_id, None)
        return expected is not None and hmac.compare_digest(expected, self._seal(settings, captcha_id, text))

    def contract_settings(self) -> dict:
        return {"secret": secrets.token_hex(16)}

    def contract_answer(self, settings, challenge) -> dict:
        a, b = challenge["question"].split(" + ")
        return {"captchaId": challenge["captchaId"], "captcha": str(int(a) + int(b))}


# -- The contract ---------------------------------------------------------------------------

contract = pytest.mark.parametrize("adapter", implementations(CHALLENGE, reference=ArithmeticCaptcha()))


def solved(adapter, settings=None):
    settings = settings or adapter.helper("contract_settings")()
    challenge = adapter.call(CHALLENGE, settings)
    return settings, challenge, adapter.helper("contract_answer")(settings, challenge)


@contract
def test_a_challenge_has_an_id_of_its_own(adapter):
    settings = adapter.helper("contract_settings")()
    first, second = adapter.call(CHALLENGE, settings), adapter.call(CHALLENGE, settings)
    assert isinstance(first, dict) and isinstance(first["captchaId"], str) and first["captchaId"]
    assert first["captchaId"] != second["captchaId"]


@contract
def test_the_right_answer_passes_once(adapter):
    settings, _, answer = solved(adapter)
    assert adapter.call(VERIFY, settings, answer=answer) is True
    assert adapter.call(VERIFY, settings, answer=answer) is False


@contract
def test_a_wrong_answer_fails_and_uses_the_challenge_up(adapter):
    settings, _, answer = solved(adapter)
    wrong = {k: (v + "9" if k != "captchaId" and isinstance(v, str) else v) for k, v in answer.items()}
    assert adapter.call(VERIFY, settings, answer=wrong) is False
    assert adapter.call(VERIFY, settings, answer=answer) is False


@contract
@pytest.mark.parametrize("answer", [{}, {"captchaId": "never-issued", "captcha": "1"}, {"captchaId": 5, "captcha": []},
                                    {"captcha": "12"}], ids=repr)
def test_an_answer_not_well_formed_is_false(adapter, answer):
    settings, _, _ = solved(adapter)
    assert adapter.call(VERIFY, settings, answer=answer) is False


@contract
def test_a_challenge_passes_only_with_the_settings_that_issued_it(adapter):
    settings, _, answer = solved(adapter)
    other_brand = adapter.helper("contract_settings")()
    assert adapter.call(VERIFY, other_brand, answer=answer) is False


# -- Dispatch: what the core guarantees every captcha plugin -------------------------------


@pytest.fixture
def captchas():
    return {"captcha-a": ArithmeticCaptcha(), "captcha-b": ArithmeticCaptcha()}


def test_a_brand_calls_only_the_captcha_it_enables(captchas):
    pm = reference_manager(**captchas)
    only_b = brand({"captcha-a": {"secret": "a", "enabled": False}, "captcha-b": {"secret": "b"}}, slug="only-b")
    challenge = TenantPlugins(pm, only_b).first(CHALLENGE)
    assert challenge["captchaId"] in captchas["captcha-b"].pending
    assert captchas["captcha-a"].calls == []
    assert [hook for _, hook, _ in captchas["captcha-b"].calls] == [CHALLENGE]


def test_each_captcha_receives_only_its_own_settings(captchas, monkeypatch):
    pm = reference_manager(**captchas)
    monkeypatch.setenv("CAPTCHA_B_SECRET", "b-from-environment")
    both = brand({"captcha-a": {"secret": "a", "enabled": True}, "captcha-b": {"secret": "env:CAPTCHA_B_SECRET"}})
    plugins = TenantPlugins(pm, both)
    plugins.call("captcha-a", CHALLENGE)
    plugins.call("captcha-b", CHALLENGE)
    assert captchas["captcha-a"].calls == [(both.slug, CHALLENGE, {"secret": "a"})]
    assert captchas["captcha-b"].calls == [(both.slug, CHALLENGE, {"secret": "b-from-environment"})]


def test_the_first_captcha_in_tenant_toml_order_answers_alone(captchas):
    pm = reference_manager(**captchas)
    plugins = TenantPlugins(pm, brand({"captcha-b": {"secret": "b"}, "captcha-a": {"secret": "a"}}))
    challenge = plugins.first(CHALLENGE)
    assert set(captchas["captcha-b"].pending) == {challenge["captchaId"]}
    assert captchas["captcha-a"].calls == []
    answer = captchas["captcha-b"].contract_answer({"secret": "b"}, challenge)
    assert plugins.first(VERIFY, answer=answer) is True
    assert plugins.first(VERIFY, answer=answer) is False
    assert captchas["captcha-a"].calls == []


def test_a_challenge_of_one_brand_does_not_pass_at_another(captchas):
    pm = reference_manager(**captchas)
    first = TenantPlugins(pm, brand({"captcha-a": {"secret": "first"}}, slug="first"))
    second = TenantPlugins(pm, brand({"captcha-a": {"secret": "second"}}, slug="second"))
    challenge = first.first(CHALLENGE)
    answer = captchas["captcha-a"].contract_answer({"secret": "first"}, challenge)
    assert second.first(VERIFY, answer=answer) is False
