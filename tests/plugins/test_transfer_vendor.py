"""The transfer-wallet vendor plugin (``transfer-vendor``) against the vendor sandbox over HTTP:
transfers, replays, refusals, outages and lost answers, the catalog, launch links, the brand's
rounds at the vendor and settings.
The game-vendor contract (test_game_vendor.py) runs it too."""

import json
import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from urllib.error import HTTPError
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit
from urllib.request import Request, urlopen

import jsonschema
import pytest
from tessera_sandboxes.transfer_vendor.local import Failure, VendorServer
from tessera_sandboxes.transfer_vendor.server import GAMES

from tessera.plugins import AdapterError, TenantPlugins, plugin_manager
from tessera.plugins.kit.contract import brand
from tessera.plugins.kit.local_http import closed_port
from tessera_plugins import transfer_vendor

VENDORS, CATALOG, LAUNCH = "tessera_game_vendors", "tessera_game_catalog", "tessera_game_launch"
TRANSFER, BALANCE, BETS = "tessera_game_transfer", "tessera_game_balance", "tessera_game_bet_records"
PLAYER = {"id": 7, "username": "player7", "currency": "BDT"}


@pytest.fixture
def vendor():
    server = VendorServer(mount="/vendor")
    yield server
    server.close()


@pytest.fixture
def settings(vendor):
    return vendor.settings(timeout_seconds=5)


def plugins(settings, slug="demo-bd") -> TenantPlugins:
    return TenantPlugins(plugin_manager(), brand({"transfer-vendor": settings}, slug))


def move(settings, amount, direction, transfer_id, player=PLAYER, slug="demo-bd") -> str:
    return plugins(settings, slug).first(
        TRANSFER, vassalage="TWV", player=player, amount=amount, direction=direction, transfer_id=transfer_id
    )


def balance(settings, player=PLAYER, slug="demo-bd") -> str:
    return plugins(settings, slug).first(BALANCE, vassalage="TWV", player=player)


def refusal(call, *args, **kwargs) -> AdapterError:
    with pytest.raises(AdapterError) as refused:
        call(*args, **kwargs)
    return refused.value


def test_the_plugin_is_installed_under_its_name():
    assert plugin_manager().get_plugin("transfer-vendor") is transfer_vendor, (
        "setup.py names it in the entry-point group 'tessera'; reinstall with .venv/bin/pip install -e ."
    )


def test_transfers_in_and_out_move_the_vendor_balance(settings):
    assert move(settings, "100", "in", "t-1") == "100.00"
    assert move(settings, "40.5", "out", "t-2") == "59.50"
    assert balance(settings) == "59.50"
    recorded = transfer_vendor.transfer_status(settings, "t-2")
    assert {k: recorded[k] for k in ("status", "player", "amount", "direction", "balance")} == {
        "status": "done",
        "player": "demo-bd-7",
        "amount": "40.50",
        "direction": "out",
        "balance": "59.50",
    }


def test_a_replay_answers_the_first_result_and_moves_nothing(settings):
    move(settings, "100.00", "in", "t-1")
    assert move(settings, "50.00", "in", "t-2") == "150.00"
    assert move(settings, "100.00", "in", "t-1") == "100.00"
    assert balance(settings) == "150.00"


@pytest.mark.parametrize(
    "replay",
    [
        {"amount": "99.00"},
        {"direction": "out"},
        {"player": {**PLAYER, "id": 8}},
    ],
)
def test_a_replay_with_other_fields_is_a_conflict(settings, replay):
    move(settings, "30.00", "in", "t-1")
    asked = {"amount": "30.00", "direction": "in", "transfer_id": "t-1", **replay}
    assert refusal(move, settings, **asked).code == "transfer_conflict"
    assert [balance(settings), balance(settings, {**PLAYER, "id": 8})] == ["30.00", "0.00"]


def test_more_out_than_the_balance_is_refused_and_stays_refused(settings):
    move(settings, "5.00", "in", "t-1")
    refused = refusal(move, settings, "5.01", "out", "t-2")
    assert (refused.code, refused.params["balance"]) == ("vendor_insufficient_funds", "5.00")
    move(settings, "10.00", "in", "t-3")
    assert refusal(move, settings, "5.01", "out", "t-2").code == "vendor_insufficient_funds"  # its outcome, kept
    assert transfer_vendor.transfer_status(settings, "t-2")["status"] == "refused"
    assert balance(settings) == "15.00"
    assert move(settings, "15.00", "out", "t-4") == "0.00"


