"""Help centre articles and customer-service entries kept in the back office beside the tenant
folder's: published in the brand's languages, read on the site at once, changed and removed,
audited; the folder's are listed but never changed here, and a sync keeps the staff's."""

import pytest
from sqlalchemy import select

from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.permissions import Permission
from tessera.plugins import plugin_manager, settings_schemas
from tessera.tenancy.loader import load_tenants
from tessera.tenancy.models import CustomerServiceEntry, HelpSection
from tessera.tenancy.services import sync_tenants

BRAND = "/bo/api/brands/demo-bd"
ARTICLE = {
    "texts": {
        "en": {"title": "Withdrawing by bKash", "content": "Open **Withdraw** and pick bKash."},
        "bn": {"title": "বিকাশে উত্তোলন", "content": "**উত্তোলন** খুলুন।"},
    },
    "position": 50,
}
ENTRY = {"type": "WHATSAPP", "url": "https://wa.me/8801700000000", "titles": {"en": "WhatsApp", "bn": "হোয়াটসঅ্যাপ"}}


@pytest.fixture
def editor(staff_member):
    member = staff_member({"demo-bd": [Permission.ContentPublish]})
    member.login()
    return member


def help_titles(testapp, lang: str) -> list[str]:
    return [s["title"] for s in testapp.get(f"/wps/system/helpCenter?lang={lang}").json["value"]["sections"]]


def test_an_article_is_read_in_the_help_centre_at_once_and_audited(editor, testapp, db_session):
    made = editor.browser.post_json(f"{BRAND}/help-articles", ARTICLE, headers=editor.headers()).json["value"]
    assert made["source"] == "backoffice" and made["updatedBy"] == editor.username
    assert made["texts"]["en"]["html"] == "<p>Open <strong>Withdraw</strong> and pick bKash.</p>\n"
    assert "Withdrawing by bKash" in help_titles(testapp, "en")
    assert "বিকাশে উত্তোলন" in help_titles(testapp, "bn")
    listed = editor.browser.get(f"{BRAND}/help-articles").json["value"]
    assert {a["source"] for a in listed["items"]} == {"folder", "backoffice"}
    key = made["key"]
    changed = {**ARTICLE, "texts": {"en": {"title": "Withdrawing", "content": "Use bKash."}}}
    assert editor.browser.put_json(f"{BRAND}/help-articles/{key}", changed, headers=editor.headers()).json["value"][
        "texts"
    ].keys() == {"en"}
    assert "বিকাশে উত্তোলন" not in help_titles(testapp, "bn")
    editor.browser.delete(f"{BRAND}/help-articles/{key}", headers=editor.headers())
    assert "Withdrawing" not in help_titles(testapp, "en")
    entries = db_session.scalars(select(AuditEntry).where(AuditEntry.target == f"help:{key}").order_by(AuditEntry.id))
    assert [e.action for e in entries] == ["help_article_published", "help_article_changed", "help_article_removed"]


def test_the_folders_sections_are_not_changed_here_and_a_sync_keeps_the_staffs(editor, db_session, settings):
    folder_key = next(
        a["key"] for a in editor.browser.get(f"{BRAND}/help-articles", {"source": "folder"}).json["value"]["items"]
    )
    refused = editor.browser.put_json(
        f"{BRAND}/help-articles/{folder_key}", ARTICLE, headers=editor.headers(), status=409
    )
    assert refused.json["code"] == "content_from_folder"
    key = editor.browser.post_json(f"{BRAND}/help-articles", ARTICLE, headers=editor.headers()).json["value"]["key"]
    sources = load_tenants(settings.tenants_dir, settings_schemas(plugin_manager()))
    sync_tenants(db_session, sources, settings.secret_key, only="demo-bd")
    db_session.flush()
    assert len(db_session.scalars(select(HelpSection).where(HelpSection.key == key)).all()) == 2


def test_bad_articles_are_refused_with_clear_codes(editor):
    unknown = {"texts": {"fr": {"title": "Retrait", "content": "Ouvrez"}}}
    refused = editor.browser.post_json(f"{BRAND}/help-articles", unknown, headers=editor.headers(), status=400)
    assert refused.json["code"] == "content_language_unknown"
    refused = editor.browser.post_json(f"{BRAND}/help-articles", {"texts": {}}, headers=editor.headers(), status=400)
    assert refused.json["code"] == "invalid_request"
    assert editor.browser.get(f"{BRAND}/help-articles/bo.nothing", status=404).json["code"] == "content_not_found"


def test_a_customer_service_entry_is_shown_beside_the_folders(editor, testapp, db_session):
    made = editor.browser.post_json(f"{BRAND}/customer-service", {**ENTRY, "position": 2}, headers=editor.headers())
    key = made.json["value"]["key"]
    listed = editor.browser.get(f"{BRAND}/customer-service").json["value"]["items"]
    assert [e["source"] for e in listed][:3] == ["folder", "folder", "backoffice"]
    shown = testapp.get("/wps/system/customerService?lang=bn").json["value"]["version"]["pathList"]
    assert {"type": "WHATSAPP", "path": "https://wa.me/8801700000000", "title": "হোয়াটসঅ্যাপ"} in shown
    status = testapp.get("/wps/system/status?lang=en").json["value"]["customerService"]
    assert [e["csType"] for e in status][:3] == ["3", "FACEBOOK", "WHATSAPP"]
    changed = editor.browser.put_json(
        f"{BRAND}/customer-service/{key}", {**ENTRY, "url": "tel:+8801700000001"}, headers=editor.headers()
    ).json["value"]
    assert changed["url"] == "tel:+8801700000001"
    editor.browser.delete(f"{BRAND}/customer-service/{key}", headers=editor.headers())
    assert db_session.scalars(select(CustomerServiceEntry)).all() == []
    actions = db_session.scalars(
        select(AuditEntry.action).where(AuditEntry.target == f"customer-service:{key}").order_by(AuditEntry.id)
    ).all()
    assert actions == ["customer_service_added", "customer_service_changed", "customer_service_removed"]


def test_bad_entries_and_the_folders_are_refused(editor):
    refused = editor.browser.post_json(
        f"{BRAND}/customer-service", {**ENTRY, "url": "javascript:alert(1)"}, headers=editor.headers(), status=400
    )
    assert refused.json["code"] == "invalid_request"
    refused = editor.browser.delete(f"{BRAND}/customer-service/folder.1", headers=editor.headers(), status=409)
    assert refused.json["code"] == "content_from_folder"


def test_another_brands_editor_changes_nothing_here(editor, staff_member):
    key = editor.browser.post_json(f"{BRAND}/help-articles", ARTICLE, headers=editor.headers()).json["value"]["key"]
    entry = editor.browser.post_json(f"{BRAND}/customer-service", ENTRY, headers=editor.headers()).json["value"]["key"]
    other = staff_member({"demo-ph": [Permission.ContentPublish]})
    other.login()
    other.browser.delete(f"{BRAND}/help-articles/{key}", headers=other.headers(), status=403)
    ph = "/bo/api/brands/demo-ph"
    assert other.browser.delete(f"{ph}/help-articles/{key}", headers=other.headers(), status=404).json["code"] == (
        "content_not_found"
    )
    assert (
        other.browser.delete(f"{ph}/customer-service/{entry}", headers=other.headers(), status=404).json["code"]
        == "content_not_found"
    )
