"""GET /wps/game/launchGame and POST /wps/relay/GCS_gameLaunchFB: the vendor's URL from its plugin
(tessera_game_launch); money play for real accounts (a launch token for a seamless-wallet vendor,
the main balance moved in for a transfer-wallet vendor), free play for the others, and the
seamless round trip a launch starts."""

import hashlib
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import func, select

from accounts import bearer, set_brand
from seamless_vendor import PH_SLOT, SEAMLESS_VENDOR, SECRETS, SLOT, TABLE, VendorClient
from tessera.games.bets.models import GameBet
from tessera.games.launch.models import GameSession
from tessera.games.lobby.models import GameRecent
from tessera.wallet.ledger.models import LedgerTransaction
from tessera.wallet.transfers.models import WalletTransfer
from wallet_vendor import DOWN, REFUSE, main_balance, wallet_balance
from wallet_vendor import VENDOR as TRANSFER_VENDOR

LAUNCH = "/wps/game/launchGame"
FREE_PLAY = "/wps/relay/GCS_gameLaunchFB"
BALANCE = "/wps/v2/wallets/balance"
PH_IP = "192.0.2.44"


@pytest.fixture
def player(members, fund, token_of):
    """``player("demo-bd", "100.00", member_type=4)``: a member with money in main and their login."""

    def make(slug="demo-bd", funds="100.00", **fields):
        member = members(slug, **fields)
        if funds:
            fund(member, funds)
        member.headers = bearer(token_of(member))
        return member

    return make


def launch(app, member, game=SLOT, vassalage=SEAMLESS_VENDOR, status=200, extra_environ=None, **more):
    query = {"gameCode": game, "vassalage": vassalage, "lang": "en", **more}
    headers = member.headers if member else {}
    return app.get(LAUNCH, query, headers=headers, status=status, extra_environ=extra_environ).json


def launch_query(url: str) -> dict:
    return {name: values[0] for name, values in parse_qs(urlsplit(url).query).items()}