def test_an_answer_lost_on_the_way_back_is_settled_by_asking_again(vendor, settings):
    transfer_id = "member:7:GCS_walletTransfer:r-0123456789"  # the shape of the wallet's idempotency keys
    vendor.fail_next(Failure(status=502, after_applying=True))
    assert refusal(move, settings, "25.00", "in", transfer_id).code == "vendor_unavailable"
    assert transfer_vendor.transfer_status(settings, transfer_id)["status"] == "done"
    assert move(settings, "25.00", "in", transfer_id) == "25.00"
    assert balance(settings) == "25.00"


def test_a_transfer_the_vendor_never_did_is_unknown_until_asked_again(vendor, settings):
    vendor.fail_next(Failure(status=503))
    assert refusal(move, settings, "25.00", "in", "t-1").code == "vendor_unavailable"
    assert transfer_vendor.transfer_status(settings, "t-1") == {"transfer_id": "t-1", "status": "unknown"}
    assert move(settings, "25.00", "in", "t-1") == "25.00"


FAILURES = [
    pytest.param(Failure(status=500, body=b"Internal Server Error"), id="500"),
    pytest.param(Failure(status=503), id="503"),
    pytest.param(Failure(status=200, body=b"<html>maintenance</html>"), id="200-not-json"),
    pytest.param(Failure(status=200, body=b"[1, 2]"), id="200-not-an-object"),
    pytest.param(
        Failure(
            status=200,
            body=b'{"transfer_id": "t-1", "status": "done", "balance": 25.0, "player": "x",'
            b' "bets": {}, "games": [{"code": 1}]}',
        ),
        id="200-wrong-shapes",
    ),
    pytest.param(
        Failure(status=200, body=b'{"transfer_id": "t-1", "status": "pending", "balance": "25.00"}'), id="200-not-done"
    ),
    pytest.param(Failure(status=404, body=b'{"error": "not_found"}'), id="404"),
    pytest.param(Failure(status=200, stall=1.5), id="too-slow"),
]


@pytest.mark.parametrize("failure", FAILURES)
def test_a_vendor_that_answers_nothing_usable_is_unavailable(vendor, settings, failure):
    calls = {
        TRANSFER: {"player": PLAYER, "amount": "25.00", "direction": "in", "transfer_id": "t-1"},
        BALANCE: {"player": PLAYER},
        CATALOG: {},
        BETS: {"cursor": None},
    }
    waiting = {**settings, "timeout_seconds": 0.5} if failure.stall else settings  # gives up before a stalled answer
    for hook, kwargs in calls.items():
        vendor.fail_next(failure)
        assert refusal(plugins(waiting).first, hook, vassalage="TWV", **kwargs).code == "vendor_unavailable", hook
    assert transfer_vendor.transfer_status(settings, "t-1")["status"] == "unknown"


def test_a_vendor_that_cannot_be_reached_is_unavailable(settings):
    down = {**settings, "base_url": f"http://127.0.0.1:{closed_port()}/vendor"}
    assert refusal(move, down, "25.00", "in", "t-1").code == "vendor_unavailable"
    assert refusal(balance, down).code == "vendor_unavailable"
    assert refusal(plugins(down).first, CATALOG, vassalage="TWV").code == "vendor_unavailable"
    assert [v["vassalage"] for v in plugins(down).first(VENDORS)] == ["TWV"]  # listed without asking the vendor


def test_a_wrong_secret_is_refused_by_the_vendor_and_moves_nothing(vendor, settings):
    assert refusal(move, {**settings, "secret": "not-the-secret"}, "25.00", "in", "t-1").code == "vendor_unavailable"
    assert balance(settings) == "0.00"
    assert transfer_vendor.transfer_status(settings, "t-1")["status"] == "unknown"


def test_an_unset_secret_sends_nothing(vendor, settings, monkeypatch):
    monkeypatch.delenv("DEMO_VENDOR_SECRET", raising=False)
    assert (
        refusal(move, {**settings, "secret": "env:DEMO_VENDOR_SECRET"}, "25.00", "in", "t-1").code
        == "vendor_unavailable"
    )
    assert refusal(launch, {**settings, "secret": "env:DEMO_VENDOR_SECRET"}).code == "vendor_unavailable"
    assert vendor.requests == 0


def test_the_secret_is_read_from_the_environment(settings, monkeypatch):
    monkeypatch.setenv("DEMO_VENDOR_SECRET", settings["secret"])
    assert move({**settings, "secret": "env:DEMO_VENDOR_SECRET"}, "25.00", "in", "t-1") == "25.00"


@pytest.mark.parametrize("amount", ["0", "-1.00", "1.001", "abc", "NaN", "Infinity"])
def test_an_amount_the_core_never_sends_is_a_fault_not_a_request(vendor, settings, amount):
    with pytest.raises(ValueError):
        move(settings, amount, "in", "t-1")
    assert vendor.requests == 0


