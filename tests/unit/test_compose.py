"""docker-compose.yml, the production shape: its roles are there, each runs a command Tessera has,
with settings Tessera reads, and the load balancer sends to every app node. (Images cannot be
pulled here, so the file is checked, not started.)"""

import re
from pathlib import Path

import yaml
from click.testing import CliRunner

from tessera.commands import main
from tessera.core.settings import ROOT, Settings

COMPOSE = ROOT / "docker-compose.yml"


def services() -> dict:
    return yaml.safe_load(COMPOSE.read_text())["services"]


def test_every_role_of_a_brand_at_scale_is_there():
    found = services()
    apps = sorted(name for name, service in found.items() if "gunicorn" in service.get("command", []))
    assert len(apps) >= 2, "several app nodes"
    commands = {name: " ".join(service.get("command", [])) for name, service in found.items()}
    assert any(command.startswith("tessera jobs worker") for command in commands.values())
    assert [name for name, command in commands.items() if command.startswith("tessera jobs beat")] == ["beat"]
    assert {"postgres", "redis", "rabbitmq", "proxy", "migrate"} <= set(found)
    upstream = re.findall(r"server (\w+):6543", (ROOT / "deploy" / "nginx.conf").read_text())
    assert sorted(upstream) == apps, "the load balancer sends to every app node"


def test_the_commands_it_runs_are_tesseras():
    runner = CliRunner()
    for service in services().values():
        command = service.get("command", [])
        if command[:1] == ["tessera"]:
            result = runner.invoke(main, [*command[1:3], "--help"])
            assert result.exit_code == 0, (command, result.output)
    assert Path(ROOT / "platform" / "tessera" / "gunicorn_conf.py").is_file()


def test_its_settings_are_read_by_tessera():
    environment = yaml.safe_load(COMPOSE.read_text())["x-tessera"]["environment"]
    values = {name: "x" * 40 if name == "TESSERA_SECRET_KEY" else value for name, value in environment.items()}
    settings = Settings.from_env(values)
    assert settings.database_url.startswith("postgresql+psycopg://")
    assert settings.redis_url == "redis://redis:6379/0"
    assert settings.broker_url.startswith("amqp://")
    assert settings.trusted_proxies == ("10.89.0.0/24",)
