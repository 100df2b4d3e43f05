"""The game-vendor contract (``tessera_game_vendors``, ``tessera_game_catalog``,
``tessera_game_launch``, ``tessera_game_transfer``, ``tessera_game_balance``,
``tessera_game_bet_records``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()``: settings under which it offers at least one vendor with games.

A transfer-wallet vendor's refusals carry the codes the wallet turns into answers for the member:
``vendor_insufficient_funds`` (more out than the vendor balance), ``transfer_conflict`` (a
transfer id replayed with other fields) and ``vendor_unavailable`` (no usable answer).
"""
import re
import secrets
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from urllib.parse import urlencode

import pytest
from plugin_contract import Reference, brand, implementations, reference_manager

from tessera import hookimpl
from tessera.plugins import AdapterError, TenantPlugins

VENDORS, CATALOG, LAUNCH = "tessera_game_vendors", "tessera_game_catalog", "tessera_game_launch"
TRANSFER, BALANCE, BETS = "tessera_game_transfer", "tessera_game_balance", "tessera_game_bet_records"
CENT = Decimal("0.01")


class LedgerVendor(Reference):
    """A conforming vendor: one vendor per settings table, a transfer wallet per merchant and player."""

    def __init__(self):
        super().__init__()
        self.wallets: dict[tuple, Decimal] = {}
        self.transfers: dict[tuple, tuple] = {}  # (merchant, transfer id) -> (request, balance after)

    @staticmethod
    def _mine(settings, vassalage) -> bool:
        return vassalage == settings["vassalage"]

    @hookimpl
    def tessera_game_vendors(self, tenant, settings):
        self.record(tenant, VENDORS, settings)
        return [{"vassalage": settings["vassalage"], "displayName": settings["name"], "gameType": "RNG",
                 "walletMode": settings["wallet_mode"], "isHot": True}]

    @hookimpl
    def tessera_game_catalog(self, tenant, settings, vassalage):
        self.record(tenant, CATALOG, settings)
        if not self._mine(settings, vassalage):
            return None
        return [{"gameCode": code, "displayName": code.title(), "gameType": "RNG", "icons": {}, "minBet": "0.10",
                 "lines": 25, "classify": "SC", "hot": code == "lucky"} for code in ("lucky", "dragon")]

    @hookimpl
    def tessera_game_launch(self, tenant, settings, vassalage, game_code, player, language, device, free_play):
        self.record(tenant, LAUNCH, settings)
        if not self._mine(settings, vassalage):
            return None
        query = {"merchant": settings["merchant"], "player": player["username"], "lang": language, "device": device,
                 "demo": int(free_play)}
        return f"https://games.example/{vassalage}/{game_code}?{urlencode(query)}"

    @hookimpl
    def tessera_game_transfer(self, tenant, settings, vassalage, player, amount, direction, transfer_id):
        self.record(tenant, TRANSFER, settings)
        if not self._mine(settings, vassalage):
            return None
        request = (vassalage, player["id"], Decimal(amount), direction)
        done = self.transfers.get((settings["merchant"], transfer_id))
        if done is not None:
            if done[0] != request:
                raise AdapterError("transfer_conflict")
            return done[1]
        if Decimal(amount) <= 0:
            raise ValueError(f"the core sends positive amounts: {amount!r}")
        wallet = (settings["merchant"], vassalage, player["id"])
        change = Decimal(amount) if direction == "in" else -Decimal(amount)
        if self.wallets.get(wallet, Decimal(0)) + change < 0:
            raise AdapterError("vendor_insufficient_funds")
        self.wallets[wallet] = self.wallets.get(wallet, Decimal(0)) + change
        balance = str(self.wallets[wallet].quantize(CENT))
        self.transfers[(settings["merchant"], transfer_id)] = (request, balance)
        return balance

    @hookimpl
    def tessera_game_balance(self, tenant, settings, vassalage, player):
        self.record(tenant, BALANCE, settings)
        if not self._mine(settings, vassalage):
            return None
        return str(self.wallets.get((settings["merchant"], vassalage, player["id"]), Decimal(0)).quantize(CENT))

    @hookimpl
    def tessera_game_bet_records(self, tenant, settings, vassalage, since, until):
        self.record(tenant, BETS, settings)
        if not self._mine(settings, vassalage):
            return None
        return []

    def contract_settings(self) -> dict:
        return {"merchant": secrets.token_hex(4), "vassalage": "REFSLOT", "name": "Reference Slots", "wallet_mode": "transfer"}


