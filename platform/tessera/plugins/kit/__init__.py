"""The plugin author's kit: the contract suites of every adapter kind (``suites``), run by the pytest
plugin (``pytest_plugin``: ``pytest --tessera-plugin NAME``), what they share (``contract``), and
local HTTP servers for the services a plugin speaks to (``local_http``)."""

from tessera.plugins.kit.contract import Clock, Implementation, Reference, brand, implementations, reference_manager

__all__ = ["Clock", "Implementation", "Reference", "brand", "implementations", "reference_manager"]
