"""Banners and announcements kept in the back office: published in the brand's languages and
windows, shown on the brand's site at once, changed and removed, every change audited; the
folder's own are listed but never changed here, and a sync of the folder keeps the staff's."""

from datetime import timedelta

import pytest
from sqlalchemy import select

from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import iso, utcnow
from tessera.plugins import plugin_manager, settings_schemas
from tessera.tenancy.loader import load_tenants
from tessera.tenancy.models import Announcement, Banner
from tessera.tenancy.services import sync_tenants

BRAND = "/bo/api/brands/demo-bd"
SITE = "/wps/relay/MCSFE_getListAnnouncements"


@pytest.fixture
def editor(staff_member):
    member = staff_member({"demo-bd": [Permission.ContentPublish]})
    member.login()
    return member


def notice(**fields) -> dict:
    return {
        "type": "PL",
        "texts": {
            "en": {"title": "Cricket cashback", "content": "Get **5%** back on every *cricket* bet."},
            "bn": {"title": "ক্রিকেট ক্যাশব্যাক", "content": "প্রতিটি ক্রিকেট বাজিতে **৫%** ফেরত।"},
        },
        "startsAt": iso(utcnow() - timedelta(minutes=1)),
        **fields,
    }


def site(testapp, lang: str) -> dict:
    return testapp.get(f"{SITE}?lang={lang}&type=B,PL,PU,PR").json["value"]


def test_an_announcement_is_published_in_each_language_and_shown_at_once(editor, testapp):
    before = len(site(testapp, "en")["player"])
    made = editor.browser.post_json(f"{BRAND}/announcements", notice(), headers=editor.headers()).json["value"]
    assert made["source"] == "backoffice" and made["showing"] is True and made["updatedBy"] == editor.username
    assert made["texts"]["en"]["html"] == "<p>Get <strong>5%</strong> back on every <em>cricket</em> bet.</p>\n"
    english = site(testapp, "en")["player"]
    assert len(english) == before + 1 and english[0]["title"] == "Cricket cashback"
    assert site(testapp, "bn")["player"][0]["title"] == "ক্রিকেট ক্যাশব্যাক"
    listed = editor.browser.get(f"{BRAND}/announcements", {"source": "backoffice"}).json["value"]
    assert [a["key"] for a in listed["items"]] == [made["key"]]
    assert {a["source"] for a in editor.browser.get(f"{BRAND}/announcements").json["value"]["items"]} == {
        "folder",
        "backoffice",
    }


def test_changed_scheduled_and_removed(editor, testapp, db_session):
    key = editor.browser.post_json(f"{BRAND}/announcements", notice(), headers=editor.headers()).json["value"]["key"]
    later = notice(startsAt=iso(utcnow() + timedelta(days=1)), type="PU")
    later["texts"]["en"]["title"] = "Cricket cashback from tomorrow"
    changed = editor.browser.put_json(f"{BRAND}/announcements/{key}", later, headers=editor.headers()).json["value"]
    assert (changed["showing"], changed["type"]) == (False, "PU")
    assert all(n["title"] != "Cricket cashback" for n in site(testapp, "en")["player"])
    assert all(n["title"] != "Cricket cashback from tomorrow" for n in site(testapp, "en")["popup"])
    editor.browser.delete(f"{BRAND}/announcements/{key}", headers=editor.headers())
    assert db_session.scalars(select(Announcement).where(Announcement.key == key)).all() == []
    editor.browser.get(f"{BRAND}/announcements/{key}", status=404)
    entries = db_session.scalars(
        select(AuditEntry).where(AuditEntry.target == f"announcement:{key}").order_by(AuditEntry.id)
    ).all()
    assert [e.action for e in entries] == ["announcement_published", "announcement_changed", "announcement_removed"]
    assert entries[1].before["texts"]["en"]["title"] == "Cricket cashback"
    assert entries[1].after["texts"]["en"]["title"] == "Cricket cashback from tomorrow"
    assert all(e.brand == "demo-bd" and e.staff == editor.username for e in entries)


