"""Tessera's built-in plugins: each subpackage is one plugin, registered in the entry-point group ``tessera``."""
