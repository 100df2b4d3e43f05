"""The demo vendor's game server playing through a brand's seamless wallet over HTTP: a launch
opens the slot page, a spin is debited before and credited after, a lost debit is rolled back and
refused to the player, a refused credit is delivered again until accepted (after a restart too,
and however long after the protocol's late-credit window), free play never calls the wallet, and
launch links are signed and expire."""

import json
import re
import time
from urllib.error import HTTPError
from urllib.parse import parse_qsl, urlencode, urlsplit
from urllib.request import Request, urlopen

import pytest
from tessera_sandboxes.demo_vendor import catalog
from tessera_sandboxes.demo_vendor.local import DemoVendorServer
from tessera_sandboxes.demo_vendor.play import member_id
from tessera_sandboxes.demo_vendor.server import LAUNCH_URL_SECONDS
from tessera_sandboxes.slots import engine

from demo_vendor_wallet import Failure, Wallet
from tessera.plugins import TenantPlugins
from tessera.plugins.kit.contract import brand, reference_manager
from tessera_plugins import demo_vendor
from tessera_plugins.demo_vendor.protocol import LATE_CREDIT_HOURS, to_minor, to_money

LAUNCH = "tessera_game_launch"
SLOT = next(g for g in catalog.games_by_vendor()["TY"] if g.min_bet == "0.10" and g.lines == 25)
LIVE = catalog.games_by_vendor()["VLC"][0]
TOKEN = "launch-token-of-member-7-" + "x" * 20
START = "1000.00"
WALLET_WAIT = 2.0  # how long the vendor waits for the wallet: room for a loaded machine
LATE = WALLET_WAIT + 1.0  # a stalled wallet answers after the vendor gave up


@pytest.fixture
def vendor():
    server = DemoVendorServer(wallet_timeout=WALLET_WAIT)
    yield server
    server.close()


@pytest.fixture
def settings(vendor):
    return vendor.settings()


@pytest.fixture
def wallet(settings):
    wallet = Wallet(settings, slug="demo-bd")
    wallet.add_member(7, START, TOKEN)
    yield wallet
    wallet.close()


def plugins(settings, slug="demo-bd") -> TenantPlugins:
    return TenantPlugins(reference_manager(**{"demo-vendor": demo_vendor}), brand({"demo-vendor": settings}, slug))


def launch(settings, wallet, game=SLOT, free_play=False, token=TOKEN, member=7, currency="BDT") -> str:
    player = {
        "id": member,
        "username": f"player{member}",
        "currency": currency,
        "launchToken": token,
        "walletUrl": wallet.wallet_url(game.vendor) if wallet else None,
    }
    return plugins(settings).first(
        LAUNCH,
        vassalage=game.vendor,
        game_code=game.code,
        player=player,
        language="en",
        device="WEB",
        free_play=free_play,
    )


def fetch(url: str, body: dict | None = None) -> tuple[int, str]:
    data = json.dumps(body).encode() if body is not None else None
    request = Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except HTTPError as error:
        with error:
            return error.code, error.read().decode()


def spin_url(launch_url: str) -> str:
    parts = urlsplit(launch_url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}/spin"


def spin(launch_url: str, line_bet: str = "0.10") -> tuple[int, dict]:
    status, text = fetch(spin_url(launch_url), {"lineBet": line_bet})
    return status, json.loads(text)


def opened(settings, wallet, **kwargs) -> str:
    url = launch(settings, wallet, **kwargs)
    status, page = fetch(url)
    assert status == 200, page
    return url


def test_a_launch_opens_the_slot_page_with_the_wallet_balance(settings, wallet):
    url = launch(settings, wallet)
    status, page = fetch(url)
    assert status == 200
    assert 'data-action="spin"' in page and SLOT.name in page
    config = json.loads(re.search(r'<script type="application/json" id="slot-config">(.*?)</script>', page).group(1))
    assert config["balance"] == START and config["freePlay"] is False
    assert config["lineBets"][0] == SLOT.min_bet
    assert wallet.operations() == ["authenticate"]
    assert wallet.calls[0]["call"] == {"operation": "authenticate", "memberId": 7, "token": TOKEN, "currency": "BDT"}


