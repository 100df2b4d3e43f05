"""The vendor's games that are not slots, as its game pages play them: which kind of game each is,
what its page shows (``state``), a bet on it (``bet``), and how its open rounds are decided (a live
table's coup once its window closed: ``deal_due``; a fixture's or a fight's result from the desk:
``enter_result``).

Kinds: ``baccarat`` (the live vendors' baccarat tables), ``fish``, ``showdown`` (the card room),
``sports`` (sportsbooks and esports books) and ``cockfight``. The other live tables stay the
vendor's lobby."""

import hashlib
import hmac
import random
import secrets
import time

from tessera_plugins.demo_vendor.protocol import MONEY, to_minor, to_money
from tessera_sandboxes.demo_vendor import baccarat, catalog, cockfight, currencies, fish, showdown, sports
from tessera_sandboxes.demo_vendor.book import OPEN, RESETTLED, SETTLED, Book
from tessera_sandboxes.demo_vendor.play import SpinRefused
from tessera_sandboxes.demo_vendor.state import Round, Session

COCKFIGHT_VENDORS = ("DS88", "WS168", "SV3")
LEAST_MINOR, MOST_MINOR = 100, 1_000_000  # 1.00 to 10,000.00 base units a bet
BOOKS = {"sports": sports, "cockfight": cockfight}


def kind(game: catalog.Game) -> str | None:
    if game.game_type == "LIVE":
        return "baccarat" if "Baccarat" in game.name and "Bac Bo" not in game.name else None
    if game.game_type == "SPORTS":
        return "cockfight" if game.vendor in COCKFIGHT_VENDORS else "sports"
    return {"FISH": "fish", "PVP": "showdown"}.get(game.game_type)


def _stake(value, currency: str) -> int:
    """A stake within the tables' limits in the session's currency, written as that currency can."""
    money = currencies.of(currency)
    if not (isinstance(value, str) and MONEY.fullmatch(value)):
        raise SpinRefused(400, "bet_invalid")
    stake = to_minor(value)
    if not money.limit(LEAST_MINOR) <= stake <= money.limit(MOST_MINOR) or money.payable(stake) != stake:
        raise SpinRefused(400, "bet_invalid")
    return stake


def shown(placed: Round) -> dict:
    return {
        "roundId": placed.round_id,
        "status": placed.status,
        "stake": to_money(placed.bet_minor),
        "payout": None if placed.payout_minor is None else to_money(placed.payout_minor),
        "ticket": placed.outcome,
    }


