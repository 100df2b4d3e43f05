"""Quick entry: the numbers a member types for one bet type, read into a clean list.

Tokens are separated by spaces, commas, semicolons or new lines ("12 34,56"). A token is:

- a number, zero-padded to the type's digits ("7" is "07" for lô 2 số);
- a range, both ends included ("10-19", "10 - 19"; an en dash works too);
- a pattern with one ``*`` standing for the digits not written: "*7" is every number ending in 7,
  "3*" every number starting with 3, "1*5" (three digits) every number from 1x5. For a 3-digit
  type "*7" is the 100 numbers ending in 7 and "*27" the 10 ending in 27: the star always fills
  the number up to the type's digits;
- "kep" (or "kép"): the doubles, every number whose digits are all the same (00 11 … 99).

Duplicates are dropped, keeping the first place a number was entered; at most ``limit`` numbers.
Every refusal is a :class:`LotteryError` carrying the offending ``token``.
"""

import re
import unicodedata

from tessera.lottery.bet_types import BetType, wrong_count
from tessera.lottery.errors import LotteryError

DEFAULT_LIMIT = 100
DOUBLES = "kep"

_SEPARATORS = re.compile(r"[\s,;]+")
_RANGE_DASH = re.compile(r"\s*[-–]\s*")
_RANGE = re.compile(r"([0-9]+)-([0-9]+)")
_PATTERN = re.compile(r"([0-9]*)\*([0-9]*)")


def enter_numbers(text: str, bet_type: BetType, limit: int = DEFAULT_LIMIT) -> tuple[str, ...]:
    """The numbers ``text`` names for ``bet_type``, in the order entered, without duplicates.

    Refusals: ``numbers_missing`` (nothing entered), ``number_invalid``, ``number_too_long``,
    ``range_reversed`` (each with its ``token``), ``too_many_numbers`` (``limit``), and
    ``wrong_count_for_bet_type`` when the type takes an exact count (xiên, lô trượt) or more
    numbers than were entered.
    """
    numbers = dict.fromkeys(number for token in tokens_of(text) for number in _numbers_of(token, bet_type.digits))
    if not numbers:
        raise LotteryError("numbers_missing")
    if len(numbers) > limit:
        raise LotteryError("too_many_numbers", limit=limit, count=len(numbers))
    if not bet_type.takes(len(numbers)):
        raise wrong_count(bet_type, len(numbers))
    return tuple(numbers)


def tokens_of(text: str) -> list[str]:
    """The tokens of ``text``: a range written with spaces around its dash stays one token."""
    return [token for token in _SEPARATORS.split(_RANGE_DASH.sub("-", text.strip())) if token]


def _numbers_of(token: str, digits: int) -> list[str]:
    if token.isascii() and token.isdigit():
        return [_padded(token, token, digits)]
    if (match := _RANGE.fullmatch(token)) is not None:
        low, high = (int(_padded(end, token, digits)) for end in match.groups())
        if low > high:
            raise LotteryError("range_reversed", token=token)
        return [f"{n:0{digits}d}" for n in range(low, high + 1)]
    if (match := _PATTERN.fullmatch(token)) is not None:
        head, tail = match.groups()
        free = digits - len(head) - len(tail)
        if free < 1:
            raise LotteryError("number_too_long", token=token, digits=digits)
        return [f"{head}{n:0{free}d}{tail}" for n in range(10**free)]
    if _folded(token) == DOUBLES and digits > 1:
        return [str(n) * digits for n in range(10)]
    raise LotteryError("number_invalid", token=token)


def _padded(number: str, token: str, digits: int) -> str:
    if len(number) > digits:
        raise LotteryError("number_too_long", token=token, digits=digits)
    return number.zfill(digits)


def _folded(token: str) -> str:
    """``token`` lower-cased without its accents ("Kép" -> "kep")."""
    decomposed = unicodedata.normalize("NFD", token.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