def test_a_spin_is_debited_before_and_credited_after(settings, wallet, vendor):
    url = opened(settings, wallet)
    status, round_ = spin(url, "0.20")
    assert status == 200, round_
    bet = to_minor("0.20") * SLOT.lines
    assert round_["bet"] == to_money(bet)
    assert to_minor(round_["payout"]) == sum(to_minor(win["pay"]) for win in round_["wins"])
    assert round_["balance"] == wallet.balance(7) == to_money(to_minor(START) - bet + to_minor(round_["payout"]))
    debit, credit = wallet.calls[1:]
    assert [debit["operation"], credit["operation"]] == ["debit", "credit"]
    assert debit["call"] | {"amount": None} == {
        "operation": "debit",
        "memberId": 7,
        "transactionId": f"{round_['roundId']}-debit",
        "currency": "BDT",
        "roundId": round_["roundId"],
        "gameCode": SLOT.code,
        "amount": None,
    }
    assert debit["call"]["amount"] == to_money(bet)
    assert credit["call"]["amount"] == round_["payout"]  # "0.00" settles a loss
    assert vendor.app.store.round(round_["roundId"]).status == "settled"


def test_the_grid_and_wins_are_the_engines(settings, wallet):
    _, round_ = spin(opened(settings, wallet))
    paytable = engine.paytable_for(SLOT.code, SLOT.lines)
    assert len(round_["grid"]) == 3 and all(len(row) == 5 for row in round_["grid"])
    wins = engine.evaluate(paytable, round_["grid"], to_minor("0.10"))
    assert [{k: w[k] for k in ("line", "symbol", "count", "payMinor")} for w in round_["wins"]] == wins


@pytest.mark.parametrize(
    "failure",
    [
        Failure(status=503, after_applying=True),  # made, then a 5xx
        Failure(status=0, stall=LATE, after_applying=True),  # made, answered after the vendor gave up
        Failure(status=503),  # never made
    ],
    ids=["5xx-after-applying", "timeout", "5xx"],
)
def test_a_debit_whose_answer_is_lost_is_rolled_back_and_the_spin_refused(settings, wallet, vendor, failure):
    url = opened(settings, wallet)
    wallet.fail_next("debit", failure)
    status, refusal = spin(url)
    assert status == 503 and refusal["error"] == "game_unavailable" and refusal["message"]
    deadline = time.time() + 5
    while "rollback" not in wallet.operations() and time.time() < deadline:
        vendor.retry_due()
    rollback = wallet.calls[-1]
    debit = next(call for call in wallet.calls if call["operation"] == "debit")
    assert rollback["operation"] == "rollback" and rollback["answer"]["ok"]
    assert rollback["call"]["rollbackOf"] == debit["call"]["transactionId"]
    assert wallet.balance(7) == START
    assert vendor.app.store.round(debit["call"]["roundId"]).status == "rolled_back"


def test_a_rollback_is_retried_until_accepted(settings, wallet, vendor):
    url = opened(settings, wallet)
    wallet.fail_next("debit", Failure(status=503, after_applying=True))
    wallet.fail_next("rollback", Failure(status=503), Failure(status=502))
    assert spin(url)[0] == 503
    assert wallet.balance(7) != START  # the debit stands while its rollback fails
    vendor.retry_due()
    vendor.retry_due()
    assert wallet.operations()[-3:] == ["rollback"] * 3 and wallet.balance(7) == START
    assert len({json.dumps(call["call"], sort_keys=True) for call in wallet.calls[-3:]}) == 1  # the same call each time


def test_a_refused_debit_refuses_the_spin_and_is_not_rolled_back(settings, wallet):
    wallet.balances[7] = to_minor("1.00")
    url = opened(settings, wallet)
    status, refusal = spin(url, "0.10")  # 2.50 on 25 lines
    assert status == 402 and refusal["error"] == "insufficient_funds" and refusal["balance"] == "1.00"
    assert wallet.operations() == ["authenticate", "debit"]