class Games:
    def __init__(self, book: Book):
        self.book, self.store = book, book.store
        self.key = secrets.token_bytes(32)  # the tables' coups: unknown until dealt

    # -- What a page shows ---------------------------------------------------------------------

    def state(self, session: Session, game: catalog.Game, now: float | None = None) -> dict:
        now = time.time() if now is None else now
        what = kind(game)
        if what == "baccarat":
            self.deal_due(now)
            table = baccarat.TableRound.at(now)
            state = {
                "table": table.number,
                "open": table.open_at(now),
                "closesIn": max(0, table.closes_at - now),
                # The coup dealt last: this round's once its window closed, else the round before.
                "lastCoup": self.coup(game.code, table.number if now >= table.closes_at else table.number - 1),
            }
        elif what in BOOKS:
            events = BOOKS[what].events(game)
            results = self.store.results([event["id"] for event in events])
            state = {"events": [{**event, "result": results.get(event["id"])} for event in events]}
        else:
            state = {}
        return {"kind": what, **state, "bets": [shown(r) for r in self.store.player_rounds(session.id)]}

    # -- Bets ----------------------------------------------------------------------------------

    def bet(self, session: Session, game: catalog.Game, asked: dict, now: float | None = None) -> dict:
        now = time.time() if now is None else now
        what = kind(game)
        if what == "baccarat":
            return self._baccarat(session, asked, now)
        if what in BOOKS:
            return self._ticket(session, game, BOOKS[what], asked)
        if what in ("fish", "showdown"):
            return self._instant(session, what, _stake(asked.get("stake"), session.currency))
        raise SpinRefused(404, "game_unavailable")

    def _baccarat(self, session: Session, asked: dict, now: float) -> dict:
        table = baccarat.TableRound.at(now)
        if not table.open_at(now):
            raise SpinRefused(409, "betting_closed")
        spots = asked.get("bets")
        if not isinstance(spots, dict) or not spots or set(spots) - set(baccarat.SPOTS):
            raise SpinRefused(400, "bet_invalid")
        bets = {spot: _stake(amount, session.currency) for spot, amount in spots.items()}
        ticket = {"table": table.number, "bets": bets, "closesAt": table.closes_at}
        placed, balance = self.book.place(session, sum(bets.values()), ticket)
        return {"round": shown(placed), "balance": to_money(balance)}

    def _ticket(self, session: Session, game: catalog.Game, book, asked: dict) -> dict:
        events = {event["id"]: event for event in book.events(game)}
        picks = asked.get("legs")
        if not isinstance(picks, list) or not 1 <= len(picks) <= sports.MAX_LEGS:
            raise SpinRefused(400, "bet_invalid")
        legs = []
        for pick in picks:
            event = events.get(pick.get("event")) if isinstance(pick, dict) else None
            if (
                event is None
                or pick.get("pick") not in event["picks"]
                or any(leg["event"] == event["id"] for leg in legs)
            ):
                raise SpinRefused(400, "bet_invalid")
            legs.append(
                {
                    "event": event["id"],
                    "name": event["name"],
                    "pick": pick["pick"],
                    "odds": event["picks"][pick["pick"]],
                }
            )
        if self.store.results([leg["event"] for leg in legs]):
            raise SpinRefused(409, "betting_closed")  # a decided event takes no more bets
        ticket = {"kind": "single" if len(legs) == 1 else "parlay", "legs": legs}
        placed, balance = self.book.place(session, _stake(asked.get("stake"), session.currency), ticket)
        return {"round": shown(placed), "balance": to_money(balance)}

    def _instant(self, session: Session, what: str, stake_minor: int) -> dict:
        rng = random.SystemRandom()
        if what == "fish":  # the stake shared between the volley's shots, in whole minor units
            per_shot = stake_minor // fish.SHOTS
            placed, _ = self.book.place(session, per_shot * fish.SHOTS, {"kind": what})
            steps, payout = fish.volley(rng, per_shot)
        else:
            placed, _ = self.book.place(session, stake_minor, {"kind": what})
            steps, payout = showdown.play(rng, stake_minor)
        payout = currencies.of(session.currency).payable(payout)
        status = self.book.settle(placed, payout, {"kind": what, "steps": steps})
        after = self.store.round(placed.round_id)
        return {"round": {**shown(after), "status": status}, "steps": steps, "payout": to_money(payout)}

    # -- Deciding open rounds ------------------------------------------------------------------

    def coup(self, game_code: str, number: int) -> dict:
        seed = hmac.new(self.key, f"{game_code}:{number}".encode(), hashlib.sha256).digest()
        return baccarat.deal(random.Random(seed))

    def deal_due(self, now: float | None = None) -> int:
        """Settle the baccarat bets of every table round whose window closed; how many."""
        now = time.time() if now is None else now
        codes = [g.code for g in catalog.games_by_code().values() if kind(g) == "baccarat"]
        settled = 0
        for placed in self.store.rounds_of(codes, (OPEN,)):
            ticket = placed.outcome or {}
            if ticket.get("closesAt", now) > now:
                continue
            coup = self.coup(placed.game_code, ticket["table"])
            game = catalog.game(placed.game_code)
            payout = baccarat.payout_minor(ticket["bets"], coup, "No Commission" in game.name)
            self.book.settle(placed, payout, {**ticket, "coup": coup})
            settled += 1
        return settled

    def enter_result(self, event_id: str, result: str) -> dict:
        """The desk enters (or corrects) an event's result: its bets are settled, cancelled or
        resettled. ``{event, result, rounds: {roundId: status}}``; a ``SpinRefused`` for an event
        or result the book does not have."""
        game = catalog.game(event_id.rsplit(".", 1)[0])
        what = kind(game) if game else None
        book = BOOKS.get(what)
        event = next((e for e in book.events(game) if e["id"] == event_id), None) if book else None
        if event is None or result not in (*event["picks"], sports.VOID):
            raise SpinRefused(404, "event_unknown")
        self.store.enter_result(event_id, result, time.time())
        decided = {}
        factor = book.leg_factor
        for placed in self.store.rounds_of([game.code], (OPEN, SETTLED, RESETTLED)):
            legs = (placed.outcome or {}).get("legs", [])
            if not any(leg["event"] == event_id for leg in legs):
                continue
            results = self.store.results([leg["event"] for leg in legs])
            how, payout = sports.outcome(placed.bet_minor, legs, results, factor)
            outcome = {**placed.outcome, "results": results}
            if how == sports.VOID:
                decided[placed.round_id] = self.book.cancel(placed, outcome)
            elif how == "decided" and placed.status == OPEN:
                decided[placed.round_id] = self.book.settle(placed, payout, outcome)
            elif how == "decided" and payout != placed.payout_minor:
                decided[placed.round_id] = self.book.resettle(placed, payout, outcome)
        return {"event": event_id, "result": result, "rounds": decided}