def test_the_folders_content_is_changed_in_the_folder(editor, db_session):
    folder = db_session.scalars(select(Announcement).where(Announcement.source == "folder")).first()
    answer = editor.browser.put_json(
        f"{BRAND}/announcements/{folder.key}", notice(), headers=editor.headers(), status=409
    ).json
    assert answer["code"] == "content_from_folder" and folder.key in answer["message"]  # in English, for staff
    banner = db_session.scalars(select(Banner).where(Banner.source == "folder")).first()
    editor.browser.delete(f"{BRAND}/banners/{banner.key}", headers=editor.headers(), status=409)


def test_a_banner_of_the_brands_images_shows_on_its_route_group(editor, testapp):
    images = editor.browser.get(f"{BRAND}/images").json["value"]["items"]
    image = next(i for i in images if i["path"].startswith("banners/"))
    form = {"group": "home", "image": image["path"], "link": "/promotions", "titles": {"en": "Big win week"}}
    made = editor.browser.post_json(f"{BRAND}/banners", form, headers=editor.headers()).json["value"]
    assert made["image"] == image["url"] and made["showing"] is True
    shown = [b for b in site(testapp, "en")["banners"] if b["title"] == "Big win week"]
    assert [(b["groupName"], b["url"], b["linkUrl"], b["width"]) for b in shown] == [
        ("home", image["url"], "/promotions", image["width"])
    ]
    ended = {**form, "endsAt": iso(utcnow() - timedelta(minutes=1)), "startsAt": iso(utcnow() - timedelta(days=1))}
    editor.browser.put_json(f"{BRAND}/banners/{made['key']}", ended, headers=editor.headers())
    assert not [b for b in site(testapp, "en")["banners"] if b["title"] == "Big win week"]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"image": "banners/nowhere.png"}, "banner_image_unknown"),
        ({"link": "javascript:alert(1)"}, "banner_link_invalid"),
        ({"titles": {"vi": "Tuần thắng lớn"}}, "content_language_unknown"),
        ({"startsAt": "2026-12-02T00:00:00Z", "endsAt": "2026-12-01T00:00:00Z"}, "date_invalid"),
        ({"group": "casino"}, None),
    ],
)
def test_a_bad_banner_is_refused_clearly(editor, change, code):
    form = {"group": "home", "image": "https://cdn.example/b.webp", "titles": {"en": "Big win week"}, **change}
    answer = editor.browser.post_json(f"{BRAND}/banners", form, headers=editor.headers(), status=400).json
    assert answer["message"] and (code is None or answer["code"] == code)


def test_a_preview_shows_markdown_and_never_raw_html(editor):
    html = editor.browser.post_json(
        f"{BRAND}/announcement-preview", {"content": "**Hi** <script>alert(1)</script>"}, headers=editor.headers()
    ).json["value"]["html"]
    assert "<strong>Hi</strong>" in html and "<script>" not in html


def test_a_sync_of_the_folder_keeps_the_staffs_content(editor, db_session, settings):
    key = editor.browser.post_json(f"{BRAND}/announcements", notice(), headers=editor.headers()).json["value"]["key"]
    form = {"group": "rng", "image": "https://cdn.example/b.webp", "titles": {"en": "Slots week"}}
    banner = editor.browser.post_json(f"{BRAND}/banners", form, headers=editor.headers()).json["value"]["key"]
    sources = load_tenants(settings.tenants_dir, settings_schemas(plugin_manager()))
    sync_tenants(db_session, sources, settings.secret_key, only="demo-bd")
    db_session.flush()
    assert len(db_session.scalars(select(Announcement).where(Announcement.key == key)).all()) == 2
    assert db_session.scalar(select(Banner).where(Banner.key == banner)) is not None


def test_another_brands_editor_changes_nothing_here(staff_member, editor):
    key = editor.browser.post_json(f"{BRAND}/announcements", notice(), headers=editor.headers()).json["value"]["key"]
    other = staff_member({"demo-ph": [Permission.ContentPublish]})
    other.login()
    other.browser.delete(f"{BRAND}/announcements/{key}", headers=other.headers(), status=403)
    other.browser.delete(f"/bo/api/brands/demo-ph/announcements/{key}", headers=other.headers(), status=404)
