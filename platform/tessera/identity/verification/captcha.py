"""The brand's captcha, as login, registration and SMS sends use it.

``GET /wps/captcha`` asks the brand's captcha plugin for a challenge and keeps its id in a
cookie, so the forms carry only what the member typed (``captcha``) or what a widget gave
(``geetest``: lot_number, captcha_output, pass_token, gen_time).
"""

import hashlib
from datetime import timedelta

from tessera.core.envelope import ApiError
from tessera.core.refusals import KeptRefusal

COOKIE = "tessera_captcha"
# A captcha solved for a login that then needs its address checked also stands for that check's
# SMS sends and its login with the code (one captcha per attempt), from the same address, for a while.
PASS_PREFIX = "captcha-pass:"
PASS_SECONDS = 600
COOKIE_SECONDS = 600
GEETEST_FIELDS = ("lot_number", "captcha_output", "pass_token", "gen_time")


def challenge(plugins, store) -> dict:
    """A new challenge from the brand's captcha plugin; the caller keeps its ``captchaId``."""
    issued = plugins.captcha_challenge(store) if plugins.has_captcha else None
    if issued is None:
        raise ApiError(404, "captcha_unavailable")
    return issued


def reply(form: dict, captcha_id: str | None) -> dict:
    """The verify hook's ``answer``: what a form carries, and the challenge's id from the cookie."""
    answer = {"captchaId": captcha_id, "captcha": form.get("captcha")}
    geetest = form.get("geetest")
    if isinstance(geetest, dict):
        answer.update({name: geetest.get(name) for name in GEETEST_FIELDS})
    return answer


def require(plugins, store, answer: dict) -> None:
    """Refuse the call unless the captcha ``answer`` passes (when the brand has a captcha); a
    challenge is used up by any attempt, right or wrong."""
    if not plugins.has_captcha:
        return
    if not answer["captcha"] and "lot_number" not in answer:  # neither a text nor a widget's result
        raise ApiError(400, "captcha_required", value={"captcha": True})
    if not plugins.captcha_verify(store, answer):
        # Kept: the challenge is used up even though the call is refused (views use keeping_traces).
        raise KeptRefusal(400, "captcha_invalid", value={"captcha": True})


def pass_key(purpose: str, username: str | None, ip: str | None) -> str:
    """Where the pass of one member's ``purpose`` (e.g. "ip") from one address is kept."""
    subject = f"{(username or '').strip().lower()}|{ip or ''}"
    return PASS_PREFIX + purpose + ":" + hashlib.sha256(subject.encode()).hexdigest()


def grant_pass(store, key: str) -> None:
    """The captcha just solved stands for the next steps of the same attempt (see PASS_SECONDS)."""
    store.put(key, "1", timedelta(seconds=PASS_SECONDS))


def use_pass(store, key: str, keep: bool) -> bool:
    """Whether a pass is held under ``key``; it is used up unless ``keep`` (an SMS send may be repeated)."""
    held = store.take(key) is not None
    if held and keep:
        grant_pass(store, key)
    return held
