"""Migration 0014 on withdrawals made before it (SQLite, or PostgreSQL when the suite runs there):
a claim an operator held received gets back what the member said, every resolution gets its
amount, moment and operator, every confirmation its moment; going back gives the old rows."""

import uuid
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from alembic import command

from databases import brands_at_revision, own_database
from tessera.core.db import make_engine
from tessera.migrate import alembic_config, upgrade

T0 = datetime(2026, 11, 20, 8, 0, tzinfo=UTC)
CLAIMED, RESOLVED = T0 + timedelta(hours=1), T0 + timedelta(hours=5)
MEMBERS = sa.table(
    "members",
    *(
        sa.column(name)
        for name in (
            "tenant_id",
            "username",
            "username_key",
            "password_is_default",
            "member_type",
            "nickname",
            "status",
            "created_at",
            "first_login_done",
            "referral_code",
        )
    ),
)
BANK_ACCOUNTS = sa.table(
    "bank_accounts",
    *(
        sa.column(name)
        for name in ("tenant_id", "member_id", "bank_name", "account_name", "account_number", "created_at")
    ),
)
WITHDRAWALS = sa.table(
    "withdrawals",
    *(
        sa.column(name)
        for name in (
            "id",
            "tenant_id",
            "member_id",
            "bank_account_id",
            "bank_name",
            "account_name",
            "account_number",
            "amount_minor",
            "status",
            "confirmation",
            "received_minor",
            "proof",
            "confirm_by",
            "paid_at",
            "resolution",
            "refunded_minor",
            "request_key",
            "created_at",
            "updated_at",
        )
    ),
)
AUDIT = sa.table(
    "audit_events",
    sa.column("tenant_id"),
    sa.column("member_id"),
    sa.column("kind"),
    sa.column("created_at"),
    sa.column("detail", sa.JSON),
)
NEW = (
    "confirmation",
    "received_minor",
    "confirmed_at",
    "resolution",
    "resolved_received_minor",
    "refunded_minor",
    "resolved_by",
    "resolved_at",
    "resolution_note",
)
# id -> (the old row's confirmation, received, resolution, refunded, confirm_by, updated_at)
OLD_ROWS = {
    1: ("forced_received", 0, "forced_received", None, T0 + timedelta(minutes=30), RESOLVED),  # held received
    2: ("forced_received", 45050, "forced_received", None, T0 + timedelta(minutes=30), RESOLVED),  # a part, held
    3: ("not_received", 0, "refund", 60000, T0 + timedelta(minutes=30), RESOLVED),
    4: ("forced_received", 60000, None, None, None, T0),  # the brand confirms at once
    5: ("auto_received", 60000, None, None, T0 + timedelta(minutes=30), T0 + timedelta(minutes=30)),
    6: ("partly_received", 30000, None, None, T0 + timedelta(minutes=30), CLAIMED),  # a claim still open
    7: (None, None, None, None, None, T0),  # pending
}


@pytest.fixture
def database_url(settings, tmp_path):
    if not settings.database_url.startswith("postgresql"):
        yield f"sqlite:///{tmp_path / 'withdrawals.sqlite'}"
        return
    with own_database(settings.database_url, f"tessera_withdrawals_{uuid.uuid4().hex[:8]}") as url:
        yield url