class TestSeamless:
    def test_a_launch_plays_a_round_on_the_main_wallet(self, testapp, seamless_vendor, catalog, player, db_session):
        member = player()
        url = launch(testapp, member, language="bn", device="MOBILE")["value"]
        token = launch_query(url)["token"]
        given = seamless_vendor.launches[-1]
        assert given["player"] == {
            "id": member.id,
            "username": member.username,
            "currency": "BDT",
            "launchToken": token,
            "walletUrl": "http://demo-bd.localhost:6543/vendors/TSV/wallet",
        }
        assert (given["language"], given["device"], given["freePlay"]) == ("bn", "MOBILE", False)
        vendor = VendorClient(testapp)
        assert vendor.authenticate(token) == {
            "ok": True,
            "balance": "100.00",
            "currency": "BDT",
            "memberId": member.id,
            "username": member.username,
        }
        assert vendor.debit(member.id, "tx-1", "round-1", "12.50") == {
            "ok": True,
            "balance": "87.50",
            "currency": "BDT",
            "transactionId": "tx-1",
            "memberId": member.id,
        }
        assert vendor.credit(member.id, "tx-2", "round-1", "30")["balance"] == "117.50"
        assert testapp.get(BALANCE, headers=member.headers).json["value"]["mainBalance"] == "117.50"
        bet = db_session.scalars(select(GameBet).where(GameBet.member_id == member.id)).one()
        assert (bet.vassalage, bet.round_id, bet.game_code, bet.game_id, bet.category) == (
            SEAMLESS_VENDOR,
            "round-1",
            SLOT,
            catalog[("demo-bd", SLOT)].id,
            "RNG",
        )
        assert (bet.bet_minor, bet.payout_minor, bet.status, bet.wallet_mode) == (1250, 3000, "settled", "seamless")
        keys = db_session.execute(
            select(LedgerTransaction.idempotency_key, LedgerTransaction.kind).where(
                LedgerTransaction.member_id == member.id, LedgerTransaction.kind.like("game%")
            )
        ).all()
        assert sorted(keys) == [("seamless:TSV:tx-1", "game_bet"), ("seamless:TSV:tx-2", "game_payout")]

    @pytest.mark.parametrize(
        "host", ["localhost", "127.0.0.1", "127.0.0.1:8080", "demo-bd.localhost:7777", "agent.demo-bd.localhost"]
    )
    def test_the_vendor_gets_the_brands_public_address_whatever_host_the_launch_came_through(
        self, testapp, seamless_vendor, catalog, player, host
    ):
        member = player()
        launch(testapp, member, extra_environ={"HTTP_HOST": host})
        assert seamless_vendor.launches[-1]["player"]["walletUrl"] == "http://demo-bd.localhost:6543/vendors/TSV/wallet"

    def test_the_wallet_address_follows_the_brands_public_url(
        self, testapp, seamless_vendor, catalog, player, db_session
    ):
        set_brand(db_session, "demo-bd", public_url="https://play.demo-bd.example/")
        launch(testapp, player())
        assert seamless_vendor.launches[-1]["player"]["walletUrl"] == "https://play.demo-bd.example/vendors/TSV/wallet"

    def test_only_the_tokens_hash_is_kept_for_twelve_hours(self, testapp, seamless_vendor, catalog, player, db_session):
        member = player()
        token = launch_query(launch(testapp, member)["value"])["token"]
        assert len(token) >= 43  # 256 bits, URL-safe base64
        session = db_session.scalars(select(GameSession).where(GameSession.member_id == member.id)).one()
        assert session.token_hash == hashlib.sha256(token.encode()).hexdigest()
        assert token not in {session.token_hash, session.vassalage}
        assert session.expires_at - session.created_at == timedelta(hours=12)
        assert session.game_id == catalog[("demo-bd", SLOT)].id

    def test_each_launch_has_its_own_token(self, testapp, seamless_vendor, catalog, player):
        member = player()
        first, second = (launch_query(launch(testapp, member)["value"])["token"] for _ in range(2))
        assert first != second
        vendor = VendorClient(testapp)
        assert vendor.authenticate(first)["ok"] and vendor.authenticate(second)["ok"]

    def test_a_token_expires(self, testapp, seamless_vendor, catalog, player, clock):
        member = player()
        token = launch_query(launch(testapp, member)["value"])["token"]
        clock.advance(hours=11, minutes=59)
        assert VendorClient(testapp).authenticate(token)["ok"] is True
        clock.advance(minutes=2)
        assert VendorClient(testapp).authenticate(token) == {"ok": False, "code": "token_invalid"}

    def test_a_made_up_token(self, testapp, seamless_vendor, catalog):
        assert VendorClient(testapp).authenticate("x" * 43) == {"ok": False, "code": "token_invalid"}

    def test_the_launch_is_a_recent_game(self, testapp, seamless_vendor, catalog, player, db_session):
        member = player()
        launch(testapp, member)
        launch(testapp, member)
        recents = db_session.scalars(select(GameRecent).where(GameRecent.member_id == member.id)).all()
        assert [r.game_id for r in recents] == [catalog[("demo-bd", SLOT)].id]
        listed = testapp.post_json("/wps/relay/GCS_recentGame", {}, headers=member.headers).json["value"]
        assert [g["gameCode"] for g in listed["list"]] == [SLOT]

    def test_a_launch_needs_no_money(self, testapp, seamless_vendor, catalog, player):
        member = player(funds=None)
        token = launch_query(launch(testapp, member)["value"])["token"]
        assert VendorClient(testapp).authenticate(token)["balance"] == "0.00"


