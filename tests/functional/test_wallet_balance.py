"""/wps/v2/wallets/balance, /wps/relay/GCS_merchantWallet and /wps/member/info/funds/consolidated:
what a member holds, in main and in each transfer-wallet vendor's wallet, as the ledger has it."""

from decimal import Decimal

import pytest
from sqlalchemy import func, select

from accounts import set_brand
from tessera.wallet.ledger.models import LedgerAccount
from tessera.wallet.ledger.services import Ledger, Leg
from wallet_vendor import VENDOR

BALANCE = "/wps/v2/wallets/balance"
MERCHANT = "/wps/relay/GCS_merchantWallet"
CONSOLIDATED = "/wps/member/info/funds/consolidated"
PH_IP = "192.0.2.44"


@pytest.fixture
def hold(db_session, fund):
    """``hold(member, main, wallet)``: money in main and, moved there as a settled transfer would, in
    the test vendor's wallet."""

    def make(member, main: str, wallet: str | None = None):
        fund(member, main)
        if wallet:
            ledger, minor = Ledger(db_session, member.tenant_id), int(Decimal(wallet).scaleb(2))
            ledger.post(
                f"test:wallet:{member.id}",
                "transfer_settle",
                [
                    Leg(ledger.house_account("transfers_in_flight", member.id), -minor),
                    Leg(ledger.member_account(member.id, "vendor", VENDOR), minor),
                ],
                member_id=member.id,
            )

    return make


class TestBalance:
    def test_main_and_vendor_wallets_add_up(self, testapp, vendor, login, db_session, hold):
        member = login()
        hold(member, "100.25", "30.50")
        assert testapp.get(BALANCE, headers=member.headers).json["value"] == {
            "sumBalance": "130.75",
            "mainBalance": "100.25",
            "pendingBalance": "0.00",
            "currency": "BDT",
            "currencySymbol": "৳",
            "wallets": [{"vassalage": VENDOR, "displayName": "Transfer Wallet Test", "balance": "30.50"}],
        }

    def test_the_brands_currency(self, brand_app, vendor, login, db_session, hold):
        member = login("demo-ph")
        hold(member, "5")
        value = brand_app("demo-ph.localhost", ip=PH_IP).get(BALANCE, headers=member.headers).json["value"]
        assert (value["currency"], value["sumBalance"], value["wallets"][0]["balance"]) == ("PHP", "5.00", "0.00")

    def test_free_play_holds_nothing_and_reading_makes_no_account(self, testapp, vendor, login, db_session):
        member = login(member_type=0, password=None)
        value = testapp.get(BALANCE, headers=member.headers).json["value"]
        assert (value["sumBalance"], value["mainBalance"]) == ("0.00", "0.00")
        assert (
            db_session.scalar(
                select(func.count()).select_from(LedgerAccount).where(LedgerAccount.member_id == member.id)
            )
            == 0
        )

    def test_a_vendor_plugin_that_is_down_breaks_nothing(self, testapp, vendor, login, db_session, hold):
        member = login()
        hold(member, "10", "4")
        vendor.listing_down = True
        value = testapp.get(BALANCE, headers=member.headers).json["value"]
        assert value["sumBalance"] == "14.00"
        assert value["wallets"] == [{"vassalage": VENDOR, "displayName": VENDOR, "balance": "4.00"}]

    def test_each_member_sees_their_own(self, testapp, vendor, login, db_session, hold):
        rich, poor = login(), login()
        hold(rich, "500")
        assert testapp.get(BALANCE, headers=poor.headers).json["value"]["sumBalance"] == "0.00"
        assert testapp.get(BALANCE, headers=rich.headers).json["value"]["sumBalance"] == "500.00"

    def test_a_login_of_another_brand_is_not_one(self, brand_app, vendor, login, db_session, hold):
        member = login()
        hold(member, "10")
        assert (
            brand_app("demo-ph.localhost", ip=PH_IP).get(BALANCE, headers=member.headers, status=401).json["code"]
            == "not_logged_in"
        )

    def test_it_needs_a_login(self, testapp):
        assert testapp.get(BALANCE, status=401).json["code"] == "not_logged_in"


class TestMerchantWallet:
    def test_the_transfer_wallet_vendors(self, testapp, vendor, login):
        assert testapp.get(MERCHANT, headers=login().headers).json["value"] == {
            "isSingle": False,
            "wallets": [{"vassalage": VENDOR, "displayName": "Transfer Wallet Test"}],
        }

    def test_a_brand_without_one_has_a_single_wallet(self, testapp, vendor, login):
        vendor.listing_down = True  # its only vendor plugin cannot list its vendors
        assert testapp.get(MERCHANT, headers=login().headers).json["value"] == {"isSingle": True, "wallets": []}

    def test_it_is_a_get_with_a_login(self, testapp, vendor, login):
        assert testapp.get(MERCHANT, status=401).json["code"] == "not_logged_in"
        assert testapp.post_json(MERCHANT, {}, headers=login().headers, status=405).json["code"] == "method_not_allowed"


class TestConsolidated:
    def test_the_brands_contracts_and_the_sum(self, testapp, vendor, login, db_session, hold):
        member = login()
        hold(member, "20", "5")
        assert testapp.get(CONSOLIDATED, headers=member.headers).json["value"] == {
            "dailysalreqtype": True,
            "divtypereq": True,
            "contracthoursalreq": False,
            "realtimesalreqtype": False,
            "sumBalance": "25.00",
        }

    def test_the_flags_follow_the_brand(self, testapp, login, db_session):
        set_brand(
            db_session,
            "demo-bd",
            whitelabel={"DAILYSAL3": False, "DIVIDEND3": False, "HOURSAL3": True, "REALTIMESAL3": True},
        )
        assert testapp.get(CONSOLIDATED, headers=login().headers).json["value"] == {
            "dailysalreqtype": False,
            "divtypereq": False,
            "contracthoursalreq": True,
            "realtimesalreqtype": True,
            "sumBalance": "0.00",
        }

    def test_it_needs_a_login(self, testapp):
        assert testapp.get(CONSOLIDATED, status=401).json["code"] == "not_logged_in"
