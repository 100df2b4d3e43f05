"""each house account split into shards: a brand's one house account becomes its shard 0

The account keeps its id, balance and postings (nothing moves, so every sum the audit checks stays
as it was); the other shards are made as members' posts first need them. Going back merges every
shard of a house account into shard 0 (its postings, their running balances, its balance) and gives
it the old code back.

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28 09:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

accounts = sa.table(
    "ledger_accounts",
    sa.column("id", sa.Integer),
    sa.column("tenant_id", sa.Integer),
    sa.column("code", sa.String),
    sa.column("kind", sa.String),
    sa.column("balance_minor", sa.BigInteger),
)
postings = sa.table(
    "ledger_postings",
    sa.column("id", sa.Integer),
    sa.column("account_id", sa.Integer),
    sa.column("amount_minor", sa.BigInteger),
    sa.column("balance_after_minor", sa.BigInteger),
)
UNSHARDED = sa.and_(accounts.c.kind == "house", ~accounts.c.code.like("house:%:%"))


def upgrade():
    op.execute(accounts.update().where(UNSHARDED).values(code=accounts.c.code + ":0"))


def downgrade():
    connection = op.get_bind()
    shards = connection.execute(
        sa.select(accounts.c.id, accounts.c.tenant_id, accounts.c.code)
        .where(accounts.c.kind == "house", accounts.c.code.like("house:%:%"))
        .order_by(accounts.c.id)
    ).all()
    merged: dict[tuple[int, str], list[int]] = {}
    for account_id, tenant_id, code in shards:
        merged.setdefault((tenant_id, code.rsplit(":", 1)[0]), []).append(account_id)
    for (_, code), ids in merged.items():
        _merge(connection, code, ids)


def _merge(connection, code: str, ids: list[int]) -> None:
    """The shards ``ids`` (the first of them kept) as one account ``code``."""
    kept, others = ids[0], ids[1:]
    if others:
        connection.execute(postings.update().where(postings.c.account_id.in_(others)).values(account_id=kept))
        running = (
            sa.select(
                postings.c.id,
                sa.func.sum(postings.c.amount_minor).over(order_by=postings.c.id).label("running"),
            )
            .where(postings.c.account_id == kept)
            .subquery()
        )
        connection.execute(
            postings.update()
            .where(postings.c.id == running.c.id, postings.c.balance_after_minor != running.c.running)
            .values(balance_after_minor=running.c.running)
        )
        connection.execute(accounts.delete().where(accounts.c.id.in_(others)))
    total = sa.select(sa.func.coalesce(sa.func.sum(postings.c.amount_minor), 0)).where(postings.c.account_id == kept)
    connection.execute(
        accounts.update().where(accounts.c.id == kept).values(code=code, balance_minor=total.scalar_subquery())
    )
