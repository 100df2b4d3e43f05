"""``tessera lottery verify``: anyone's check of a fast draw from its published seed."""

import hashlib

import pytest
from click.testing import CliRunner

from tessera.commands import main
from tessera.lottery.commands import lottery

SEED = bytes(range(32)).hex()
PREVIOUS = hashlib.sha256(bytes(range(32))).hexdigest()
NUMERO = "20261127-0042"
# The prizes of that draw (test_fair.py derives them from the formula with hashlib and hmac).
PRIZES = [
    "51551", "45994", "40909", "22892", "99427", "15525", "08256", "70752", "38068", "82126",
    "0958", "3250", "6241", "4302", "7269", "3124", "8460", "9849", "1319", "5536",
    "240", "900", "252", "18", "42", "47", "86",
]  # fmt: skip


def run(*args):
    return CliRunner().invoke(lottery, ["verify", *args])


def test_a_genuine_draw_holds_and_its_prizes_are_shown_by_prize():
    result = run("--seed", SEED, "--previous", PREVIOUS, "--numero", NUMERO, "--prizes", ",".join(PRIZES))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "draw 20261127-0042, north format, prizes recomputed from the seed:"
    assert [line.strip() for line in lines[1:9]] == [
        "special: 51551",
        "1st: 45994",
        "2nd: 40909 22892",
        "3rd: 99427 15525 08256 70752 38068 82126",
        "4th: 0958 3250 6241 4302",
        "5th: 7269 3124 8460 9849 1319 5536",
        "6th: 240 900 252",
        "7th: 18 42 47 86",
    ]
    assert lines[9:] == ["SHA-256(seed) equals the previous hash: yes", "the given prizes match: yes"]


def test_prizes_with_spaces_and_upper_case_hex_are_read_as_published():
    result = run(
        "--seed", SEED.upper(), "--previous", PREVIOUS.upper(), "--numero", NUMERO, "--prizes", ", ".join(PRIZES)
    )
    assert result.exit_code == 0, result.output


def test_without_prizes_only_the_chain_is_checked():
    result = run("--seed", SEED, "--previous", PREVIOUS, "--numero", NUMERO)
    assert result.exit_code == 0
    assert "the given prizes" not in result.output


def test_a_seed_that_is_not_the_previous_hashs_preimage_fails():
    result = run("--seed", SEED, "--previous", hashlib.sha256(b"another chain").hexdigest(), "--numero", NUMERO)
    assert result.exit_code == 1
    assert "SHA-256(seed) equals the previous hash: NO" in result.output


def test_a_tampered_prize_fails_naming_its_position():
    tampered = [*PRIZES]
    tampered[3] = "22893"
    result = run("--seed", SEED, "--previous", PREVIOUS, "--numero", NUMERO, "--prizes", ",".join(tampered))
    assert result.exit_code == 1
    assert "SHA-256(seed) equals the previous hash: yes" in result.output
    assert "the given prizes match: NO (positions 3 differ, from 0)" in result.output


def test_the_southern_format_recomputes_18_prizes_from_the_8th():
    result = run("--seed", SEED, "--previous", PREVIOUS, "--numero", NUMERO, "--format", "south")
    assert result.exit_code == 0
    assert result.output.splitlines()[1].strip().startswith("8th: ")
    assert result.output.splitlines()[9].strip().startswith("special: ")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--seed", SEED[:-2], "--previous", PREVIOUS], "the seed is not 64 hexadecimal digits (seed_invalid)"),
        (["--seed", SEED, "--previous", "xyz"], "the previous hash is not 64 hexadecimal digits (previous_invalid)"),
    ],
)
def test_bad_hex_fails_with_its_code(args, message):
    result = run(*args, "--numero", NUMERO)
    assert result.exit_code == 1
    assert message in result.output


def test_an_unknown_format_is_a_usage_error():
    result = run("--seed", SEED, "--previous", PREVIOUS, "--numero", NUMERO, "--format", "east")
    assert result.exit_code == 2


def test_the_tessera_command_has_the_lottery_group():
    result = CliRunner().invoke(main, ["lottery", "verify", "--seed", SEED, "--previous", PREVIOUS, "--numero", NUMERO])
    assert result.exit_code == 0, result.output
    assert "special: 51551" in result.output
