"""Code that works for one brand can never read or write another brand's rows."""

import pytest
from sqlalchemy import bindparam, delete, func, select, text, update
from sqlalchemy.orm import Session, aliased

from tessera.core.db import TenantScopeError, bound_to_tenant, tenant_owned_tables
from tessera.system.feedback.models import Feedback
from tessera.tenancy.models import HelpSection, Tenant


@pytest.fixture
def feedback_rows(db_session, tenant_ids):
    rows = {
        slug: Feedback(tenant_id=tenant_id, content=f"from {slug}", images=[], language="en", ip="192.0.2.1")
        for slug, tenant_id in tenant_ids.items()
    }
    db_session.add_all(rows.values())
    db_session.flush()
    return {slug: row.id for slug, row in rows.items()}


@pytest.fixture
def session_for(connection, tenant_ids):
    opened = []

    def make(slug: str | None) -> Session:
        session = Session(bind=connection, join_transaction_mode="create_savepoint")
        if slug is not None:
            session.info["tenant_id"] = tenant_ids[slug]
        opened.append(session)
        return session

    yield make
    for session in opened:
        session.close()


def test_select_sees_only_its_own_rows(session_for, feedback_rows):
    contents = session_for("demo-bd").scalars(select(Feedback.content)).all()
    assert contents == ["from demo-bd"]


def test_get_by_primary_key_of_another_brand_finds_nothing(session_for, feedback_rows):
    session = session_for("demo-bd")
    assert session.get(Feedback, feedback_rows["demo-ph"]) is None
    assert session.get(Feedback, feedback_rows["demo-bd"]).content == "from demo-bd"


def test_aggregates_aliases_and_subqueries_are_scoped(session_for, db_session, tenant_ids):
    session = session_for("demo-ph")
    everything = db_session.scalar(select(func.count()).select_from(HelpSection))
    own = session.scalar(select(func.count()).select_from(HelpSection))
    assert 0 < own < everything
    other = aliased(HelpSection)
    assert set(session.scalars(select(other.tenant_id))) == {tenant_ids["demo-ph"]}
    brands_with_help = session.scalars(select(Tenant.slug).where(Tenant.id.in_(select(HelpSection.tenant_id))))
    assert list(brands_with_help) == ["demo-ph"]


def test_bulk_update_and_delete_touch_only_its_own_rows(session_for, db_session, feedback_rows):
    session = session_for("demo-bd")
    session.execute(update(Feedback).values(content="changed"))
    session.execute(delete(Feedback).where(Feedback.content == "changed"))
    session.flush()
    db_session.expire_all()
    remaining = dict(db_session.execute(select(Feedback.id, Feedback.content)).all())
    assert feedback_rows["demo-bd"] not in remaining
    assert remaining[feedback_rows["demo-ph"]] == "from demo-ph"


def test_new_rows_take_the_session_brand(session_for, tenant_ids):
    session = session_for("demo-ph")
    row = Feedback(content="hello", images=[], language="en", ip="192.0.2.1")
    session.add(row)
    session.flush()
    assert row.tenant_id == tenant_ids["demo-ph"]


def test_writing_into_another_brand_is_refused(session_for, tenant_ids, feedback_rows):
    session = session_for("demo-bd")
    session.add(Feedback(tenant_id=tenant_ids["demo-ph"], content="x", images=[], language="en", ip="192.0.2.1"))
    with pytest.raises(TenantScopeError):
        session.flush()


def test_moving_a_row_to_another_brand_is_refused(session_for, tenant_ids, feedback_rows):
    session = session_for("demo-bd")
    row = session.get(Feedback, feedback_rows["demo-bd"])
    row.tenant_id = tenant_ids["demo-ph"]
    with pytest.raises(TenantScopeError):
        session.flush()


def test_a_session_without_a_brand_refuses_tenant_rows(session_for, feedback_rows):
    session = session_for(None)
    with pytest.raises(TenantScopeError):
        session.scalars(select(Feedback)).all()
    session.add(Feedback(content="x", images=[], language="en", ip="192.0.2.1"))
    with pytest.raises(TenantScopeError):
        session.flush()


@pytest.fixture
def postgresql(connection):
    if connection.dialect.name != "postgresql":
        pytest.skip("row-level security is a PostgreSQL feature; on SQLite the ORM scoping is the wall")
    return connection


BY_BRAND = bound_to_tenant(
    select(Feedback.content).where(Feedback.tenant_id == bindparam("tenant_id"), Feedback.ip == bindparam("ip"))
)


def test_a_statement_bound_to_its_brand_runs_for_that_brand_only(session_for, tenant_ids, feedback_rows):
    session = session_for("demo-bd")
    found = session.scalars(BY_BRAND, {"tenant_id": tenant_ids["demo-bd"], "ip": "192.0.2.1"}).all()
    assert found == ["from demo-bd"]
    with pytest.raises(TenantScopeError):
        session.scalars(BY_BRAND, {"tenant_id": tenant_ids["demo-ph"], "ip": "192.0.2.1"}).all()
    with pytest.raises(TenantScopeError):
        session.scalars(BY_BRAND, {"ip": "192.0.2.1"}).all()
    with pytest.raises(TenantScopeError):
        session_for(None).scalars(BY_BRAND, {"tenant_id": tenant_ids["demo-bd"], "ip": "192.0.2.1"}).all()


def test_every_tenant_owned_table_has_row_level_security(postgresql):
    flags = dict(
        postgresql.execute(
            text("SELECT relname, relrowsecurity AND relforcerowsecurity FROM pg_class WHERE relkind = 'r'")
        ).all()
    )
    assert tenant_owned_tables()
    assert {table: flags.get(table) for table in tenant_owned_tables()} == {t: True for t in tenant_owned_tables()}


def test_sql_outside_the_orm_still_sees_only_its_brand_on_postgresql(postgresql, tenant_ids, feedback_rows):
    """Row-level security is the second wall, for SQL the ORM scoping does not see."""
    postgresql.execute(
        text(
            "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tessera_app') "
            "THEN CREATE ROLE tessera_app; END IF; END $$"
        )
    )
    postgresql.execute(text("GRANT USAGE ON SCHEMA public TO tessera_app"))
    postgresql.execute(text("GRANT SELECT ON ALL TABLES IN SCHEMA public TO tessera_app"))
    postgresql.execute(text("SET LOCAL ROLE tessera_app"))
    everything = postgresql.execute(text("SELECT content FROM feedback ORDER BY content")).scalars().all()
    assert everything == sorted(f"from {slug}" for slug in tenant_ids)  # operator transactions carry no brand
    postgresql.execute(text("SELECT set_config('tessera.tenant_id', :t, true)"), {"t": str(tenant_ids["demo-bd"])})
    assert postgresql.execute(text("SELECT content FROM feedback")).scalars().all() == ["from demo-bd"]
