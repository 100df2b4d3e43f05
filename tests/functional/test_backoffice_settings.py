"""The brand's settings kept in the database (settings.edit): maintenance windows scheduled and
ended, register fields and the region policy set over the tenant folder's; members see each at
once (the status call, the region check), every change is audited, and a sync of the folder keeps
what staff set."""

from datetime import timedelta

import pytest
from sqlalchemy import select

from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import iso, utcnow
from tessera.plugins import plugin_manager, settings_schemas
from tessera.system.status.models import MaintenanceWindow
from tessera.tenancy.loader import load_tenants
from tessera.tenancy.services import sync_tenants

BRAND = "/bo/api/brands/demo-bd"
BD_IP, US_IP = "203.0.113.9", "198.51.100.7"


@pytest.fixture
def editor(staff_member):
    member = staff_member({"demo-bd": [Permission.SettingsEdit]})
    member.login()
    return member


def status(brand_app, ip=BD_IP, host="demo-bd.localhost") -> dict:
    return brand_app(host, ip=ip).get("/wps/system/status").json["value"]


def actions(db, target: str) -> list[AuditEntry]:
    return db.scalars(select(AuditEntry).where(AuditEntry.target == target).order_by(AuditEntry.id)).all()


class TestMaintenance:
    def test_a_window_scheduled_now_is_shown_by_the_status_call_until_ended(self, editor, brand_app, db_session):
        ends = iso(utcnow() + timedelta(hours=1))
        made = editor.browser.post_json(
            f"{BRAND}/maintenance-windows", {"endsAt": ends, "info": "Upgrading"}, headers=editor.headers()
        ).json["value"]
        assert made["open"] is True
        shown = status(brand_app)
        assert shown["status"] == 1 and shown["maintenance"]["info"] == "Upgrading"
        assert status(brand_app, host="demo-ph.localhost", ip="192.0.2.44")["status"] == 0  # only this brand
        listed = editor.browser.get(f"{BRAND}/maintenance-windows").json["value"]
        assert listed["items"][0]["id"] == made["id"] and listed["total"] >= 1
        ended = editor.browser.post(f"{BRAND}/maintenance-windows/{made['id']}/end", headers=editor.headers()).json[
            "value"
        ]
        assert ended["open"] is False
        assert status(brand_app)["status"] == 0
        editor.browser.post(f"{BRAND}/maintenance-windows/{made['id']}/end", headers=editor.headers(), status=409)
        entries = actions(db_session, f"maintenance:{made['id']}")
        assert [e.action for e in entries] == ["maintenance_scheduled", "maintenance_ended"]
        assert entries[1].before["open"] is True and entries[1].after["open"] is False
        assert all(e.brand == "demo-bd" and e.staff == editor.username for e in entries)

    def test_a_later_window_is_not_shown_yet(self, editor, brand_app):
        later = {"startsAt": iso(utcnow() + timedelta(hours=1)), "endsAt": iso(utcnow() + timedelta(hours=2))}
        made = editor.browser.post_json(f"{BRAND}/maintenance-windows", later, headers=editor.headers()).json["value"]
        assert made["open"] is False and status(brand_app)["status"] == 0

    @pytest.mark.parametrize(
        "body",
        [
            {"startsAt": "2030-01-02T00:00:00Z", "endsAt": "2030-01-01T00:00:00Z"},
            {"endsAt": "2020-01-01T00:00:00Z"},
        ],
    )
    def test_a_window_that_ends_before_it_starts_is_refused(self, editor, db_session, body):
        answer = editor.browser.post_json(f"{BRAND}/maintenance-windows", body, headers=editor.headers(), status=400)
        assert answer.json["code"] == "maintenance_window_invalid"

    def test_another_brands_window_is_not_found(self, editor, db_session, tenant_ids):
        theirs = MaintenanceWindow(tenant_id=tenant_ids["demo-ph"], starts_at=utcnow() - timedelta(minutes=1))
        db_session.add(theirs)
        db_session.flush()
        answer = editor.browser.post(
            f"{BRAND}/maintenance-windows/{theirs.id}/end", headers=editor.headers(), status=404
        )
        assert answer.json["code"] == "maintenance_not_found"
        assert db_session.get(MaintenanceWindow, theirs.id).ends_at is None


