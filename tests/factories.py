"""Test data made the way the product makes it (factory_boy): members of each type, money in a
member's main wallet (a real credit posted through the ledger), deposits, catalog games, game
sessions and rounds (bets); and a clock a test moves. Rows go to the session being built in: the
test's own, through the fixtures at the end (a plugin tests/conftest.py registers), or a committed
one within ``building_in(db)``.
"""

import itertools
import secrets
from contextlib import contextmanager
from decimal import Decimal
from functools import lru_cache

import factory
import pytest
from factory.alchemy import SQLAlchemyModelFactory
from sqlalchemy import select

from tessera.core.timeutil import utcnow
from tessera.games.bets.models import OPEN, ROLLED_BACK, SETTLED, GameBet
from tessera.games.catalog.models import Game
from tessera.games.launch.models import GameSession
from tessera.games.launch.services import SESSION_LIFETIME, token_hash
from tessera.games.vendors import SEAMLESS
from tessera.identity.accounts.models import FREE_PLAY, REAL, Member, username_key
from tessera.identity.passwords import hash_password
from tessera.plugins.kit import Clock  # the app's (``clock`` fixture) or a store's
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.models import LedgerTransaction
from tessera.wallet.ledger.services import Ledger, Leg
from tessera.wallet.payments.models import MANUAL, PAID, PENDING, REDIRECT, Deposit

PASSWORD = "Secret123"
AGENT = 1  # the first of the agent types
_sessions: list = []


@contextmanager
def building_in(db):
    """Factories write to ``db`` within this block (the fixtures build in the test's session)."""
    _sessions.append(db)
    try:
        yield db
    finally:
        _sessions.pop()


def current_session():
    if not _sessions:
        raise RuntimeError("build rows within building_in(db) or through the factory fixtures")
    return _sessions[-1]


def brand_id(slug: str) -> int:
    return current_session().scalar(select(Tenant.id).where(Tenant.slug == slug))


def minor(amount, tenant_id: int | None = None) -> int:
    """An amount given as text ("100.00") in minor units of the brand's currency (two places
    without a brand)."""
    if tenant_id is None:
        return int(Decimal(amount).scaleb(2))
    return TenantContext.from_row(current_session().get_one(Tenant, tenant_id)).money.to_minor(Decimal(amount))


@lru_cache(maxsize=16)
def _hash(password: str) -> str:
    return hash_password(password)  # argon2id takes a while: one hash per password per run


class RowFactory(SQLAlchemyModelFactory):
    class Meta:
        abstract = True
        sqlalchemy_session_factory = current_session
        sqlalchemy_session_persistence = "flush"


class MemberFactory(RowFactory):
    """A member of ``brand`` (demo-bd): real unless ``agent`` or ``free_play``; its password is
    ``PASSWORD`` unless given (None: no password, as free play)."""

    class Meta:
        model = Member

    class Params:
        brand = "demo-bd"
        password = PASSWORD
        agent = factory.Trait(member_type=AGENT)
        free_play = factory.Trait(member_type=FREE_PLAY, password=None)

    tenant_id = factory.LazyAttribute(lambda o: brand_id(o.brand))
    username = factory.Sequence(lambda n: f"player{n + 1:04d}")
    username_key = factory.LazyAttribute(lambda o: username_key(o.username))
    nickname = factory.SelfAttribute("username")
    member_type = REAL
    created_at = factory.LazyFunction(utcnow)
    password_hash = factory.LazyAttribute(lambda o: None if o.password is None else _hash(o.password))
    password_changed_at = factory.LazyAttribute(lambda o: None if o.password is None else o.created_at)


# Where a credit of each kind comes from in the house.
HOUSE_ACCOUNTS = {"bonus": "bonuses", "adjustment": "bonuses"}
_credits = itertools.count(1)


