"""The draw formats of the Vietnamese lottery and a draw's result read against its format.

A format is the ordered list of its prize slots, in the order the results are published: the
north from the special prize down to the 7th (27 numbers), the south and central provinces from
the 8th prize up to the six-digit special (18 numbers). A result is the drawn numbers in that
order, as strings (leading zeros count: "05" is not "5").
"""

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from tessera.lottery.errors import LotteryError


class Region(StrEnum):
    NORTH = "north"
    CENTRAL = "central"
    SOUTH = "south"


class Prize(IntEnum):
    """A prize's rank: the special prize is 0, then the 1st to the 8th."""

    SPECIAL = 0
    FIRST = 1
    SECOND = 2
    THIRD = 3
    FOURTH = 4
    FIFTH = 5
    SIXTH = 6
    SEVENTH = 7
    EIGHTH = 8


@dataclass(frozen=True)
class PrizeSlot:
    """One drawn number of a format: its prize, its index among that prize's numbers (0-based) and
    its digits."""

    prize: Prize
    index: int
    digits: int


@dataclass(frozen=True)
class DrawFormat:
    """A region's prize slots in published order."""

    name: str
    slots: tuple[PrizeSlot, ...]

    def __len__(self) -> int:
        return len(self.slots)

    @property
    def region(self) -> "Region":
        """The region drawing in this format (its name)."""
        return Region(self.name)

    @property
    def lowest_prize(self) -> Prize:
        """The last-ranked prize: the 7th in the north, the 8th in the south and centre."""
        return max(slot.prize for slot in self.slots)


def _slots(*prizes: tuple[Prize, int, int]) -> tuple[PrizeSlot, ...]:
    """Slots from (prize, how many numbers, digits) in published order."""
    return tuple(PrizeSlot(prize, index, digits) for prize, count, digits in prizes for index in range(count))


NORTH = DrawFormat(
    "north",
    _slots(
        (Prize.SPECIAL, 1, 5),
        (Prize.FIRST, 1, 5),
        (Prize.SECOND, 2, 5),
        (Prize.THIRD, 6, 5),
        (Prize.FOURTH, 4, 4),
        (Prize.FIFTH, 6, 4),
        (Prize.SIXTH, 3, 3),
        (Prize.SEVENTH, 4, 2),
    ),
)
SOUTH = DrawFormat(
    "south",
    _slots(
        (Prize.EIGHTH, 1, 2),
        (Prize.SEVENTH, 1, 3),
        (Prize.SIXTH, 3, 4),
        (Prize.FIFTH, 1, 4),
        (Prize.FOURTH, 7, 5),
        (Prize.THIRD, 2, 5),
        (Prize.SECOND, 1, 5),
        (Prize.FIRST, 1, 5),
        (Prize.SPECIAL, 1, 6),
    ),
)
# The central provinces draw in the southern format.
CENTRAL = DrawFormat("central", SOUTH.slots)
FORMATS = {draw_format.name: draw_format for draw_format in (NORTH, CENTRAL, SOUTH)}
FORMAT_OF_REGION = {Region.NORTH: NORTH, Region.CENTRAL: CENTRAL, Region.SOUTH: SOUTH}


def format_named(name: str) -> DrawFormat:
    """The format called ``name`` ("north", "central" or "south")."""
    try:
        return FORMATS[name]
    except (KeyError, TypeError):
        raise LotteryError("draw_format_unknown", format=name, formats=", ".join(FORMATS)) from None


@dataclass(frozen=True)
class DrawResult:
    """A draw's numbers in its format's published order; build it with :func:`result_of`."""

    format: DrawFormat
    numbers: tuple[str, ...]

    @property
    def special(self) -> str:
        """The special prize's number (đề is read from its last two digits)."""
        return self.of(Prize.SPECIAL)[0]

    def of(self, prize: Prize) -> tuple[str, ...]:
        """The numbers of one prize, in published order."""
        return tuple(
            number for slot, number in zip(self.format.slots, self.numbers, strict=True) if slot.prize == prize
        )

    @property
    def lowest(self) -> tuple[str, ...]:
        """The lowest prize's numbers: the north's 7th prize (4 numbers), the south's 8th (1)."""
        return self.of(self.format.lowest_prize)

    def tails(self, digits: int) -> tuple[str, ...]:
        """The last ``digits`` digits of every number that has at least that many, in published
        order, repeats kept (lô pays each appearance): 2 digits over 27 (north) or 18 (south)
        numbers, 3 over 23 or 17, 4 over 20 or 16."""
        return tuple(number[-digits:] for number in self.numbers if len(number) >= digits)


def result_of(draw_format: DrawFormat, numbers) -> DrawResult:
    """The result ``numbers`` (a sequence of digit strings) checked against ``draw_format``: as
    many numbers as slots, each of exactly its slot's digits, only 0-9."""
    numbers = tuple(numbers)
    if len(numbers) != len(draw_format):
        raise LotteryError("prize_count_invalid", expected=len(draw_format), count=len(numbers))
    for position, (slot, number) in enumerate(zip(draw_format.slots, numbers, strict=True)):
        if not isinstance(number, str) or not (number.isascii() and number.isdigit()):
            raise LotteryError("prize_not_digits", position=position, number=str(number))
        if len(number) != slot.digits:
            raise LotteryError("prize_digits_invalid", position=position, number=number, digits=slot.digits)
    return DrawResult(draw_format, numbers)