class TestRegister:
    def test_a_field_override_is_shown_by_the_status_call_and_kept_by_a_sync(
        self, editor, brand_app, db_session, settings
    ):
        assert status(brand_app)["register"]["birthday"]["enabled"] is False
        body = {"fields": {"birthday": {"enabled": True, "required": True}, "username": {"minLength": 8}}}
        value = editor.browser.put_json(f"{BRAND}/register-settings", body, headers=editor.headers()).json["value"]
        assert value["folder"]["birthday"]["enabled"] is False
        assert value["overrides"] == body["fields"]
        assert value["effective"]["birthday"]["required"] is True
        shown = status(brand_app)["register"]
        assert (shown["birthday"]["enabled"], shown["birthday"]["required"], shown["username"]["minLength"]) == (
            True,
            True,
            8,
        )
        sources = load_tenants(settings.tenants_dir, settings_schemas(plugin_manager()))
        sync_tenants(db_session, sources, settings.secret_key, only="demo-bd")
        db_session.flush()
        assert editor.browser.get(f"{BRAND}/register-settings").json["value"]["overrides"] == body["fields"]
        [entry] = actions(db_session, "register")
        assert (entry.action, entry.before, entry.after) == ("register_settings_changed", {}, body["fields"])
        editor.browser.put_json(f"{BRAND}/register-settings", {"fields": {}}, headers=editor.headers())
        assert status(brand_app)["register"]["birthday"]["enabled"] is False

    @pytest.mark.parametrize(
        ("body", "code"),
        [
            ({"fields": {"email": {"patternId": "nothing"}}}, "register_pattern_unknown"),
            ({"fields": {"username": {"minLength": 30, "maxLength": 10}}}, "register_lengths_invalid"),
            ({"fields": {"nickname": {"enabled": True}}}, None),
            ({"fields": {"email": {"enabled": "yes"}}}, None),
        ],
    )
    def test_bad_input_is_refused_with_a_code(self, editor, db_session, body, code):
        answer = editor.browser.put_json(f"{BRAND}/register-settings", body, headers=editor.headers(), status=400).json
        assert answer["success"] is False and answer["code"]
        if code:
            assert answer["code"] == code
        assert editor.browser.get(f"{BRAND}/register-settings").json["value"]["overrides"] == {}


class TestRegion:
    def test_a_blocked_region_is_refused_and_an_unblocked_one_served(self, editor, brand_app, db_session):
        assert status(brand_app, ip=US_IP)["status"] == 2  # the folder blocks the US
        body = {"blockedRegions": ["BD"]}
        value = editor.browser.put_json(f"{BRAND}/region-policy", body, headers=editor.headers()).json["value"]
        assert value["effective"]["blockedRegions"] == ["BD"] and value["folder"]["blockedRegions"] != ["BD"]
        assert status(brand_app, ip=US_IP)["status"] == 0
        assert status(brand_app)["status"] == 2
        refused = brand_app("demo-bd.localhost", ip=BD_IP).put(
            "/wps/member/register", b"{}", content_type="application/json", status=403
        )
        assert refused.json["code"] == "blockip"
        assert status(brand_app, host="demo-ph.localhost", ip="192.0.2.44")["status"] == 0
        [entry] = actions(db_session, "region_policy")
        assert entry.after["blockedRegions"] == ["BD"] and entry.brand == "demo-bd"
        editor.browser.put_json(f"{BRAND}/region-policy", {"blockedRegions": None}, headers=editor.headers())
        assert status(brand_app)["status"] == 0 and status(brand_app, ip=US_IP)["status"] == 2

    @pytest.mark.parametrize("body", [{"blockedRegions": ["bd"]}, {"unknownRegion": "sometimes"}, {"regions": []}])
    def test_bad_input_is_refused(self, editor, body):
        answer = editor.browser.put_json(f"{BRAND}/region-policy", body, headers=editor.headers(), status=400).json
        assert answer["success"] is False and answer["code"]

    def test_staff_without_the_permission_on_the_brand_are_refused(self, staff_member):
        other = staff_member({"demo-ph": [Permission.SettingsEdit], "demo-bd": [Permission.GamesManage]})
        other.login()
        answer = other.browser.put_json(
            f"{BRAND}/region-policy", {"blockedRegions": ["BD"]}, headers=other.headers(), status=403
        ).json
        assert answer["code"] == "permission_denied"
