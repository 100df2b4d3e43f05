"""The demo vendor's currencies: a game's limits in the player's currency, and the smallest amount
the vendor pays in it.

Every limit is set once in base units, a dollar-like unit (a slot's least line bet is 0.01 to
1.00, a table's least stake 1.00). A currency's ``scale`` is how many of its units stand for one
base unit at the tables, as game vendors quote dong and rupiah in thousands; its ``places`` are the
decimals it is written with, and every payout is rounded down to them, since a brand refuses an
amount its currency cannot write. Amounts here are hundredths, as on the wire ("12.50" -> 1250).
"""

from dataclasses import dataclass

from tessera_plugins.demo_vendor.protocol import to_minor, to_money


@dataclass(frozen=True)
class Currency:
    scale: int = 1
    places: int = 2

    def limit(self, base_minor: int) -> int:
        """A limit given in base units (hundredths), in this currency's hundredths."""
        return base_minor * self.scale

    def quote(self, base_amount: str) -> str:
        """``"0.05"`` base units as this currency quotes them (``"50.00"`` dong)."""
        return to_money(self.limit(to_minor(base_amount)))

    def payable(self, minor: int) -> int:
        """``minor`` rounded down to what the currency can write."""
        unit = 10 ** (2 - self.places)
        return minor - minor % unit


BASE = Currency()
# The currencies of the markets the demo brands serve that have no minor unit in use.
CURRENCIES = {
    "VND": Currency(scale=1000, places=0),
    "IDR": Currency(scale=1000, places=0),
    "MMK": Currency(scale=1000, places=0),
    "KRW": Currency(scale=1000, places=0),
    "JPY": Currency(scale=100, places=0),
}


def of(code: str | None) -> Currency:
    return CURRENCIES.get(code or "", BASE)
