"""What the wallet tests share: a transfer-wallet vendor plugin that keeps each player's balance
and each transfer's outcome by transfer id (asking again answers the first outcome and moves
nothing more), and that a test tells to be down, to time out, to lose its answer after moving the
money, or to refuse; registered in the app's plugin manager and enabled on both demo brands
(the accounts.py pattern), with logins and money for members."""

import threading
from contextlib import contextmanager
from decimal import Decimal

import pytest
from sqlalchemy import select

from accounts import bearer
from factories import CreditFactory, MemberFactory, building_in
from tessera import hookimpl
from tessera.core.db import operator_session
from tessera.core.timeutil import utcnow
from tessera.identity.sessions.services import start_session
from tessera.plugins import AdapterError
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.services import Ledger

PLUGIN = "test-wallet-vendor"
REAL_VENDORS = ("transfer-vendor",)  # the demo brands' own, reached over HTTP
VENDOR, SEAMLESS = "TWT", "SEAM"
UNAVAILABLE = "vendor_unavailable"
# What the vendor does when asked to move money (``vendor.mode``).
DOWN, TIMEOUT, LOSE_ANSWER, REFUSE, CRASH = "down", "timeout", "lose_answer", "refuse", "crash"


class WalletVendor:
    """Balances by (brand, player id); outcomes by (brand, transfer id)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.balances: dict[tuple[str, int], Decimal] = {}
        self.outcomes: dict[tuple[str, str], tuple] = {}
        self.calls: list[dict] = []
        self.mode: str | None = None
        self.listing_down = False
        self.on_call = None  # a test's look at the world at the moment the vendor is asked
        self.on_moved = None  # ... and once it moved the money, before it answers

    def balance(self, slug: str, member_id: int) -> Decimal:
        return self.balances.get((slug, member_id), Decimal("0.00"))

    def moves(self, slug: str) -> int:
        """How many transfers the vendor carried out for the brand (refusals not counted)."""
        return sum(1 for (brand, _), outcome in self.outcomes.items() if brand == slug and outcome[0] == "done")

    @hookimpl
    def tessera_game_vendors(self, tenant, settings):
        if self.listing_down:
            raise AdapterError(UNAVAILABLE)
        return [
            {"vassalage": VENDOR, "displayName": "Transfer Wallet Test", "gameType": "RNG", "walletMode": "transfer"},
            {"vassalage": SEAMLESS, "displayName": "Seamless Test", "gameType": "LIVE", "walletMode": "seamless"},
        ]

    @hookimpl
    def tessera_game_balance(self, tenant, settings, vassalage, player):
        if vassalage != VENDOR:
            return None
        if self.mode == DOWN:
            raise AdapterError(UNAVAILABLE)
        return str(self.balance(tenant.slug, player["id"]))

    @hookimpl
    def tessera_game_transfer(self, tenant, settings, vassalage, player, amount, direction, transfer_id):
        if vassalage != VENDOR:
            return None
        self.calls.append(
            {
                "brand": tenant.slug,
                "player": player,
                "amount": amount,
                "direction": direction,
                "transferId": transfer_id,
            }
        )
        if self.on_call is not None:
            self.on_call(transfer_id)
        if self.mode == DOWN:
            raise AdapterError(UNAVAILABLE)
        if self.mode == TIMEOUT:
            raise TimeoutError("the vendor did not answer in time")
        if self.mode == REFUSE:
            raise AdapterError("vendor_refused")
        outcome = self._move(tenant.slug, player["id"], Decimal(amount), direction, transfer_id)
        if self.on_moved is not None:
            self.on_moved(transfer_id)
        if self.mode == LOSE_ANSWER:
            raise AdapterError(UNAVAILABLE)
        if self.mode == CRASH:
            raise RuntimeError("connection reset by the vendor")
        if outcome[0] == "refused":
            raise AdapterError("vendor_insufficient_funds", balance=outcome[1])
        return outcome[1]

    def _move(self, slug, player_id, amount, direction, transfer_id) -> tuple:
        with self.lock:
            key = (slug, transfer_id)
            if key in self.outcomes:
                status, balance, fields = self.outcomes[key]
                if fields != (player_id, amount, direction):
                    raise AdapterError("transfer_conflict")
                return status, balance
            held = self.balance(slug, player_id)
            if direction == "out" and amount > held:
                outcome = ("refused", str(held))
            else:
                held = held + amount if direction == "in" else held - amount
                self.balances[(slug, player_id)] = held
                outcome = ("done", str(held))
            self.outcomes[key] = (*outcome, (player_id, amount, direction))
            return outcome


def enable_vendor(db, slug: str) -> None:
    """The brand enables the test vendor, ahead of its other plugins, instead of its own vendors."""
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    plugins = {
        name: ({**settings, "enabled": False} if name in REAL_VENDORS else settings)
        for name, settings in tenant.config.get("plugins", {}).items()
    }
    tenant.config = {**tenant.config, "plugins": {PLUGIN: {}, **plugins}}
    db.flush()


def set_wallet(db, slug: str, **settings) -> None:
    """Change settings of the brand's [wallet] section."""
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    tenant.config = {**tenant.config, "wallet": {**tenant.config.get("wallet", {}), **settings}}
    db.flush()


