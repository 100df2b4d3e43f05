"""Migration 0005 on a database that already has members: nothing of theirs is lost (SQLite
included, where rebuilding the members table would empty the tables referring to it), and each
of them gets a referral code."""

import pytest
from alembic import command
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from databases import brands_at_revision
from tessera.core.db import make_engine
from tessera.migrate import alembic_config, upgrade

MEMBER = (
    "INSERT INTO members (tenant_id, username, username_key, password_is_default, member_type, nickname, "
    "status, created_at, first_login_done) VALUES (:tenant, :name, :name, false, 4, :name, 'active', "
    "'2026-01-01 00:00:00', true)"
)


@pytest.fixture
def before(tmp_path):
    """A database at revision 0004 with the demo brands, two members and a session."""
    url = f"sqlite:///{tmp_path / 'before.sqlite'}"
    brands_at_revision(url, "0004")
    engine = make_engine(url)
    with engine.begin() as connection:
        tenant = connection.execute(text("SELECT id FROM tenants WHERE slug = 'demo-bd'")).scalar()
        for name in ("first01", "second02"):
            connection.execute(text(MEMBER), {"tenant": tenant, "name": name})
        connection.execute(
            text(
                "INSERT INTO member_sessions (tenant_id, member_id, token_hash, created_at, last_seen_at, expires_at) "
                "SELECT tenant_id, id, 'hash-1', created_at, created_at, created_at FROM members "
                "WHERE username = 'first01'"
            )
        )
    yield url, engine, tenant
    engine.dispose()


def test_members_and_their_sessions_survive_and_get_referral_codes(before):
    url, engine, _ = before
    upgrade(url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM member_sessions")).scalar() == 1
        codes = connection.execute(text("SELECT referral_code FROM members")).scalars().all()
    assert len(codes) == 2 and len(set(codes)) == 2 and all(len(code) == 8 for code in codes)


def test_a_phone_is_unique_per_brand_after_it(before):
    url, engine, _ = before
    upgrade(url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE members SET phone = '+639171234567' WHERE username = 'first01'"))
    with pytest.raises(IntegrityError), engine.begin() as connection:
        connection.execute(text("UPDATE members SET phone = '+639171234567' WHERE username = 'second02'"))


def test_going_back_keeps_members_and_sessions(before):
    url, engine, _ = before
    upgrade(url)
    command.downgrade(alembic_config(url), "0004")
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM members")).scalar() == 2
        assert connection.execute(text("SELECT count(*) FROM member_sessions")).scalar() == 1
