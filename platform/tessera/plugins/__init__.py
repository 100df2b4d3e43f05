"""The plugins: the hooks they implement (``hookspecs``), the one plugin manager and a brand's view
of it (``manager``). Plugins import what they raise from here: ``from tessera.plugins import
AdapterError``."""
from tessera.plugins.manager import (
    GROUP, AdapterError, PluginNotEnabled, TenantPlugins, includeme, make_plugin_manager, plugin_manager,
    request_plugins, settings_schemas,
)

__all__ = ["GROUP", "AdapterError", "PluginNotEnabled", "TenantPlugins", "includeme", "make_plugin_manager",
           "plugin_manager", "request_plugins", "settings_schemas"]