def test_a_credit_refused_with_a_5xx_is_delivered_again_until_accepted(settings, wallet, vendor):
    url = opened(settings, wallet)
    wallet.fail_next("credit", Failure(status=500), Failure(status=503), Failure(status=0, stall=LATE))
    status, round_ = spin(url)
    assert status == 200 and round_["creditPending"] is True
    assert vendor.app.store.round(round_["roundId"]).status == "crediting"
    vendor.retry_due()
    vendor.retry_due()
    assert vendor.app.store.round(round_["roundId"]).status == "crediting"
    vendor.retry_due()
    credits = [call for call in wallet.calls if call["operation"] == "credit"]
    assert len(credits) == 4 and len({call["call"]["transactionId"] for call in credits}) == 1
    assert vendor.app.store.round(round_["roundId"]).status == "settled"
    assert wallet.balance(7) == round_["balance"]
    assert vendor.retry_due() == 0  # nothing left to deliver


def test_a_credit_delivered_long_after_the_late_credit_window_still_lands(settings, wallet, vendor):
    url = opened(settings, wallet)
    wallet.fail_next("credit", Failure(status=503), Failure(status=503, after_applying=True))
    status, round_ = spin(url)
    assert status == 200 and round_["creditPending"] is True
    late = LATE_CREDIT_HOURS * 3600
    wallet.clock = lambda: time.time() + late + 3600  # the round is still open at the brand: it takes the credit
    vendor.retry_due()
    assert vendor.app.store.round(round_["roundId"]).status == "crediting"  # taken, but the answer was lost
    wallet.clock = lambda: time.time() + 3 * late  # its replay answers as the credit was first answered
    vendor.retry_due()
    credits = [call for call in wallet.calls if call["operation"] == "credit"]
    assert [call["answer"]["ok"] for call in credits[1:]] == [True, True]
    assert vendor.app.store.round(round_["roundId"]).status == "settled"
    assert wallet.balance(7) == round_["balance"]


def test_a_restart_keeps_delivering_credits(settings, wallet, tmp_path):
    first = DemoVendorServer(state_dir=tmp_path, wallet_timeout=WALLET_WAIT)
    first.secrets[settings["operator_id"]] = settings["secret"]
    restarted = None
    try:
        url = launch({**settings, "base_url": first.base_url}, wallet)
        assert fetch(url)[0] == 200
        wallet.fail_next("credit", Failure(status=503))
        status, round_ = spin(url)
        assert status == 200 and round_["creditPending"]
        first.close()
        restarted = DemoVendorServer(state_dir=tmp_path, wallet_timeout=WALLET_WAIT)
        restarted.secrets[settings["operator_id"]] = settings["secret"]
        assert restarted.retry_due() == 1
        assert restarted.app.store.round(round_["roundId"]).status == "settled"
        assert wallet.balance(7) == round_["balance"]
    finally:
        first.close()
        if restarted:
            restarted.close()


def test_a_round_left_mid_debit_by_a_stopped_vendor_is_rolled_back_at_start(settings, wallet, tmp_path):
    from tessera_sandboxes.demo_vendor.play import Table
    from tessera_sandboxes.demo_vendor.state import Round, Store

    session = type(
        "S",
        (),
        {
            "operator": settings["operator_id"],
            "player": "demo-bd-7",
            "game_code": SLOT.code,
            "currency": "BDT",
            "wallet_url": wallet.wallet_url("TY"),
        },
    )
    store = Store(tmp_path)
    debit = Table._call(session, "r-stopped", "debit", {"amount": "2.50"})
    store.open_round(
        Round.opened("r-stopped", settings["operator_id"], "s", "demo-bd-7", "TY", SLOT.code, "BDT", 250),
        debit,
    )
    store.close()
    restarted = DemoVendorServer(state_dir=tmp_path)
    restarted.secrets[settings["operator_id"]] = settings["secret"]
    try:
        assert restarted.retry_due() == 1
        assert wallet.calls[-1]["call"]["rollbackOf"] == "r-stopped-debit"
        assert restarted.app.store.round("r-stopped").status == "rolled_back"
    finally:
        restarted.close()


def test_a_credit_the_wallet_refuses_for_good_is_not_retried(settings, wallet, vendor):
    url = opened(settings, wallet)
    wallet.fail_next("credit", Failure(status=503))
    _, round_ = spin(url)
    wallet._rounds.pop(round_["roundId"])  # the brand lost the round: the credit's answer is round_unknown
    vendor.retry_due()
    assert wallet.calls[-1]["answer"]["code"] == "round_unknown"
    assert vendor.app.store.round(round_["roundId"]).status == "credit_refused"
    assert vendor.retry_due() == 0