# -- The contract ---------------------------------------------------------------------------

contract = pytest.mark.parametrize("adapter", implementations(VENDORS, reference=LedgerVendor()))
PLAYER = {"id": 7, "username": "player7", "currency": "BDT"}


def vendors(adapter, settings) -> list[dict]:
    return adapter.call(VENDORS, settings)


def transfer_vendor(adapter, settings) -> str:
    found = [v["vassalage"] for v in vendors(adapter, settings) if v["walletMode"] == "transfer"]
    if not found:
        pytest.skip(f"{adapter.name} offers no transfer-wallet vendor")
    return found[0]


@contract
def test_vendors_are_described(adapter):
    offered = vendors(adapter, adapter.helper("contract_settings")())
    assert offered and len({v["vassalage"] for v in offered}) == len(offered)
    for vendor in offered:
        assert {"vassalage", "displayName", "gameType", "walletMode"} <= set(vendor)
        assert vendor["walletMode"] in {"seamless", "transfer"}
        assert isinstance(vendor.get("isHot", False), bool)
        assert vendor.get("smallIcon") is None or isinstance(vendor["smallIcon"], str)


@contract
def test_each_vendor_has_a_catalog_of_games(adapter):
    settings = adapter.helper("contract_settings")()
    for vendor in vendors(adapter, settings):
        games = list(adapter.call(CATALOG, settings, vassalage=vendor["vassalage"]))
        assert games and len({g["gameCode"] for g in games}) == len(games)
        assert all({"gameCode", "displayName", "gameType"} <= set(game) for game in games)


@contract
@pytest.mark.parametrize("free_play", [False, True])
def test_a_game_launches_at_a_url(adapter, free_play):
    settings = adapter.helper("contract_settings")()
    vassalage = vendors(adapter, settings)[0]["vassalage"]
    game = next(iter(adapter.call(CATALOG, settings, vassalage=vassalage)))
    url = adapter.call(LAUNCH, settings, vassalage=vassalage, game_code=game["gameCode"], player=PLAYER,
                       language="bn", device="WEB", free_play=free_play)
    assert isinstance(url, str) and re.match(r"^https?://\S+$", url)


@contract
def test_a_vendor_of_someone_else_is_none(adapter):
    settings = adapter.helper("contract_settings")()
    now = datetime.now(timezone.utc)
    calls = {
        CATALOG: {}, LAUNCH: {"game_code": "x", "player": PLAYER, "language": "en", "device": "WEB", "free_play": False},
        TRANSFER: {"player": PLAYER, "amount": "1.00", "direction": "in", "transfer_id": "t"},
        BALANCE: {"player": PLAYER}, BETS: {"since": now - timedelta(hours=1), "until": now},
    }
    assert {hook: adapter.call(hook, settings, vassalage="NO-SUCH-VENDOR", **kwargs) for hook, kwargs in calls.items()} == \
        dict.fromkeys(calls)


@contract
def test_transfers_move_money_and_replays_change_nothing(adapter):
    settings = adapter.helper("contract_settings")()
    vassalage = transfer_vendor(adapter, settings)

    def move(amount, direction, transfer_id) -> Decimal:
        return Decimal(adapter.call(TRANSFER, settings, vassalage=vassalage, player=PLAYER, amount=amount,
                                    direction=direction, transfer_id=transfer_id))

    assert move("100.00", "in", "t-1") == Decimal("100")
    assert move("100.00", "in", "t-1") == Decimal("100")  # a replay returns the first result
    assert move("40.50", "out", "t-2") == Decimal("59.50")
    assert Decimal(adapter.call(BALANCE, settings, vassalage=vassalage, player=PLAYER)) == Decimal("59.50")


@contract
def test_a_replay_with_other_fields_is_refused(adapter):
    settings = adapter.helper("contract_settings")()
    vassalage = transfer_vendor(adapter, settings)
    adapter.call(TRANSFER, settings, vassalage=vassalage, player=PLAYER, amount="10.00", direction="in", transfer_id="t-9")
    for amount, direction in (("99.00", "in"), ("10.00", "out")):
        with pytest.raises(AdapterError) as refused:
            adapter.call(TRANSFER, settings, vassalage=vassalage, player=PLAYER, amount=amount, direction=direction,
                         transfer_id="t-9")
        assert refused.value.code == "transfer_conflict"
    assert Decimal(adapter.call(BALANCE, settings, vassalage=vassalage, player=PLAYER)) == Decimal("10")


