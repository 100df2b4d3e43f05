"""The slot engine (``tessera_sandboxes.slots.engine``): its exact return to player against a
brute-force count and a simulation, line wins on grids set by hand, and the money of a spin."""

import itertools
import json
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from tessera_sandboxes.slots import engine
from tessera_sandboxes.slots.engine import WILD, paytable_for, rtp, spin


def code_for(model: str) -> str:
    """A game code whose paytable uses ``model`` (the choice is a hash of the code)."""
    return next(code for code in (f"game-{n}" for n in range(1000)) if paytable_for(code, 25).model == model)


MODELS = sorted(engine.MODELS)


def brute_force(reels, pays) -> tuple[Fraction, Fraction]:
    """The mean and the mean square of one line's pay (times the line bet), counted over every
    combination of one strip position per reel (positions showing the same symbol grouped), with
    the same line evaluation as a spin: nothing from the RTP formula."""
    counts = [Counter(strip) for strip in reels]
    stops = math.prod(len(strip) for strip in reels)
    paytable = engine.Paytable("brute", "", "", tuple(engine.Symbol(s, s, s, "", p) for s, p in pays.items()), (), ())
    mean = square = 0
    for combination in itertools.product(*(count.items() for count in counts)):
        run = engine.line_run(paytable, [symbol for symbol, _ in combination])
        if run:
            ways = math.prod(n for _, n in combination)
            mean += ways * run[2]
            square += ways * run[2] ** 2
    return Fraction(mean, stops), Fraction(square, stops)


@pytest.mark.parametrize("model", MODELS)
def test_the_exact_rtp_is_a_brute_force_count_and_between_90_and_98_percent(model):
    paytable = paytable_for(code_for(model), 25)
    mean, _ = brute_force(paytable.reels, paytable.pays)
    assert rtp(paytable) == mean
    assert Fraction(90, 100) < mean < Fraction(98, 100)


@pytest.mark.parametrize("model", MODELS)
def test_the_published_paytable_gives_its_rtp_to_anyone_who_counts(model):
    published = json.loads(json.dumps(engine.paytable_json(paytable_for(code_for(model), 30))))
    pays = {s["id"]: tuple(s["pays"].get(str(n), 0) for n in (3, 4, 5)) for s in published["symbols"]}
    mean, _ = brute_force(published["reelStrips"], pays)
    assert Fraction(published["rtpExact"]) == mean
    assert published["rtp"] == f"{float(mean * 100):.2f}"
    assert len(published["lines"]) == 30 and published["wild"] == WILD


@pytest.mark.parametrize("model", MODELS)
def test_spins_return_the_exact_rtp_within_four_standard_errors(model):
    """One line a spin keeps the spins independent, so the error bound is exact."""
    paytable = paytable_for(code_for(model), 1)
    mean, square = brute_force(paytable.reels, paytable.pays)
    sigma = math.sqrt(square - mean**2)
    spins, rng = 40_000, random.Random(f"rtp-{model}")
    paid = sum(spin(paytable, 1, rng).payout_minor for _ in range(spins))
    assert abs(paid / spins - float(mean)) < 4 * sigma / math.sqrt(spins)


def test_every_line_of_a_spin_pays_like_the_first():
    """Each reel stops uniformly, so every row shows the strip alike: 50 lines return the RTP too."""
    paytable = paytable_for(code_for("steady"), 50)
    rng = random.Random("lines")
    by_line = Counter()
    for _ in range(6000):
        for win in spin(paytable, 1, rng).wins:
            by_line[win["line"]] += win["payMinor"]
    per_line = [by_line[n] / 6000 for n in range(1, 51)]
    assert abs(sum(per_line) / 50 - float(rtp(paytable))) < 0.06
    assert min(per_line) > 0.5 and max(per_line) < 1.6  # no line is a dead or a golden one


# -- Wins on grids set by hand -------------------------------------------------------------

PAYTABLE = paytable_for("lucky-lanterns", 25)
MIDDLE_LINE = paytable_for("lucky-lanterns", 1)  # only line 1, the middle row
HIGH, SECOND = PAYTABLE.symbols[0].id, PAYTABLE.symbols[1].id
ACE, KING, QUEEN, JACK, TEN = "A", "K", "Q", "J", "10"


