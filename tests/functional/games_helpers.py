"""What the game tests share: a game-vendor plugin with a generated catalog, registered in the
app's plugin manager for one test and enabled on both demo brands (ahead of their own vendor
plugins, which are switched off), and the catalog synced into both brands.

Stable API (other game tests rely on it):

- ``VENDORS``: the vendors both brands get (dicts as ``tessera_game_vendors`` answers them);
  ``PH_ONLY``: a vendor only demo-ph gets. PG (RNG: classes SC, VP, TG, AC, JP), TY (RNG: BG and
  SC), JILI (FISH, its own ranks), EVO (LIVE, with rooms), SABA (SPORTS, every fifth game of type
  ESPORTS), IMES (esports, declared SPORTS), DS88 (cockfight, declared SPORTS), V8 (PVP), TCG
  (LOTT), RCB (SPORTS). Every vendor is seamless except JILI (transfer).
- ``catalog(vendor, count)``: the vendor's first ``count`` games, the same on every call: codes
  ``<vassalage lower case>-00000``..., names from ``name(n)``, a hot game every 7th (n % 7 == 0).
- ``rooms(vassalage)``: EVO's live tables (one of them on a game the catalog does not have).
- ``GAMES_PER_VENDOR`` (30): a test module setting its own gets that many games a vendor.
- fixture ``login`` (accounts.py): ``login(slug="demo-bd")`` a new member of that brand whose
  ``headers`` are those of a session.
- fixture ``game_catalog`` -> ``GameCatalog`` (tests/conftest.py registers this module's fixtures):
  ``.game(vassalage, code, slug="demo-bd")`` the ``Game`` row (its ``id`` is the nodeId) or None;
  ``.vendors(slug)``, ``.games(vassalage)`` what the vendors offer now; ``.sync(slug)`` sync again
  (the report); ``.plugin``, the ``GameVendors`` plugin: ``down`` (vassalages whose catalog and
  rooms refuse), ``listing_down``, ``withdraw(vassalage, *codes)``, ``games_per_vendor``,
  ``sizes`` (games by vassalage, for vendors of other sizes).

The plugin implements only the catalog hooks (vendors, catalog, rooms): a test that launches or
plays registers its own plugin for those.
"""

from dataclasses import dataclass

import pytest
from sqlalchemy import select

from apps import registered
from tessera import hookimpl
from tessera.core.timeutil import utcnow
from tessera.games.catalog.models import Game
from tessera.games.catalog.services import sync_catalog
from tessera.plugins import AdapterError, TenantPlugins
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant

PLUGIN = "test-game-vendors"
BRANDS = ("demo-bd", "demo-ph")
# The demo brands' own game-vendor plugins, reached over HTTP: switched off while the test vendors play.
REAL_VENDORS = ("transfer-vendor", "demo-vendor")
GAMES_PER_VENDOR = 30
UNAVAILABLE = "vendor_unavailable"


def _vendor(vassalage, name, game_type, wallet_mode="seamless", **more) -> dict:
    return {"vassalage": vassalage, "displayName": name, "gameType": game_type, "walletMode": wallet_mode, **more}


VENDORS = (
    _vendor("PG", "PG Soft", "RNG", isHot=True, smallIcon="https://icons.test/vendors/pg.svg"),
    _vendor("TY", "TY Gaming", "RNG"),
    _vendor("JILI", "JILI Fishing", "FISH", wallet_mode="transfer"),
    _vendor("EVO", "Evolution Live", "LIVE", accountTypeId=7),
    _vendor("SABA", "SABA Sports", "SPORTS"),
    _vendor("RCB", "RCB Sports", "SPORTS"),
    _vendor("IMES", "IM Esports", "SPORTS"),
    _vendor("DS88", "DS88 Cockfight", "SPORTS"),
    _vendor("V8", "V8 Poker", "PVP"),
    _vendor("TCG", "TCG Lottery", "LOTT"),
)
PH_ONLY = _vendor("JDB", "JDB Slots", "RNG")

