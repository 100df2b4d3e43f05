"""Provably fair fast draws: a reverse SHA-256 hash chain committed before bets open, each prize
derived from its draw's seed by HMAC-SHA256, so anyone can check a draw afterwards.

A series of N draws starts from a random 32-byte secret h_N; h_(k-1) = SHA-256(h_k), and the
commitment h_0 is published before draw 1 opens. Draw k (1 to N) uses h_k: publishing it after
the draw proves, with SHA-256(h_k) = h_(k-1), that it belongs to the committed chain. Prize j
(0-based, in the format's published order) with d digits is
int(HMAC-SHA256(key=h_k, msg=f"{numero}:{j}"), big-endian) mod 10^d, zero-padded to d digits.
Seeds and hashes are lower-case hex strings at the edges.

Storage trade-off: a :class:`Series` keeps one secret, h_N, with N, and derives h_k with N - k
hashes when asked (a day of 45-second draws, 1,920, costs a couple of milliseconds). Storing
every h_k would make a lookup one read, but it keeps N secrets instead of one, and it guards
nothing more: any h_k gives every earlier seed, h_N gives them all. Series are capped at
:data:`MAX_SERIES_LENGTH` draws so a derivation stays cheap; seeds already revealed are public and
may be stored freely.
"""

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

from tessera.lottery.errors import LotteryError
from tessera.lottery.prizes import DrawFormat

SEED_BYTES = 32
MAX_SERIES_LENGTH = 100_000


def _bytes_of(value: str, code: str) -> bytes:
    """32 bytes from their 64 hex digits, refused with ``code`` otherwise."""
    if not isinstance(value, str) or len(value) != 2 * SEED_BYTES:
        raise LotteryError(code)
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise LotteryError(code) from None


def previous_hash(seed: str) -> str:
    """SHA-256 of a draw's seed: the seed of the draw before (h_(k-1)), or h_0 for draw 1."""
    return hashlib.sha256(_bytes_of(seed, "seed_invalid")).hexdigest()


@dataclass(frozen=True)
class Series:
    """A chain of ``length`` draws from its secret h_N (hex). The secret never shows in a repr."""

    secret: str = field(repr=False)
    length: int

    def __post_init__(self):
        _bytes_of(self.secret, "seed_invalid")
        if not isinstance(self.length, int) or not 1 <= self.length <= MAX_SERIES_LENGTH:
            raise LotteryError("series_length_invalid", length=self.length, max=MAX_SERIES_LENGTH)

    @property
    def commitment(self) -> str:
        """h_0, published before the series' first draw opens."""
        return self._hash_down(self.length)

    def seed_of(self, draw: int) -> str:
        """h_k, the seed of draw ``draw`` (1 to N): reveal it only once that draw is closed."""
        if not isinstance(draw, int) or not 1 <= draw <= self.length:
            raise LotteryError("draw_outside_series", draw=draw, length=self.length)
        return self._hash_down(self.length - draw)

    def _hash_down(self, steps: int) -> str:
        value = bytes.fromhex(self.secret)
        for _ in range(steps):
            value = hashlib.sha256(value).digest()
        return value.hex()


def new_series(length: int) -> Series:
    """A fresh series of ``length`` draws from a random secret."""
    return Series(secrets.token_bytes(SEED_BYTES).hex(), length)


def draw_prizes(seed: str, numero: str, draw_format: DrawFormat) -> tuple[str, ...]:
    """The prizes of the draw numbered ``numero`` (as shown) with seed ``seed``, in published order."""
    key = _bytes_of(seed, "seed_invalid")
    if not isinstance(numero, str) or not numero:
        raise LotteryError("numero_invalid")
    return tuple(_prize(key, numero, position, slot.digits) for position, slot in enumerate(draw_format.slots))


def _prize(key: bytes, numero: str, position: int, digits: int) -> str:
    mac = hmac.new(key, f"{numero}:{position}".encode(), hashlib.sha256).digest()
    return str(int.from_bytes(mac, "big") % 10**digits).zfill(digits)


@dataclass(frozen=True)
class Verification:
    """What a check of a draw found: the prizes recomputed, whether the seed hashes to the
    previous hash, and, when prizes were given, the positions where they differ."""

    prizes: tuple[str, ...]
    chained: bool
    mismatches: tuple[int, ...] | None = None

    @property
    def prizes_match(self) -> bool | None:
        """Whether the given prizes are the recomputed ones (None when none were given)."""
        return None if self.mismatches is None else not self.mismatches

    @property
    def holds(self) -> bool:
        return self.chained and self.prizes_match is not False


def verify(
    seed: str, previous: str, numero: str, prizes: Sequence[str] | None, draw_format: DrawFormat
) -> Verification:
    """Check a published draw: SHA-256(seed) = previous (hex), and the prizes (if given) are those
    the seed gives. A list of the wrong length differs in every position past the shorter one."""
    expected = draw_prizes(seed, numero, draw_format)
    chained = hmac.compare_digest(previous_hash(seed), _bytes_of(previous, "previous_invalid").hex())
    if prizes is None:
        return Verification(expected, chained)
    given = tuple(prizes)
    positions = range(max(len(given), len(expected)))
    mismatches = tuple(j for j in positions if j >= len(given) or j >= len(expected) or given[j] != expected[j])
    return Verification(expected, chained, mismatches)
