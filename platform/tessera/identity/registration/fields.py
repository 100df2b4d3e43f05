"""The registration form's fields (SPEC §5), checked one by one against the brand's register
settings; the problems found, as the forms show them under each field."""

from dataclasses import dataclass
from datetime import date, datetime

from tessera.core.envelope import ApiError
from tessera.core.i18n import translate
from tessera.identity.verification.services import e164
from tessera.system.status.services import register_settings
from tessera.tenancy.patterns import matches

BY_USERNAME, BY_MOBILE = "username", "mobile"
SECRETS = frozenset({"password", "confirmPassword", "paymentPassword"})  # kept exactly as typed, never trimmed
MINIMUM_AGE = 21  # SPEC §5: 'Please confirm you are 21 years old'
DATE_FORMATS = {"dateMdy": "%m-%d-%Y"}  # by the birthday's pattern; yyyy-MM-dd otherwise
MOBILE_LENGTH = 20  # the number as typed, kept beside its E.164 form


@dataclass(frozen=True)
class Problem:
    """Why a field was refused: a message key and its parameters."""

    key: str
    params: tuple = ()


@dataclass(frozen=True)
class Checked:
    """The form's values that passed, trimmed, of enabled fields only; and the phone it names."""

    values: dict
    phone: str | None
    birthday: date | None


def field_rules(tenant, mode: str, form: dict) -> dict[str, dict]:
    """The register settings as this registration applies them: passwords always, the username
    in username mode (optional in mobile mode, where the number stands in for it), the number in
    mobile mode, the payment password with PAYMENTPASSWORD3, and a verification code whenever a
    number must be proven (REGMOBVERF3), unless a phone-auth token proves it. The captcha is not
    a field checked here: the brand's captcha plugin checks it."""
    rules = register_settings(tenant)
    del rules["captcha"]
    required = {"password", "confirmPassword", "username" if mode == BY_USERNAME else "mobileNum"}
    if mode == BY_MOBILE:
        rules["username"] = {**rules["username"], "required": False}
    if tenant.flag("PAYMENTPASSWORD3"):
        required.add("paymentPassword")
    gives_number = mode == BY_MOBILE or (rules["mobileNum"]["enabled"] and text(form, "mobileNum"))
    if tenant.flag("REGMOBVERF3") and gives_number:
        required.add("verificationCode")
    for name in required:
        rules[name] = {**rules[name], "enabled": True, "required": True}
    if form.get("firebaseIdToken"):  # the phone-auth token stands for the code
        rules["verificationCode"] = {**rules["verificationCode"], "enabled": False}
    return rules


def text(form: dict, name: str) -> str:
    value = form.get(name)
    if not isinstance(value, str):
        return ""
    return value if name in SECRETS else value.strip()


def pattern_problem(rule: dict) -> Problem:
    """'Please enter {min} - {max} ...' for the field's pattern, or its single-length form."""
    key = f"pattern_{rule['patternId']}"
    low, high = rule["minLength"], rule["maxLength"]
    if low == high:
        return Problem(f"{key}_exact", (("length", low),))
    return Problem(key, (("min", low), ("max", high)))


def fits(rule: dict, value: str) -> bool:
    """Whether ``value`` has the rule's length and pattern."""
    return rule["minLength"] <= len(value) <= rule["maxLength"] and matches(rule["acceptedPattern"], value)


def check_fields(rules: dict, form: dict, at: datetime) -> tuple[Checked, dict[str, list[Problem]]]:
    """Each enabled field against its rule; disabled fields are ignored whatever they carry. The
    confirmation need only equal the password, whose own rule applies to both."""
    values, problems = {}, {}
    for name, rule in rules.items():
        value = text(form, name)
        if not rule["enabled"] or not value.strip():
            if rule["enabled"] and rule["required"]:
                problems[name] = [Problem("field_required")]
            continue
        if name == "confirmPassword" or fits(rule, value):
            values[name] = value
        else:
            problems[name] = [pattern_problem(rule)]
    if "confirmPassword" in values and values["confirmPassword"] != text(form, "password"):
        problems["confirmPassword"] = [Problem("confirmation_mismatch")]
        del values["confirmPassword"]
    birthday = _birthday(rules, values, problems, at)
    phone = _phone(form, values, problems)
    return Checked(values, phone, birthday), problems


def _birthday(rules: dict, values: dict, problems: dict, at: datetime) -> date | None:
    text = values.pop("birthday", None)
    if text is None:
        return None
    try:
        born = datetime.strptime(text, DATE_FORMATS.get(rules["birthday"]["patternId"], "%Y-%m-%d")).date()
    except ValueError:
        problems["birthday"] = [Problem("birthday_invalid")]
        return None
    today = at.date()
    if (today.year - born.year) - ((today.month, today.day) < (born.month, born.day)) < MINIMUM_AGE:
        problems["birthday"] = [Problem("birthday_too_young", (("age", MINIMUM_AGE),))]
        return None
    return born


def _phone(form: dict, values: dict, problems: dict) -> str | None:
    """The number given, in E.164; a number that is not one is a problem of the mobileNum field."""
    typed = values.get("mobileNum")
    if typed is None:
        return None
    try:
        phone = e164(text(form, "countryDialingCode"), typed) if len(typed) <= MOBILE_LENGTH else None
    except ApiError:  # invalid_mobile, the only refusal of e164
        phone = None
    if phone is None:
        problems["mobileNum"] = [Problem("invalid_mobile")]
        del values["mobileNum"]
    return phone


def translated(language: str, problems: dict[str, list[Problem]]) -> dict[str, list[str]]:
    return {name: [translate(p.key, language, **dict(p.params)) for p in found] for name, found in problems.items()}


def fields_refused(
    language: str, problems: dict[str, list[Problem]], code: str = "invalid_fields", refusal: type[ApiError] = ApiError
) -> ApiError:
    """The refusal naming each field's problems (``value.fields``) in ``language``, as the forms show them."""
    return refusal(400, code, value={"fields": translated(language, problems)})
