"""The development transfer-wallet vendor (``tessera_sandboxes.transfer_vendor.server``): forged,
stale and malformed requests, its own record of transfers, its state on disk, many transfers
for one player at once (sent over HTTP with the plugin's client), and its playable slots: the
game page behind a signed link, spins paid from the vendor wallet, free play, the rounds."""

import hashlib
import hmac
import json
import re
import threading
import time
from datetime import datetime, timedelta
from decimal import Decimal
from urllib.error import HTTPError
from urllib.parse import parse_qsl, urlencode, urlsplit
from urllib.request import Request, urlopen

import pytest
import webtest
from tessera_sandboxes.slots import engine, page
from tessera_sandboxes.transfer_vendor import server as sandbox
from tessera_sandboxes.transfer_vendor.local import VendorServer
from tessera_sandboxes.transfer_vendor.server import GAMES, make_app, operator_secrets

from tessera.plugins import AdapterError
from tessera_plugins.transfer_vendor import VendorClient
from tessera_plugins.transfer_vendor.protocol import canonical_query, sign

OPERATOR, SECRET = "demo-bd", "a-development-secret"


@pytest.fixture
def app():
    return webtest.TestApp(make_app({OPERATOR: SECRET, "demo-ph": "another-secret"}))


def call(app, method, path, query=None, body=None, *, secret=SECRET, operator=OPERATOR, timestamp=None, tamper=None):
    """A request signed as the protocol says (``tamper`` changes it after signing); the webtest response."""
    query_text = canonical_query(query or {})
    data = json.dumps(body).encode() if body is not None else b""
    timestamp = int(time.time()) if timestamp is None else timestamp
    request = {
        "method": method,
        "path": path,
        "query": query_text,
        "body": data,
        "headers": {
            "X-Operator-Id": operator,
            "X-Timestamp": str(timestamp),
            "X-Signature": sign(secret, method, path, query_text, operator, timestamp, data),
        },
    }
    if tamper:
        tamper(request)
    url = request["path"] + (f"?{request['query']}" if request["query"] else "")
    return app.request(
        url,
        method=request["method"],
        body=request["body"],
        headers=request["headers"],
        content_type="application/json",
        expect_errors=True,
    )


def transfer(app, amount, direction, transfer_id, player="demo-bd-7", **signing):
    body = {"player": player, "amount": amount, "direction": direction, "transfer_id": transfer_id}
    return call(app, "POST", "/wallet/transfer", body=body, **signing)


def balance(app, player="demo-bd-7", **signing) -> str:
    return call(app, "GET", "/wallet/balance", {"player": player}, **signing).json["balance"]


def test_a_signed_transfer_is_done_and_recorded(app):
    answer = transfer(app, "100.00", "in", "t-1")
    assert answer.status_int == 200
    assert {k: answer.json[k] for k in ("transfer_id", "status", "balance", "amount", "direction", "player")} == {
        "transfer_id": "t-1",
        "status": "done",
        "balance": "100.00",
        "amount": "100.00",
        "direction": "in",
        "player": "demo-bd-7",
    }
    assert call(app, "GET", "/wallet/transfer/t-1").json == answer.json
    assert balance(app) == "100.00"


def test_the_documented_canonical_string_is_what_the_vendor_checks(app):
    """Signed by hand from the protocol's description, not with the plugin's code."""
    body = b'{"player": "demo-bd-7", "amount": "12.30", "direction": "in", "transfer_id": "by-hand"}'
    timestamp = str(int(time.time()))
    canonical = "\n".join(["POST", "/wallet/transfer", "", OPERATOR, timestamp, hashlib.sha256(body).hexdigest()])
    signature = hmac.new(SECRET.encode(), canonical.encode(), hashlib.sha256).hexdigest()
    answer = app.post(
        "/wallet/transfer",
        body,
        content_type="application/json",
        headers={"X-Operator-Id": OPERATOR, "X-Timestamp": timestamp, "X-Signature": signature},
    )
    assert answer.json["balance"] == "12.30"


def _drop_headers(request):
    request["headers"] = {}


def _drop_signature(request):
    del request["headers"]["X-Signature"]


def _other_body(request):
    request["body"] = request["body"].replace(b'"5.00"', b'"500.00"')


