"""The demo vendor's games that are not slots, played through a brand's seamless wallet over HTTP:
a baccarat table takes bets in its window and settles them after the deal; sportsbook, esports
and cockfight bets are debited at once and stay unsettled until the desk enters results, then
settle, resettle after a corrected result or are cancelled when called off; fish and card rounds
are played out in steps and settled at once. And the games' own rules (baccarat's tableau and
payouts, parlays, the pit's draw)."""

import json
import random
import time
from decimal import Decimal
from urllib.parse import urlsplit

import pytest
from tessera_sandboxes.demo_vendor import baccarat, catalog, cockfight, fish, showdown, sports, tables

from demo_vendor_wallet import Wallet
from test_demo_vendor_play import START, TOKEN, fetch, launch, settings, vendor, wallet  # noqa: F401 -- fixtures

BACCARAT = next(g for g in catalog.games_by_vendor()["VLC"] if tables.kind(g) == "baccarat")
BOOK = catalog.games_by_vendor()["SBK"][0]
ESPORTS = catalog.games_by_vendor()["AV"][0]
ARENA = catalog.games_by_vendor()["DS88"][0]
FISH = catalog.games_by_vendor()["OCN"][0]
CARDS = catalog.games_by_vendor()["CARD"][0]


def base(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}"


def opened(settings, wallet, game) -> str:  # noqa: F811 -- the fixture's value
    url = launch(settings, wallet, game=game)
    status, page = fetch(url)
    assert status == 200 and f'data-kind="{tables.kind(game)}"' in page, page[:300]
    return base(url)


def bet(page: str, body: dict) -> tuple[int, dict]:
    status, text = fetch(f"{page}/bet", body)
    return status, json.loads(text)


def state(page: str) -> dict:
    return json.loads(fetch(f"{page}/state")[1])


def desk(vendor, event: str, result: str) -> dict:  # noqa: F811
    status, text = fetch(f"{vendor.base_url}/desk/results", {"event": event, "result": result})
    assert status == 200, text
    return json.loads(text)


def money(wallet) -> str:  # noqa: F811
    return wallet.balance(7)


class TestRules:
    def test_the_baccarat_tableau(self):
        for seed in range(300):
            coup = baccarat.deal(random.Random(seed))
            assert 2 <= len(coup["player"]) <= 3 and 2 <= len(coup["banker"]) <= 3
            if coup["playerTotal"] >= 8 and len(coup["player"]) == 2:
                assert len(coup["banker"]) == 2  # a natural ends the coup
        assert baccarat._banker_draws(3, 8) is False and baccarat._banker_draws(6, 7) is True

    def test_baccarat_payouts(self):
        banker_six = {"winner": "banker", "bankerTotal": 6}
        assert baccarat.payout_minor({"banker": 1000}, banker_six, no_commission=False) == 1950
        assert baccarat.payout_minor({"banker": 1000}, banker_six, no_commission=True) == 1500
        tie = {"winner": "tie", "bankerTotal": 5}
        assert baccarat.payout_minor({"player": 1000, "tie": 100}, tie, no_commission=False) == 1000 + 900

    def test_a_parlay_multiplies_and_loses_on_any_leg(self):
        legs = [{"event": "a", "pick": "home", "odds": "1.50"}, {"event": "b", "pick": "away", "odds": "2.00"}]
        assert sports.outcome(1000, legs, {"a": "home"}) == ("open", 0)
        assert sports.outcome(1000, legs, {"a": "away"}) == ("decided", 0)
        assert sports.outcome(1000, legs, {"a": "home", "b": "away"}) == ("decided", 3000)
        assert sports.outcome(1000, legs, {"a": "void", "b": "away"}) == ("decided", 2000)
        assert sports.outcome(1000, legs, {"a": "void", "b": "void"}) == ("void", 1000)

    def test_the_pit_refunds_meron_and_wala_on_a_draw(self):
        meron = [{"event": "f", "pick": "meron", "odds": "1.90"}]
        draw = [{"event": "f", "pick": "draw", "odds": cockfight.DRAW_ODDS}]
        assert sports.outcome(1000, meron, {"f": "draw"}, cockfight.leg_factor) == ("decided", 1000)
        assert sports.outcome(1000, draw, {"f": "draw"}, cockfight.leg_factor) == ("decided", 9000)
        assert sports.outcome(1000, meron, {"f": "wala"}, cockfight.leg_factor) == ("decided", 0)

    def test_multi_step_rounds(self):
        steps, paid = fish.volley(random.Random(1), 200)
        assert len(steps) == fish.SHOTS and paid == sum(step["payMinor"] for step in steps)
        steps, paid = showdown.play(random.Random(2), 1000)
        assert len(steps) == 11 and paid in (0, int(Decimal(1000) * showdown.WIN_RETURNS))

    def test_every_category_has_a_playable_game(self):
        kinds = {tables.kind(g) for g in catalog.games_by_code().values()}
        assert {"baccarat", "sports", "cockfight", "fish", "showdown"} <= kinds