def test_two_brands_on_one_operator_have_their_own_players(settings):
    move(settings, "30.00", "in", "bd-1", slug="demo-bd")
    move(settings, "5.00", "in", "ph-1", slug="demo-ph")
    assert [balance(settings, slug="demo-bd"), balance(settings, slug="demo-ph")] == ["30.00", "5.00"]
    assert transfer_vendor.transfer_status(settings, "ph-1")["player"] == "demo-ph-7"


def test_the_vendor_is_one_transfer_wallet_vendor(settings):
    assert plugins({**settings, "game_type": "FISH"}).first(VENDORS) == [
        {"vassalage": "TWV", "displayName": "Tessera Wallet Vendor", "gameType": "FISH", "walletMode": "transfer"}
    ]


def test_the_catalog_is_the_vendors_games(settings):
    games = list(plugins(settings).first(CATALOG, vassalage="TWV"))
    assert [(g["gameCode"], g["displayName"], g["minBet"], g["lines"], g["hot"]) for g in games] == [
        (g["code"], g["name"], g["min_bet"], g["lines"], g["hot"]) for g in GAMES
    ]
    assert {g["gameType"] for g in games} == {"RNG"}
    assert {g["classify"] for g in games} <= {"SC", "VP", "TG", "AC", "JP"}  # the spec's slot classes


def launch(settings, free_play=False, game_code="lucky-lanterns") -> str:
    return plugins(settings).first(
        LAUNCH, vassalage="TWV", game_code=game_code, player=PLAYER, language="bn", device="WEB", free_play=free_play
    )


def page(url: str) -> tuple[int, str]:
    try:
        with urlopen(url, timeout=5) as answer:
            return answer.status, answer.read().decode()
    except HTTPError as error:
        with error:
            return error.code, error.read().decode()


def slot_config(text: str) -> dict:
    return json.loads(re.search(r'id="slot-config">(.*?)</script>', text, re.S).group(1))


def test_a_launch_link_opens_the_game_on_the_vendor(settings):
    move(settings, "12.00", "in", "t-1")
    url = launch(settings)
    assert url.startswith(settings["base_url"] + "/play/lucky-lanterns?")
    status, text = page(url)
    assert status == 200 and "Lucky Lanterns" in text and 'lang="bn"' in text
    assert re.search(r'data-field="balance">12\.00<', text) and slot_config(text)["freePlay"] is False
    free_url = launch(settings, free_play=True)
    assert "player" not in dict(parse_qsl(urlsplit(free_url).query))
    assert slot_config(page(free_url)[1])["freePlay"] is True
    assert page(launch(settings, game_code="no-such-game"))[0] == 404


def test_a_launch_link_changed_by_hand_does_not_open(settings):
    url = urlsplit(launch(settings))
    query = dict(parse_qsl(url.query))
    assert page(url._replace(query=urlencode({**query, "player": "demo-bd-8"})).geturl())[0] == 401


def play(settings, spins: int, slug="demo-bd", player=PLAYER) -> list[dict]:
    """``spins`` spins of Lucky Lanterns at 0.20 a line, through the page a launch link opens."""
    url = plugins(settings, slug).first(
        LAUNCH, vassalage="TWV", game_code="lucky-lanterns", player=player, language="en", device="WEB", free_play=False
    )
    spin_url = urljoin(url, slot_config(page(url)[1])["spinUrl"])
    answers = []
    for _ in range(spins):
        with urlopen(Request(spin_url, data=b'{"lineBet": "0.20"}', method="POST"), timeout=5) as answer:
            answers.append(json.load(answer))
    return answers


def bet_records(settings, cursor=None, slug="demo-bd"):
    return plugins(settings, slug).first(BETS, vassalage="TWV", cursor=cursor)


def feed_end(settings, slug="demo-bd") -> str:
    """The cursor past every round the vendor lists now."""
    cursor = None
    while True:
        answer = bet_records(settings, cursor, slug)
        if not answer["records"]:
            return answer["cursor"]
        cursor = answer["cursor"]