def test_an_answer_not_signed_by_the_brand_counts_as_lost(settings, wallet, vendor):
    url = opened(settings, wallet)
    settings["secret"] = "not-the-brand-secret"  # the wallet now signs (and checks) with another secret
    status, refusal = spin(url)
    assert status == 503 and refusal["error"] == "game_unavailable"
    assert wallet.calls[-2]["answer"] == {"ok": False, "code": "signature_invalid"}
    assert wallet.operations()[-1] == "rollback"
    (round_id,) = vendor.app.store._db.execute("SELECT round_id FROM rounds").fetchone()
    assert vendor.app.store.round(round_id).status == "rolling_back"  # until the brand reads it


def test_free_play_spins_a_fun_balance_and_never_calls_a_wallet(settings, wallet):
    url = plugins(settings).first(
        LAUNCH, vassalage="TY", game_code=SLOT.code, player=None, language="bn", device="MOBILE", free_play=True
    )
    status, page = fetch(url)
    assert status == 200 and '"freePlay": true' in page and 'lang="bn"' in page
    status, round_ = spin(url, "0.50")
    assert status == 200
    assert round_["balance"] == to_money(2_000_00 - 50 * SLOT.lines + to_minor(round_["payout"]))
    assert wallet.calls == []


def test_a_member_launching_in_free_play_never_calls_the_wallet(settings, wallet):
    url = launch(settings, wallet, free_play=True)
    assert fetch(url)[0] == 200 and spin(url)[0] == 200
    assert wallet.calls == []


def test_a_line_bet_the_game_does_not_offer_is_refused(settings, wallet):
    url = opened(settings, wallet)
    for line_bet in ("0.11", "-1.00", 5, None):
        status, refusal = spin(url, line_bet)
        assert (status, refusal["error"]) == (400, "bet_invalid")
    assert wallet.operations() == ["authenticate"]


def test_a_launch_token_the_brand_refuses_ends_the_session(settings, wallet):
    status, page = fetch(launch(settings, wallet, token="a-token-the-brand-never-issued"))
    assert status == 401 and "session has ended" in page


def test_an_unreachable_wallet_is_said_on_the_page(settings, wallet):
    wallet.fail_next("authenticate", Failure(status=503))
    status, page = fetch(launch(settings, wallet))
    assert status == 503 and "cannot reach your wallet" in page


def test_a_launch_url_is_signed_and_expires(settings, wallet, monkeypatch):
    url = launch(settings, wallet)
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    assert int(query["exp"]) <= time.time() + LAUNCH_URL_SECONDS
    base = f"{parts.scheme}://{parts.netloc}{parts.path}"
    for forged in ({**query, "sig": "0" * 64}, {**query, "exp": str(int(query["exp"]) + 3600)}, {"exp": query["exp"]}):
        status, page = fetch(f"{base}?{urlencode(forged)}")
        assert status == 401 and "not valid any more" in page
    monkeypatch.setattr(time, "time", lambda real=time.time: real() + LAUNCH_URL_SECONDS + 1)
    assert fetch(url)[0] == 401
    assert wallet.calls == []


def test_a_session_of_a_stranger_cannot_spin(vendor):
    status, refusal = spin(f"{vendor.base_url}/play/no-such-session?exp=1&sig=x")
    assert (status, refusal["error"]) == (401, "session_expired")


def test_a_live_game_opens_the_vendors_lobby_with_its_tables(settings, wallet):
    status, page = fetch(launch(settings, wallet, game=LIVE))
    assert status == 200
    assert "Velvet Live Casino lobby" in page and "lobby" in page and 'data-field="rooms"' in page
    assert page.count("<tr data-room=") == len(catalog.games_by_vendor()["VLC"])
    assert "take no bets" in page
    assert spin(launch(settings, wallet, game=LIVE))[0] == 404  # a table is no slot


def test_players_are_named_by_brand_and_member():
    assert member_id("demo-bd-7") == 7 and member_id("brand-12-5") == 5
    assert member_id("demo-bd") is None and member_id(None) is None