def grid_with_middle(middle, top=(ACE, KING, ACE, KING, ACE), bottom=(QUEEN, JACK, QUEEN, JACK, QUEEN)):
    return (tuple(top), tuple(middle), tuple(bottom))


def wins(grid, line_bet=10, paytable=PAYTABLE):
    return engine.evaluate(paytable, grid, line_bet)


def pay(symbol, count, line_bet=10, paytable=PAYTABLE):
    return paytable.pays[symbol][count - 3] * line_bet


def test_a_grid_without_a_run_of_three_pays_nothing():
    grid = ((ACE, JACK, ACE, JACK, ACE), (KING, TEN, KING, TEN, KING), (QUEEN, JACK, QUEEN, JACK, QUEEN))
    assert wins(grid) == []


@pytest.mark.parametrize(
    ("middle", "symbol", "count"),
    [
        ((HIGH, HIGH, HIGH, TEN, TEN), HIGH, 3),
        ((HIGH, HIGH, HIGH, HIGH, TEN), HIGH, 4),
        ((HIGH, HIGH, HIGH, HIGH, HIGH), HIGH, 5),
        ((HIGH, WILD, HIGH, TEN, HIGH), HIGH, 3),  # the run stops at the first other symbol
        ((HIGH, WILD, WILD, WILD, TEN), HIGH, 4),  # the wild stands in
        ((WILD, WILD, SECOND, SECOND, TEN), SECOND, 4),  # leading wilds join the first symbol's run
        ((WILD, WILD, WILD, WILD, WILD), HIGH, 5),  # a line of wilds is the highest symbol
    ],
)
def test_a_line_pays_its_run_from_the_first_reel(middle, symbol, count):
    assert wins(grid_with_middle(middle), paytable=MIDDLE_LINE) == [
        {"line": 1, "symbol": symbol, "count": count, "payMinor": pay(symbol, count)}
    ]


@pytest.mark.parametrize(
    "middle",
    [
        (HIGH, HIGH, TEN, HIGH, HIGH),
        (TEN, HIGH, HIGH, HIGH, HIGH),
        (WILD, HIGH, TEN, HIGH, HIGH),
    ],
)
def test_a_run_must_start_on_the_first_reel_and_reach_the_third(middle):
    assert wins(grid_with_middle(middle), paytable=MIDDLE_LINE) == []


def test_several_lines_pay_at_once():
    # The first three reels show only HIGH: every line starts with three of it, no line goes on.
    grid = tuple((HIGH, HIGH, HIGH, TEN, KING) for _ in range(3))
    found = wins(grid, line_bet=7)
    assert [win["line"] for win in found] == list(range(1, 26))
    assert {(win["symbol"], win["count"], win["payMinor"]) for win in found} == {(HIGH, 3, pay(HIGH, 3, 7))}


def test_two_different_wins_on_two_lines():
    grid = ((SECOND, SECOND, SECOND, SECOND, TEN), (HIGH, HIGH, WILD, JACK, QUEEN), (QUEEN, ACE, KING, ACE, KING))
    found = wins(grid)
    # Line 2 is the top row, line 1 the middle one; line 6 (middle, top, top, top, middle) pays too.
    assert {(w["line"], w["symbol"], w["count"]) for w in found} >= {(1, HIGH, 3), (2, SECOND, 4)}
    assert all(w["payMinor"] == pay(w["symbol"], w["count"]) for w in found)


# -- The paytable a game gets --------------------------------------------------------------


def test_a_game_always_gets_the_same_paytable():
    fresh = paytable_for.__wrapped__("lucky-lanterns", 25)
    assert fresh == paytable_for("lucky-lanterns", 25) and fresh is not paytable_for("lucky-lanterns", 25)
    assert engine.paytable_json(fresh) == engine.paytable_json(paytable_for.__wrapped__("lucky-lanterns", 25))


def test_games_get_themes_and_models_from_their_codes():
    tables = [paytable_for(f"slot-{n}", 25) for n in range(300)]
    assert {table.theme for table in tables} == set(engine.THEMES)
    assert {table.model for table in tables} == set(engine.MODELS)
    crown = next(table for table in tables if table.theme == "royal")
    assert [s.name for s in crown.symbols[:4]] == ["Crown", "Castle", "Knight", "Lily"]