class CreditFactory(factory.Factory):
    """Money in the member's main wallet from the house, posted through the ledger as a deposit
    (or ``kind``: bonus, adjustment) would; the ledger transaction. ``amount`` is text
    ("100.00"), or ``minor`` in minor units."""

    class Meta:
        model = LedgerTransaction

    class Params:
        amount = "100.00"

    member = factory.SubFactory(MemberFactory)
    minor = factory.LazyAttribute(lambda o: minor(o.amount, o.member.tenant_id))
    kind = "deposit"
    key = factory.LazyAttribute(lambda o: f"test:{o.kind}:{o.member.id}:{next(_credits)}")
    reference = factory.SelfAttribute("key")
    remark = None

    @classmethod
    def _create(cls, model_class, *, member, minor, kind, key, reference, remark):
        ledger = Ledger(current_session(), member.tenant_id)
        house = ledger.house_account(HOUSE_ACCOUNTS.get(kind, "deposits_clearing"), member.id)
        return ledger.post(
            key,
            kind,
            [Leg(house, -minor), Leg(ledger.member_account(member.id), minor)],
            member_id=member.id,
            reference=reference,
            remark=remark,
        )


class DepositFactory(RowFactory):
    """A member's deposit as the payment pages leave it: by ``gateway`` (redirect, the default)
    or ``bank`` transfer (manual), pending unless ``paid`` or given a ``status``. A paid one has
    no ledger transaction: credit the money with ``CreditFactory`` when the test needs it."""

    class Meta:
        model = Deposit
        exclude = ("member",)

    class Params:
        amount = "500.00"
        bank = factory.Trait(
            kind=MANUAL, plugin="test-payments", channel="testbank", channel_title="Test Bank transfer"
        )
        paid = factory.Trait(status=PAID, paid_at=factory.SelfAttribute("updated_at"))

    member = factory.SubFactory(MemberFactory)
    tenant_id = factory.SelfAttribute("member.tenant_id")
    member_id = factory.SelfAttribute("member.id")
    plugin = "test-payments"
    channel = "testpay"
    channel_title = "Test Pay"
    kind = REDIRECT
    amount_minor = factory.LazyAttribute(lambda o: minor(o.amount, o.member.tenant_id))
    currency = "BDT"
    status = PENDING
    start_answer = factory.Dict({})
    request_key = factory.LazyAttributeSequence(lambda o, n: f"member:{o.member.id}:deposit:test-{n:05d}")
    created_at = factory.LazyFunction(utcnow)
    updated_at = factory.SelfAttribute("created_at")


class GameFactory(RowFactory):
    """A catalog game of ``brand``: ``category`` is its lane (RNG unless given), its name its code's."""

    class Meta:
        model = Game

    class Params:
        brand = "demo-bd"

    tenant_id = factory.LazyAttribute(lambda o: brand_id(o.brand))
    vassalage = "TEST"
    game_code = factory.Sequence(lambda n: f"game-{n + 1:05d}")
    display_name = factory.SelfAttribute("game_code")
    search_name = factory.LazyAttribute(lambda o: o.display_name.casefold())
    category = "RNG"
    game_type = factory.SelfAttribute("category")
    rank = 0


class GameSessionFactory(RowFactory):
    """A launch of ``game`` by ``member``: the session a vendor authenticates with ``token``
    (kept on the row as ``.token``; only its hash is stored), open for the launch's lifetime."""

    class Meta:
        model = GameSession
        exclude = ("member", "game")

    member = factory.SubFactory(MemberFactory)
    game = factory.SubFactory(GameFactory, tenant_id=factory.SelfAttribute("..member.tenant_id"))
    tenant_id = factory.SelfAttribute("member.tenant_id")
    member_id = factory.SelfAttribute("member.id")
    vassalage = factory.SelfAttribute("game.vassalage")
    game_id = factory.SelfAttribute("game.id")
    token = factory.LazyFunction(lambda: secrets.token_urlsafe(32))
    token_hash = factory.LazyAttribute(lambda o: token_hash(o.token))
    created_at = factory.LazyFunction(utcnow)
    expires_at = factory.LazyAttribute(lambda o: o.created_at + SESSION_LIFETIME)

    @classmethod
    def _create(cls, model_class, *args, token, **kwargs):
        row = super()._create(model_class, *args, **kwargs)
        row.token = token
        return row