def _other_operator(request):
    request["headers"]["X-Operator-Id"] = "demo-ph"


def _other_path(request):
    request["path"] = "/wallet/transfer/t-forged"


@pytest.mark.parametrize(
    "forgery",
    [
        pytest.param({"tamper": _drop_headers}, id="no-headers"),
        pytest.param({"tamper": _drop_signature}, id="no-signature"),
        pytest.param({"secret": "not-the-secret"}, id="wrong-secret"),
        pytest.param({"secret": "another-secret"}, id="another-operators-secret"),
        pytest.param({"operator": "nobody", "secret": "x"}, id="unknown-operator"),
        pytest.param({"tamper": _other_body}, id="body-changed-after-signing"),
        pytest.param({"tamper": _other_operator}, id="operator-changed-after-signing"),
    ],
)
def test_a_forged_transfer_is_refused_and_moves_nothing(app, forgery):
    answer = transfer(app, "5.00", "in", "t-forged", **forgery)
    assert (answer.status_int, answer.json) == (401, {"error": "signature_invalid"})
    assert call(app, "GET", "/wallet/transfer/t-forged").json["status"] == "unknown"
    assert balance(app) == "0.00"


def test_a_signature_is_for_one_call_only(app):
    transfer(app, "5.00", "in", "t-1")
    other_player = call(
        app,
        "GET",
        "/wallet/balance",
        {"player": "demo-bd-7"},
        tamper=lambda request: request.update(query=canonical_query({"player": "demo-bd-8"})),
    )
    other_call = call(app, "GET", "/wallet/transfer/t-1", tamper=lambda request: request.update(path="/wallet/balance"))
    assert [other_player.status_int, other_call.status_int] == [401, 401]


@pytest.mark.parametrize("age", [-301, 301, 86400])
def test_a_stale_or_future_timestamp_is_refused(app, age):
    answer = transfer(app, "5.00", "in", "t-old", timestamp=int(time.time()) - age)
    assert (answer.status_int, answer.json) == (401, {"error": "timestamp_stale"})
    assert balance(app) == "0.00"


def test_a_timestamp_a_little_off_is_accepted(app):
    assert transfer(app, "5.00", "in", "t-skewed", timestamp=int(time.time()) - 250).status_int == 200


def test_an_operator_without_a_secret_lets_no_one_in(monkeypatch):
    monkeypatch.delenv("DEMO_VENDOR_SECRET", raising=False)
    app = webtest.TestApp(make_app(operator_secrets()))
    assert transfer(app, "5.00", "in", "t-1", secret="").status_int == 401
    monkeypatch.setenv("DEMO_VENDOR_SECRET", SECRET)
    assert {operator: operator_secrets()[operator] for operator in ("demo-bd", "demo-ph")} == {
        "demo-bd": SECRET,
        "demo-ph": SECRET,
    }


@pytest.mark.parametrize(
    "changes",
    [
        {"amount": "10.5"},
        {"amount": "10.005"},
        {"amount": 10.5},
        {"amount": "0.00"},
        {"amount": "-1.00"},
        {"amount": "1e3"},
        {"direction": "sideways"},
        {"transfer_id": ""},
        {"transfer_id": "t 1"},
        {"player": "demo bd"},
        {"player": None},
    ],
)
def test_a_malformed_transfer_is_refused(app, changes):
    body = {"player": "demo-bd-7", "amount": "10.00", "direction": "in", "transfer_id": "t-1", **changes}
    answer = call(app, "POST", "/wallet/transfer", body=body)
    assert (answer.status_int, answer.json) == (400, {"error": "invalid_request"})
    assert call(app, "GET", "/wallet/transfer/t-1").json["status"] == "unknown"


