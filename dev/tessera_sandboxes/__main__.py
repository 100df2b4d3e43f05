"""``python -m tessera_sandboxes``: every sandbox on one port (see tessera_sandboxes.server)."""

from tessera_sandboxes.server import main

main()
