"""Amounts: integer minor units inside, two-place decimal strings outside.

Every brand currency Tessera serves has two decimal places; an amount a member sends is a string
or a JSON number, read through its text so a float never rounds it.
"""

from decimal import Decimal, InvalidOperation

from tessera.core.envelope import ApiError

PLACES = 2
UNIT = 10**PLACES
CENT = Decimal(1).scaleb(-PLACES)
# No single amount is larger than this (ten trillion), far inside the 64-bit balance columns.
LARGEST = 10**13 * UNIT


def to_minor(amount: Decimal) -> int:
    """An exact amount in minor units; refuses one with more places than the currency has."""
    minor = amount.scaleb(PLACES)
    if minor != minor.to_integral_value():
        raise ValueError(f"{amount} has more than {PLACES} decimal places")
    return int(minor)


def from_minor(minor: int) -> Decimal:
    return Decimal(minor).scaleb(-PLACES).quantize(CENT)


def format_minor(minor: int) -> str:
    """``1250`` -> ``"12.50"``: the API's way of writing an amount."""
    return str(from_minor(minor))


def _decimal(value) -> Decimal | None:
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


def parse_amount(value, field: str = "amount", minimum: int | None = None, maximum: int | None = None) -> int:
    """A positive amount a member or operator sent, in minor units, or a refusal naming ``field``."""
    number = _decimal(value)
    if number is None or number <= 0:
        raise ApiError(400, "amount_invalid", field=field)
    try:
        minor = to_minor(number)
    except ValueError:
        raise ApiError(400, "amount_too_precise", field=field, places=PLACES) from None
    if minimum is not None and minor < minimum:
        raise ApiError(400, "amount_below_minimum", field=field, min=format_minor(minimum))
    maximum = LARGEST if maximum is None else min(maximum, LARGEST)
    if minor > maximum:
        raise ApiError(400, "amount_above_maximum", field=field, max=format_minor(maximum))
    return minor
