"""A brand's currency is ISO 4217 money in circulation; its [wallet] step a multiple of the
currency's minor unit; every brand-wide amount a multiple of the step (tenancy.currency)."""

import pytest

from tessera.tenancy.checks import LoadError
from tessera.tenancy.context import TenantContext
from tessera.tenancy.currency import currency_errors


def problems(currency: str, wallet: dict | None = None, plugins: dict | None = None) -> dict[str, str]:
    config = {"currency": currency, "wallet": wallet or {}, "plugins": plugins or {}}
    return {e.key: e.reason for e in currency_errors(config, "tenant.toml", LoadError)}


@pytest.mark.parametrize("code", ["BDT", "PHP", "VND", "KRW", "IDR", "USD", "EUR", "XOF", "KWD"])
def test_currencies_in_circulation_are_taken(code):
    assert problems(code) == {}


def test_an_unknown_code_is_refused_with_the_nearest_currency():
    assert problems("VDN") == {"currency": "'VDN' is not an ISO 4217 currency (did you mean 'VND'?)"}
    assert problems("QQQ")["currency"] == "'QQQ' is not an ISO 4217 currency"


@pytest.mark.parametrize("code", ["XXX", "XTS", "XAU", "XAG", "XPT", "XDR", "DEM", "USN"])
def test_codes_that_are_not_money_in_circulation_are_refused(code):
    assert "not money in circulation" in problems(code)["currency"]


def test_the_step_is_a_positive_multiple_of_the_minor_unit():
    assert problems("IDR", {"step": "1"}) == {}
    assert problems("VND", {"step": "1000"}) == {}
    assert problems("BDT", {"step": "0.05"}) == {}
    refused = {"wallet.step": "'0.5' is not a positive multiple of the VND minor unit (1)"}
    assert problems("VND", {"step": "0.5"}) == refused
    assert "positive multiple" in problems("BDT", {"step": "0"})["wallet.step"]
    assert "positive multiple" in problems("BDT", {"step": "0.001"})["wallet.step"]


def test_brand_wide_amounts_are_multiples_of_the_step():
    wallet = {"step": "1000", "deposit_min": "50000", "deposit_max": "250500", "withdrawal_min": "100000.5"}
    assert problems("VND", wallet) == {
        "wallet.deposit_max": "'250500' is not a multiple of the brand's step (1000 VND)",
        "wallet.withdrawal_min": "'100000.5' is not a multiple of the brand's step (1000 VND)",
    }
    assert problems("BDT", {"deposit_min": "100.00", "withdrawal_max": "25000.50"}) == {}


def test_payment_channel_bounds_in_plugin_settings_are_multiples_of_the_step():
    plugins = {"bank-transfer": {"channels": [{"channel": "vcb", "min": "100000", "max": "5000000.50"}]}}
    assert problems("VND", plugins=plugins) == {
        "plugins.bank-transfer.channels.0.max": "'5000000.50' is not a multiple of the brand's step (1 VND)"
    }


def brand(**config) -> TenantContext:
    return TenantContext(1, "vn", "VN", {"default_language": "vi", "languages": ["vi", "en"], **config}, "kid", "pem")


def test_the_symbol_defaults_to_the_currencys_in_the_default_language():
    assert (brand(currency="VND").currency_symbol, brand(currency="VND").own_currency_symbol) == ("₫", False)
    own = brand(currency="VND", currency_symbol="đ")
    assert (own.currency_symbol, own.own_currency_symbol) == ("đ", True)


def test_a_brand_moves_money_in_its_step():
    vnd = brand(currency="VND", wallet={"step": "1000"}).money
    assert (vnd.code, vnd.places, vnd.step) == ("VND", 0, 1000)


def test_a_symbol_in_a_language_babel_does_not_know_is_the_english_one():
    from tessera.core.money import currency_symbol

    assert currency_symbol("VND", "xx") == currency_symbol("VND", "en") == "₫"
