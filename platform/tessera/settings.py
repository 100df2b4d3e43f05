"""Settings come from the environment (``TESSERA_*``); every one is documented in the README."""
import os
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bool(value: str) -> bool:
    return value.strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class Settings:
    database_url: str = f"sqlite:///{ROOT / 'var' / 'tessera.sqlite'}"
    tenants_dir: Path = ROOT / "tenants"
    upload_dir: Path = ROOT / "var" / "uploads"
    static_dir: Path = ROOT / "build"
    secret_key: str = "tessera-development-secret"
    log_level: str = "INFO"
    log_format: str = "json"
    validate_responses: bool = False
    max_body_bytes: int = 1024 * 1024
    retry_attempts: int = 3
    trusted_proxies: tuple[str, ...] = ("127.0.0.1",)
    cache_seconds: float = 5.0
    extra: dict = field(default_factory=dict)

    @classmethod
    def from_env(cls, environ=os.environ, **overrides) -> "Settings":
        values = {}
        if "TESSERA_DATABASE_URL" in environ:
            values["database_url"] = environ["TESSERA_DATABASE_URL"]
        for name in ("tenants_dir", "upload_dir", "static_dir"):
            key = f"TESSERA_{name.upper()}"
            if key in environ:
                values[name] = Path(environ[key]).resolve()
        for name in ("secret_key", "log_level", "log_format"):
            key = f"TESSERA_{name.upper()}"
            if key in environ:
                values[name] = environ[key]
        if "TESSERA_VALIDATE_RESPONSES" in environ:
            values["validate_responses"] = _bool(environ["TESSERA_VALIDATE_RESPONSES"])
        if "TESSERA_CACHE_SECONDS" in environ:
            values["cache_seconds"] = float(environ["TESSERA_CACHE_SECONDS"])
        for name in ("max_body_bytes", "retry_attempts"):
            key = f"TESSERA_{name.upper()}"
            if key in environ:
                values[name] = int(environ[key])
        if "TESSERA_TRUSTED_PROXIES" in environ:
            values["trusted_proxies"] = tuple(p.strip() for p in environ["TESSERA_TRUSTED_PROXIES"].split(",") if p.strip())
        values.update(overrides)
        return cls(**values)