class TestThroughTheWallet:
    def test_a_baccarat_bet_settles_after_the_window(self, vendor, settings, wallet, monkeypatch):  # noqa: F811
        monkeypatch.setenv("DEMO_VENDOR_LIVE_WINDOW", "2")
        page = opened(settings, wallet, BACCARAT)
        while not state(page)["open"]:
            time.sleep(0.2)
        status, placed = bet(page, {"bets": {"banker": "10.00"}})
        assert status == 200 and placed["round"]["status"] == "open"
        assert money(wallet) == "990.00"
        deadline = time.time() + 15
        while state(page)["bets"][0]["status"] != "settled" and time.time() < deadline:
            time.sleep(0.3)
        settled = state(page)["bets"][0]
        assert settled["status"] == "settled" and settled["payout"] in ("0.00", "10.00", "19.50")
        assert money(wallet) == f"{990 + float(settled['payout']):.2f}"

    def test_bets_outside_the_window_are_refused(self, vendor, settings, wallet, monkeypatch):  # noqa: F811
        monkeypatch.setenv("DEMO_VENDOR_LIVE_WINDOW", "1")
        page = opened(settings, wallet, BACCARAT)
        while state(page)["open"]:
            time.sleep(0.1)
        assert bet(page, {"bets": {"player": "10.00"}}) == (409, {"error": "betting_closed"})
        assert money(wallet) == START

    def test_a_single_settles_later_and_is_resettled_after_a_correction(self, vendor, settings, wallet):  # noqa: F811
        page = opened(settings, wallet, BOOK)
        event = state(page)["events"][0]
        status, placed = bet(page, {"stake": "10.00", "legs": [{"event": event["id"], "pick": "home"}]})
        assert status == 200 and placed["round"]["status"] == "open" and money(wallet) == "990.00"
        won = int(Decimal(event["picks"]["home"]) * 1000)
        desk(vendor, event["id"], "home")
        assert state(page)["bets"][0]["status"] == "settled" and wallet.balances[7] == 99000 + won
        desk(vendor, event["id"], "away")  # the result corrected
        assert state(page)["bets"][0]["status"] == "resettled" and money(wallet) == "990.00"
        assert bet(page, {"stake": "10.00", "legs": [{"event": event["id"], "pick": "home"}]})[0] == 409

    def test_a_parlay_and_a_fixture_called_off(self, vendor, settings, wallet):  # noqa: F811
        page = opened(settings, wallet, ESPORTS)
        first, second = state(page)["events"][:2]
        legs = [{"event": first["id"], "pick": "home"}, {"event": second["id"], "pick": "away"}]
        assert bet(page, {"stake": "10.00", "legs": legs})[1]["round"]["ticket"]["kind"] == "parlay"
        assert bet(page, {"stake": "5.00", "legs": [legs[0]]})[0] == 200
        assert money(wallet) == "985.00"
        desk(vendor, first["id"], "void")  # the single is cancelled, the parlay waits on its other leg
        statuses = sorted(b["status"] for b in state(page)["bets"])
        assert statuses == ["cancelled", "open"] and money(wallet) == "990.00"
        desk(vendor, second["id"], "away")
        paid = int(Decimal(second["picks"]["away"]) * 1000)
        assert wallet.balances[7] == 99000 + paid

    def test_a_cockfight_draw(self, vendor, settings, wallet):  # noqa: F811
        page = opened(settings, wallet, ARENA)
        fight = state(page)["events"][0]
        bet(page, {"stake": "10.00", "legs": [{"event": fight["id"], "pick": "meron"}]})
        bet(page, {"stake": "10.00", "legs": [{"event": fight["id"], "pick": "draw"}]})
        assert money(wallet) == "980.00"
        assert set(desk(vendor, fight["id"], "draw")["rounds"].values()) == {"settled"}
        assert money(wallet) == f"{980 + 10 + 90:.2f}"

    @pytest.mark.parametrize("game", [FISH, CARDS], ids=["fish", "cards"])
    def test_a_round_of_steps_settles_at_its_end(self, vendor, settings, wallet, game):  # noqa: F811
        page = opened(settings, wallet, game)
        status, played = bet(page, {"stake": "10.00"})
        assert status == 200 and played["round"]["status"] == "settled" and len(played["steps"]) >= 5
        assert wallet.balances[7] == 99000 + int(Decimal(played["payout"]) * 100)
        assert [c["operation"] for c in wallet.calls][-2:] == ["debit", "credit"]

    def test_bad_bets_are_refused(self, vendor, settings, wallet):  # noqa: F811
        page = opened(settings, wallet, BOOK)
        event = state(page)["events"][0]
        for body in (
            {"stake": "10.00", "legs": []},
            {"stake": "0.50", "legs": [{"event": event["id"], "pick": "home"}]},
            {"stake": "10.00", "legs": [{"event": "nope", "pick": "home"}]},
        ):
            assert bet(page, body)[0] == 400
        assert fetch(f"{vendor.base_url}/desk/results", {"event": event["id"], "result": "maybe"})[0] == 404
        assert money(wallet) == START


