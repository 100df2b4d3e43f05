"""The production server configuration loads, and gunicorn accepts it with the app."""

import os
import subprocess
import sys
from pathlib import Path


def test_gunicorn_accepts_the_configuration_and_loads_the_app(tmp_path):
    env = {
        **os.environ,
        "TESSERA_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}",
        "TESSERA_WORKERS": "3",
        "TESSERA_SECRET_KEY": "gunicorn-test-secret-of-32-bytes-or-more",
    }
    gunicorn = Path(sys.executable).with_name("gunicorn")
    result = subprocess.run(
        [
            str(gunicorn),
            "--check-config",
            "--print-config",
            "-c",
            "python:tessera.gunicorn_conf",
            "tessera.wsgi:application",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    config = {
        k.strip(): v.strip() for k, v in (line.split(" = ", 1) for line in result.stdout.splitlines() if " = " in line)
    }
    assert (config["workers"], config["worker_class"], config["preload_app"]) == ("3", "gthread", "True")


def test_gunicorn_refuses_to_start_without_a_secret_key(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("TESSERA_SECRET_KEY", "TESSERA_ENV")}
    env.update({"TESSERA_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}", "TESSERA_WORKERS": "1"})
    gunicorn = Path(sys.executable).with_name("gunicorn")
    result = subprocess.run(
        [str(gunicorn), "-c", "python:tessera.gunicorn_conf", "--bind", "127.0.0.1:0", "tessera.wsgi:application"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "Error: TESSERA_SECRET_KEY is not set" in result.stderr and "Traceback" not in result.stderr
