"""What the contract suites share: the implementations under contract, and brands to call them for.

A suite runs every implementation installed in the process's plugin manager for its hook (or only
the plugins named with ``--tessera-plugin``), plus the reference implementations it defines, so the
contract runs before any real plugin of that kind exists. Calls go through
:class:`tessera.plugins.TenantPlugins`, as the core makes them.
"""

from dataclasses import dataclass
from datetime import timedelta
from itertools import count

import pluggy
import pytest

from tessera.core.timeutil import utcnow
from tessera.plugins import TenantPlugins, make_plugin_manager, plugin_manager
from tessera.tenancy.context import TenantContext

_ids = count(1)

# The plugins ``--tessera-plugin`` names (None: every installed plugin and the suites' references).
selected: set[str] | None = None


def brand(plugins: dict, slug: str = "contract-brand", **config) -> TenantContext:
    """A brand enabling ``plugins`` (name -> its tenant.toml table), in that order."""
    return TenantContext(next(_ids), slug, slug, {"plugins": plugins, **config}, "kid", "pem")


class Clock:
    """A time the test moves: ``clock.advance(minutes=31)``."""

    def __init__(self):
        self.now = utcnow()

    def __call__(self):
        return self.now

    def advance(self, **delta):
        self.now += timedelta(**delta)


@dataclass(frozen=True)
class Implementation:
    """One plugin's implementation of a kind, as the contract calls it."""

    pm: pluggy.PluginManager
    name: str

    @property
    def plugin(self):
        return self.pm.get_plugin(self.name)

    def helper(self, attribute: str):
        """A contract helper the plugin provides (``contract_settings`` and the like)."""
        found = getattr(self.plugin, attribute, None)
        if found is None:
            pytest.fail(f"plugin '{self.name}' provides no {attribute}(); plugins/README.md says what it returns")
        return found

    def for_brand(self, settings: dict, slug: str = "contract-brand") -> TenantPlugins:
        """The plugin as a brand that enables it with ``settings`` sees it."""
        return TenantPlugins(self.pm, brand({self.name: settings}, slug))

    def call(self, hook_name: str, settings: dict, **kwargs):
        return self.for_brand(settings).call(self.name, hook_name, **kwargs)

    def call_directly(self, hook_name: str, tenant, settings: dict, **kwargs):
        """The hook of this plugin alone, with ``settings`` given outright (not read from ``tenant``)."""
        others = [p for p in self.pm.get_plugins() if p is not self.plugin]
        return self.pm.subset_hook_caller(hook_name, remove_plugins=others)(tenant=tenant, settings=settings, **kwargs)


def implementations(hook_name: str, plugins=None, **references) -> list:
    """The implementations of ``hook_name`` under contract, as pytest parameters named after each
    plugin: the installed plugins named in ``plugins`` (default: those ``--tessera-plugin`` names,
    else every installed one and ``references``, name -> plugin object)."""
    installed = plugin_manager()
    names = [
        name for impl in getattr(installed.hook, hook_name).get_hookimpls() if (name := installed.get_name(impl.plugin))
    ]
    wanted = plugins if plugins is not None else selected
    params = [
        pytest.param(Implementation(installed, name), id=name) for name in names if wanted is None or name in wanted
    ]
    if references and wanted is None:
        pm = reference_manager(**references)
        params += [pytest.param(Implementation(pm, name), id=name) for name in references]
    return params


class Reference:
    """Base of the reference plugins a suite defines: each remembers the calls it receives."""

    def __init__(self):
        self.calls: list[tuple[str, str, dict]] = []  # (brand slug, hook name, settings)

    def record(self, tenant, hook_name: str, settings: dict) -> None:
        self.calls.append((tenant.slug, hook_name, settings))


def reference_manager(**plugins) -> pluggy.PluginManager:
    """A plugin manager holding only ``plugins`` (name -> plugin object), for dispatch tests."""
    pm = make_plugin_manager(load_entry_points=False)
    for name, plugin in plugins.items():
        pm.register(plugin, name=name)
    return pm