def test_dong_stakes_are_whole_thousands_and_wins_whole_dong(vendor, settings):  # noqa: F811
    """A dong player's table limits are a thousand times the base ones (1,000 to 10,000,000 dong)
    and every payout is rounded down to a whole dong: the card room's 1.95 times 10,050 dong pays
    19,597 dong, never 19,597.50, which the brand's wallet would refuse."""
    dong = Wallet(settings, slug="demo-bd", currency="VND")
    dong.add_member(7, "1000000.00", TOKEN)
    try:
        url = launch(settings, dong, game=CARDS, currency="VND")
        assert 'value="10000.00"' in fetch(url)[1]  # the first stake offered: 10,000 dong
        page = base(url)
        assert bet(page, {"stake": "10.00"}) == (400, {"error": "bet_invalid"})  # under 1,000 dong
        assert bet(page, {"stake": "100.50"}) == (400, {"error": "bet_invalid"})  # not a whole dong
        payouts = {bet(page, {"stake": "10050.00"})[1]["payout"] for _ in range(12)}
        assert payouts <= {"0.00", "19597.00"} and len(payouts) == 2, payouts
        credited = [c["call"]["amount"] for c in dong.calls if c["operation"] == "credit"]
        assert credited and all(amount.endswith(".00") for amount in credited)
    finally:
        dong.close()


def test_free_play_opens_the_lobby_and_takes_no_bets(settings, wallet):  # noqa: F811
    url = launch(settings, wallet, game=BOOK, free_play=True)
    status, page = fetch(url)
    assert status == 200 and 'data-field="lobby-note"' in page and "data-kind" not in page
    assert bet(base(url), {"stake": "10.00", "legs": []})[0] == 401
    assert wallet.calls == []


def test_a_round_is_decided_once_whoever_deals_it(vendor, settings, wallet, monkeypatch):  # noqa: F811
    """The retrier and a player's page both deal a closed table: its bets are credited once."""
    monkeypatch.setenv("DEMO_VENDOR_LIVE_WINDOW", "1")
    page = opened(settings, wallet, BACCARAT)
    while not state(page)["open"]:
        time.sleep(0.05)
    bet(page, {"bets": {"player": "10.00"}})
    games = vendor.app.games
    placed = games.store.rounds_of([BACCARAT.code], ("open",))
    time.sleep(max(0, placed[0].outcome["closesAt"] - time.time()) + 0.1)
    games.deal_due()
    games.book.settle(placed[0], 12345, {})  # a second dealer, holding the round as it was before
    assert [c["operation"] for c in wallet.calls].count("credit") == 1
    assert games.store.round(placed[0].round_id).payout_minor != 12345
