"""Syncing tenants/ into the database: idempotent, hosts follow their brand, removed brands stop answering."""

import shutil
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from tessera.tenancy.context import TenantContext
from tessera.tenancy.hosts import find_domain
from tessera.tenancy.models import Announcement, Banner, Footer, HelpSection, Tenant, TenantDomain
from tessera.tenancy.services import SyncReport, sync_tenants

SECRET = "test-secret-key-of-at-least-32-bytes"  # the key the session's database was synced with (tests/conftest.py)


@pytest.fixture
def sync(db_session, load):
    """Load the folders under test and sync them into the test's transaction."""

    def run() -> SyncReport:
        report = sync_tenants(db_session, load(), SECRET)
        db_session.expire_all()
        return report

    return run


def snapshot(session) -> dict:
    return {
        "tenants": {
            t.slug: (t.id, t.name, t.active, t.key_id, t.private_key_pem, t.config)
            for t in session.scalars(select(Tenant))
        },
        "domains": {d.host: (d.tenant_id, d.route, d.referral_code) for d in session.scalars(select(TenantDomain))},
        "help": sorted(
            (h.tenant_id, h.language, h.position, h.key, h.title, h.body_html)
            for h in session.scalars(select(HelpSection))
        ),
        "banners": sorted(
            (
                b.id,
                b.tenant_id,
                b.key,
                b.group_name,
                b.position,
                b.image_url,
                b.link_url,
                b.title,
                _utc(b.starts_at),
                _utc(b.ends_at),
            )
            for b in session.scalars(select(Banner))
        ),
        "notices": sorted(
            (
                n.id,
                n.tenant_id,
                n.language,
                n.key,
                n.type,
                n.position,
                n.title,
                n.content_html,
                n.promotion_type,
                _utc(n.starts_at),
                _utc(n.ends_at),
            )
            for n in session.scalars(select(Announcement))
        ),
        "footers": sorted((f.id, f.tenant_id, f.language, str(f.content)) for f in session.scalars(select(Footer))),
    }


def _utc(value):
    return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value


def brand_of(session, host: str) -> str | None:
    found = find_domain(session, host)
    return found.Tenant.slug if found else None


def tenant(session, slug: str) -> Tenant:
    return session.scalars(select(Tenant).where(Tenant.slug == slug)).one()


def help_keys(session, slug: str) -> list[str]:
    query = (
        select(HelpSection.key).where(HelpSection.tenant_id == tenant(session, slug).id).order_by(HelpSection.position)
    )
    return list(session.scalars(query))


def outcome(report: SyncReport) -> tuple[list[str], ...]:
    """``(created, updated, unchanged, deactivated)``."""
    return report.created, report.updated, report.unchanged, report.deactivated


def test_syncing_the_same_folders_again_changes_nothing(db_session, sync):
    before = snapshot(db_session)
    assert outcome(sync()) == ([], [], ["demo-bd", "demo-ph", "demo-vn"], [])
    assert outcome(sync()) == ([], [], ["demo-bd", "demo-ph", "demo-vn"], [])
    assert snapshot(db_session) == before
    assert len(before["help"]) > 0 and before["domains"]["join.demo-bd.localhost"][1:] == ("/register", "BDJOIN")
    assert (len(before["banners"]), len(before["notices"]), len(before["footers"])) == (12, 42, 5)


def test_a_changed_setting_is_synced(db_session, sync, edit):
    edit("demo-ph/tenant.toml", 'name = "Tessera Demo PH"', 'name = "Tessera Philippines"')
    edit("demo-ph/tenant.toml", 'route = "/agentHome"', 'route = "/agentLogin"')
    report = sync()
    assert outcome(report) == ([], ["demo-ph"], ["demo-bd", "demo-vn"], [])
    assert report.changes["demo-ph"] == ["config: domains, name", "domains"]
    assert tenant(db_session, "demo-ph").name == "Tessera Philippines"
    assert tenant(db_session, "demo-ph").config["name"] == "Tessera Philippines"
    assert db_session.get(TenantDomain, "agent.demo-ph.localhost").route == "/agentLogin"


def test_a_new_brand_is_created(db_session, sync, tenants_dir, edit):
    shutil.copytree(tenants_dir / "demo-ph", tenants_dir / "demo-my")
    edit("demo-my/tenant.toml", 'host = "demo-ph.localhost"', 'host = "demo-my.localhost"')
    edit("demo-my/tenant.toml", 'host = "agent.demo-ph.localhost"', 'host = "agent.demo-my.localhost"')
    edit("demo-my/tenant.toml", '"http://demo-ph.localhost:6543"', '"http://demo-my.localhost:6543"')
    assert outcome(sync()) == (["demo-my"], [], ["demo-bd", "demo-ph", "demo-vn"], [])
    assert brand_of(db_session, "demo-my.localhost") == "demo-my"
    assert help_keys(db_session, "demo-my") == help_keys(db_session, "demo-ph") != []
    assert tenant(db_session, "demo-my").key_id != tenant(db_session, "demo-ph").key_id