def test_bet_records_are_the_brands_rounds_at_the_vendor(vendor, settings):
    start = datetime.now(UTC) - timedelta(seconds=1)
    cursor = feed_end(settings)
    assert bet_records(settings, cursor) == {"records": [], "cursor": cursor}
    move(settings, "50.00", "in", "t-1")
    move(settings, "50.00", "in", "t-2", slug="demo-ph")
    ours, theirs = play(settings, 3), play(settings, 2, slug="demo-ph")
    end = datetime.now(UTC) + timedelta(seconds=1)
    answer = bet_records(settings, cursor)
    records = answer["records"]
    assert [(r["roundId"], r["memberId"], r["gameCode"], r["bet"], r["payout"]) for r in records] == [
        (a["roundId"], 7, "lucky-lanterns", "5.00", a["payout"]) for a in ours
    ]
    for record in records:
        placed, settled = datetime.fromisoformat(record["placedAt"]), datetime.fromisoformat(record["settledAt"])
        assert placed.tzinfo is not None and start <= placed <= settled <= end
    # The other brand's rounds are left out of this brand's page, and the cursor moves past them too.
    assert int(answer["cursor"]) == int(cursor) + 5
    assert [r["roundId"] for r in bet_records(settings, cursor, slug="demo-ph")["records"]] == [
        a["roundId"] for a in theirs
    ]
    assert bet_records(settings, answer["cursor"]) == {"records": [], "cursor": answer["cursor"]}
    assert Decimal(balance(settings)) == Decimal("50.00") + sum(Decimal(a["payout"]) - 5 for a in ours)


@pytest.mark.parametrize("player", ["demo-bd-x", "demo-bd-", "demo-bd-07", "demo-bdx-7", "other-7", "demo-bd-7-1"])
def test_a_round_of_a_player_not_of_the_brand_is_left_out(vendor, settings, player):
    rounds = [
        {
            "round_id": "r-1",
            "player": player,
            "game_code": "g",
            "bet": "1.00",
            "payout": "0.00",
            "placed_at": "2026-01-01T00:00:00+00:00",
            "settled_at": "2026-01-01T00:00:00+00:00",
        }
    ]
    vendor.fail_next(Failure(status=200, body=json.dumps({"bets": rounds, "next": "41"}).encode()))
    assert bet_records(settings, "40") == {"records": [], "cursor": "41"}


@pytest.mark.parametrize(
    "change",
    [
        {"bet": 1.0},
        {"payout": "1.5"},
        {"round_id": ""},
        {"round_id": "r" * 65},
        {"player": None},
        {"placed_at": "2026-01-01T00:00:00"},
        {"settled_at": "yesterday"},
        {"game_code": 7},
    ],
)
def test_a_round_the_plugin_cannot_read_makes_the_vendor_unavailable(vendor, settings, change):
    good = {
        "round_id": "r-1",
        "player": "demo-bd-7",
        "game_code": "g",
        "bet": "1.00",
        "payout": "0.00",
        "placed_at": "2026-01-01T00:00:00+06:00",
        "settled_at": "2026-01-01T00:00:01+06:00",
    }
    vendor.fail_next(
        Failure(status=200, body=json.dumps({"bets": [good], "next": "1"}).encode()),
        Failure(status=200, body=json.dumps({"bets": [{**good, **change}], "next": "1"}).encode()),
    )
    assert bet_records(settings) == {
        "records": [
            {
                "roundId": "r-1",
                "memberId": 7,
                "gameCode": "g",
                "bet": "1.00",
                "payout": "0.00",
                "placedAt": "2026-01-01T00:00:00+06:00",
                "settledAt": "2026-01-01T00:00:01+06:00",
            }
        ],
        "cursor": "1",
    }
    assert refusal(bet_records, settings).code == "vendor_unavailable"


@pytest.mark.parametrize(
    "answer",
    [{"bets": []}, {"bets": [], "next": ""}, {"bets": [], "next": 4}, {"bets": [], "next": "x"}, {"next": "1"}],
)
def test_a_page_without_its_next_position_makes_the_vendor_unavailable(vendor, settings, answer):
    vendor.fail_next(Failure(status=200, body=json.dumps(answer).encode()))
    assert refusal(bet_records, settings).code == "vendor_unavailable"


DEMO_TABLE = {
    "base_url": "http://127.0.0.1:6550/vendor",
    "operator_id": "demo-bd",
    "secret": "env:DEMO_VENDOR_SECRET",
    "vassalage": "TWV",
    "display_name": "Tessera Wallet",
    "game_type": "RNG",
    "timeout_seconds": 10,
}


@pytest.mark.parametrize(
    ("changes", "valid"),
    [
        ({}, True),
        ({"base_url": "https://vendor.example"}, True),
        ({"base_url": "127.0.0.1:6550/vendor"}, False),
        ({"operator_id": "demo bd"}, False),
        ({"vassalage": "twv"}, False),
        ({"game_type": "SLOTS"}, False),
        ({"timeout_seconds": 0}, False),
        ({"currency": "BDT"}, False),
    ],
)
def test_the_settings_schema(changes, valid):
    table = {**DEMO_TABLE, **changes}
    assert jsonschema.Draft202012Validator(transfer_vendor.SETTINGS_SCHEMA).is_valid(table) is valid
    assert (
        jsonschema.Draft202012Validator(transfer_vendor.SETTINGS_SCHEMA).is_valid(
            {k: v for k, v in DEMO_TABLE.items() if k != "secret"}
        )
        is False
    )
