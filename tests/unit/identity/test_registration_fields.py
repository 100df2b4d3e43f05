"""The registration form's fields against a brand's register settings, without a database."""

from datetime import UTC, datetime

import pytest

from tessera.identity.registration.fields import (
    BY_MOBILE,
    BY_USERNAME,
    Problem,
    check_fields,
    field_rules,
    pattern_problem,
)
from tessera.tenancy.context import TenantContext

AT = datetime(2026, 6, 15, 12, tzinfo=UTC)
FORM = {"username": "rahim01", "password": "abc12345", "confirmPassword": "abc12345"}


def brand(flags=None, fields=None) -> TenantContext:
    return TenantContext(
        1, "brand", "Brand", {"whitelabel": flags or {}, "register": {"fields": fields or {}}}, "kid", "pem"
    )


def required(rules) -> set[str]:
    return {name for name, rule in rules.items() if rule["enabled"] and rule["required"]}


def test_username_mode_requires_the_username_and_passwords():
    assert required(field_rules(brand(), BY_USERNAME, FORM)) == {"username", "password", "confirmPassword"}


def test_mobile_mode_requires_the_number_and_makes_the_username_optional():
    rules = field_rules(brand({"MOBILENUMREG3": True}), BY_MOBILE, {})
    assert required(rules) == {"mobileNum", "password", "confirmPassword"}
    assert rules["username"]["enabled"] is True


def test_mobile_mode_requires_the_number_even_where_the_brand_made_it_optional():
    rules = field_rules(brand({"MOBILENUMREG3": True}, {"mobileNum": {"required": False}}), BY_MOBILE, {})
    assert "mobileNum" in required(rules)


def test_a_payment_password_with_paymentpassword3():
    assert "paymentPassword" in required(field_rules(brand({"PAYMENTPASSWORD3": True}), BY_USERNAME, FORM))


def test_a_number_to_prove_needs_a_code_unless_a_phone_auth_token_proves_it():
    flags = {"MOBILENUMREG3": True, "REGMOBVERF3": True}
    assert "verificationCode" in required(field_rules(brand(flags), BY_MOBILE, {}))
    assert "verificationCode" not in required(field_rules(brand(flags), BY_MOBILE, {"firebaseIdToken": "t"}))
    # In username mode only a number given must be proven.
    enabled = {"mobileNum": {"enabled": True}}
    assert "verificationCode" not in required(field_rules(brand(flags, enabled), BY_USERNAME, FORM))
    assert "verificationCode" in required(
        field_rules(brand(flags, enabled), BY_USERNAME, {**FORM, "mobileNum": "0917"})
    )


def test_the_captcha_is_left_to_the_captcha_plugin():
    rules = field_rules(brand(fields={"captcha": {"enabled": True, "required": True}}), BY_USERNAME, FORM)
    assert "captcha" not in rules


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        (6, 16, Problem("pattern_digits", (("min", 6), ("max", 16)))),
        (6, 6, Problem("pattern_digits_exact", (("length", 6),))),
    ],
)
def test_the_pattern_message_names_the_lengths(low, high, expected):
    assert pattern_problem({"patternId": "digits", "minLength": low, "maxLength": high}) == expected


def test_values_are_trimmed_but_passwords_are_kept_as_typed():
    rules = field_rules(brand(fields={"email": {"enabled": True}, "payeeName": {"enabled": True}}), BY_USERNAME, FORM)
    rules["password"] = {**rules["password"], "acceptedPattern": "*"}
    checked, problems = check_fields(
        rules,
        {**FORM, "username": " rahim01 ", "email": " a@b.co ", "password": " abc12345", "confirmPassword": " abc12345"},
        AT,
    )
    assert problems == {}
    assert (checked.values["username"], checked.values["email"], checked.values["password"]) == (
        "rahim01",
        "a@b.co",
        " abc12345",
    )


def test_disabled_fields_are_ignored():
    checked, problems = check_fields(field_rules(brand(), BY_USERNAME, FORM), {**FORM, "qqNum": "x", "wechat": ""}, AT)
    assert problems == {} and "qqNum" not in checked.values


def test_blank_is_missing():
    _, problems = check_fields(field_rules(brand(), BY_USERNAME, FORM), {**FORM, "username": " \t "}, AT)
    assert problems == {"username": [Problem("field_required")]}


def test_the_confirmation_must_equal_the_password():
    _, problems = check_fields(field_rules(brand(), BY_USERNAME, FORM), {**FORM, "confirmPassword": "abc12346"}, AT)
    assert problems == {"confirmPassword": [Problem("confirmation_mismatch")]}


def test_a_value_of_another_type_is_not_a_value():
    _, problems = check_fields(field_rules(brand(), BY_USERNAME, FORM), {**FORM, "username": 12345678}, AT)
    assert problems == {"username": [Problem("field_required")]}
