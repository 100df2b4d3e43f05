"""The brands each sandbox serves: every brand folder (``TESSERA_TENANTS_DIR``, else ``tenants/``)
whose tenant.toml enables the plugin of that service, by the brand's account there (a gateway's
``merchant_id``, a vendor's ``operator_id``) and the secret its table names (``secret =
"env:NAME"`` read from the environment; unset, the account lets no one in). A new brand folder is
served at the sandboxes' next start, with no change here.
"""

import logging
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from tessera.core.settings import Settings
from tessera.tenancy.context import ENV_PREFIX

log = logging.getLogger("tessera.sandbox")


@dataclass(frozen=True)
class Account:
    """A brand's account at a sandboxed service."""

    brand: str
    account: str  # the merchant or operator id
    secret_source: str  # "env:NAME" as tenant.toml writes it (or the secret itself)
    secret: str  # "" when the variable is unset


def _folders(environ) -> list[Path]:
    root = Settings.from_env(environ).tenants_dir
    if not root.is_dir():
        return []
    return sorted(
        p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".") and (p / "tenant.toml").is_file()
    )


def _secret(value, environ) -> str:
    if isinstance(value, str) and value.startswith(ENV_PREFIX):
        return environ.get(value[len(ENV_PREFIX) :], "")
    return value if isinstance(value, str) else ""


def accounts(plugin: str, account_key: str, environ=os.environ) -> list[Account]:
    """The accounts of the brands that enable ``plugin``, in folder order; a folder whose
    tenant.toml is not TOML is skipped (``tessera tenants validate`` names its problem)."""
    found = []
    for folder in _folders(environ):
        try:
            config = tomllib.loads((folder / "tenant.toml").read_text("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            log.warning("%s/tenant.toml is not read: %s", folder.name, exc)
            continue
        table = config.get("plugins", {}).get(plugin)
        if not isinstance(table, dict) or not table.get("enabled", True) or not table.get(account_key):
            continue
        source = table.get("secret", "")
        found.append(Account(folder.name, str(table[account_key]), str(source), _secret(source, environ)))
    return found


def secrets(plugin: str, account_key: str, environ=os.environ) -> dict[str, str]:
    """Account id -> its secret, for the sandbox of ``plugin``. Two brands sharing an account must
    name the same secret; otherwise the first folder's is kept, and the other is logged."""
    found: dict[str, str] = {}
    for account in accounts(plugin, account_key, environ):
        if account.account in found and found[account.account] != account.secret:
            log.warning(
                "%s: %s '%s' is already another brand's, with another secret",
                account.brand,
                account_key,
                account.account,
            )
            continue
        found.setdefault(account.account, account.secret)
    return found


def unset(plugin: str, account_key: str, environ=os.environ) -> list[str]:
    """What the brands of ``plugin`` name as their secret but the environment does not set."""
    return [
        f"{account.secret_source[len(ENV_PREFIX) :]} ({account.brand})"
        for account in accounts(plugin, account_key, environ)
        if not account.secret and account.secret_source.startswith(ENV_PREFIX)
    ]
