"""One plugin manager for the whole process, and a brand's view of it.

Built-in and third-party plugins arrive through the entry-point group ``tessera``. A brand
enables a plugin by giving it a table under ``[plugins]`` in its tenant.toml; the core then
calls that plugin's hooks with that table as ``settings``, one plugin at a time.
"""

from functools import lru_cache
from typing import Any

import pluggy

from tessera.plugins import hookspecs

GROUP = "tessera"


class AdapterError(Exception):
    """An adapter's refusal, with a stable code the API can show the member."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code = code
        self.params = params


def make_plugin_manager(load_entry_points: bool = True) -> pluggy.PluginManager:
    pm = pluggy.PluginManager(GROUP)
    pm.add_hookspecs(hookspecs)
    if load_entry_points:
        pm.load_setuptools_entrypoints(GROUP)
        pm.check_pending()  # a misspelt hook name would otherwise never be called
    return pm


@lru_cache(maxsize=1)
def plugin_manager() -> pluggy.PluginManager:
    return make_plugin_manager()


def settings_schemas(pm: pluggy.PluginManager) -> dict:
    """Plugin name -> the JSON Schema of its settings (``SETTINGS_SCHEMA`` on its module), or None."""
    return {name: getattr(plugin, "SETTINGS_SCHEMA", None) for name, plugin in pm.list_name_plugin()}


class PluginNotEnabled(LookupError):
    """A plugin was asked to answer for a brand that does not enable it."""


class PluginCaller:
    """The plugins one brand enables, called with that brand's settings for each (facade.TenantPlugins
    gives each hook its method)."""

    def __init__(self, pm: pluggy.PluginManager, tenant):
        self.pm = pm
        self.tenant = tenant

    def _caller(self, hook_name: str, plugin_name: str):
        # A narrowed caller would also call plugins registered after it was made, so the
        # memo is keyed on the plugins registered now.
        registered = self.pm.get_plugins()
        key = (hook_name, plugin_name, frozenset(map(id, registered)))
        callers = self.pm.__dict__.setdefault("_tessera_narrowed_callers", {})
        if key not in callers:
            plugin = self.pm.get_plugin(plugin_name)
            callers[key] = self.pm.subset_hook_caller(
                hook_name, remove_plugins=[p for p in registered if p is not plugin]
            )
        return callers[key]

    def implementing(self, hook_name: str) -> list[str]:
        """The brand's enabled plugins that implement ``hook_name``, in tenant.toml order."""
        names = {self.pm.get_name(impl.plugin) for impl in getattr(self.pm.hook, hook_name).get_hookimpls()}
        return [name for name in self.tenant.enabled_plugins if name in names]

    def call(self, plugin_name: str, hook_name: str, **kwargs):
        """One plugin's answer, given only its own settings (secrets read from the environment now)."""
        if plugin_name not in self.tenant.enabled_plugins:
            raise PluginNotEnabled(f"brand '{self.tenant.slug}' does not enable plugin '{plugin_name}'")
        caller = self._caller(hook_name, plugin_name)
        result = caller(tenant=self.tenant, settings=self.tenant.plugin_settings(plugin_name), **kwargs)
        if getattr(self.pm.hook, hook_name).spec.opts.get("firstresult"):
            return result
        return result[0] if result else None  # one plugin answered a hook that collects answers

    def first(self, hook_name: str, **kwargs):
        """The first non-None answer among the brand's plugins, in tenant.toml order."""
        for name in self.implementing(hook_name):
            result = self.call(name, hook_name, **kwargs)
            if result is not None:
                return result
        return None

    def each(self, hook_name: str, **kwargs) -> list[tuple[str, Any]]:
        """Every implementing plugin's answer (None included), as ``(plugin name, answer)`` in tenant.toml order."""
        return [(name, self.call(name, hook_name, **kwargs)) for name in self.implementing(hook_name)]
