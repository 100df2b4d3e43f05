"""The development transfer-wallet vendor (``tessera_plugins.transfer_vendor.sandbox``): forged,
stale and malformed requests, its own record of transfers, its state on disk, and many transfers
for one player at once (sent over HTTP with the plugin's client)."""
import hashlib
import hmac
import json
import threading
import time
from decimal import Decimal

import pytest
import webtest
from vendor_sandbox import VendorServer

from tessera.plugins import AdapterError
from tessera_plugins.transfer_vendor.client import VendorClient
from tessera_plugins.transfer_vendor.protocol import canonical_query, sign
from tessera_plugins.transfer_vendor.sandbox import GAMES, demo_secrets, make_app

OPERATOR, SECRET = "demo-bd", "a-development-secret"


@pytest.fixture
def app():
    return webtest.TestApp(make_app({OPERATOR: SECRET, "demo-ph": "another-secret"}))


def call(app, method, path, query=None, body=None, *, secret=SECRET, operator=OPERATOR, timestamp=None, tamper=None):
    """A request signed as the protocol says (``tamper`` changes it after signing); the webtest response."""
    query_text = canonical_query(query or {})
    data = json.dumps(body).encode() if body is not None else b""
    timestamp = int(time.time()) if timestamp is None else timestamp
    request = {"method": method, "path": path, "query": query_text, "body": data,
               "headers": {"X-Operator-Id": operator, "X-Timestamp": str(timestamp),
                           "X-Signature": sign(secret, method, path, query_text, operator, timestamp, data)}}
    if tamper:
        tamper(request)
    url = request["path"] + (f"?{request['query']}" if request["query"] else "")
    return app.request(url, method=request["method"], body=request["body"], headers=request["headers"],
                       content_type="application/json", expect_errors=True)


def transfer(app, amount, direction, transfer_id, player="demo-bd-7", **signing):
    body = {"player": player, "amount": amount, "direction": direction, "transfer_id": transfer_id}
    return call(app, "POST", "/wallet/transfer", body=body, **signing)


def balance(app, player="demo-bd-7", **signing) -> str:
    return call(app, "GET", "/wallet/balance", {"player": player}, **signing).json["balance"]


def test_a_signed_transfer_is_done_and_recorded(app):
    answer = transfer(app, "100.00", "in", "t-1")
    assert answer.status_int == 200
    assert {k: answer.json[k] for k in ("transfer_id", "status", "balance", "amount", "direction", "player")} == {
        "transfer_id": "t-1", "status": "done", "balance": "100.00", "amount": "100.00", "direction": "in",
        "player": "demo-bd-7"}
    assert call(app, "GET", "/wallet/transfer/t-1").json == answer.json
    assert balance(app) == "100.00"


def test_the_documented_canonical_string_is_what_the_vendor_checks(app):
    """Signed by hand from the protocol's description, not with the plugin's code."""
    body = b'{"player": "demo-bd-7", "amount": "12.30", "direction": "in", "transfer_id": "by-hand"}'
    timestamp = str(int(time.time()))
    canonical = "\n".join(["POST", "/wallet/transfer", "", OPERATOR, timestamp, hashlib.sha256(body).hexdigest()])
    signature = hmac.new(SECRET.encode(), canonical.encode(), hashlib.sha256).hexdigest()
    answer = app.post("/wallet/transfer", body, content_type="application/json",
                      headers={"X-Operator-Id": OPERATOR, "X-Timestamp": timestamp, "X-Signature": signature})
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


@pytest.mark.parametrize("forgery", [
    pytest.param({"tamper": _drop_headers}, id="no-headers"),
    pytest.param({"tamper": _drop_signature}, id="no-signature"),
    pytest.param({"secret": "not-the-secret"}, id="wrong-secret"),
    pytest.param({"secret": "another-secret"}, id="another-operators-secret"),
    pytest.param({"operator": "nobody", "secret": "x"}, id="unknown-operator"),
    pytest.param({"tamper": _other_body}, id="body-changed-after-signing"),
    pytest.param({"tamper": _other_operator}, id="operator-changed-after-signing"),
])
def test_a_forged_transfer_is_refused_and_moves_nothing(app, forgery):
    answer = transfer(app, "5.00", "in", "t-forged", **forgery)
    assert (answer.status_int, answer.json) == (401, {"error": "signature_invalid"})
    assert call(app, "GET", "/wallet/transfer/t-forged").json["status"] == "unknown"
    assert balance(app) == "0.00"


def test_a_signature_is_for_one_call_only(app):
    transfer(app, "5.00", "in", "t-1")
    other_player = call(app, "GET", "/wallet/balance", {"player": "demo-bd-7"},
                        tamper=lambda request: request.update(query=canonical_query({"player": "demo-bd-8"})))
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
    app = webtest.TestApp(make_app(demo_secrets()))
    assert transfer(app, "5.00", "in", "t-1", secret="").status_int == 401
    monkeypatch.setenv("DEMO_VENDOR_SECRET", SECRET)
    assert demo_secrets() == {"demo-bd": SECRET, "demo-ph": SECRET}


@pytest.mark.parametrize("changes", [
    {"amount": "10.5"}, {"amount": "10.005"}, {"amount": 10.5}, {"amount": "0.00"}, {"amount": "-1.00"},
    {"amount": "1e3"}, {"direction": "sideways"}, {"transfer_id": ""}, {"transfer_id": "t 1"}, {"player": "demo bd"},
    {"player": None},
])
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
        (200, "done", "30.00"), (422, "refused", "30.00")]
    assert replays[1].json["error"] == "insufficient_funds"
    conflicts = [transfer(app, "31.00", "in", "t-1"), transfer(app, "30.00", "out", "t-1"),
                 transfer(app, "30.00", "in", "t-1", player="demo-bd-8")]
    assert [(c.status_int, c.json["error"]) for c in conflicts] == [(409, "transfer_conflict")] * 3
    assert [call(app, "GET", f"/wallet/transfer/{t}").json["status"] for t in ("t-1", "t-2", "t-3", "t-4")] == [
        "done", "refused", "done", "unknown"]
    assert balance(app) == "70.00"


def test_operators_have_their_own_players_and_transfer_ids(app):
    transfer(app, "30.00", "in", "t-1")
    other = {"operator": "demo-ph", "secret": "another-secret"}
    assert transfer(app, "5.00", "in", "t-1", **other).json["balance"] == "5.00"
    assert [balance(app), balance(app, **other)] == ["30.00", "5.00"]


def test_the_games_and_the_bets(app):
    assert [g["code"] for g in call(app, "GET", "/games").json["games"]] == [g["code"] for g in GAMES]
    window = {"since": "2026-11-23T00:00:00+00:00", "until": "2026-11-24T00:00:00+00:00"}
    assert call(app, "GET", "/bets", window).json == {"bets": []}
    for bad in ({"since": "yesterday", "until": window["until"]}, {"since": window["until"], "until": window["since"]},
                {"since": "2026-11-23T00:00:00", "until": "2026-11-24T00:00:00"}):
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
    return {"base_url": server.base_url, "operator_id": operator_id, "secret": secret, "vassalage": "TWV",
            "display_name": "TWV", "timeout_seconds": 30}


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
    assert recorded == {transfer_id: "done" if outcome == "done" else "refused"
                        for transfer_id, *_, outcome in outcomes}


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
