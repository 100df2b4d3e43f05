"""What a draw can cost the house on one number, and the most stake a bet may still put on it.

**Families.** A number's liability is summed over every bet type whose numbers are the same
ending of the same prizes, because one draw pays them all at once when that ending comes out:

- ``2``: the last two digits (lô 2 số, bao lô 2 số, đề, xiên): a 12 closing the special pays the
  lô, the đề and the xiên on 12 together;
- ``3``: the last three (lô 3 số, bao lô 3 số, 3 càng); ``4``: the last four (bao lô 4 số);
- ``1``: the last digit (đuôi); ``tens``: the special's tens digit (đầu), another digit than
  đuôi's though written alike.

Each bet adds ``outcome.liability_by_number`` (its payout for one hit) to each of its numbers: the
per-hit figure the book caps. A lô trượt pays when its numbers miss, so it adds nothing.

**Room.** The most stake a bet of a line may still put on a number is the least of: the line's
largest stake, the member's own room on the number (``max_per_number`` less what they staked on it
in the draw with that bet type), the member's room on the draw (``member_draw_limit`` less what
their bets on it cost, over what one unit of this bet's stake costs), and the cap's room (the
largest stake whose payout for a hit still fits the cap, less the number's liability so far).
"""

from collections.abc import Mapping
from decimal import ROUND_FLOOR, Decimal

from tessera.lottery.bet_types import BetType, Odds, PointPrice, Price, Rule
from tessera.lottery.book.services import Line

TENS = "tens"
NO_LIMIT = 10**18  # a stake the cap never refuses (a lô trượt's)


def family(kind: BetType) -> str:
    """The family whose numbers' liabilities a bet of ``kind`` adds to."""
    return TENS if kind.rule is Rule.SPECIAL_TENS else str(kind.digits)


def stake_within(price: Price, room: int) -> int:
    """The largest stake whose payout for one hit is at most ``room`` minor units (0 when none)."""
    if room <= 0:
        return 0
    if isinstance(price, PointPrice):
        return room // price.payout
    odds: Odds = price
    stake = int((Decimal(room) / odds.multiplier).to_integral_value(rounding=ROUND_FLOOR))
    while int(((stake + 1) * odds.multiplier).to_integral_value(rounding=ROUND_FLOOR)) <= room:
        stake += 1  # the floor of stake × odds can fit one more than the division says
    return stake


def cost_of_a_stake_unit(line: Line, count: int) -> int:
    """What one unit of stake costs on a bet of ``count`` numbers (a point, a minor unit)."""
    if isinstance(line.price, PointPrice):
        return line.price.price * count
    return count if line.bet_type.staked_per_number else 1


def room(
    line: Line,
    numbers: tuple[str, ...],
    *,
    cap: int,
    liability: Mapping[str, int],
    member_staked: Mapping[str, int],
    member_draw_limit: int,
    member_draw_cost: int,
) -> dict[str, int]:
    """The most stake a bet of ``line`` on ``numbers`` may still carry on each of them (see the
    module's description): ``liability`` is each number's so far in its family, ``member_staked``
    the member's stake on each with this bet type, ``member_draw_cost`` what their bets on the
    draw cost so far."""
    per_unit = cost_of_a_stake_unit(line, len(numbers))
    draw_room = max(member_draw_limit - member_draw_cost, 0) // per_unit
    capped = line.bet_type.rule is not Rule.NONE_OUT
    rooms = {}
    for number in numbers:
        cap_room = stake_within(line.price, cap - liability.get(number, 0)) if capped else NO_LIMIT
        own_room = line.max_per_number - member_staked.get(number, 0)
        rooms[number] = max(min(line.max_stake, own_room, draw_room, cap_room), 0)
    return rooms