class GameBetFactory(RowFactory):
    """A round the member played, as the wallet keeps it: ``bet`` staked and ``payout`` back (text),
    on ``game`` (or a game code of ``vassalage``), settled when placed unless ``open`` or
    ``rolled_back``."""

    class Meta:
        model = GameBet
        exclude = ("member",)

    class Params:
        bet = "10.00"
        payout = "0"
        game = None
        open = factory.Trait(status=OPEN)
        rolled_back = factory.Trait(status=ROLLED_BACK)

    member = factory.SubFactory(MemberFactory)
    tenant_id = factory.SelfAttribute("member.tenant_id")
    member_id = factory.SelfAttribute("member.id")
    vassalage = factory.LazyAttribute(lambda o: o.game.vassalage if o.game else "TEST")
    game_code = factory.LazyAttributeSequence(lambda o, n: o.game.game_code if o.game else f"G{n + 1}")
    game_id = factory.LazyAttribute(lambda o: o.game.id if o.game else None)
    category = factory.LazyAttribute(lambda o: o.game.category if o.game else "RNG")
    round_id = factory.Sequence(lambda n: f"R{n + 1}")
    bet_minor = factory.LazyAttribute(lambda o: minor(o.bet))
    payout_minor = factory.LazyAttribute(lambda o: minor(o.payout))
    status = SETTLED
    wallet_mode = SEAMLESS
    placed_at = factory.LazyFunction(utcnow)
    settled_at = factory.LazyAttribute(lambda o: o.placed_at if o.status == SETTLED else None)


# -- Fixtures: the app's clock, and the factories building in the test's session ---------------


@pytest.fixture
def clock(app):
    """Stops the app's clock at the current time; the test moves it."""
    clock = Clock()
    app.registry["clock"] = clock
    yield clock
    del app.registry["clock"]


@pytest.fixture
def building(db_session):
    with building_in(db_session):
        yield db_session


@pytest.fixture
def members(building):
    """``members("demo-bd", member_type=1, ...)``: a member of that brand (``MemberFactory``'s
    fields and traits, ``agent=True``, ``free_play=True``), flushed."""

    def make(slug: str = "demo-bd", **fields) -> Member:
        return MemberFactory(brand=slug, **fields)

    return make


@pytest.fixture
def fund(building):
    """``fund(member, "100.00", kind="bonus", remark=...)``: money in the member's main wallet
    (``CreditFactory``); the ledger transaction."""

    def make(member, amount: str = "100.00", **fields) -> LedgerTransaction:
        return CreditFactory(member=member, amount=amount, **fields)

    return make


@pytest.fixture
def deposits(building):
    """``deposits(member, "420.00", bank=True, status="expired")``: a deposit (``DepositFactory``)."""

    def make(member, amount: str = "500.00", **fields) -> Deposit:
        return DepositFactory(member=member, amount=amount, **fields)

    return make


@pytest.fixture
def games(building):
    """``games("PG", "pg-1", "Lucky Sevens", "LIVE", brand="demo-ph")``: a catalog game (``GameFactory``;
    ``tenant_id=`` instead of ``brand``)."""

    def make(
        vassalage: str = "TEST", code: str | None = None, name: str | None = None, category: str = "RNG", **fields
    ) -> Game:
        named = {"game_code": code} if code else {}
        named.update({"display_name": name} if name else {})
        return GameFactory(vassalage=vassalage, category=category, **named, **fields)

    return make


@pytest.fixture
def game_sessions(building):
    """``game_sessions(member, game)``: a launch's session; ``.token`` is what the vendor sends."""

    def make(member, game, **fields) -> GameSession:
        return GameSessionFactory(member=member, game=game, **fields)

    return make


@pytest.fixture
def bets(building):
    """``bets(member, "10", "5", game=..., open=True)``: a round of the member's (``GameBetFactory``)."""

    def make(member, bet: str = "10.00", payout: str = "0", **fields) -> GameBet:
        return GameBetFactory(member=member, bet=bet, payout=payout, **fields)

    return make