class TestTransferWallet:
    def test_the_main_balance_moves_into_the_vendor_wallet_first(
        self, testapp, seamless_vendor, catalog, player, db_session
    ):
        member = player(funds="80.25")
        seamless_vendor.on_call = lambda transfer_id: seamless_vendor.calls[-1].update(
            launched=len(seamless_vendor.launches)
        )
        url = launch(testapp, member, game=TABLE, vassalage=TRANSFER_VENDOR)["value"]
        assert launch_query(url)["mode"] == "real"
        assert seamless_vendor.calls[-1]["launched"] == 0  # the money went in before the game was launched
        assert seamless_vendor.calls[-1]["amount"] == "80.25" and seamless_vendor.calls[-1]["direction"] == "in"
        assert seamless_vendor.launches[-1]["player"] == {
            "id": member.id,
            "username": member.username,
            "currency": "BDT",
        }
        assert (main_balance(db_session, member), wallet_balance(db_session, member)) == (0, 8025)
        assert seamless_vendor.balance("demo-bd", member.id) == 80.25
        transfer = db_session.scalars(select(WalletTransfer).where(WalletTransfer.member_id == member.id)).one()
        assert (transfer.status, transfer.whole, transfer.direction) == ("done", True, "in")

    def test_nothing_moves_when_main_is_empty(self, testapp, seamless_vendor, catalog, player, db_session):
        member = player()
        launch(testapp, member, game=TABLE, vassalage=TRANSFER_VENDOR)
        launch(testapp, member, game=TABLE, vassalage=TRANSFER_VENDOR)
        assert len(seamless_vendor.calls) == 1 and len(seamless_vendor.launches) == 2
        member2 = player(funds=None)
        launch(testapp, member2, game=TABLE, vassalage=TRANSFER_VENDOR)
        assert len(seamless_vendor.calls) == 1

    def test_a_vendor_out_of_reach_keeps_the_money_pending(self, testapp, seamless_vendor, catalog, player, db_session):
        member = player()
        seamless_vendor.mode = DOWN
        answer = launch(testapp, member, game=TABLE, vassalage=TRANSFER_VENDOR, status=503)
        assert answer["code"] == "game_unavailable"
        assert seamless_vendor.launches == []
        balance = testapp.get(BALANCE, headers=member.headers).json["value"]
        assert (balance["mainBalance"], balance["pendingBalance"]) == ("0.00", "100.00")

    def test_a_refused_transfer_gives_the_money_back(self, testapp, seamless_vendor, catalog, player, db_session):
        member = player()
        seamless_vendor.mode = REFUSE
        assert launch(testapp, member, game=TABLE, vassalage=TRANSFER_VENDOR, status=503)["code"] == "game_unavailable"
        assert main_balance(db_session, member) == 10000
        transfer = db_session.scalars(select(WalletTransfer).where(WalletTransfer.member_id == member.id)).one()
        assert transfer.status == "failed"

    def test_the_same_request_id_settles_the_same_transfer(self, testapp, seamless_vendor, catalog, player, db_session):
        member = player()
        seamless_vendor.mode = DOWN
        launch(testapp, member, game=TABLE, vassalage=TRANSFER_VENDOR, status=503, requestId="launch-0001")
        seamless_vendor.mode = None
        launch(testapp, member, game=TABLE, vassalage=TRANSFER_VENDOR, requestId="launch-0001")
        assert seamless_vendor.moves("demo-bd") == 1 and wallet_balance(db_session, member) == 10000
        assert (
            db_session.scalar(
                select(func.count()).select_from(WalletTransfer).where(WalletTransfer.member_id == member.id)
            )
            == 1
        )


class TestFreePlay:
    @pytest.mark.parametrize("member_type", [0, 1, 41])
    def test_other_accounts_play_free(self, testapp, seamless_vendor, catalog, player, db_session, member_type):
        member = player(member_type=member_type, password=None if member_type == 0 else "Secret123")
        for game, vassalage in ((SLOT, SEAMLESS_VENDOR), (TABLE, TRANSFER_VENDOR)):
            url = launch(testapp, member, game=game, vassalage=vassalage)["value"]
            assert launch_query(url)["mode"] == "free" and "token" not in launch_query(url)
            assert (seamless_vendor.launches[-1]["player"], seamless_vendor.launches[-1]["freePlay"]) == (None, True)
        assert seamless_vendor.calls == [] and main_balance(db_session, member) == 10000
        assert (
            db_session.scalar(select(func.count()).select_from(GameSession).where(GameSession.member_id == member.id))
            == 0
        )

    def test_free_play_for_anyone(self, testapp, seamless_vendor, catalog):
        body = {"gameCode": SLOT, "vassalage": SEAMLESS_VENDOR, "language": "en", "device": "WEB"}
        url = testapp.post_json(FREE_PLAY, body).json["value"]
        assert launch_query(url) == {"game": SLOT, "lang": "en", "device": "WEB", "mode": "free"}
        assert seamless_vendor.launches[-1]["player"] is None

    def test_free_play_of_an_unknown_game(self, testapp, seamless_vendor, catalog):
        answer = testapp.post_json(
            FREE_PLAY + "?lang=en", {"gameCode": "NOPE", "vassalage": SEAMLESS_VENDOR}, status=404
        ).json
        assert answer["code"] == "game_unknown"


