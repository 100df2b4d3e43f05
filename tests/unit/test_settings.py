"""Settings from the environment, and those no server may start with."""

import pytest

from tessera.app import make_app
from tessera.core.settings import MIN_SECRET_KEY_BYTES, Settings, UnsafeSettings, refuse_unsafe


def test_trusted_proxies_are_a_comma_separated_list():
    settings = Settings.from_env({"TESSERA_TRUSTED_PROXIES": " 10.0.0.0/8, 127.0.0.1 ,,::1"})
    assert settings.trusted_proxies == ("10.0.0.0/8", "127.0.0.1", "::1")
    assert Settings.from_env({}).trusted_proxies == ("127.0.0.1",)


class TestSecretKey:
    """Outside development the server will not start with the built-in key or a short one."""

    KEY = "k" * MIN_SECRET_KEY_BYTES

    def test_production_is_the_default(self):
        assert Settings.from_env({}).env == "production"
        assert Settings.from_env({"TESSERA_ENV": "development"}).env == "development"

    def test_the_built_in_key_is_refused_with_how_to_make_one(self):
        with pytest.raises(UnsafeSettings) as refused:
            refuse_unsafe(Settings.from_env({}))
        assert str(refused.value).startswith("TESSERA_SECRET_KEY is not set: the built-in development key is public.")
        assert 'python -c "import secrets; print(secrets.token_urlsafe(48))"' in str(refused.value)

    def test_a_key_under_32_bytes_is_refused(self):
        with pytest.raises(UnsafeSettings, match="has 31 bytes; it needs at least 32"):
            refuse_unsafe(Settings.from_env({"TESSERA_SECRET_KEY": "k" * 31}))

    def test_bytes_are_counted_not_characters(self):
        refuse_unsafe(Settings.from_env({"TESSERA_SECRET_KEY": "ক" * 11}))  # 33 bytes in UTF-8

    def test_a_key_of_32_bytes_is_accepted(self):
        refuse_unsafe(Settings.from_env({"TESSERA_SECRET_KEY": self.KEY}))

    def test_development_accepts_any_key(self):
        refuse_unsafe(Settings.from_env({"TESSERA_ENV": "development"}))
        refuse_unsafe(Settings.from_env({"TESSERA_ENV": "development", "TESSERA_SECRET_KEY": "short"}))

    def test_an_unknown_environment_is_refused(self):
        with pytest.raises(UnsafeSettings, match="TESSERA_ENV is 'staging'; it is 'production'"):
            refuse_unsafe(Settings.from_env({"TESSERA_ENV": "staging", "TESSERA_SECRET_KEY": self.KEY}))

    def test_the_app_is_not_made(self, tmp_path):
        with pytest.raises(UnsafeSettings):
            make_app(Settings(database_url=f"sqlite:///{tmp_path / 'x.sqlite'}"))


def test_the_back_offices_host_and_session_limits_come_from_the_environment():
    assert (Settings().backoffice_host, Settings().backoffice_idle_minutes, Settings().backoffice_lifetime_hours) == (
        "admin.localhost",
        30,
        12,
    )
    settings = Settings.from_env(
        {
            "TESSERA_BACKOFFICE_HOST": " Staff.Example.com ",
            "TESSERA_BACKOFFICE_IDLE_MINUTES": "15",
            "TESSERA_BACKOFFICE_LIFETIME_HOURS": "8",
        }
    )
    assert (settings.backoffice_host, settings.backoffice_idle_minutes, settings.backoffice_lifetime_hours) == (
        "staff.example.com",
        15,
        8,
    )
