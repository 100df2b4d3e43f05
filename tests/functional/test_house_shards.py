"""Members' money calls do not queue on one house row (PostgreSQL, committing for real).

While one member's deposit holds its locks (posted, not committed yet), another member's deposit in
another house shard posts and commits; a member whose id takes the same shard waits for the lock
(the proof that the lock is real: the waiting post gives up at its lock timeout)."""

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from databases import demo_brands
from factories import MemberFactory, building_in
from tessera.core.db import make_engine, scope_connection
from tessera.tenancy.models import Tenant
from tessera.wallet.ledger.models import HOUSE_SHARDS
from tessera.wallet.ledger.services import Ledger, Leg, house_shard


def deposit(db, tenant_id: int, member_id: int, key: str, minor: int = 100) -> None:
    ledger = Ledger(db, tenant_id)
    legs = [
        Leg(ledger.house_account("deposits_clearing", member_id), -minor),
        Leg(ledger.member_account(member_id), minor),
    ]
    ledger.post(key, "deposit", legs, member_id=member_id, reference=key)


@pytest.fixture
def brand(postgresql_database, settings):
    """demo-bd with HOUSE_SHARDS + 1 members (the first and the last share a shard), each with a
    first deposit committed: their accounts and house shards exist."""
    with demo_brands(postgresql_database, settings.secret_key) as db:
        tenant_id = db.scalar(select(Tenant.id).where(Tenant.slug == "demo-bd"))
        with building_in(db):
            members = [MemberFactory(password=None).id for _ in range(HOUSE_SHARDS + 1)]
        for member_id in members:
            deposit(db, tenant_id, member_id, f"first:{member_id}")
        db.commit()
    engine = make_engine(postgresql_database)
    yield engine, tenant_id, members
    engine.dispose()


def session(engine, tenant_id: int, lock_timeout: str) -> Session:
    db = Session(engine)
    scope_connection(db, tenant_id)
    db.execute(text(f"SET LOCAL lock_timeout = '{lock_timeout}'"))
    return db


def test_members_in_other_shards_post_while_one_holds_its_house_shard(brand):
    engine, tenant_id, members = brand
    holder, other, same_shard = members[0], members[1], members[-1]
    assert house_shard(holder) != house_shard(other) and house_shard(holder) == house_shard(same_shard)
    holding = session(engine, tenant_id, "30s")
    try:
        deposit(holding, tenant_id, holder, "held")  # its rows stay locked until it commits
        with session(engine, tenant_id, "30s") as db:
            deposit(db, tenant_id, other, "beside")
            db.commit()
        with session(engine, tenant_id, "200ms") as db, pytest.raises(OperationalError, match="lock timeout"):
            deposit(db, tenant_id, same_shard, "behind")
        holding.commit()
    finally:
        holding.close()
    with Session(engine) as db:
        scope_connection(db, tenant_id)
        ledger = Ledger(db, tenant_id)
        assert ledger.find("held") is not None and ledger.find("beside") is not None and ledger.find("behind") is None
        assert ledger.house_balance("deposits_clearing") == -100 * (len(members) + 2)
