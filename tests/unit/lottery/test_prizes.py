"""The draw formats, written out by hand from the official result sheets, and results read against them."""

import pytest

from tessera.lottery.errors import LotteryError
from tessera.lottery.prizes import CENTRAL, NORTH, SOUTH, Prize, PrizeSlot, format_named, result_of

# A northern result sheet in published order: special, 1st, 2nd ×2, 3rd ×6, 4th ×4, 5th ×6, 6th ×3, 7th ×4.
NORTH_RESULT = [
    "12345",
    "67890",
    "11111", "22222",
    "30001", "30002", "30003", "30004", "30005", "30045",
    "4001", "4002", "4003", "4045",
    "5001", "5002", "5003", "5004", "5005", "5006",
    "601", "602", "645",
    "07", "45", "45", "99",
]  # fmt: skip
# A southern result sheet in published order: 8th, 7th, 6th ×3, 5th, 4th ×7, 3rd ×2, 2nd, 1st, special.
SOUTH_RESULT = [
    "08",
    "707",
    "6001", "6002", "6003",
    "5555",
    "40001", "40002", "40003", "40004", "40005", "40006", "40007",
    "30001", "30002",
    "22222",
    "11111",
    "123456",
]  # fmt: skip


def test_the_north_publishes_27_prizes_from_the_special_down_to_the_7th():
    ranks = [(slot.prize, slot.index, slot.digits) for slot in NORTH.slots]
    assert ranks == [
        (Prize.SPECIAL, 0, 5),
        (Prize.FIRST, 0, 5),
        (Prize.SECOND, 0, 5), (Prize.SECOND, 1, 5),
        *((Prize.THIRD, i, 5) for i in range(6)),
        *((Prize.FOURTH, i, 4) for i in range(4)),
        *((Prize.FIFTH, i, 4) for i in range(6)),
        *((Prize.SIXTH, i, 3) for i in range(3)),
        *((Prize.SEVENTH, i, 2) for i in range(4)),
    ]  # fmt: skip
    assert len(NORTH) == 27
    assert NORTH.lowest_prize == Prize.SEVENTH


def test_the_south_and_centre_publish_18_prizes_from_the_8th_up_to_the_six_digit_special():
    assert SOUTH.slots == (
        PrizeSlot(Prize.EIGHTH, 0, 2),
        PrizeSlot(Prize.SEVENTH, 0, 3),
        PrizeSlot(Prize.SIXTH, 0, 4), PrizeSlot(Prize.SIXTH, 1, 4), PrizeSlot(Prize.SIXTH, 2, 4),
        PrizeSlot(Prize.FIFTH, 0, 4),
        *(PrizeSlot(Prize.FOURTH, i, 5) for i in range(7)),
        PrizeSlot(Prize.THIRD, 0, 5), PrizeSlot(Prize.THIRD, 1, 5),
        PrizeSlot(Prize.SECOND, 0, 5),
        PrizeSlot(Prize.FIRST, 0, 5),
        PrizeSlot(Prize.SPECIAL, 0, 6),
    )  # fmt: skip
    assert len(SOUTH) == 18
    assert CENTRAL.slots == SOUTH.slots and CENTRAL.name == "central"
    assert SOUTH.lowest_prize == Prize.EIGHTH


def test_formats_are_found_by_name_and_an_unknown_one_is_refused():
    assert format_named("north") is NORTH
    assert format_named("south") is SOUTH
    assert format_named("central") is CENTRAL
    with pytest.raises(LotteryError) as refused:
        format_named("east")
    assert refused.value.code == "draw_format_unknown"


def test_a_northern_result_gives_its_special_its_7th_prize_and_every_tail():
    result = result_of(NORTH, NORTH_RESULT)
    assert result.special == "12345"
    assert result.lowest == ("07", "45", "45", "99")
    assert result.of(Prize.SECOND) == ("11111", "22222")
    tails = result.tails(2)
    assert len(tails) == 27 and tails[:2] == ("45", "90")
    # Lô pays each appearance: 45 comes out in the 3rd, 4th, 6th and twice in the 7th prize, and ends the special.
    assert tails.count("45") == 6
    assert len(result.tails(3)) == 23 and result.tails(3)[-1] == "645"
    assert len(result.tails(4)) == 20 and result.tails(4)[0] == "2345"


def test_a_southern_result_gives_its_six_digit_special_its_8th_prize_and_tails_over_18_17_16_numbers():
    result = result_of(SOUTH, SOUTH_RESULT)
    assert result.special == "123456"
    assert result.lowest == ("08",)
    assert result.tails(2)[:3] == ("08", "07", "01")
    assert (len(result.tails(2)), len(result.tails(3)), len(result.tails(4))) == (18, 17, 16)
    assert result.tails(3)[-1] == "456" and result.tails(4)[0] == "6001"


@pytest.mark.parametrize(
    "change, code",
    [
        (lambda numbers: numbers[:-1], "prize_count_invalid"),
        (lambda numbers: [*numbers, "00"], "prize_count_invalid"),
        (lambda numbers: ["1234", *numbers[1:]], "prize_digits_invalid"),
        (lambda numbers: [*numbers[:-1], "7"], "prize_digits_invalid"),
        (lambda numbers: ["1234a", *numbers[1:]], "prize_not_digits"),
        (lambda numbers: ["-1234", *numbers[1:]], "prize_not_digits"),
        (lambda numbers: ["١٢٣٤٥", *numbers[1:]], "prize_not_digits"),  # Arabic-Indic digits are digits to Python
        (lambda numbers: [12345, *numbers[1:]], "prize_not_digits"),
    ],
)
def test_a_result_that_does_not_fit_its_format_is_refused_with_a_stable_code(change, code):
    with pytest.raises(LotteryError) as refused:
        result_of(NORTH, change(NORTH_RESULT))
    assert refused.value.code == code
    assert refused.value.status == 400


def test_a_refusal_says_which_position_is_wrong():
    numbers = [*NORTH_RESULT]
    numbers[10] = "40010"
    with pytest.raises(LotteryError) as refused:
        result_of(NORTH, numbers)
    assert refused.value.params == {"position": 10, "number": "40010", "digits": 4}


def test_a_southern_sheet_is_not_a_northern_one():
    with pytest.raises(LotteryError) as refused:
        result_of(NORTH, SOUTH_RESULT)
    assert refused.value.code == "prize_count_invalid"
    assert refused.value.params == {"expected": 27, "count": 18}
