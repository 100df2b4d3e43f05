"""Register settings: the defaults, the brand's overrides, and mobile registration."""

from tessera.system.status.services import REGISTER_FIELDS, register_settings
from tessera.tenancy.context import TenantContext


def brand(whitelabel=None, fields=None) -> TenantContext:
    config = {"whitelabel": whitelabel or {}, "register": {"fields": fields or {}}}
    return TenantContext(1, "brand", "Brand", config, "kid", "pem")


def test_username_and_passwords_are_on_by_default_and_the_rest_off():
    settings = register_settings(brand())
    assert set(settings) == set(REGISTER_FIELDS)
    on = {name for name, field in settings.items() if field["enabled"]}
    assert on == {"username", "password", "confirmPassword"}
    assert all(settings[name]["required"] for name in on)


def test_mobile_registration_shows_and_requires_the_mobile_number():
    mobile = register_settings(brand({"MOBILENUMREG3": True}))["mobileNum"]
    assert (mobile["enabled"], mobile["required"], mobile["patternId"]) == (True, True, "digits")


def test_the_brand_may_still_make_the_mobile_number_optional():
    settings = register_settings(brand({"MOBILENUMREG3": True}, {"mobileNum": {"required": False, "max_length": 11}}))
    mobile = settings["mobileNum"]
    assert (mobile["enabled"], mobile["required"], mobile["maxLength"]) == (True, False, 11)


def test_without_mobile_registration_the_mobile_number_is_off_unless_configured():
    assert register_settings(brand())["mobileNum"]["enabled"] is False
    assert register_settings(brand(fields={"mobileNum": {"enabled": True}}))["mobileNum"]["enabled"] is True


def test_an_accepted_pattern_overrides_the_pattern_regex():
    qq = {"enabled": True, "pattern_id": "digits", "accepted_pattern": "^[1-9][0-9]{4,}$"}
    field = register_settings(brand(fields={"qqNum": qq}))["qqNum"]
    assert (field["acceptedPattern"], field["patternId"]) == ("^[1-9][0-9]{4,}$", "digits")
