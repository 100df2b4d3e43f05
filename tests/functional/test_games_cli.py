"""``tessera games sync [SLUG]``, run as an operator runs it, against a database of its own (a
PostgreSQL database made for the test when the suite runs on PostgreSQL); two syncs at once."""

import threading
import uuid

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from databases import demo_brands, own_database
from games_helpers import PLUGIN, VENDORS, GameVendors, disable_game_vendors_elsewhere, enable_game_vendors
from tessera.core.db import ALL_TENANTS, make_engine
from tessera.core.settings import ROOT, Settings
from tessera.core.timeutil import utcnow
from tessera.games.catalog.models import Game
from tessera.games.catalog.services import sync_catalog
from tessera.games.commands import games
from tessera.plugins import TenantPlugins, plugin_manager
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant


@pytest.fixture
def database_url(settings, tmp_path):
    """A database of the test's own: a SQLite file, or on PostgreSQL a database dropped afterwards."""
    if not settings.database_url.startswith("postgresql"):
        yield f"sqlite:///{tmp_path / 'games.sqlite'}"
        return
    with own_database(settings.database_url, f"tessera_games_cli_{uuid.uuid4().hex[:8]}") as url:
        yield url


@pytest.fixture
def operator(database_url):
    """A migrated database with the demo brands, both enabling the test vendors (5 games each)."""
    settings = Settings(
        database_url=database_url, tenants_dir=ROOT / "tenants", secret_key="games-cli-secret", log_format="text"
    )
    with demo_brands(database_url, settings.secret_key) as db:
        for slug in ("demo-bd", "demo-ph"):
            enable_game_vendors(db, slug)
        disable_game_vendors_elsewhere(db, ("demo-bd", "demo-ph"))
        db.commit()
    engine = make_engine(database_url)
    plugin = GameVendors(games_per_vendor=5)
    plugin_manager().register(plugin, name=PLUGIN)
    yield settings, engine, plugin
    plugin_manager().unregister(plugin)
    engine.dispose()


def run(settings, *args, exit_code=0) -> list[str]:
    result = CliRunner().invoke(games, list(args), obj=settings)
    assert result.exit_code == exit_code, result.output
    return result.output.splitlines()


def counts(engine) -> dict[str, tuple[int, int]]:
    """Per brand: its games, and how many of them are active."""
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        found = db.execute(
            select(Tenant.slug, func.count(Game.id), func.count(Game.id).filter(Game.active))
            .join(Game, Game.tenant_id == Tenant.id)
            .group_by(Tenant.slug)
        ).all()
    return {slug: (total, active) for slug, total, active in found}


def test_every_brand_and_vendor_then_nothing_new(operator):
    settings, engine, plugin = operator
    lines = run(settings, "sync")
    assert "demo-bd: PG: 5 added, 0 updated, 0 retired, 0 unchanged, 0 skipped" in lines
    assert "demo-bd: 10 vendor(s) synced, 0 failed" in lines and "demo-ph: 11 vendor(s) synced, 0 failed" in lines
    assert counts(engine) == {"demo-bd": (50, 50), "demo-ph": (55, 55)}
    lines = run(settings, "sync", "demo-ph")
    assert "demo-ph: JDB: 0 added, 0 updated, 0 retired, 5 unchanged, 0 skipped" in lines
    assert not any(line.startswith("demo-bd") for line in lines)


def test_retires_what_is_gone(operator):
    settings, engine, plugin = operator
    run(settings, "sync")
    plugin.games_per_vendor = 3
    assert f"demo-bd: {VENDORS[0]['vassalage']}: 0 added, 0 updated, 2 retired, 3 unchanged, 0 skipped" in run(
        settings, "sync", "demo-bd"
    )
    assert counts(engine) == {"demo-bd": (50, 30), "demo-ph": (55, 55)}


def test_a_vendor_that_fails_is_reported_and_the_others_synced(operator):
    settings, engine, plugin = operator
    plugin.down.add("EVO")
    lines = run(settings, "sync", exit_code=1)
    assert "demo-bd: EVO: failed (vendor_unavailable), its games left as they were" in lines
    assert "demo-ph: 10 vendor(s) synced, 1 failed" in lines
    assert counts(engine) == {"demo-bd": (45, 45), "demo-ph": (50, 50)}


def test_an_unknown_brand(operator):
    settings, engine, plugin = operator
    assert "no brand 'nope'" in "\n".join(run(settings, "sync", "nope", exit_code=2))


def test_two_syncs_at_once_take_turns(operator):
    """The second finds what the first wrote: nothing new, nothing written twice."""
    settings, engine, plugin = operator
    with Session(engine) as db:
        tenant = TenantContext.from_row(db.scalar(select(Tenant).where(Tenant.slug == "demo-bd")))
    barrier, reports, failures = threading.Barrier(2, timeout=30), [], []

    def sync():
        try:
            with Session(engine) as db:
                db.info["tenant_id"] = ALL_TENANTS
                barrier.wait()
                reports.append(sync_catalog(db, tenant, TenantPlugins(plugin_manager(), tenant), utcnow()))
                db.commit()
        except Exception as exc:  # noqa: BLE001 - a failure is what the test reports
            failures.append(exc)

    threads = [threading.Thread(target=sync) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    assert sorted((r["vendors"]["PG"]["added"], r["vendors"]["PG"]["unchanged"]) for r in reports) == [(0, 5), (5, 0)]
    assert counts(engine) == {"demo-bd": (50, 50)}


def analysed(engine) -> bool:
    """Whether the games table was analysed (and on PostgreSQL vacuumed) since the database was made."""
    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            row = connection.execute(
                text("SELECT last_vacuum, last_analyze FROM pg_stat_user_tables WHERE relname = 'games'")
            ).one()
            return None not in row
        stat = connection.execute(text("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'")).first()
        return stat is not None and bool(
            connection.execute(text("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'games'")).scalar()
        )


def test_a_sync_that_changes_many_games_leaves_the_table_vacuumed_and_analysed(operator):
    settings, engine, plugin = operator
    run(settings, "sync", "demo-bd")
    assert not analysed(engine)  # 50 games: autovacuum's business
    plugin.games_per_vendor = 200
    assert "demo-bd: PG: 195 added, 0 updated, 0 retired, 5 unchanged, 0 skipped" in run(settings, "sync", "demo-bd")
    assert analysed(engine)
