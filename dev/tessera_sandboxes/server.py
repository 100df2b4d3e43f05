"""Development sandboxes of the services the built-in plugins call, on one port of 127.0.0.1.

    python -m tessera_sandboxes --port 6550 [--state-dir var/sandbox]

- ``/gateway``: the payment gateway of the ``signed-gateway`` plugin
  (:mod:`tessera_sandboxes.signed_gateway.server`).
- ``/vendor``: the transfer-wallet vendor of the ``transfer-vendor`` plugin
  (:mod:`tessera_sandboxes.transfer_vendor.server`).
- ``/demo-vendor``: the seamless-wallet game vendor of the ``demo-vendor`` plugin
  (:mod:`tessera_sandboxes.demo_vendor.server`): its catalog, icons and game pages, and its calls to
  the brands' wallets (credits and rollbacks kept under the state folder until accepted).
- ``/lottery-results``: the Vietnamese lottery's results feed of the ``results-http`` plugin
  (:mod:`tessera_sandboxes.lottery_results`): deterministic results of every draw whose time has
  come, results and failures set by POST.

Each serves every brand whose folder (``TESSERA_TENANTS_DIR``, else ``tenants/``) enables its
plugin, as the brand's ``merchant_id`` or ``operator_id``, signing with the secret the brand's
table names (``secret = "env:DEMO_BD_GATEWAY_SECRET"``: :mod:`tessera_sandboxes.brands`). A brand
whose variable is unset is refused. Stops on SIGTERM or SIGINT.
"""

import argparse
import logging
import os
import signal
from collections.abc import Callable
from pathlib import Path

import waitress

from tessera.core.settings import load_development_env
from tessera_sandboxes import brands
from tessera_sandboxes import lottery_results as results
from tessera_sandboxes.demo_vendor import server as games
from tessera_sandboxes.signed_gateway.server import make_app as make_gateway_app
from tessera_sandboxes.transfer_vendor import server as vendor
from tessera_sandboxes.vendors import OPERATOR_ID

GATEWAY, MERCHANT_ID = "signed-gateway", "merchant_id"  # the gateway's plugin, and a brand's account there
log = logging.getLogger("tessera.sandbox")


def mount(apps: dict[str, Callable]) -> Callable:
    """One WSGI app serving each of ``apps`` under its path prefix ("/gateway"), which moves from
    PATH_INFO to SCRIPT_NAME so each app builds its own links."""

    def dispatch(environ, start_response):
        path = environ.get("PATH_INFO", "")
        for prefix, app in apps.items():
            if path == prefix or path.startswith(f"{prefix}/"):
                script_name = environ.get("SCRIPT_NAME", "") + prefix
                return app({**environ, "SCRIPT_NAME": script_name, "PATH_INFO": path[len(prefix) :]}, start_response)
        start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8")])
        return [f"Nothing here: the sandboxes are under {', '.join(apps)}.\n".encode()]

    return dispatch


def gateway_secrets(environ=os.environ) -> dict[str, str]:
    """The merchants of the brands whose tenant.toml enables the gateway's plugin, and their secrets."""
    return brands.secrets(GATEWAY, MERCHANT_ID, environ)


def make_app(environ=os.environ, state_dir: Path | None = None):
    return mount(
        {
            "/gateway": make_gateway_app(gateway_secrets(environ), state_dir),
            "/vendor": vendor.make_app(vendor.operator_secrets(environ), state_dir),
            "/demo-vendor": games.make_app(games.operator_secrets(environ), state_dir),
            "/lottery-results": results.make_app(),
        }
    )


def unset_secrets(environ=os.environ) -> list[str]:
    """The variables the brands name for the sandboxes' secrets that the environment does not set."""
    return [
        *brands.unset(GATEWAY, MERCHANT_ID, environ),
        *brands.unset(vendor.PLUGIN, OPERATOR_ID, environ),
        *brands.unset(games.PLUGIN, OPERATOR_ID, environ),
    ]


def _stop(signum, frame):
    raise SystemExit(0)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="The development payment gateway and game vendors, on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=6550)
    parser.add_argument("--state-dir", type=Path, help="keep orders and balances in files here (default: memory)")
    args = parser.parse_args(argv)
    load_development_env()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    log.info(
        "brands: /gateway %s; /vendor %s; /demo-vendor %s",
        ", ".join(gateway_secrets()) or "none",
        ", ".join(vendor.operator_secrets()) or "none",
        ", ".join(games.operator_secrets()) or "none",
    )
    unset = unset_secrets()
    if unset:
        log.warning("unset, so refused: %s", ", ".join(unset))
    if args.state_dir is not None:
        args.state_dir.mkdir(parents=True, exist_ok=True)
    server = waitress.create_server(make_app(state_dir=args.state_dir), host="127.0.0.1", port=args.port)
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, _stop)
    log.info(
        "sandboxes on http://127.0.0.1:%s/gateway, /vendor, /demo-vendor and /lottery-results", server.effective_port
    )
    try:
        server.run()
    finally:
        server.close()


if __name__ == "__main__":
    main()
