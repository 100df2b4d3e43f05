"""The affiliate check of the registration page (GET /wps/agent/affiliate), and agents' codes
given by ``tessera members create --affiliate-code``."""

import pytest
import webtest
from click.testing import CliRunner
from sqlalchemy import func, select

from tessera.app import make_app
from tessera.commands import main
from tessera.core.settings import ROOT, Settings
from tessera.core.timeutil import utcnow
from tessera.identity.registration.models import RefusedCheck
from tessera.identity.registration.services import MAX_REFUSALS_PER_BRAND, MAX_REFUSALS_PER_IP

AFFILIATE = "/wps/agent/affiliate"


def check(app, status=200, **query) -> dict:
    return app.get(AFFILIATE, {"lang": "en", **query}, status=status).json


@pytest.fixture
def agent(members):
    return members(member_type=1, affiliate_code="JOIN01", nickname="Dhaka Agent")


def create_agent(operator, slug: str, username: str, member_type: str, code: str, **options) -> str:
    """``tessera members create`` of an agent with an affiliate code (password Agent123)."""
    command = ["members", "create", slug, username, "--type", member_type, "--password", "Agent123"]
    return operator(*command, "--affiliate-code", code, **options)


class TestCheck:
    def test_an_agents_code_is_valid_and_nothing_of_the_agent_is_told(self, testapp, agent):
        assert check(testapp, code="JOIN01")["value"] == {"valid": True}

    def test_the_case_of_the_code_does_not_matter(self, testapp, agent):
        assert check(testapp, code=" join01 ")["value"] == {"valid": True}

    @pytest.mark.parametrize("domain", ["demo-bd.localhost", "join.demo-bd.localhost", "DEMO-BD.localhost:6543"])
    def test_with_one_of_the_brands_domains(self, testapp, agent, domain):
        assert check(testapp, code="JOIN01", domain=domain)["value"]["valid"] is True

    @pytest.mark.parametrize("domain", ["demo-ph.localhost", "evil.example", ""])
    def test_with_a_domain_that_is_not_the_brands(self, testapp, agent, domain):
        answer = check(testapp, 400, code="JOIN01", domain=domain)
        assert (answer["code"], answer["message"]) == ("invitation_code_error", "The invitation code is not valid.")

    @pytest.mark.parametrize("member_type", [1, 2, 41, 42])
    def test_every_agent_type_has_a_code(self, testapp, members, member_type):
        members(member_type=member_type, affiliate_code="AGNT99")
        assert check(testapp, code="AGNT99")["value"]["valid"] is True

    def test_an_unknown_code(self, testapp, agent):
        assert check(testapp, 400, code="JOIN02")["code"] == "invitation_code_error"

    def test_a_code_that_is_not_an_agents(self, testapp, members):
        members(member_type=4, affiliate_code="REAL01")
        assert check(testapp, 400, code="REAL01")["code"] == "invitation_code_error"

    def test_a_locked_agents_code(self, testapp, members):
        members(member_type=1, affiliate_code="GONE01", status="locked")
        assert check(testapp, 400, code="GONE01")["code"] == "invitation_code_error"

    def test_an_agent_of_one_brand_is_unknown_on_another(self, testapp, brand_app, members):
        members("demo-ph", member_type=1, affiliate_code="MNL001")
        assert check(testapp, 400, code="MNL001")["code"] == "invitation_code_error"
        ph = brand_app("demo-ph.localhost", ip="192.0.2.44")
        assert check(ph, code="MNL001", domain="demo-ph.localhost")["value"] == {"valid": True}

    def test_the_code_is_required_and_bounded(self, testapp):
        assert check(testapp, 400)["code"] == "invalid_request"
        assert check(testapp, 400, code="X" * 65)["code"] == "invalid_request"

    def test_it_is_described(self, testapp):
        assert "get" in testapp.get("/api/openapi.json").json["paths"][AFFILIATE]


