"""A brand's allowed networks: once listed, a back-office call on the brand from elsewhere is
refused (superusers' too), calls on other brands are not; staff who edit the brand's settings
replace the list, never with one that shuts themselves out; every change audited; the command
line is the break-glass."""

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, select

from backoffice_staff import STAFF_IP
from tessera.backoffice.audit.models import AuditEntry
from tessera.backoffice.networks.models import AllowedNetwork
from tessera.backoffice.networks.services import address_allowed
from tessera.backoffice.permissions import Permission
from tessera.commands import main
from tessera.core.db import operator_session
from tessera.core.settings import ROOT
from tessera.core.timeutil import utcnow
from tessera.tenancy.models import Tenant

NETWORKS = "/bo/api/brands/demo-bd/settings/allowed-networks"
MEMBERS = "/bo/api/brands/demo-bd/members"
OFFICE = "198.51.100.0/24"  # STAFF_IP's network


@pytest.fixture
def editor(staff_member):
    member = staff_member(
        {"demo-bd": [Permission.SettingsEdit, Permission.MemberRead], "demo-ph": [Permission.MemberRead]}
    )
    member.login()
    return member


def away(member):
    """The staff member's browser, from an address outside the office."""
    member.browser.extra_environ["REMOTE_ADDR"] = "203.0.113.99"
    return member.browser


def test_a_listed_network_shuts_every_other_address_out_of_the_brand(editor, staff_member, db_session):
    assert editor.browser.get(NETWORKS).json["value"]["items"] == []
    answer = editor.browser.put_json(
        NETWORKS,
        {"networks": [{"network": OFFICE, "label": "Dhaka office"}, {"network": "2001:db8::1"}]},
        headers=editor.headers(),
    ).json["value"]
    assert [(n["network"], n["label"]) for n in answer["items"]] == [
        ("198.51.100.0/24", "Dhaka office"),
        ("2001:db8::1/128", None),
    ]
    editor.browser.get(MEMBERS)
    refused = away(editor).get(MEMBERS, status=403).json
    assert (refused["code"], "203.0.113.99" in refused["message"]) == ("address_not_allowed", True)
    editor.browser.get("/bo/api/brands/demo-ph/members")  # another brand's list is its own
    superuser = staff_member(superuser=True)
    superuser.login()
    assert away(superuser).get(MEMBERS, status=403).json["code"] == "address_not_allowed"
    [entry] = db_session.scalars(select(AuditEntry).where(AuditEntry.action == "allowed_networks_changed")).all()
    assert (entry.staff, entry.brand, entry.target, entry.before) == (
        editor.username,
        "demo-bd",
        "brand:demo-bd",
        {"networks": []},
    )
    assert entry.after["networks"][0] == {"network": OFFICE, "label": "Dhaka office"}


def test_a_list_that_would_shut_out_its_editor_or_is_not_networks_is_refused(editor, db_session):
    refused = editor.browser.put_json(
        NETWORKS, {"networks": [{"network": "203.0.113.0/24"}]}, headers=editor.headers(), status=409
    )
    assert refused.json["code"] == "network_locks_you_out"
    refused = editor.browser.put_json(
        NETWORKS, {"networks": [{"network": "10.0.0.300/8"}]}, headers=editor.headers(), status=400
    )
    assert refused.json["code"] == "network_invalid"
    assert db_session.scalars(select(AllowedNetwork)).all() == []
    editor.browser.put_json(NETWORKS, {"networks": [{"network": OFFICE}]}, headers=editor.headers())
    cleared = editor.browser.put_json(NETWORKS, {"networks": []}, headers=editor.headers()).json["value"]
    assert cleared["items"] == []
    away(editor).get(MEMBERS)


def test_only_settings_editors_of_the_brand_change_it(staff_member):
    reader = staff_member({"demo-bd": [Permission.MemberRead], "demo-ph": [Permission.SettingsEdit]})
    reader.login()
    refused = reader.browser.put_json(NETWORKS, {"networks": []}, headers=reader.headers(), status=403)
    assert refused.json["code"] == "permission_denied"


def test_the_command_line_is_the_break_glass(tmp_path):
    url = f"sqlite:///{tmp_path / 'networks.sqlite'}"
    env = {"TESSERA_DATABASE_URL": url, "TESSERA_TENANTS_DIR": str(ROOT / "tenants"), "TESSERA_SECRET_KEY": "n" * 40}

    def run(*args) -> str:
        result = CliRunner().invoke(main, list(args), env=env)
        assert result.exit_code == 0, result.output
        return result.output

    run("db", "upgrade")
    run("tenants", "sync")
    engine = create_engine(url)
    with operator_session(engine) as session:
        tenant_id = session.scalar(select(Tenant.id).where(Tenant.slug == "demo-bd"))
        session.add(AllowedNetwork(tenant_id=tenant_id, network=OFFICE, created_by="x", created_at=utcnow()))
    assert run("staff", "networks", "demo-bd").strip() == OFFICE
    assert "anywhere" in run("staff", "networks", "demo-bd", "--clear")
    with operator_session(engine) as session:
        assert session.scalars(select(AllowedNetwork)).all() == []
        entry = session.scalars(select(AuditEntry).where(AuditEntry.action == "allowed_networks_changed")).one()
        assert (entry.staff, entry.after) == ("command line", {"networks": []})
    engine.dispose()


@pytest.mark.parametrize(
    ("networks", "address", "allowed"),
    [
        ([], None, True),
        (["198.51.100.0/24"], STAFF_IP, True),
        (["198.51.100.0/24"], "::ffff:198.51.100.20", True),
        (["198.51.100.0/24"], "198.51.101.1", False),
        (["2001:db8::/32"], "2001:db8:5::1", True),
        (["198.51.100.0/24"], None, False),
        (["198.51.100.0/24"], "not an address", False),
    ],
)
def test_an_address_is_allowed_only_within_a_listed_network(networks, address, allowed):
    assert address_allowed(networks, address) is allowed