def test_a_transfer_id_is_answered_with_its_first_outcome(app):
    assert transfer(app, "30.00", "in", "t-1").json["balance"] == "30.00"
    assert transfer(app, "50.00", "out", "t-2").status_int == 422
    assert transfer(app, "40.00", "in", "t-3").json["balance"] == "70.00"
    replays = [transfer(app, "30.00", "in", "t-1"), transfer(app, "50.00", "out", "t-2")]
    assert [(r.status_int, r.json["status"], r.json["balance"]) for r in replays] == [
        (200, "done", "30.00"),
        (422, "refused", "30.00"),
    ]
    assert replays[1].json["error"] == "insufficient_funds"
    conflicts = [
        transfer(app, "31.00", "in", "t-1"),
        transfer(app, "30.00", "out", "t-1"),
        transfer(app, "30.00", "in", "t-1", player="demo-bd-8"),
    ]
    assert [(c.status_int, c.json["error"]) for c in conflicts] == [(409, "transfer_conflict")] * 3
    assert [call(app, "GET", f"/wallet/transfer/{t}").json["status"] for t in ("t-1", "t-2", "t-3", "t-4")] == [
        "done",
        "refused",
        "done",
        "unknown",
    ]
    assert balance(app) == "70.00"


def test_operators_have_their_own_players_and_transfer_ids(app):
    transfer(app, "30.00", "in", "t-1")
    other = {"operator": "demo-ph", "secret": "another-secret"}
    assert transfer(app, "5.00", "in", "t-1", **other).json["balance"] == "5.00"
    assert [balance(app), balance(app, **other)] == ["30.00", "5.00"]


def test_the_games_and_the_bets(app):
    assert [g["code"] for g in call(app, "GET", "/games").json["games"]] == [g["code"] for g in GAMES]
    assert call(app, "GET", "/bets").json == {"bets": [], "next": "0"}
    assert call(app, "GET", "/bets", {"after": "12", "limit": "5"}).json == {"bets": [], "next": "12"}
    for bad in ({"after": "x"}, {"after": "-1"}, {"after": "07"}, {"limit": "0"}, {"limit": "501"}, {"limit": "a"}):
        assert call(app, "GET", "/bets", bad).status_int == 400


def test_an_unknown_call_is_not_found(app):
    assert call(app, "GET", "/wallet/nothing").status_int == 404
    assert call(app, "DELETE", "/wallet/transfer").status_int == 404


def test_with_a_state_dir_balances_and_transfers_survive_a_restart(tmp_path):
    first = webtest.TestApp(make_app({OPERATOR: SECRET}, tmp_path))
    transfer(first, "80.00", "in", "t-1")
    restarted = webtest.TestApp(make_app({OPERATOR: SECRET}, tmp_path))
    assert balance(restarted) == "80.00"
    assert transfer(restarted, "80.00", "in", "t-1").json["balance"] == "80.00"  # still a replay
    assert balance(webtest.TestApp(make_app({OPERATOR: SECRET}))) == "0.00"  # without one, memory only


# -- Many transfers at once ----------------------------------------------------------------


def _settings(server: VendorServer, operator_id: str, secret: str) -> dict:
    return {
        "base_url": server.base_url,
        "operator_id": operator_id,
        "secret": secret,
        "vassalage": "TWV",
        "display_name": "TWV",
        "timeout_seconds": 30,
    }


def _hammer(servers: list[VendorServer], operator_id: str, secret: str) -> tuple[Decimal, list]:
    """8 threads, each moving 3.00 in and 7.00 out in turn for one player, spread over ``servers``;
    what the transfers answered, from a balance of 50.00."""
    clients = [VendorClient(_settings(server, operator_id, secret)) for server in servers]
    clients[0].transfer("demo-bd-7", "50.00", "in", "seed")
    outcomes, lock = [], threading.Lock()

    def worker(n: int) -> None:
        for i in range(24):
            amount, direction = ("3.00", "in") if i % 2 else ("7.00", "out")
            try:
                clients[(n + i) % len(clients)].transfer("demo-bd-7", amount, direction, f"w{n}-{i}")
                outcome = "done"
            except AdapterError as refused:
                outcome = refused.code
            with lock:
                outcomes.append((f"w{n}-{i}", Decimal(amount), direction, outcome))

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    final = Decimal(clients[0].balance("demo-bd-7"))
    return final, outcomes


def _expected(outcomes) -> Decimal:
    done = [amount if direction == "in" else -amount for _, amount, direction, outcome in outcomes if outcome == "done"]
    return Decimal("50.00") + sum(done)


