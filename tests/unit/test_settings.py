"""Settings from the environment."""
from tessera.settings import Settings


def test_trusted_proxies_are_a_comma_separated_list():
    settings = Settings.from_env({"TESSERA_TRUSTED_PROXIES": " 10.0.0.0/8, 127.0.0.1 ,,::1"})
    assert settings.trusted_proxies == ("10.0.0.0/8", "127.0.0.1", "::1")
    assert Settings.from_env({}).trusted_proxies == ("127.0.0.1",)