def test_a_host_moves_from_one_brand_to_another(db_session, sync, edit):
    assert brand_of(db_session, "127.0.0.1") == "demo-bd"
    edit("demo-bd/tenant.toml", '[[domains]]\nhost = "127.0.0.1"\n', "")
    edit(
        "demo-ph/tenant.toml",
        '[[domains]]\nhost = "demo-ph.localhost"\n',
        '[[domains]]\nhost = "demo-ph.localhost"\n\n[[domains]]\nhost = "127.0.0.1"\n',
    )
    sync()
    assert brand_of(db_session, "127.0.0.1") == "demo-ph"
    assert brand_of(db_session, "localhost") == "demo-bd"
    assert (
        db_session.scalar(select(TenantDomain.tenant_id).where(TenantDomain.host == "127.0.0.1"))
        == tenant(db_session, "demo-ph").id
    )


def test_a_host_removed_from_the_folders_no_longer_resolves(db_session, sync, edit):
    edit("demo-bd/tenant.toml", '[[domains]]\nhost = "127.0.0.1"\n', "")
    sync()
    assert brand_of(db_session, "127.0.0.1") is None
    assert db_session.get(TenantDomain, "127.0.0.1") is None


def test_a_removed_brand_folder_deactivates_the_brand(db_session, sync, tenants_dir, brand_app):
    shutil.rmtree(tenants_dir / "demo-ph")
    assert outcome(sync()) == ([], [], ["demo-bd", "demo-vn"], ["demo-ph"])
    assert tenant(db_session, "demo-ph").active is False
    assert brand_of(db_session, "demo-ph.localhost") is None
    refused = brand_app("demo-ph.localhost").get("/wps/system/status", status=404).json
    assert refused["code"] == "unknown_tenant"
    assert sync().deactivated == []  # reported once


def test_a_brand_folder_restored_comes_back_with_its_key(db_session, sync, tenants_dir, tmp_path):
    key_id = tenant(db_session, "demo-ph").key_id
    shutil.move(tenants_dir / "demo-ph", tmp_path / "demo-ph")
    sync()
    shutil.move(tmp_path / "demo-ph", tenants_dir / "demo-ph")
    report = sync()
    assert outcome(report) == ([], ["demo-ph"], ["demo-bd", "demo-vn"], [])
    assert report.changes["demo-ph"] == ["config: reactivated", "domains"]
    assert tenant(db_session, "demo-ph").active is True
    assert tenant(db_session, "demo-ph").key_id == key_id
    assert brand_of(db_session, "demo-ph.localhost") == "demo-ph"


def test_help_sections_are_replaced(db_session, sync, tenants_dir):
    (tenants_dir / "demo-ph/content/help/en.toml").write_text(
        '[[sections]]\nkey = "faq"\ntitle = "Questions"\nbody = "**Deposits** arrive in minutes."\n', "utf-8"
    )
    sync()
    ph, bd = tenant(db_session, "demo-ph").id, tenant(db_session, "demo-bd").id
    rows = db_session.scalars(select(HelpSection).where(HelpSection.tenant_id == ph)).all()
    assert [(r.language, r.position, r.key, r.title) for r in rows] == [("en", 0, "faq", "Questions")]
    assert rows[0].body_html == "<p><strong>Deposits</strong> arrive in minutes.</p>\n"
    assert {r.language for r in db_session.scalars(select(HelpSection).where(HelpSection.tenant_id == bd))} == {
        "bn",
        "en",
    }


def test_each_brand_has_its_own_key_pair_which_survives_a_resync(db_session, sync, edit):
    before = {
        slug: (tenant(db_session, slug).key_id, tenant(db_session, slug).private_key_pem)
        for slug in ("demo-bd", "demo-ph")
    }
    assert before["demo-bd"][0] != before["demo-ph"][0] and before["demo-bd"][1] != before["demo-ph"][1]
    jwks = {slug: TenantContext.from_row(tenant(db_session, slug)).public_jwk(SECRET) for slug in before}
    assert jwks["demo-bd"]["n"] != jwks["demo-ph"]["n"]
    edit("demo-bd/tenant.toml", 'theme = "light"', 'theme = "dark"')
    sync()
    assert {
        slug: (tenant(db_session, slug).key_id, tenant(db_session, slug).private_key_pem) for slug in before
    } == before
    assert TenantContext.from_row(tenant(db_session, "demo-bd")).public_jwk(SECRET) == jwks["demo-bd"]


def brand_rows(session, model, slug: str) -> list:
    return session.scalars(select(model).where(model.tenant_id == tenant(session, slug).id).order_by(model.id)).all()


