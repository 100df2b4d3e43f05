"""The pages of the vendor's games that are not slots (a third party's pages, in the vendor's own
English): a baccarat table with its betting window, a sportsbook or cockfight arena with its
events and odds, a fish volley, a card showdown. Each page reads ``state`` and posts ``bet``; it
tells the brand's page the balance after each bet (``postMessage``), as the slot page does."""

import json
from html import escape
from pathlib import Path

from tessera_plugins.demo_vendor.protocol import to_money
from tessera_sandboxes.demo_vendor import catalog, currencies
from tessera_sandboxes.demo_vendor.pages import STYLE
from tessera_sandboxes.demo_vendor.state import Session

MORE_STYLE = """
button{font:inherit;padding:8px 14px;margin:4px;border-radius:6px;border:0;background:#f5c542;color:#111;cursor:pointer}
button[disabled]{opacity:.5;cursor:default}
input{font:inherit;width:7em;padding:6px}
.event{background:#221e35;border-radius:6px;padding:8px;margin:8px 0}
.steps li{margin:2px 0}
button[aria-pressed=true]{background:#4caf50;color:#fff}
[data-field=bets] li{margin:4px 0}
"""
HOW = {
    "baccarat": "Bet on player (1:1), banker (1:1 less 5% commission) or tie (8:1) while the window is open. "
    "The table deals when it closes; player and banker bets push on a tie.",
    "sports": "Pick one outcome for a single, or outcomes of several fixtures for a parlay (odds multiply). "
    "Bets settle when the fixtures end.",
    "cockfight": "Meron, wala or draw (8:1). On a draw, meron and wala bets are refunded. "
    "Bets settle when the fight ends.",
    "fish": "A volley of 5 shots, the stake shared between them; every creature caught pays its multiple.",
    "showdown": "Five cards each, dealt one at a time. The higher bull wins 1.95 times the stake; "
    "the banker takes ties.",
}
STAKE = "10.00"  # the stake a game page offers first, in base units
SCRIPT = (Path(__file__).parent / "game_page.js").read_text()


def _controls(what: str) -> str:
    if what == "baccarat":
        spots = "".join(
            f'<button data-action="bet" data-spot="{spot}">Bet {spot}</button>' for spot in ("player", "banker", "tie")
        )
        return f'<p data-field="window"></p><p>{spots}</p><p data-field="coup"></p>'
    if what in ("sports", "cockfight"):
        return (
            '<section data-field="events"></section><p data-field="slip"></p>'
            '<p><button data-action="bet">Place bet</button></p>'
        )
    label = "Fire a volley" if what == "fish" else "Deal"
    return f'<p><button data-action="bet">{label}</button></p><ol class="steps" data-field="steps"></ol>'


def game_page(
    what: str, vendor: catalog.Vendor, game: catalog.Game, base: str, session: Session, balance_minor: int
) -> str:
    session_id, first_stake = session.id, currencies.of(session.currency).quote(STAKE)
    urls = {
        "kind": what,
        "stateUrl": f"{base}/play/{session_id}/state",
        "betUrl": f"{base}/play/{session_id}/bet",
        "balanceUrl": f"{base}/play/{session_id}/balance",
    }
    config = json.dumps(urls).replace("<", "\\u003c")
    body = (
        f"<header><h1>{escape(game.name)}</h1><span>{escape(vendor.name)}</span>"
        f'<p class="balance">Balance: <output data-field="balance">{to_money(balance_minor)}</output></p></header>'
        f'<p class="note">{escape(HOW[what])}</p>'
        f'<p><label>Stake <input data-field="stake" value="{first_stake}" inputmode="decimal"></label></p>'
        f'{_controls(what)}<p data-field="message" role="status"></p><p data-field="result"></p>'
        '<h2>Your bets</h2><ul data-field="bets"></ul>'
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(game.name)}</title><style>{STYLE}{MORE_STYLE}</style></head>"
        f'<body data-kind="{what}"><main>{body}</main>'
        f'<script type="application/json" id="game-config">{config}</script><script>{SCRIPT}</script></body></html>'
    )