@pytest.fixture
def vendor(app, db_session):
    plugin = WalletVendor()
    pm = app.registry["plugin_manager"]
    pm.register(plugin, name=PLUGIN)
    for slug in ("demo-bd", "demo-ph"):
        enable_vendor(db_session, slug)
    yield plugin
    pm.unregister(plugin)


@pytest.fixture
def player(members, fund, token_of):
    """A real member of demo-bd holding 100.00 in main, and the headers of their login."""
    member = members()
    fund(member, "100.00")
    member.headers = bearer(token_of(member))
    return member


def committed_member(engine, amount: str | None, made: list[int]) -> tuple[int, dict]:
    """A member of demo-bd with a session, funded with ``amount`` (none when None), committed; its
    id goes into ``made`` for the fixture that removes it. Returns the id and bearer headers."""
    with operator_session(engine) as db, building_in(db):
        row = MemberFactory()
        if amount:
            CreditFactory(member=row, amount=amount)
        token = start_session(db, TenantContext.from_row(db.get(Tenant, row.tenant_id)), row, None, utcnow())
        for new in db.new:
            new.tenant_id = row.tenant_id  # an operator's session fills in no brand
        made.append(row.id)
        return row.id, bearer(token)


def main_balance(db, member) -> int:
    ledger = Ledger(db, member.tenant_id)
    account = ledger.existing_account(f"member:{member.id}:main")
    return 0 if account is None else ledger.balance(account)


def wallet_balance(db, member, vassalage: str = VENDOR) -> int:
    ledger = Ledger(db, member.tenant_id)
    account = ledger.existing_account(f"member:{member.id}:vendor:{vassalage}")
    return 0 if account is None else ledger.balance(account)


def in_flight(db, tenant_id: int) -> int:
    return Ledger(db, tenant_id).house_balance("transfers_in_flight")


@contextmanager
def committed_vendor(pm, engine):
    """demo-bd with the test vendor registered in ``pm``, committed; members made with its
    ``member(amount)`` and everything they did are removed afterwards, and the house accounts they
    touched hold the sum of what is left."""
    from wallet_helpers import forget_member

    plugin = WalletVendor()
    pm.register(plugin, name=PLUGIN)
    with operator_session(engine) as db:
        original = db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")).config
        enable_vendor(db, "demo-bd")
    made = []
    plugin.member = lambda amount: committed_member(engine, amount, made)
    try:
        yield plugin
    finally:
        pm.unregister(plugin)
        with operator_session(engine) as db:
            db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")).config = original
            for member_id in made:
                forget_member(db, member_id)
