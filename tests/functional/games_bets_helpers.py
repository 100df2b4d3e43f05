"""What the betting-record, profit and winner tests share: a vendor plugin offering a
transfer-wallet and a seamless vendor (its bet records set by the test, or down), enabled on both
demo brands instead of their own vendors; catalog games and rounds made as the wallet makes them."""

import pytest
from sqlalchemy import select

from apps import registered
from tessera import hookimpl
from tessera.games.bets.models import GameBet
from tessera.games.catalog.models import Game
from tessera.games.vendors import SEAMLESS, TRANSFER
from tessera.plugins import AdapterError
from tessera.tenancy.models import Tenant

PLUGIN = "test-bet-vendor"
TRANSFER_VENDOR, SEAMLESS_VENDOR, COCKFIGHT_VENDOR = "TWB", "SMB", "DS88"
NAMES = {TRANSFER_VENDOR: "Transfer Bets", SEAMLESS_VENDOR: "Seamless Bets", COCKFIGHT_VENDOR: "Derby Sabong"}
BETS, PROFIT, RANKS = "/wps/games/bets", "/wps/games/profit", "/wps/relay/GCSGAME_getRankList"


class BetVendor:
    """Offers TWB (transfer wallet, slots), SMB (seamless, live) and DS88 (seamless, sports: the
    cockfight lane). ``records[slug]`` is TWB's feed of a brand's bet records, in the order the
    vendor recorded them (a round changed later is appended again), served ``page`` at a time with
    the number of records listed so far as the cursor; ``down`` makes it fail; ``asked`` keeps
    each (brand, cursor) asked for."""

    def __init__(self):
        self.records: dict[str, list] = {}
        self.page = 100
        self.answer = None  # answered instead of the feed when set
        self.down = False
        self.asked: list[tuple[str, str | None]] = []

    @hookimpl
    def tessera_game_vendors(self, tenant, settings):
        return [
            {
                "vassalage": TRANSFER_VENDOR,
                "displayName": NAMES[TRANSFER_VENDOR],
                "gameType": "RNG",
                "walletMode": TRANSFER,
            },
            {
                "vassalage": SEAMLESS_VENDOR,
                "displayName": NAMES[SEAMLESS_VENDOR],
                "gameType": "LIVE",
                "walletMode": SEAMLESS,
            },
            {
                "vassalage": COCKFIGHT_VENDOR,
                "displayName": NAMES[COCKFIGHT_VENDOR],
                "gameType": "SPORTS",
                "walletMode": SEAMLESS,
            },
        ]

    @hookimpl
    def tessera_game_bet_records(self, tenant, settings, vassalage, cursor):
        if vassalage != TRANSFER_VENDOR:
            return None
        self.asked.append((tenant.slug, cursor))
        if self.down:
            raise AdapterError("vendor_unavailable")
        if self.answer is not None:
            return self.answer
        start = int(cursor or 0)
        listed = self.records.get(tenant.slug, [])[start : start + self.page]
        return {"records": listed, "cursor": str(start + len(listed))}


def vendor_plugins(pm) -> set[str]:
    return {pm.get_name(impl.plugin) for impl in pm.hook.tessera_game_vendors.get_hookimpls()}


def enable_bet_vendor(db, slug: str, pm) -> None:
    """The brand's own game-vendor plugins switched off, the test vendor first."""
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    others = vendor_plugins(pm) - {PLUGIN}
    plugins = {
        name: ({**settings, "enabled": False} if name in others else settings)
        for name, settings in tenant.config.get("plugins", {}).items()
    }
    tenant.config = {**tenant.config, "plugins": {PLUGIN: {}, **plugins}}
    db.flush()


@pytest.fixture
def bet_vendor(app, db_session):
    plugin = BetVendor()
    with registered(app, plugin, PLUGIN) as pm:
        for slug in ("demo-bd", "demo-ph"):
            enable_bet_vendor(db_session, slug, pm)
        yield plugin


@pytest.fixture
def rounds(bets):
    """``rounds(member, "10", "5", game=..., status=OPEN)``: a round of the member's at the test
    vendors (TWB unless ``vassalage`` or ``game`` says), as the wallet keeps it (``bets``): by
    transfer wallet at TWB, seamless elsewhere unless ``wallet_mode`` says."""

    def make(
        member,
        bet: str,
        payout: str = "0",
        *,
        vassalage: str = TRANSFER_VENDOR,
        game: Game | None = None,
        wallet_mode: str | None = None,
        **fields,
    ) -> GameBet:
        vassalage = game.vassalage if game else vassalage
        return bets(
            member,
            bet,
            payout,
            game=game,
            vassalage=vassalage,
            wallet_mode=wallet_mode or (TRANSFER if vassalage == TRANSFER_VENDOR else SEAMLESS),
            **fields,
        )

    return make
