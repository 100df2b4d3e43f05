"""Migration 0019 on a ledger written before it (SQLite, or PostgreSQL when the suite runs there):
a brand's one house account becomes its shard 0 with its balance and postings, a replay of a post
made before is answered, and going back merges the shards into one account, the audit clean."""

import uuid

import pytest
from alembic import command
from sqlalchemy import select
from sqlalchemy.orm import Session

from databases import brands_at_revision, own_database
from factories import MemberFactory, building_in
from tessera.core.db import ALL_TENANTS, make_engine
from tessera.migrate import alembic_config, upgrade
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.audit import audit_brand
from tessera.wallet.ledger.models import HOUSE, LedgerAccount
from tessera.wallet.ledger.services import Ledger, Leg, house_shard

OLD_CODE = "house:deposits_clearing"


@pytest.fixture
def database_url(settings, tmp_path):
    if not settings.database_url.startswith("postgresql"):
        yield f"sqlite:///{tmp_path / 'shards.sqlite'}"
        return
    with own_database(settings.database_url, f"tessera_shards_{uuid.uuid4().hex[:8]}") as url:
        yield url


def deposit(ledger: Ledger, house: LedgerAccount, member_id: int, minor: int, key: str):
    legs = [Leg(house, -minor), Leg(ledger.member_account(member_id), minor)]
    return ledger.post(key, "deposit", legs, member_id=member_id, reference=key)


@pytest.fixture
def before(database_url):
    """A database at revision 0018 (before the shards) with a deposit of 5.00 posted to demo-bd's one house account."""
    brands_at_revision(database_url, "0018")
    engine = make_engine(database_url)
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        tenant_id = db.scalar(select(Tenant.id).where(Tenant.slug == "demo-bd"))
        with building_in(db):
            members = [MemberFactory(password=None).id for _ in range(2)]
        house = LedgerAccount(tenant_id=tenant_id, code=OLD_CODE, kind=HOUSE, balance_minor=0, allow_negative=True)
        db.add(house)
        db.flush()
        deposit(Ledger(db, tenant_id), house, members[0], 500, "old:deposit")
        db.commit()
        old_id = house.id
    yield engine, tenant_id, members, old_id
    engine.dispose()


def houses(db, tenant_id) -> dict[str, tuple[int, int]]:
    found = select(LedgerAccount.code, LedgerAccount.id, LedgerAccount.balance_minor).where(
        LedgerAccount.tenant_id == tenant_id, LedgerAccount.kind == HOUSE
    )
    return {code: (account_id, balance) for code, account_id, balance in db.execute(found)}


def test_the_house_account_becomes_shard_0_and_going_back_merges_the_shards(before, database_url):
    engine, tenant_id, members, old_id = before
    upgrade(database_url)
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        assert houses(db, tenant_id) == {f"{OLD_CODE}:0": (old_id, -500)}
        assert audit_brand(db, tenant_id).clean
        ledger = Ledger(db, tenant_id)
        replay = deposit(ledger, db.get(LedgerAccount, old_id), members[0], 500, "old:deposit")
        assert replay.replayed  # the same post as before the shards
        sharded = next(m for m in members if house_shard(m) != 0)
        deposit(ledger, ledger.house_account("deposits_clearing", sharded), sharded, 300, "new:deposit")
        db.commit()
        assert len(houses(db, tenant_id)) == 2 and ledger.house_balance("deposits_clearing") == -800
    command.downgrade(alembic_config(database_url), "0018")
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        assert houses(db, tenant_id) == {OLD_CODE: (old_id, -800)}
        report = audit_brand(db, tenant_id)
        assert report.clean, report.findings
        assert report.houses == {"house:deposits_clearing": (-800, 1)}