class TestRefusals:
    def test_a_launch_needs_a_login(self, testapp, seamless_vendor, catalog):
        assert launch(testapp, None, status=401)["code"] == "not_logged_in"
        assert seamless_vendor.launches == []

    @pytest.mark.parametrize("game, vassalage", [("NOPE", SEAMLESS_VENDOR), (SLOT, "NOPE"), (SLOT, TRANSFER_VENDOR)])
    def test_an_unknown_game(self, testapp, seamless_vendor, catalog, player, game, vassalage):
        answer = launch(testapp, player(), game=game, vassalage=vassalage, status=404)
        assert answer["code"] == "game_unknown" and answer["message"]
        assert seamless_vendor.launches == []

    def test_a_retired_game(self, testapp, seamless_vendor, catalog, player, db_session):
        catalog[("demo-bd", SLOT)].active = False
        db_session.flush()
        assert launch(testapp, player(), status=404)["code"] == "game_unknown"

    def test_a_vendor_that_refuses_the_launch(self, testapp, seamless_vendor, catalog, player):
        seamless_vendor.launch_error = "game_maintenance"
        assert launch(testapp, player(), status=503)["code"] == "game_unavailable"

    def test_a_vendor_that_cannot_list_itself(self, testapp, seamless_vendor, catalog, player):
        seamless_vendor.listing_down = True
        assert launch(testapp, player(), status=503)["code"] == "game_unavailable"

    @pytest.mark.parametrize(
        "query", [{"device": "TV"}, {"gameCode": ""}, {"gameCode": "x" * 65}, {"requestId": "short"}]
    )
    def test_bad_input(self, testapp, seamless_vendor, catalog, player, query):
        assert launch(testapp, player(), status=400, **query)["code"] == "invalid_request"

    def test_a_missing_game_code(self, testapp, seamless_vendor, catalog, player):
        answer = testapp.get(LAUNCH, {"vassalage": SEAMLESS_VENDOR}, headers=player().headers, status=400).json
        assert answer["code"] == "invalid_request"


class TestBrands:
    def test_a_game_of_another_brand_cannot_be_launched(self, testapp, brand_app, seamless_vendor, catalog, player):
        assert launch(testapp, player(), game=PH_SLOT, status=404)["code"] == "game_unknown"
        ph = brand_app("demo-ph.localhost", ip=PH_IP)
        url = launch(ph, player("demo-ph"), game=PH_SLOT)["value"]
        assert seamless_vendor.launches[-1]["player"]["currency"] == "PHP"
        assert launch_query(url)["wallet"] == "http://demo-ph.localhost:6543/vendors/TSV/wallet"

    def test_a_login_launches_on_its_own_brand_only(self, brand_app, seamless_vendor, catalog, player):
        ph = brand_app("demo-ph.localhost", ip=PH_IP)
        assert launch(ph, player(), status=401)["code"] == "not_logged_in"

    def test_a_token_works_on_its_own_brand_only(self, testapp, brand_app, seamless_vendor, catalog, player):
        token = launch_query(launch(testapp, player())["value"])["token"]
        ph = VendorClient(brand_app("demo-ph.localhost", ip=PH_IP), "demo-ph")
        assert ph.authenticate(token) == {"ok": False, "code": "token_invalid"}

    def test_a_vendor_names_members_of_the_brand_only(
        self, testapp, brand_app, seamless_vendor, catalog, player, db_session
    ):
        member = player()  # of demo-bd
        ph = VendorClient(brand_app("demo-ph.localhost", ip=PH_IP), "demo-ph")
        assert ph.balance(member.id) == {"ok": False, "code": "player_unknown"}
        assert ph.debit(member.id, "tx-ph-1", "round-ph-1", "1.00") == {"ok": False, "code": "player_unknown"}
        assert main_balance(db_session, member) == 10000
        # The brand's own host answers for it, with the brand's own secret.
        assert VendorClient(testapp).balance(member.id)["balance"] == "100.00"
        bd = VendorClient(testapp)
        assert bd.call("balance", secret=SECRETS["demo-ph"], memberId=member.id)["code"] == "signature_invalid"
        assert bd.status == 401

    def test_rounds_and_transaction_ids_are_each_brands_own(
        self, testapp, brand_app, seamless_vendor, catalog, player, db_session
    ):
        bd_member, ph_member = player(), player("demo-ph")
        bd, ph = VendorClient(testapp), VendorClient(brand_app("demo-ph.localhost", ip=PH_IP), "demo-ph")
        assert bd.debit(bd_member.id, "tx-same", "round-same", "5")["ok"] is True
        assert ph.debit(ph_member.id, "tx-same", "round-same", "7")["balance"] == "93.00"
        assert main_balance(db_session, bd_member) == 9500
