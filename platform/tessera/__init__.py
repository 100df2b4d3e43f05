"""Tessera: the white-label gaming platform core.

Plugins import the pluggy markers from here: ``from tessera import hookimpl``.
"""

from pluggy import HookimplMarker, HookspecMarker

hookspec = HookspecMarker("tessera")
hookimpl = HookimplMarker("tessera")

__all__ = ["hookimpl", "hookspec"]
