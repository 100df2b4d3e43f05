"""Every hook in hookspecs.py has a test and a documentation entry: adding a hook without them fails."""

import re
from pathlib import Path

import pytest

from tessera.plugins import hookspecs, plugin_manager
from tessera.plugins.kit import suites

TESTS = Path(__file__).resolve().parents[1]
GUIDE = TESTS.parent / "plugins" / "README.md"
SUITES = Path(suites.__file__).parent  # the kit's contract suites, run by tests/plugins
HOOKS = sorted(name for name, caller in vars(plugin_manager().hook).items() if getattr(caller, "spec", None))


def test_the_plugin_manager_knows_every_hook_in_hookspecs():
    declared = {name for name, value in vars(hookspecs).items() if hasattr(value, "tessera_spec")}
    assert declared and set(HOOKS) == declared


def test_installed_plugins_implement_only_hooks_that_exist():
    plugin_manager().check_pending()


@pytest.mark.parametrize("hook", HOOKS)
def test_the_hook_has_a_test(hook):
    mentioned = [
        path
        for path in [*TESTS.rglob("test_*.py"), *SUITES.glob("*.py")]
        if path != Path(__file__).resolve() and re.search(rf"\b{hook}\b", path.read_text("utf-8"))
    ]
    assert mentioned, f"no test under tests/ or suite of the kit mentions {hook}"


@pytest.mark.parametrize("hook", HOOKS)
def test_the_hook_has_a_documentation_entry(hook):
    assert re.search(rf"^### {hook}$", GUIDE.read_text("utf-8"), re.MULTILINE), f"plugins/README.md has no '### {hook}'"


def test_every_documented_hook_exists():
    documented = re.findall(r"^### (tessera_\w+)$", GUIDE.read_text("utf-8"), re.MULTILINE)
    assert sorted(documented) == HOOKS
