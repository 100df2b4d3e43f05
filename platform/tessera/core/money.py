"""Amounts in a brand's currency: integer minor units inside, decimal strings with the currency's
places outside ("250000" dong, "12.50" taka).

A currency's minor unit comes from Babel's data (ISO 4217 / CLDR); a brand may take coarser
steps (tenant.toml ``[wallet] step``, e.g. whole rupiah or thousands of dong). An amount a member
or operator sends is a string or a JSON number, read through its text so a float never rounds
it, and refused when it is finer than the brand's step.
"""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from functools import cache

from babel.core import UnknownLocaleError, get_global
from babel.numbers import get_currency_precision, get_currency_symbol, get_territory_currencies

from tessera.core.envelope import ApiError

# No single amount is larger than ten trillion of the currency's major units, far inside the
# 64-bit balance columns.
LARGEST_MAJOR = 10**13


@cache
def currencies_in_circulation() -> frozenset[str]:
    """The ISO 4217 codes of money that is legal tender somewhere today: no test or no-currency
    codes (XTS, XXX), no precious metals or units of account (XAU, XDR), no retired currencies."""
    today = date.today()
    return frozenset(
        code
        for territory in get_global("territory_currencies")
        for code in get_territory_currencies(territory, today, tender=True, non_tender=False)
    )


def currency_places(code: str) -> int:
    """The decimal places of the currency's minor unit (VND 0, BDT 2, KWD 3)."""
    return get_currency_precision(code)


def currency_symbol(code: str, language: str) -> str:
    """The currency's symbol as ``language`` writes it (VND in Vietnamese: "₫")."""
    try:
        return get_currency_symbol(code, language.replace("-", "_"))
    except (ValueError, LookupError, UnknownLocaleError):
        return get_currency_symbol(code, "en")


def decimal_of(value) -> Decimal | None:
    """A finite number read exactly from a string, an integer, a Decimal or a float's text."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float, Decimal)):
        return None
    text = value.strip() if isinstance(value, str) else repr(value) if isinstance(value, float) else str(value)
    if not text or len(text) > 40:
        return None
    try:
        number = Decimal(text)
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


@dataclass(frozen=True)
class Money:
    """A brand's money: its currency's ``code`` and ``places``, and the ``step`` (in minor units)
    every amount is a multiple of."""

    code: str
    places: int
    step: int = 1

    @classmethod
    def of(cls, code: str, step: str | None = None) -> "Money":
        """The money of currency ``code``, in steps of ``step`` (a decimal string, e.g. "1000")."""
        places = currency_places(code)
        money = cls(code, places)
        return money if step is None else cls(code, places, money.to_minor(Decimal(step)))

    @property
    def largest(self) -> int:
        return LARGEST_MAJOR * 10**self.places

    def to_minor(self, amount: Decimal) -> int:
        """An exact amount in minor units; refuses one finer than the currency's minor unit."""
        minor = amount.scaleb(self.places)
        if minor != minor.to_integral_value():
            raise ValueError(f"{amount} has more than {self.places} decimal places")
        return int(minor)

    def minor_of(self, value) -> int | None:
        """``value`` (a decimal string or number) in minor units; None when it is not an exact amount
        of the currency."""
        number = decimal_of(value)
        if number is None:
            return None
        try:
            return self.to_minor(number)
        except ValueError:
            return None

    def on_step(self, minor: int) -> bool:
        return minor % self.step == 0

    def format(self, minor: int) -> str:
        """``1250`` -> ``"12.50"`` (two places), ``250000`` -> ``"250000"`` (none): the API's way."""
        return str(Decimal(minor).scaleb(-self.places).quantize(Decimal(1).scaleb(-self.places)))

    def step_text(self) -> str:
        return self.format(self.step)

    def parse(self, value, field: str = "amount", minimum: int | None = None, maximum: int | None = None) -> int:
        """A positive amount a member or operator sent, in minor units, or a refusal naming ``field``."""
        number = decimal_of(value)
        if number is None or number <= 0:
            raise ApiError(400, "amount_invalid", field=field)
        try:
            minor = self.to_minor(number)
        except ValueError:
            minor = None
        if minor is None or not self.on_step(minor):
            raise ApiError(400, "amount_too_precise", field=field, places=self.places, step=self.step_text())
        if minimum is not None and minor < minimum:
            raise ApiError(400, "amount_below_minimum", field=field, min=self.format(minimum))
        maximum = self.largest if maximum is None else min(maximum, self.largest)
        if minor > maximum:
            raise ApiError(400, "amount_above_maximum", field=field, max=self.format(maximum))
        return minor
