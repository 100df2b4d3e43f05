"""The brand's captcha, as login, registration and SMS sends use it.

``GET /wps/captcha`` asks the brand's captcha plugin for a challenge and keeps its id in a
cookie, so the forms carry only what the member typed (``captcha``) or what a widget gave
(``geetest``: lot_number, captcha_output, pass_token, gen_time).
"""

from tessera.core.envelope import ApiError
from tessera.core.refusals import KeptRefusal

COOKIE = "tessera_captcha"
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