ADJECTIVES = (
    "Golden",
    "Lucky",
    "Wild",
    "Mighty",
    "Royal",
    "Crystal",
    "Dragon",
    "Jade",
    "Fortune",
    "Neon",
    "Thunder",
    "Silver",
    "Mystic",
    "Blazing",
    "Ocean",
    "Sakura",
)
NOUNS = (
    "Tiger",
    "Lantern",
    "Phoenix",
    "Temple",
    "Koi",
    "Empire",
    "Riches",
    "Panda",
    "Gems",
    "Storm",
    "Reels",
    "Queen",
    "Legend",
    "Carnival",
    "Treasure",
    "Ninja",
)
CLASSES = {"PG": ("SC", "VP", "TG", "AC", "JP"), "TY": ("BG", "SC"), "JDB": ("SC", "JP")}
MIN_BETS = ("0.01", "0.05", "0.10", "0.50", "0.75", "1.00")
SLOT_LINES = (25, 30, 40, 50)


def name(n: int) -> str:
    """The name of a vendor's n-th game: 256 distinct pairs, then numbered."""
    pair = f"{ADJECTIVES[n % len(ADJECTIVES)]} {NOUNS[(n // len(ADJECTIVES)) % len(NOUNS)]}"
    rounds = n // (len(ADJECTIVES) * len(NOUNS))
    return f"{pair} {rounds + 1}" if rounds else pair


def catalog(vendor: dict, count: int) -> list[dict]:
    """The vendor's first ``count`` games, as ``tessera_game_catalog`` answers them."""
    vassalage, game_type = vendor["vassalage"], vendor["gameType"]
    classes = CLASSES.get(vassalage)
    games = []
    for n in range(count):
        code = f"{vassalage.lower()}-{n:05d}"
        game = {
            "gameCode": code,
            "displayName": name(n),
            "gameType": "ESPORTS" if vassalage == "SABA" and n % 5 == 4 else game_type,
            "icons": {"square": f"https://icons.test/{vassalage}/{code}.svg"},
            "minBet": MIN_BETS[n % len(MIN_BETS)],
            "lines": SLOT_LINES[n % len(SLOT_LINES)] if game_type == "RNG" else None,
            "classify": classes[n % len(classes)] if classes else None,
            "hot": n % 7 == 0,
        }
        if vassalage == "JILI":
            game["rank"] = count - n  # the vendor's own order: the last game first
        games.append(game)
    return games


def rooms(vassalage: str) -> list[dict] | None:
    if vassalage != "EVO":
        return None
    return [
        {
            "roomId": "EVO-B1",
            "gameCode": "evo-00000",
            "name": "Baccarat A",
            "dealer": "Ana",
            "minBet": "1",
            "maxBet": "500.5",
            "players": 12,
            "status": "open",
        },
        {
            "roomId": "EVO-R2",
            "gameCode": "evo-00001",
            "name": "Roulette",
            "dealer": None,
            "minBet": "0.50",
            "maxBet": "1000.00",
            "players": 0,
            "status": "closed",
        },
        {
            "roomId": "EVO-L9",
            "gameCode": "evo-lobby",
            "name": "Lobby table",
            "dealer": "Ben",
            "minBet": "2.00",
            "maxBet": "20.00",
            "players": 3,
            "status": "open",
        },
    ]


