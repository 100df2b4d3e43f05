"""The brand's captcha, as login, registration and SMS sends use it.

``GET /wps/captcha`` asks the brand's captcha plugin for a challenge and keeps its id in a
cookie, so the forms carry only what the member typed (``captcha``) or what a widget gave
(``geetest``: lot_number, captcha_output, pass_token, gen_time).
"""
from tessera.core.envelope import ApiError
from tessera.identity.refusals import KeptRefusal

COOKIE = "tessera_captcha"
COOKIE_SECONDS = 600
GEETEST_FIELDS = ("lot_number", "captcha_output", "pass_token", "gen_time")


def available(request) -> bool:
    """Whether the brand enables a captcha plugin."""
    return request.plugins.has_captcha


def challenge(request) -> dict:
    """A new challenge from the brand's captcha plugin; its id goes into the cookie."""
    issued = request.plugins.captcha_challenge(request.one_time_store) if available(request) else None
    if issued is None:
        raise ApiError(404, "captcha_unavailable")
    request.response.set_cookie(COOKIE, issued["captchaId"], max_age=COOKIE_SECONDS, path="/wps",
                                httponly=True, samesite="Lax", secure=request.over_https)
    return issued


def answer_of(request, form: dict) -> dict:
    """The verify hook's ``answer`` from a submitted form and the captcha cookie."""
    answer = {"captchaId": request.cookies.get(COOKIE), "captcha": form.get("captcha")}
    geetest = form.get("geetest")
    if isinstance(geetest, dict):
        answer.update({name: geetest.get(name) for name in GEETEST_FIELDS})
    return answer


def passes(request, form: dict) -> bool:
    """Whether the form's captcha passes; a challenge is used up by any attempt, right or wrong."""
    if not available(request):
        return True
    return request.plugins.captcha_verify(request.one_time_store, answer_of(request, form))


def require(request, form: dict) -> None:
    """Refuse the request unless the form's captcha passes (when the brand has a captcha)."""
    if not available(request):
        return
    if not form.get("captcha") and not isinstance(form.get("geetest"), dict):
        raise ApiError(400, "captcha_required", value={"captcha": True})
    if not passes(request, form):
        # Kept: the challenge is used up even though the request is refused (views use keeping_traces).
        raise KeptRefusal(400, "captcha_invalid", value={"captcha": True})
