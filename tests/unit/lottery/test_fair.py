"""Provably fair fast draws: the reverse hash chain, the prize formula pinned by hashlib and hmac
called directly, and a tampered draw caught."""

import hashlib
import hmac

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tessera.lottery.errors import LotteryError
from tessera.lottery.fair import MAX_SERIES_LENGTH, Series, draw_prizes, new_series, previous_hash, verify
from tessera.lottery.prizes import NORTH, SOUTH

SEED = bytes(range(32))  # 000102…1f
NUMERO = "20261127-0042"


def formula(seed: bytes, numero: str, digits: list[int]) -> list[str]:
    """Issue 22's formula, written independently of the module."""
    return [
        str(int.from_bytes(hmac.new(seed, f"{numero}:{j}".encode(), hashlib.sha256).digest(), "big") % 10**d).zfill(d)
        for j, d in enumerate(digits)
    ]


def test_each_seed_hashes_to_the_one_before_down_to_the_commitment():
    series = new_series(12)
    seeds = [series.commitment, *(series.seed_of(k) for k in range(1, 13))]
    for k in range(1, 13):
        assert hashlib.sha256(bytes.fromhex(seeds[k])).hexdigest() == seeds[k - 1]
        assert previous_hash(seeds[k]) == seeds[k - 1]
    assert seeds[12] == series.secret
    assert len(set(seeds)) == 13


def test_a_series_from_a_known_secret_commits_to_its_hash_taken_n_times():
    secret = SEED.hex()
    once = hashlib.sha256(SEED).digest()
    twice = hashlib.sha256(once).digest()
    series = Series(secret, 3)
    assert series.seed_of(3) == secret
    assert series.seed_of(2) == once.hex() == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    assert series.seed_of(1) == twice.hex()
    assert series.commitment == hashlib.sha256(twice).hexdigest()


def test_the_prizes_of_a_draw_follow_the_published_formula():
    northern_digits = [5] * 10 + [4] * 10 + [3] * 3 + [2] * 4
    prizes = draw_prizes(SEED.hex(), NUMERO, NORTH)
    assert list(prizes) == formula(SEED, NUMERO, northern_digits)
    # The same vector written out, zero-padding included (the 3rd prize's "08256", the 4th's "0958").
    assert prizes == (
        "51551", "45994", "40909", "22892", "99427", "15525", "08256", "70752", "38068", "82126",
        "0958", "3250", "6241", "4302", "7269", "3124", "8460", "9849", "1319", "5536",
        "240", "900", "252", "18", "42", "47", "86",
    )  # fmt: skip
    assert list(draw_prizes(SEED.hex(), NUMERO, SOUTH)) == formula(SEED, NUMERO, [slot.digits for slot in SOUTH.slots])


def test_the_numero_and_the_seed_change_every_prize():
    assert draw_prizes(SEED.hex(), "20261127-0043", NORTH)[:10] != draw_prizes(SEED.hex(), NUMERO, NORTH)[:10]
    assert draw_prizes(previous_hash(SEED.hex()), NUMERO, NORTH)[:10] != draw_prizes(SEED.hex(), NUMERO, NORTH)[:10]


def test_a_genuine_draw_verifies():
    series = Series(SEED.hex(), 50)
    seed, previous = series.seed_of(42), series.seed_of(41)
    prizes = draw_prizes(seed, NUMERO, NORTH)
    check = verify(seed, previous, NUMERO, list(prizes), NORTH)
    assert check.chained and check.prizes_match and check.holds
    assert check.mismatches == () and check.prizes == prizes
    assert verify(series.seed_of(1), series.commitment, NUMERO, None, NORTH).holds
    assert verify(seed.upper(), previous.upper(), NUMERO, None, NORTH).chained


def test_a_changed_prize_is_caught_at_its_position():
    seed = SEED.hex()
    prizes = list(draw_prizes(seed, NUMERO, NORTH))
    prizes[0], prizes[26] = "00000", "00" if prizes[26] != "00" else "01"
    check = verify(seed, previous_hash(seed), NUMERO, prizes, NORTH)
    assert check.chained and check.prizes_match is False and not check.holds
    assert check.mismatches == (0, 26)


def test_a_seed_outside_the_chain_is_caught_even_with_its_own_prizes():
    other = hashlib.sha256(b"chosen after the bets").hexdigest()
    check = verify(other, previous_hash(SEED.hex()), NUMERO, draw_prizes(other, NUMERO, NORTH), NORTH)
    assert check.prizes_match and not check.chained and not check.holds


def test_prizes_of_another_numero_or_a_short_list_do_not_match():
    seed = SEED.hex()
    elsewhere = draw_prizes(seed, "20261127-0043", NORTH)
    assert not verify(seed, previous_hash(seed), NUMERO, elsewhere, NORTH).holds
    short = verify(seed, previous_hash(seed), NUMERO, draw_prizes(seed, NUMERO, NORTH)[:25], NORTH)
    assert short.mismatches == (25, 26) and not short.holds


def test_no_prizes_given_checks_the_chain_only():
    check = verify(SEED.hex(), previous_hash(SEED.hex()), NUMERO, None, NORTH)
    assert check.prizes_match is None and check.mismatches is None and check.holds


def test_the_secret_never_shows_in_a_series_repr_and_each_series_is_new():
    series = new_series(5)
    assert series.secret not in repr(series) and series.commitment not in repr(series)
    assert new_series(5).secret != series.secret


@pytest.mark.parametrize(
    "call, code",
    [
        (lambda: draw_prizes("ab" * 31, NUMERO, NORTH), "seed_invalid"),
        (lambda: draw_prizes("zz" * 32, NUMERO, NORTH), "seed_invalid"),
        (lambda: draw_prizes(SEED, NUMERO, NORTH), "seed_invalid"),
        (lambda: draw_prizes(SEED.hex(), "", NORTH), "numero_invalid"),
        (lambda: draw_prizes(SEED.hex(), 42, NORTH), "numero_invalid"),
        (lambda: verify(SEED.hex(), "00" * 31, NUMERO, None, NORTH), "previous_invalid"),
        (lambda: previous_hash("not hex"), "seed_invalid"),
        (lambda: Series("00" * 33, 5), "seed_invalid"),
        (lambda: Series(SEED.hex(), 0), "series_length_invalid"),
        (lambda: Series(SEED.hex(), MAX_SERIES_LENGTH + 1), "series_length_invalid"),
        (lambda: Series(SEED.hex(), 5).seed_of(0), "draw_outside_series"),
        (lambda: Series(SEED.hex(), 5).seed_of(6), "draw_outside_series"),
    ],
)
def test_bad_input_is_refused_with_a_stable_code(call, code):
    with pytest.raises(LotteryError) as refused:
        call()
    assert refused.value.code == code


@given(seed=st.binary(min_size=32, max_size=32), numero=st.text(min_size=1, max_size=20))
def test_every_prize_has_its_slots_digits(seed, numero):
    prizes = draw_prizes(seed.hex(), numero, NORTH)
    assert [len(prize) for prize in prizes] == [slot.digits for slot in NORTH.slots]
    assert all(prize.isdigit() for prize in prizes)
