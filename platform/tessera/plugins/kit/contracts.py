"""The contract suites as ``pytest --tessera-plugin NAME`` collects them: one test class per adapter
kind that the named plugins implement."""

from tessera.plugins import plugin_manager
from tessera.plugins.kit import contract
from tessera.plugins.kit.suites import SUITES


def _implemented(hook: str) -> bool:
    names = {plugin_manager().get_name(impl.plugin) for impl in getattr(plugin_manager().hook, hook).get_hookimpls()}
    return contract.selected is None or bool(names & contract.selected)


for _suite in SUITES:
    if _implemented(_suite.hook):
        _name = "Test" + _suite.__name__.removesuffix("Contract")
        globals()[_name] = type(_name, (_suite,), {"__module__": __name__, "__doc__": _suite.__doc__})
