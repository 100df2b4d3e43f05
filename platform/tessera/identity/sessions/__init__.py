"""Sessions: logins (password, SMS code, federated sign-in, free play) and logout."""

from pathlib import Path


def includeme(config):
    config.add_route("identity.login", "/wps/session/login")
    config.add_route("identity.free_play", "/wps/session/login/freeplay")
    config.add_route("identity.federated_login", "/wps/session/login/federated")
    config.add_route("identity.logout", "/wps/session/logout", factory="tessera.identity.permissions.OwnAccount")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
