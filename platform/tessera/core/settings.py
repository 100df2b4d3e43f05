"""Settings come from the environment (``TESSERA_*``); every one is documented in the README."""

import os
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PRODUCTION, DEVELOPMENT = "production", "development"
DEVELOPMENT_SECRET_KEY = "tessera-development-secret"
MIN_SECRET_KEY_BYTES = 32
MAKE_A_KEY = 'python -c "import secrets; print(secrets.token_urlsafe(48))"'
# What a development checkout's commands read before the environment (written by make setup).
DEVELOPMENT_ENV_FILE = ROOT / "var" / "development.env"


def load_development_env(path: Path = DEVELOPMENT_ENV_FILE) -> None:
    """Set the variables of a development checkout's env file that the environment does not set
    (the demo brands' sandbox secrets, TESSERA_ENV=development); nothing without the file."""
    from dotenv import load_dotenv

    load_dotenv(path, override=False)


class UnsafeSettings(RuntimeError):
    """Settings no server may start with outside development. A RuntimeError: gunicorn prints its
    message and exits 1, without a traceback."""


def _bool(value: str) -> bool:
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _intervals(value: str) -> tuple[tuple[str, float], ...]:
    """``"games.pull-bets=10, payments.reconcile-deposits=30"``: each job's seconds between runs."""
    pairs = []
    for item in filter(None, (part.strip() for part in value.split(","))):
        name, _, seconds = item.partition("=")
        if not name.strip() or float(seconds) <= 0:
            raise ValueError(f"TESSERA_JOB_INTERVALS: {item!r} is not name=seconds (more than 0)")
        pairs.append((name.strip(), float(seconds)))
    return tuple(pairs)


@dataclass(frozen=True)
class Settings:
    env: str = PRODUCTION
    database_url: str = f"sqlite:///{ROOT / 'var' / 'tessera.sqlite'}"
    tenants_dir: Path = ROOT / "tenants"
    upload_dir: Path = ROOT / "var" / "uploads"
    static_dir: Path = ROOT / "build"
    secret_key: str = DEVELOPMENT_SECRET_KEY
    log_level: str = "INFO"
    log_format: str = "json"
    validate_responses: bool = False
    max_body_bytes: int = 1024 * 1024
    retry_attempts: int = 3
    trusted_proxies: tuple[str, ...] = ("127.0.0.1",)
    cache_seconds: float = 5.0
    public_port: int | None = None  # development only: the port of every brand's public address
    # Redis, which several app nodes share (one-time values, seen payload ids, memos' invalidation);
    # without it they live in the database and each process's memory. Its keys start with the prefix.
    redis_url: str | None = None
    redis_prefix: str = "tessera"
    # Scheduled jobs: the Celery broker (by default a SQLite file: no server to run) and the queue
    # on it, how often a job runs where it should not run at its own default ("name=seconds,..."),
    # and the first retry's delay.
    broker_url: str = f"sqla+sqlite:///{ROOT / 'var' / 'broker.sqlite'}"
    job_queue: str = "tessera"
    job_intervals: tuple[tuple[str, float], ...] = ()
    job_retry_seconds: float = 10.0
    # The back office: the one host it answers on (never a brand's domain), and how long a staff
    # session lasts unused and at most.
    backoffice_host: str = "admin.localhost"
    backoffice_idle_minutes: int = 30
    backoffice_lifetime_hours: int = 12
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
        for name in ("env", "secret_key", "log_level", "log_format"):
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
        if environ.get("TESSERA_REDIS_URL"):
            values["redis_url"] = environ["TESSERA_REDIS_URL"]
        if environ.get("TESSERA_REDIS_PREFIX"):
            values["redis_prefix"] = environ["TESSERA_REDIS_PREFIX"]
        if environ.get("TESSERA_BROKER_URL"):
            values["broker_url"] = environ["TESSERA_BROKER_URL"]
        if environ.get("TESSERA_JOB_QUEUE"):
            values["job_queue"] = environ["TESSERA_JOB_QUEUE"]
        if environ.get("TESSERA_JOB_INTERVALS"):
            values["job_intervals"] = _intervals(environ["TESSERA_JOB_INTERVALS"])
        if environ.get("TESSERA_JOB_RETRY_SECONDS"):
            values["job_retry_seconds"] = float(environ["TESSERA_JOB_RETRY_SECONDS"])
        if environ.get("TESSERA_BACKOFFICE_HOST"):
            values["backoffice_host"] = environ["TESSERA_BACKOFFICE_HOST"].strip().lower()
        for name in ("backoffice_idle_minutes", "backoffice_lifetime_hours"):
            key = f"TESSERA_{name.upper()}"
            if environ.get(key):
                values[name] = int(environ[key])
        if environ.get("TESSERA_PUBLIC_PORT"):
            values["public_port"] = int(environ["TESSERA_PUBLIC_PORT"])
        if "TESSERA_TRUSTED_PROXIES" in environ:
            values["trusted_proxies"] = tuple(
                p.strip() for p in environ["TESSERA_TRUSTED_PROXIES"].split(",") if p.strip()
            )
        values.update(overrides)
        return cls(**values)


def refuse_unsafe(settings: Settings) -> None:
    """Refuse to serve with the built-in secret key, or a short one, unless in development: the key
    encrypts every brand's private key and keys the verification codes."""
    if settings.env not in (PRODUCTION, DEVELOPMENT):
        raise UnsafeSettings(f"TESSERA_ENV is {settings.env!r}; it is {PRODUCTION!r} (the default) or {DEVELOPMENT!r}")
    if settings.env == DEVELOPMENT:
        return
    if settings.public_port is not None:
        raise UnsafeSettings(
            "TESSERA_PUBLIC_PORT is for development only: a brand's public address is its tenant.toml public_url"
        )
    size = len(settings.secret_key.encode())
    if settings.secret_key == DEVELOPMENT_SECRET_KEY:
        problem = "is not set: the built-in development key is public"
    elif size < MIN_SECRET_KEY_BYTES:
        problem = f"has {size} bytes; it needs at least {MIN_SECRET_KEY_BYTES}"
    else:
        return
    raise UnsafeSettings(
        f"TESSERA_SECRET_KEY {problem}. Make one with: {MAKE_A_KEY} "
        f"(or set TESSERA_ENV={DEVELOPMENT} on a development machine)"
    )