class TestThrottle:
    """Each code refused tells that no agent has it: an address, and the brand as a whole, gets
    only so many an hour."""

    def test_after_30_refused_codes_an_hour_an_address_is_refused_unchecked(self, testapp, brand_app, agent, clock):
        for n in range(MAX_REFUSALS_PER_IP):
            check(testapp, 400, code=f"GUESS{n:02d}")
        answer = check(testapp, 429, code="JOIN01")
        assert (answer["code"], answer["message"]) == (
            "too_many_attempts",
            "Too many failed attempts. Please try again in an hour.",
        )
        assert check(brand_app("demo-bd.localhost", ip="203.0.113.10"), code="JOIN01")["value"] == {"valid": True}
        clock.advance(hours=1, seconds=1)
        assert check(testapp, code="JOIN01")["value"] == {"valid": True}

    def test_valid_codes_are_not_counted(self, testapp, agent, db_session):
        for _ in range(MAX_REFUSALS_PER_IP + 1):
            check(testapp, code="JOIN01")
        assert db_session.scalar(select(func.count()).select_from(RefusedCheck)) == 0

    def test_past_1000_refused_codes_an_hour_on_the_brand_every_address_is_refused(
        self, testapp, brand_app, agent, members, db_session, tenant_ids
    ):
        at = utcnow()
        db_session.add_all(
            [
                RefusedCheck(
                    tenant_id=tenant_ids["demo-bd"], kind="affiliate", ip=f"10.0.{n // 200}.{n % 200}", created_at=at
                )
                for n in range(MAX_REFUSALS_PER_BRAND)
            ]
        )
        db_session.flush()
        assert (
            check(brand_app("demo-bd.localhost", ip="203.0.113.77"), 429, code="JOIN01")["code"] == "too_many_attempts"
        )
        members("demo-ph", member_type=1, affiliate_code="MNL001")
        ph = brand_app("demo-ph.localhost", ip="192.0.2.44")
        assert check(ph, code="MNL001")["value"] == {"valid": True}  # another brand's count


class TestOperatorCommand:
    """``tessera members create --affiliate-code``, against a database of its own."""

    @pytest.fixture
    def operator(self, tmp_path):
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'agents.sqlite'}",
            tenants_dir=ROOT / "tenants",
            secret_key="affiliate-test-secret-of-32-bytes-or-more",
            log_format="text",
        )
        env = {
            "TESSERA_DATABASE_URL": settings.database_url,
            "TESSERA_TENANTS_DIR": str(settings.tenants_dir),
            "TESSERA_SECRET_KEY": settings.secret_key,
        }

        def run(*args, exit_code=0):
            result = CliRunner().invoke(main, list(args), env=env)
            assert result.exit_code == exit_code, result.output
            return result.output

        run("db", "upgrade")
        run("tenants", "sync")
        run.settings = settings
        return run

    def test_an_agent_gets_a_code_the_registration_page_accepts(self, operator):
        output = operator(
            "members",
            "create",
            "demo-bd",
            "joinagent",
            "--type",
            "1",
            "--password",
            "Agent123",
            "--affiliate-code",
            "bdjoin",
            "--nickname",
            "Join Desk",
        )
        assert output.startswith("demo-bd: member joinagent created, id ") and ", affiliate code BDJOIN" in output
        wsgi = make_app(operator.settings)
        try:
            app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": "join.demo-bd.localhost"})
            assert check(app, code="BDJOIN", domain="join.demo-bd.localhost")["value"] == {"valid": True}
        finally:
            wsgi.registry["db_engine"].dispose()

    def test_only_agents_have_codes(self, operator):
        output = operator(
            "members",
            "create",
            "demo-bd",
            "realone",
            "--password",
            "Real1234",
            "--affiliate-code",
            "REAL01",
            exit_code=2,
        )
        assert "only agents (type 1, 2, 41, 42) have one" in output

    @pytest.mark.parametrize("code", ["ab1", "with space", "x" * 33, "dash-ed"])
    def test_a_code_is_4_to_32_letters_and_digits(self, operator, code):
        create_agent(operator, "demo-bd", "agent01", "2", code, exit_code=2)

    def test_a_code_is_given_once_per_brand(self, operator):
        create_agent(operator, "demo-bd", "agent01", "1", "SAME01")
        output = create_agent(operator, "demo-bd", "agent02", "1", "same01", exit_code=1)
        assert "already has an agent with affiliate code SAME01" in output
        create_agent(operator, "demo-ph", "agent02", "1", "SAME01")
