"""Cockfight (sabong): fights in an arena with meron, wala and draw. Meron and wala pay their
odds (returned per 1 staked), a draw pays 8:1; on a draw meron and wala bets are refunded, as the
pits do; a fight called off (cancelled) refunds every bet. Results come from the vendor's desk like
the sportsbooks' (``POST /desk/results``), so the bet stays unsettled until the fight ends."""

import random
from decimal import Decimal

from tessera_sandboxes.demo_vendor import catalog
from tessera_sandboxes.demo_vendor.sports import VOID

FIGHTS = 3
DRAW_ODDS = "9.00"
RESULTS = ("meron", "wala", "draw", VOID)


def events(game: catalog.Game) -> list[dict]:
    rng = random.Random(f"demo-vendor:arena:{game.code}")
    made = []
    for n in range(FIGHTS):
        meron = Decimal(rng.choice(("1.80", "1.85", "1.90", "1.95")))
        wala = (Decimal("3.72") - meron).quantize(Decimal("0.01"))  # about a 7% margin over the two
        made.append(
            {
                "id": f"{game.code}.fight{n + 1}",
                "name": f"Fight {n + 1}",
                "picks": {"meron": str(meron), "wala": str(wala), "draw": DRAW_ODDS},
                "labels": {"meron": "Meron", "wala": "Wala", "draw": "Draw"},
            }
        )
    return made


def leg_factor(leg: dict, result: str | None) -> Decimal | None:
    if result is None:
        return None
    if result == VOID or (result == "draw" and leg["pick"] != "draw"):
        return Decimal(1)  # refunded
    return Decimal(leg["odds"]) if leg["pick"] == result else Decimal(0)
