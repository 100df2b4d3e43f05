"""Tessera apps for tests: one built with plugins of the test's own beside the installed ones,
and a plugin registered in a built app while one test runs."""

from contextlib import contextmanager

from tessera.app import make_app
from tessera.plugins import make_plugin_manager


def app_with_plugins(settings, plugins: dict | None = None):
    """A fixture's body (``yield from``): the app built with ``plugins`` (name -> plugin) in its
    plugin manager; its database engine disposed afterwards."""
    pm = make_plugin_manager(load_entry_points=True)
    for name, plugin in (plugins or {}).items():
        pm.register(plugin, name=name)
    wsgi = make_app(settings, plugin_manager=pm)
    yield wsgi
    wsgi.registry["db_engine"].dispose()


@contextmanager
def registered(app, plugin, name: str):
    """``plugin`` in a built app's plugin manager under ``name`` until the block ends; answers
    the plugin manager."""
    pm = app.registry["plugin_manager"]
    pm.register(plugin, name=name)
    try:
        yield pm
    finally:
        pm.unregister(plugin)
