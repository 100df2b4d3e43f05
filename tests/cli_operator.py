"""An operator at the ``tessera`` command, against a database and tenant folders of the test's own."""

import shutil

import webtest
from click.testing import CliRunner
from sqlalchemy import select

from tessera.app import make_app
from tessera.commands import main
from tessera.core.db import make_engine
from tessera.core.settings import ROOT, Settings
from tessera.tenancy.models import Tenant

SECRET = "cli-test-secret-of-at-least-32-bytes"


class Operator:
    """Runs ``tessera`` with TESSERA_* pointing at a temporary database and a copy of tenants/."""

    def __init__(self, tmp_path):
        self.tenants_dir = tmp_path / "tenants"
        shutil.copytree(ROOT / "tenants", self.tenants_dir)
        self.settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'cli.sqlite'}",
            tenants_dir=self.tenants_dir,
            upload_dir=tmp_path / "uploads",
            secret_key=SECRET,
            log_format="text",
        )
        self.env = {
            "TESSERA_DATABASE_URL": self.settings.database_url,
            "TESSERA_TENANTS_DIR": str(self.tenants_dir),
            "TESSERA_UPLOAD_DIR": str(tmp_path / "uploads"),
            "TESSERA_SECRET_KEY": SECRET,
        }

    def __call__(self, *args: str, exit_code: int = 0, input: str | None = None):
        result = CliRunner().invoke(main, list(args), env=self.env, input=input)
        assert result.exit_code == exit_code, result.output
        return result

    def edit(self, relative: str, old: str, new: str) -> None:
        path = self.tenants_dir / relative
        assert old in path.read_text("utf-8")
        path.write_text(path.read_text("utf-8").replace(old, new, 1), "utf-8")

    def brands(self) -> dict[str, tuple]:
        engine = make_engine(self.settings.database_url)
        try:
            with engine.connect() as connection:
                rows = connection.execute(select(Tenant.slug, Tenant.name, Tenant.active, Tenant.key_id))
                return {slug: (name, active, key_id) for slug, name, active, key_id in rows}
        finally:
            engine.dispose()

    def status(self, host: str) -> dict:
        """The system status a member on ``host`` sees, served from this database."""
        wsgi = make_app(self.settings)
        try:
            app = webtest.TestApp(wsgi, extra_environ={"HTTP_HOST": host, "REMOTE_ADDR": "203.0.113.9"})
            return app.get("/wps/system/status").json["value"]
        finally:
            wsgi.registry["db_engine"].dispose()
