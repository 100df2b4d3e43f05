"""One benchmark server: ``python -m tests.bench.server {bare,tessera} --threads N``.

Both apps are served by waitress with the same keyword arguments as ``tessera serve``, on
127.0.0.1 and a port the kernel picks; the first line on stdout is ``LISTENING <port>``.
Tessera reads its settings from the TESSERA_* environment, as ``tessera serve`` does.
"""

import argparse
import sys

import waitress.server
from pyramid.config import Configurator

BARE_PATH = "/wps/system/status"
BARE_VALUE = {"success": True, "code": None, "message": None, "value": {"status": 0}}


def bare_app():
    """The baseline: a minimal Configurator with one route answering a small dict as JSON."""

    def status(request):
        return BARE_VALUE

    config = Configurator()
    config.add_route("status", BARE_PATH)
    config.add_view(status, route_name="status", request_method="GET", renderer="json")
    return config.make_wsgi_app()


def tessera_app():
    from tessera.app import make_app

    return make_app()


APPS = {"bare": bare_app, "tessera": tessera_app}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.server")
    parser.add_argument("app", choices=sorted(APPS))
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args(argv)
    app = APPS[args.app]()
    server = waitress.server.create_server(
        app, host="127.0.0.1", port=0, threads=args.threads, max_request_body_size=32 * 1024 * 1024, ident="tessera"
    )
    print(f"LISTENING {server.effective_port}", flush=True)
    server.run()


if __name__ == "__main__":
    sys.exit(main())