@contract
def test_more_out_than_the_balance_is_refused(adapter):
    settings = adapter.helper("contract_settings")()
    vassalage = transfer_vendor(adapter, settings)
    adapter.call(TRANSFER, settings, vassalage=vassalage, player=PLAYER, amount="5.00", direction="in", transfer_id="t-1")
    with pytest.raises(AdapterError) as refused:
        adapter.call(TRANSFER, settings, vassalage=vassalage, player=PLAYER, amount="5.01", direction="out", transfer_id="t-2")
    assert refused.value.code == "vendor_insufficient_funds"
    assert Decimal(adapter.call(BALANCE, settings, vassalage=vassalage, player=PLAYER)) == Decimal("5")


@contract
def test_bet_records_are_dicts(adapter):
    settings = adapter.helper("contract_settings")()
    now = datetime.now(timezone.utc)
    for vendor in vendors(adapter, settings):
        records = adapter.call(BETS, settings, vassalage=vendor["vassalage"], since=now - timedelta(days=1), until=now)
        assert records is not None and all(isinstance(record, dict) for record in records)


# -- Dispatch -------------------------------------------------------------------------------


def vendor_settings(merchant: str, vassalage: str) -> dict:
    return {"merchant": merchant, "vassalage": vassalage, "name": vassalage.title(), "wallet_mode": "transfer"}


@pytest.fixture
def plugins_pm():
    references = {"vendor-a": LedgerVendor(), "vendor-b": LedgerVendor()}
    return reference_manager(**references), references


def test_a_brand_lists_the_vendors_of_the_plugins_it_enables(plugins_pm):
    pm, references = plugins_pm
    plugins = TenantPlugins(pm, brand({"vendor-a": {**vendor_settings("m", "A-SLOT"), "enabled": False},
                                       "vendor-b": vendor_settings("m", "B-SLOT")}))
    assert [v["vassalage"] for _, answer in plugins.each(VENDORS) for v in answer] == ["B-SLOT"]
    assert references["vendor-a"].calls == []


def test_a_call_for_a_vendor_reaches_the_plugin_that_has_it(plugins_pm):
    pm, references = plugins_pm
    plugins = TenantPlugins(pm, brand({"vendor-a": vendor_settings("m", "A-SLOT"), "vendor-b": vendor_settings("m", "B-SLOT")}))
    url = plugins.first(LAUNCH, vassalage="B-SLOT", game_code="lucky", player=PLAYER, language="en", device="WEB",
                        free_play=False)
    assert url.startswith("https://games.example/B-SLOT/lucky?")
    assert [hook for _, hook, _ in references["vendor-a"].calls] == [LAUNCH]  # asked first, declined
    assert plugins.first(CATALOG, vassalage="NO-SUCH-VENDOR") is None


def test_the_first_plugin_in_tenant_toml_order_wins_a_shared_vendor(plugins_pm):
    pm, references = plugins_pm
    plugins = TenantPlugins(pm, brand({"vendor-b": vendor_settings("b", "SLOT"), "vendor-a": vendor_settings("a", "SLOT")}))
    url = plugins.first(LAUNCH, vassalage="SLOT", game_code="lucky", player=PLAYER, language="en", device="WEB", free_play=True)
    assert "merchant=b" in url
    assert references["vendor-a"].calls == []


def test_each_brand_has_its_own_vendor_wallets(plugins_pm):
    pm, references = plugins_pm
    first = TenantPlugins(pm, brand({"vendor-a": vendor_settings("first", "SLOT")}, slug="first"))
    second = TenantPlugins(pm, brand({"vendor-a": vendor_settings("second", "SLOT")}, slug="second"))
    first.first(TRANSFER, vassalage="SLOT", player=PLAYER, amount="30.00", direction="in", transfer_id="t-1")
    second.first(TRANSFER, vassalage="SLOT", player=PLAYER, amount="5.00", direction="in", transfer_id="t-1")
    assert [first.first(BALANCE, vassalage="SLOT", player=PLAYER), second.first(BALANCE, vassalage="SLOT", player=PLAYER)] == \
        ["30.00", "5.00"]
    assert {slug: settings["merchant"] for slug, _, settings in references["vendor-a"].calls} == {
        "first": "first", "second": "second"}
