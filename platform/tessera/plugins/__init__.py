"""The plugins: the hooks they implement (``hookspecs``), the one plugin manager (``manager``) and a
brand's plugins with a method per hook (``facade``). Plugins import what they raise from here:
``from tessera.plugins import AdapterError``."""

from tessera.plugins.facade import SEAMLESS, TRANSFER, Offer, TenantPlugins
from tessera.plugins.manager import (
    GROUP,
    AdapterError,
    PluginNotEnabled,
    make_plugin_manager,
    plugin_manager,
    settings_schemas,
)

__all__ = [
    "GROUP",
    "SEAMLESS",
    "TRANSFER",
    "AdapterError",
    "Offer",
    "PluginNotEnabled",
    "TenantPlugins",
    "make_plugin_manager",
    "plugin_manager",
    "settings_schemas",
]


def request_plugins(request) -> TenantPlugins:
    return TenantPlugins(request.registry["plugin_manager"], request.tenant, request.registry)


def includeme(config):
    pm = config.registry.settings.get("plugin_manager") or plugin_manager()
    config.registry["plugin_manager"] = pm
    config.add_request_method(request_plugins, "plugins", reify=True)
    pm.hook.tessera_configure(config=config)
