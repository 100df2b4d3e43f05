"""A third party's plugin, in a package of its own, runs the kit with one pytest command.

The package (tests/plugins/third_party/tessera_acme_games.py: a seamless-wallet vendor written with
tessera.plugins.client) is built in a temporary folder with its pyproject.toml, installed with
``pip install --target`` and put under contract by ``pytest --tessera-plugin acme-games`` run
there, outside this checkout's configuration. A copy that skips the signature check fails it.
"""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # two package installs and two pytest runs: about 45 s

SOURCE = Path(__file__).with_name("third_party") / "tessera_acme_games.py"
SIGNATURE_CHECK = 'if not client.verified(settings, headers, "POST", _path(vassalage, operation), "", body):'


def package(root: Path, name: str, module: str, source: str) -> Path:
    """A plugin package as its author writes it: the module and a pyproject.toml naming its entry point."""
    folder = root / name
    folder.mkdir()
    (folder / f"{module}.py").write_text(source)
    (folder / "pyproject.toml").write_text(
        textwrap.dedent(f"""\
        [build-system]
        requires = ["setuptools>=61"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "{name}"
        version = "1.0"
        dependencies = ["tessera[testing]"]

        [tool.setuptools]
        py-modules = ["{module}"]

        [project.entry-points.tessera]
        {name} = "{module}"
        """)
    )
    return folder


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """Both packages installed into a folder of their own (Tessera itself is this environment's)."""
    root = tmp_path_factory.mktemp("third-party")
    source = SOURCE.read_text()
    assert SIGNATURE_CHECK in source
    broken = source.replace(SIGNATURE_CHECK, "if False:")  # takes any call for the vendor's
    packages = [
        package(root, "acme-games", "tessera_acme_games", source),
        package(root, "acme-broken", "tessera_acme_broken", broken),
    ]
    target = root / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), *map(str, packages)],
        check=True,
        capture_output=True,
    )
    return target


def run_kit(installed: Path, plugin: str) -> subprocess.CompletedProcess:
    environ = {**os.environ, "PYTHONPATH": str(installed)}
    environ.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tessera-plugin", plugin],
        cwd=installed.parent,
        env=environ,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_kit_puts_a_third_party_plugin_under_contract(installed):
    run = run_kit(installed, "acme-games")
    assert run.returncode == 0, run.stdout + run.stderr
    summary = run.stdout.strip().splitlines()[-1]
    assert "failed" not in summary and "error" not in summary, summary
    assert int(summary.split(" passed")[0].split()[-1]) >= 20, summary  # the game-vendor suite ran


def test_a_broken_plugin_fails_the_kit(installed):
    run = run_kit(installed, "acme-broken")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "test_a_forged_or_stale_wallet_call_is_signature_invalid[acme-broken" in run.stdout