def test_concurrent_transfers_for_one_player_keep_the_balance_exact():
    server = VendorServer()
    try:
        operator_id, secret = server.open_operator()
        final, outcomes = _hammer([server], operator_id, secret)
        client = VendorClient(_settings(server, operator_id, secret))
        recorded = {transfer_id: client.transfer_status(transfer_id)["status"] for transfer_id, *_ in outcomes}
    finally:
        server.close()
    assert len(outcomes) == 8 * 24
    # 50.00 and 96 ins of 3.00 cannot pay 96 outs of 7.00: some outs must be refused.
    assert {outcome for *_, outcome in outcomes} == {"done", "vendor_insufficient_funds"}
    assert final == _expected(outcomes) >= 0
    assert recorded == {
        transfer_id: "done" if outcome == "done" else "refused" for transfer_id, *_, outcome in outcomes
    }


def test_two_sandboxes_sharing_a_state_dir_keep_the_balance_exact(tmp_path):
    """Two apps, two SQLite connections to one file: what two sandbox processes would share."""
    servers = [VendorServer(state_dir=tmp_path), VendorServer(state_dir=tmp_path)]
    try:
        operator_id, secret = servers[0].open_operator()
        servers[1].secrets[operator_id] = secret
        final, outcomes = _hammer(servers, operator_id, secret)
    finally:
        for server in servers:
            server.close()
    assert {outcome for *_, outcome in outcomes} == {"done", "vendor_insufficient_funds"}
    assert final == _expected(outcomes) >= 0