class GameVendors:
    """The test vendors, per brand; ``down`` holds vassalages whose catalog and rooms refuse,
    ``listing_down`` makes the vendor list itself refuse."""

    def __init__(self, games_per_vendor: int = GAMES_PER_VENDOR, sizes: dict[str, int] | None = None):
        self.games_per_vendor = games_per_vendor
        self.sizes = sizes or {}  # games of a vendor that has not ``games_per_vendor``
        self.down: set[str] = set()
        self.listing_down = False
        self.withdrawn: dict[str, set[str]] = {}

    def vendors(self, slug: str) -> list[dict]:
        return list(VENDORS) + ([PH_ONLY] if slug == "demo-ph" else [])

    def games(self, vassalage: str) -> list[dict]:
        vendor = next(v for v in (*VENDORS, PH_ONLY) if v["vassalage"] == vassalage)
        gone = self.withdrawn.get(vassalage, set())
        count = self.sizes.get(vassalage, self.games_per_vendor)
        return [game for game in catalog(vendor, count) if game["gameCode"] not in gone]

    def withdraw(self, vassalage: str, *codes: str) -> None:
        """The vendor stops offering these games (``withdrawn[vassalage].clear()`` brings them back)."""
        self.withdrawn.setdefault(vassalage, set()).update(codes)

    def _mine(self, tenant, vassalage: str) -> bool:
        return any(v["vassalage"] == vassalage for v in self.vendors(tenant.slug))

    @hookimpl
    def tessera_game_vendors(self, tenant, settings):
        if self.listing_down:
            raise AdapterError(UNAVAILABLE)
        return self.vendors(tenant.slug)

    @hookimpl
    def tessera_game_catalog(self, tenant, settings, vassalage):
        if not self._mine(tenant, vassalage):
            return None
        if vassalage in self.down:
            raise AdapterError(UNAVAILABLE)
        return self.games(vassalage)

    @hookimpl
    def tessera_game_rooms(self, tenant, settings, vassalage):
        if not self._mine(tenant, vassalage):
            return None
        if vassalage in self.down:
            raise AdapterError(UNAVAILABLE)
        return rooms(vassalage)


def _own_vendors_off(tenant) -> dict:
    return {
        name: ({**settings, "enabled": False} if name in REAL_VENDORS else settings)
        for name, settings in tenant.config.get("plugins", {}).items()
        if name != PLUGIN
    }


def enable_game_vendors(db, slug: str) -> None:
    """The brand enables the test vendors ahead of its other plugins, its own vendors switched off."""
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    tenant.config = {**tenant.config, "plugins": {PLUGIN: {}, **_own_vendors_off(tenant)}}
    db.flush()


def disable_game_vendors_elsewhere(db, slugs) -> None:
    """Every brand but ``slugs`` has its own vendors switched off and no test vendor: a sync of all
    brands reaches no vendor over HTTP."""
    for tenant in db.scalars(select(Tenant).where(Tenant.slug.not_in(tuple(slugs)))):
        tenant.config = {**tenant.config, "plugins": _own_vendors_off(tenant)}
    db.flush()


def brand_plugins(db, pm, slug: str) -> tuple[TenantContext, TenantPlugins]:
    tenant = TenantContext.from_row(db.scalar(select(Tenant).where(Tenant.slug == slug)))
    return tenant, TenantPlugins(pm, tenant)


@dataclass
class GameCatalog:
    db: object
    pm: object
    plugin: GameVendors

    def vendors(self, slug: str = "demo-bd") -> list[dict]:
        return self.plugin.vendors(slug)

    def games(self, vassalage: str) -> list[dict]:
        return self.plugin.games(vassalage)

    def game(self, vassalage: str, code: str, slug: str = "demo-bd") -> Game | None:
        return self.db.scalar(
            select(Game)
            .join(Tenant, Tenant.id == Game.tenant_id)
            .where(Tenant.slug == slug, Game.vassalage == vassalage, Game.game_code == code)
        )

    def sync(self, slug: str = "demo-bd") -> dict:
        tenant, plugins = brand_plugins(self.db, self.pm, slug)
        report = sync_catalog(self.db, tenant, plugins, utcnow())
        self.db.flush()
        self.db.expire_all()  # the sync wrote in bulk, past the session's objects
        return report


@pytest.fixture
def game_catalog(request, app, db_session):
    """The test vendors on both demo brands, their catalogs synced; a test module may set
    ``GAMES_PER_VENDOR`` for another size."""
    plugin = GameVendors(getattr(request.module, "GAMES_PER_VENDOR", GAMES_PER_VENDOR))
    with registered(app, plugin, PLUGIN) as pm:
        found = GameCatalog(db_session, pm, plugin)
        for slug in BRANDS:
            enable_game_vendors(db_session, slug)
            found.sync(slug)
        yield found