def test_banners_keep_their_ids_and_follow_the_file(db_session, sync, edit):
    before = {b.key: b.id for b in brand_rows(db_session, Banner, "demo-ph")}
    edit("demo-ph/content/banners.toml", 'key = "fish-hunting"', 'key = "payday-fiesta"')
    edit("demo-ph/content/banners.toml", 'link = "/register"\n', 'link = "/live"\nends = 2030-01-31\n')
    sync()
    after = {b.key: b for b in brand_rows(db_session, Banner, "demo-ph")}
    assert set(after) == {"mabuhay", "payday-fiesta", "live-baccarat"}
    assert after["mabuhay"].id == before["mabuhay"] and after["live-baccarat"].id == before["live-baccarat"]
    assert after["payday-fiesta"].id not in before.values()
    assert (after["mabuhay"].link_url, after["payday-fiesta"].position) == ("/live", 1)
    # The end date includes its whole day, in the brand's time zone (Manila, UTC+8).
    assert _utc(after["mabuhay"].ends_at) == datetime(2030, 1, 31, 16, 0, tzinfo=UTC)


def test_notices_are_replaced_per_language(db_session, sync, tenants_dir):
    (tenants_dir / "demo-bd/content/notices/bn.toml").unlink()
    (tenants_dir / "demo-bd/content/notices/en.toml").write_text(
        '[[notices]]\nkey = "only"\ntype = "PU"\ntitle = "Only one"\ncontent = "**Now** or never."\n'
        "start_date = 2026-01-01T12:00:00+06:00\n",
        "utf-8",
    )
    sync()
    [row] = brand_rows(db_session, Announcement, "demo-bd")
    assert (row.language, row.key, row.type, row.title, row.promotion_type) == ("en", "only", "PU", "Only one", None)
    assert row.content_html == "<p><strong>Now</strong> or never.</p>\n"
    assert (_utc(row.starts_at), row.ends_at) == (datetime(2026, 1, 1, 6, 0, tzinfo=UTC), None)
    assert len(brand_rows(db_session, Announcement, "demo-ph")) == 8


def test_the_footer_is_stored_as_shown(db_session, sync, tenants_dir):
    (tenants_dir / "demo-ph/content/footer/en.toml").write_text(
        'description = "See *more*."\n\n[[licences]]\ntitle = "Licensed"\nimage = "https://cdn.demo-ph.example/l.png"\n',
        "utf-8",
    )
    sync()
    [row] = brand_rows(db_session, Footer, "demo-ph")
    assert row.content == {
        "description": "<p>See <em>more</em>.</p>\n",
        "licences": [{"title": "Licensed", "url": "https://cdn.demo-ph.example/l.png", "linkUrl": None}],
        "protection": [],
        "responsibility": None,
    }
    (tenants_dir / "demo-ph/content/footer/en.toml").unlink()
    sync()
    assert brand_rows(db_session, Footer, "demo-ph") == []
    assert {f.language for f in brand_rows(db_session, Footer, "demo-bd")} == {"bn", "en"}


def test_a_sync_names_the_parts_of_a_brand_that_changed(sync, edit, tenants_dir):
    edit("demo-bd/content/help/en.toml", 'key = "about"', 'key = "about-us"')
    edit("demo-bd/content/banners.toml", 'group = "w_register"', 'group = "home"')
    (tenants_dir / "demo-bd/content/footer/en.toml").unlink()
    edit("demo-bd/tenant.toml", "idle_minutes = 30", "idle_minutes = 45")
    report = sync()
    assert outcome(report) == ([], ["demo-bd"], ["demo-ph", "demo-vn"], [])
    assert report.changes["demo-bd"] == ["config: sessions", "help", "banners", "footers"]


def test_one_brand_is_synced_alone(db_session, sync, edit, load):
    edit("demo-ph/tenant.toml", 'name = "Tessera Demo PH"', 'name = "Tessera Philippines"')
    edit("demo-bd/tenant.toml", 'name = "Tessera Demo BD"', 'name = "Tessera Bangladesh"')
    edit("demo-bd/tenant.toml", '[[domains]]\nhost = "127.0.0.1"\n', "")
    report = sync_tenants(db_session, load(), SECRET, only="demo-ph")
    db_session.expire_all()
    assert outcome(report) == ([], ["demo-ph"], [], [])
    assert (tenant(db_session, "demo-ph").name, tenant(db_session, "demo-bd").name) == (
        "Tessera Philippines",
        "Tessera Demo BD",
    )
    assert brand_of(db_session, "127.0.0.1") == "demo-bd"  # demo-bd's hosts wait for its own sync


def test_a_brand_synced_alone_drops_only_its_own_old_hosts(db_session, sync, edit, load):
    edit("demo-ph/tenant.toml", '[[domains]]\nhost = "agent.demo-ph.localhost"\nroute = "/agentHome"\n', "")
    edit("demo-bd/tenant.toml", '[[domains]]\nhost = "127.0.0.1"\n', "")
    sync_tenants(db_session, load(), SECRET, only="demo-ph")
    db_session.expire_all()
    assert brand_of(db_session, "agent.demo-ph.localhost") is None
    assert brand_of(db_session, "127.0.0.1") == "demo-bd"