@pytest.mark.parametrize("code", ["lucky-lanterns", "tiger-fortune", *(code_for(model) for model in MODELS)])
def test_a_paytable_is_five_real_reels_with_a_wild_in_the_middle(code):
    table = paytable_for(code, 25)
    ids = [symbol.id for symbol in table.symbols]
    assert len(ids) == len(set(ids)) == 10 and ids[-1] == WILD
    assert len(table.reels) == 5 and all(len(strip) >= 20 for strip in table.reels)
    assert all(set(strip) <= set(ids) for strip in table.reels)
    assert WILD not in table.reels[0] and WILD not in table.reels[4]
    assert all(WILD in strip for strip in table.reels[1:4])
    assert all(strip[n] != strip[n - 1] for strip in table.reels for n in range(len(strip)))  # no stacked pairs
    # Each symbol pays more the longer its run, and a higher symbol never less than a lower one.
    paying = [symbol.pays for symbol in table.symbols if symbol.id != WILD]
    assert all(p3 < p4 < p5 for p3, p4, p5 in paying)
    assert all(
        higher >= lower for a, b in zip(paying, paying[1:], strict=False) for higher, lower in zip(a, b, strict=True)
    )


@pytest.mark.parametrize(
    ("asked", "played"), [(None, 25), (1, 1), (25, 25), (30, 30), (50, 50), (243, 50), (0, 1), (-5, 1)]
)
def test_the_lines_played_are_clamped_to_those_defined(asked, played):
    assert len(paytable_for("tiger-fortune", asked).lines) == played


def test_fifty_distinct_lines_are_defined():
    assert len(engine.PAYLINES) == len(set(engine.PAYLINES)) == 50
    assert all(len(line) == 5 and set(line) <= {0, 1, 2} for line in engine.PAYLINES)
    assert engine.PAYLINES[:5] == ((1,) * 5, (0,) * 5, (2,) * 5, (0, 1, 2, 1, 0), (2, 1, 0, 1, 2))


# -- A spin's money ------------------------------------------------------------------------


@pytest.mark.parametrize("lines", [1, 25, 50])
def test_a_spin_bets_the_line_bet_on_every_line_and_pays_its_wins(lines):
    paytable, rng = paytable_for(code_for("classic"), lines), random.Random(lines)
    for _ in range(300):
        result = spin(paytable, 20, rng)
        assert result.bet_minor == 20 * lines and result.line_bet_minor == 20
        assert result.payout_minor == sum(win["payMinor"] for win in result.wins)
        assert all(type(win["payMinor"]) is int and win["payMinor"] % 20 == 0 for win in result.wins)
        assert result.wins == engine.evaluate(paytable, result.grid, 20)
        assert all(1 <= win["line"] <= lines for win in result.wins)


def test_a_spin_shows_three_rows_from_each_reels_stop():
    paytable = paytable_for("monsoon-gold", 30)
    result = spin(paytable, 5, random.Random(3))
    assert len(result.grid) == 3 and all(len(row) == 5 for row in result.grid)
    for reel, (strip, stop) in enumerate(zip(paytable.reels, result.stops, strict=True)):
        assert [row[reel] for row in result.grid] == [strip[(stop + n) % len(strip)] for n in range(3)]


def test_spins_draw_from_the_operating_systems_random_source(monkeypatch):
    drawn = []

    class Recording(random.SystemRandom):
        def randrange(self, *args):
            drawn.append(args)
            return super().randrange(*args)

    monkeypatch.setattr(engine.secrets, "SystemRandom", Recording)
    spin(PAYTABLE, 10)
    assert [args[0] for args in drawn] == [len(strip) for strip in PAYTABLE.reels]


@pytest.mark.parametrize("line_bet", [0, -10, 1.5, True, "10", None])
def test_a_line_bet_is_a_positive_whole_number_of_minor_units(line_bet):
    with pytest.raises(ValueError):
        spin(PAYTABLE, line_bet)


def test_line_bets_are_multiples_of_the_minimum():
    assert engine.line_bet_choices(20) == [20, 40, 100, 200, 400, 1000]
