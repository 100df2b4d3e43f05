"""The captcha contract (the kit's ``CaptchaContract``) on every installed plugin and the suite's
references, then what the core guarantees every captcha plugin when it calls them."""

import pytest

from tessera.plugins import TenantPlugins
from tessera.plugins.kit import brand, reference_manager
from tessera.plugins.kit.suites.captcha import CHALLENGE, VERIFY, ArithmeticCaptcha, CaptchaContract


class TestCaptcha(CaptchaContract):
    """Every installed implementation and the references."""


# -- Dispatch: what the core guarantees every captcha plugin -------------------------------


@pytest.fixture
def captchas():
    return {"captcha-a": ArithmeticCaptcha(), "captcha-b": ArithmeticCaptcha()}


def test_a_brand_calls_only_the_captcha_it_enables(captchas, stores):
    pm = reference_manager(**captchas)
    only_b = TenantPlugins(
        pm, brand({"captcha-a": {"secret": "a", "enabled": False}, "captcha-b": {"secret": "b"}}, slug="only-b")
    )
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
