"""WSGI entry point for gunicorn and other servers: ``tessera.wsgi:application``."""

from tessera.app import make_app

application = make_app()