def test_a_transfer_replayed_at_once_from_many_threads_moves_once():
    server = VendorServer()
    try:
        client = VendorClient(server.settings(timeout_seconds=30))
        answers, barrier = [], threading.Barrier(12)

        def replay() -> None:
            barrier.wait()
            answers.append(client.transfer("demo-bd-9", "15.00", "in", "same"))

        threads = [threading.Thread(target=replay) for _ in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert answers == ["15.00"] * 12
        assert client.balance("demo-bd-9") == "15.00"
    finally:
        server.close()


# -- The games: the slot page, its spins and the rounds ------------------------------------


def launch(app, code="lucky-lanterns", player="demo-bd-7", lang="en", operator=OPERATOR, secret=SECRET):
    """The page a launch link opens (the plugin's own link, made for this app), as a webtest response."""
    settings = {"base_url": "http://vendor.test", "operator_id": operator, "secret": secret, "vassalage": "TWV"}
    url = urlsplit(VendorClient(settings).launch_url(code, player, lang, "WEB"))
    return app.get(f"{url.path}?{url.query}", expect_errors=True)


def game_config(response) -> dict:
    match = re.search(r'<script type="application/json" id="slot-config">(.*?)</script>', response.text, re.S)
    return json.loads(match.group(1))


def spin(app, config, line_bet="0.20"):
    return app.post(
        config["spinUrl"], json.dumps({"lineBet": line_bet}), content_type="application/json", expect_errors=True
    )


def bets(app, after="0", limit="500", **signing):
    return call(app, "GET", "/bets", {"after": after, "limit": limit}, **signing).json["bets"]


def cents(amount: str) -> int:
    return int(Decimal(amount) * 100)


def test_the_launch_page_is_the_slot_for_the_players_wallet(app):
    transfer(app, "12.00", "in", "t-1")
    response = launch(app, lang="bn")
    config = game_config(response)
    assert response.status_int == 200 and 'lang="bn"' in response.text and "Lucky Lanterns" in response.text
    assert (config["balance"], config["freePlay"], config["lineBets"][0]) == ("12.00", False, "0.20")
    assert config["paytableUrl"] == "/games/lucky-lanterns/paytable"
    assert re.fullmatch(r"/sessions/[A-Za-z0-9_-]{43}/spin", config["spinUrl"])
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["Cache-Control"] == "no-store"
    assert app.get("/slots/slot.js").status_int == 200


def test_a_spin_moves_the_vendor_balance_by_its_bet_and_payout_exactly(app):
    transfer(app, "100.00", "in", "t-1")
    config = game_config(launch(app))
    before, answers = 10000, []
    while before >= 500 and len(answers) < 60:
        answer = spin(app, config).json
        assert (answer["bet"], answer["lineBet"], answer["lines"]) == ("5.00", "0.20", 25)
        assert cents(answer["payout"]) == sum(cents(win["pay"]) for win in answer["wins"])
        assert cents(answer["balance"]) == before - 500 + cents(answer["payout"])
        before = cents(answer["balance"])
        answers.append(answer)
    assert balance(app) == answers[-1]["balance"]
    assert len({answer["roundId"] for answer in answers}) == len(answers)
    assert any(answer["wins"] for answer in answers) and any(not answer["wins"] for answer in answers)


def test_a_spin_the_balance_cannot_pay_is_refused_and_moves_nothing(app):
    transfer(app, "4.99", "in", "t-1")
    config = game_config(launch(app))
    refused = spin(app, config)
    assert (refused.status_int, refused.json["error"], refused.json["balance"]) == (422, "insufficient_funds", "4.99")
    assert refused.json["message"] == page.REFUSALS["en"]["insufficient_funds"]
    assert balance(app) == "4.99" and bets(app) == []
    transfer(app, "0.01", "in", "t-2")
    assert spin(app, config).status_int == 200  # the balance is read at each spin


@pytest.mark.parametrize("body", [{"lineBet": "0.30"}, {"lineBet": "0.2"}, {"lineBet": 0.2}, {}, [], "x"])
def test_a_bet_the_game_does_not_offer_is_refused(app, body):
    transfer(app, "100.00", "in", "t-1")
    config = game_config(launch(app, lang="bn"))
    refused = app.post(config["spinUrl"], json.dumps(body), content_type="application/json", expect_errors=True)
    assert (refused.status_int, refused.json) == (400, page.refusal("bet_invalid", "bn"))
    assert balance(app) == "100.00"


def test_rounds_are_listed_by_bets_after_a_position(app):
    transfer(app, "100.00", "in", "t-1")
    config = game_config(launch(app))
    answers = [spin(app, config).json for _ in range(3)]
    listed = bets(app)
    assert [
        (b["round_id"], b["player"], b["game_code"], b["bet"], b["payout"], b["line_bet"], b["lines"]) for b in listed
    ] == [(a["roundId"], "demo-bd-7", "lucky-lanterns", "5.00", a["payout"], "0.20", 25) for a in answers]
    settled = [datetime.fromisoformat(b["settled_at"]) for b in listed]
    assert all(moment.utcoffset() == timedelta(0) for moment in settled) and settled == sorted(settled)
    positions = [int(b["seq"]) for b in listed]
    assert positions == sorted(positions) and len(set(positions)) == 3
    assert bets(app, after=listed[0]["seq"]) == listed[1:]  # after the position, not at it
    assert bets(app, limit="2") == listed[:2]
    page = call(app, "GET", "/bets", {"after": listed[1]["seq"], "limit": "1"}).json
    assert (page["bets"], page["next"]) == (listed[2:], listed[2]["seq"])
    assert bets(app, operator="demo-ph", secret="another-secret") == []  # an operator sees its own rounds only


def test_free_play_spins_fun_credits_and_never_touches_a_wallet(app):
    transfer(app, "100.00", "in", "t-1")
    response = launch(app, player=None)
    config = game_config(response)
    assert (config["balance"], config["freePlay"]) == ("2000.00", True)
    assert page.TEXTS["en"]["freePlay"] in response.text
    fun = 200000
    for _ in range(20):
        answer = spin(app, config).json
        assert answer["roundId"] is None
        fun = fun - 500 + cents(answer["payout"])
        assert cents(answer["balance"]) == fun
    assert balance(app) == "100.00" and bets(app) == []
    assert game_config(launch(app, player=None))["balance"] == "2000.00"  # each free session starts afresh


def test_the_game_page_needs_its_signed_link(app):
    transfer(app, "100.00", "in", "t-1")
    url = urlsplit(launch(app).request.url)
    query = dict(parse_qsl(url.query))
    assert app.get(url.path, expect_errors=True).status_int == 401  # no signature
    for changed in ({"player": "demo-bd-8"}, {"demo": "1"}, {"sig": "0" * 64}, {"ts": str(int(time.time()) - 600)}):
        assert app.get(f"{url.path}?{urlencode({**query, **changed})}", expect_errors=True).status_int == 401, changed
    assert launch(app, secret="another-secret").status_int == 401
    assert launch(app, code="no-such-game").status_int == 404


def test_a_spin_needs_a_session_the_page_opened(app):
    transfer(app, "100.00", "in", "t-1")
    forged = app.post(
        f"/sessions/{'A' * 43}/spin",
        json.dumps({"lineBet": "0.20"}),
        content_type="application/json",
        expect_errors=True,
    )
    assert (forged.status_int, forged.json["error"]) == (401, "session_expired")
    assert app.get(game_config(launch(app))["spinUrl"], expect_errors=True).status_int == 404  # spins are posts
    assert balance(app) == "100.00"


def test_a_session_whose_game_is_gone_is_refused(app, monkeypatch):
    transfer(app, "100.00", "in", "t-1")
    config = game_config(launch(app))
    monkeypatch.setattr(sandbox, "GAMES", tuple(g for g in GAMES if g["code"] != "lucky-lanterns"))
    refused = spin(app, config)
    assert (refused.status_int, refused.json["error"]) == (404, "game_unavailable")
    assert balance(app) == "100.00"


def test_the_paytables_are_published(app):
    published = app.get("/games/jeepney-jackpot/paytable").json
    assert published == engine.paytable_json(engine.paytable_for("jeepney-jackpot", 50))
    assert 90 < float(published["rtp"]) < 98 and len(published["lines"]) == 50
    assert app.get("/games/no-such-game/paytable", expect_errors=True).status_int == 404


def test_the_catalog_uses_the_slot_classes():
    assert {game["classify"] for game in GAMES} <= {"SC", "VP", "TG", "AC", "JP"}
    assert all(game["lines"] >= 25 for game in GAMES)


def test_with_a_state_dir_rounds_survive_a_restart(tmp_path):
    first = webtest.TestApp(make_app({OPERATOR: SECRET}, tmp_path))
    transfer(first, "80.00", "in", "t-1")
    config = game_config(launch(first))
    played = spin(first, config).json
    restarted = webtest.TestApp(make_app({OPERATOR: SECRET}, tmp_path))
    assert [b["round_id"] for b in bets(restarted)] == [played["roundId"]]
    assert spin(restarted, config).status_int == 200  # the page's session too


def test_concurrent_spins_and_transfers_for_one_player_keep_the_balance_exact():
    """Spins over HTTP from 6 threads while transfers move money in and out: every round and
    transfer the vendor kept adds up to the final balance, which never went below zero."""
    server = VendorServer()
    try:
        operator_id, secret = server.open_operator()
        client = VendorClient(_settings(server, operator_id, secret))
        client.transfer("demo-bd-7", "60.00", "in", "seed")
        page_url = urlsplit(client.launch_url("tiger-fortune", "demo-bd-7", "en", "WEB"))
        with urlopen(f"{server.base_url}{page_url.path}?{page_url.query}", timeout=10) as opened:
            spin_url = server.base_url + game_config_text(opened.read().decode())["spinUrl"]
        statuses, lock = [], threading.Lock()

        def spinner() -> None:
            for _ in range(12):
                request = Request(
                    spin_url, data=b'{"lineBet": "0.20"}', method="POST", headers={"Content-Type": "application/json"}
                )
                try:
                    with urlopen(request, timeout=30) as answer:
                        status = answer.status
                except HTTPError as refused:
                    with refused:
                        status = refused.code
                with lock:
                    statuses.append(status)

        def mover() -> None:
            for n in range(12):
                try:
                    client.transfer("demo-bd-7", "3.00", "out" if n % 2 else "in", f"m-{n}")
                except AdapterError:
                    pass

        threads = [threading.Thread(target=spinner) for _ in range(6)] + [threading.Thread(target=mover)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        final = Decimal(client.balance("demo-bd-7"))
        rounds, _ = client.rounds(None)
        moved = [client.transfer_status(f"m-{n}") for n in range(12)]
    finally:
        server.close()
    assert set(statuses) <= {200, 422} and statuses.count(200) == len(rounds) > 0
    transfers = sum(
        Decimal(t["amount"]) * (1 if t["direction"] == "in" else -1) for t in moved if t["status"] == "done"
    )
    played = sum(Decimal(r["payout"]) - Decimal(r["bet"]) for r in rounds)
    assert final == Decimal("60.00") + transfers + played >= 0


def game_config_text(text: str) -> dict:
    return json.loads(re.search(r'id="slot-config">(.*?)</script>', text, re.S).group(1))