@pytest.fixture
def before(database_url):
    """A database at revision 0013 with the demo brands and the withdrawals of OLD_ROWS."""
    brands_at_revision(database_url, "0013")
    engine = make_engine(database_url)
    with engine.begin() as connection:
        tenant = connection.execute(sa.text("SELECT id FROM tenants WHERE slug = 'demo-bd'")).scalar()
        connection.execute(
            MEMBERS.insert().values(
                tenant_id=tenant,
                username="old01",
                username_key="old01",
                password_is_default=False,
                member_type=4,
                nickname="old01",
                status="active",
                created_at=T0,
                first_login_done=True,
                referral_code="OLDCODE1",
            )
        )
        member = connection.execute(sa.text("SELECT id FROM members WHERE username = 'old01'")).scalar()
        connection.execute(
            BANK_ACCOUNTS.insert().values(
                tenant_id=tenant,
                member_id=member,
                bank_name="City Bank",
                account_name="Rahim",
                account_number="5555123456",
                created_at=T0,
            )
        )
        account = connection.execute(sa.text("SELECT id FROM bank_accounts")).scalar()
        for row_id, (confirmation, received, resolution, refunded, confirm_by, updated_at) in OLD_ROWS.items():
            connection.execute(
                WITHDRAWALS.insert().values(
                    id=row_id,
                    tenant_id=tenant,
                    member_id=member,
                    bank_account_id=account,
                    bank_name="City Bank",
                    account_name="Rahim",
                    account_number="5555123456",
                    amount_minor=60000,
                    status="pending" if confirmation is None else "paid",
                    confirmation=confirmation,
                    received_minor=received,
                    proof="withdrawal-proofs/p.png" if row_id in (1, 3) else None,
                    confirm_by=confirm_by,
                    paid_at=None if confirmation is None else T0,
                    resolution=resolution,
                    refunded_minor=refunded,
                    request_key=f"member:{member}:withdrawal:old{row_id:05d}",
                    created_at=T0,
                    updated_at=updated_at,
                )
            )
        audit = [
            ("withdrawal_confirmed", CLAIMED, {"withdrawal": 1, "result": "not_received"}),
            ("withdrawal_resolved", RESOLVED, {"withdrawal": 1, "outcome": "forced_received", "operator": "desk"}),
            ("withdrawal_confirmed", CLAIMED, {"withdrawal": 3, "result": "not_received"}),
            ("withdrawal_resolved", RESOLVED, {"withdrawal": 3, "outcome": "refund", "operator": "back-office"}),
            ("withdrawal_confirmed", T0, {"withdrawal": [1]}),
            ("login", T0, {"withdrawal": 1}),
        ]
        connection.execute(
            AUDIT.insert(),
            [
                {"tenant_id": tenant, "member_id": member, "kind": kind, "created_at": at, "detail": detail}
                for kind, at, detail in audit
            ],
        )
    yield database_url, engine
    engine.dispose()


def rows(engine, columns=NEW) -> dict[int, tuple]:
    with engine.connect() as connection:
        table = sa.Table("withdrawals", sa.MetaData(), autoload_with=connection)  # typed as the database has it
        found = connection.execute(sa.select(table.c.id, *(table.c[name] for name in columns)).order_by(table.c.id))
        return {row[0]: tuple(_utc(value) for value in row[1:]) for row in found}


def _utc(value):
    """A moment as both databases give it back: aware, in UTC."""
    if not isinstance(value, datetime):
        return value
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def test_claims_and_resolutions_come_apart(before):
    url, engine = before
    upgrade(url)
    assert rows(engine) == {
        1: ("not_received", 0, CLAIMED, "forced_received", 60000, None, "desk", RESOLVED, None),
        2: ("partly_received", 45050, None, "forced_received", 60000, None, None, RESOLVED, None),
        3: ("not_received", 0, CLAIMED, "refund", 0, 60000, "back-office", RESOLVED, None),
        4: ("forced_received", 60000, T0, None, None, None, None, None, None),
        5: ("auto_received", 60000, T0 + timedelta(minutes=30), None, None, None, None, None, None),
        6: ("partly_received", 30000, CLAIMED, None, None, None, None, None, None),
        7: (None, None, None, None, None, None, None, None, None),
    }


def test_going_back_gives_the_old_rows(before):
    url, engine = before
    old = ("confirmation", "received_minor", "resolution", "refunded_minor", "updated_at")
    was = rows(engine, old)
    upgrade(url)
    command.downgrade(alembic_config(url), "0013")
    assert rows(engine, old) == was
    with engine.connect() as connection:
        assert "resolved_by" not in {c["name"] for c in sa.inspect(connection).get_columns("withdrawals")}
