"""The soak's brand: a copy of the brand folders whose plugins call the development sandboxes on
the soak's port and whose payment gateway notifies the first node, with secrets made up for the
run; the database made from it (tests.bench.money's funded members and operator key), demo-bd
keeping its transfer-wallet vendor beside the test suite's seamless vendor; and each member with
a session, a payment password and a bank account."""

import re
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session
from tests.bench.money import prepare_members
from tests.bench.servers import ROOT, ServerFailed

from tessera.core.db import ALL_TENANTS, make_engine
from tessera.core.timeutil import utcnow
from tessera.identity.accounts.models import Member
from tessera.identity.passwords import hash_password
from tessera.identity.sessions.services import start_session
from tessera.tenancy.context import ENV_PREFIX, TenantContext
from tessera.tenancy.models import Tenant
from tessera.wallet.payments.models import BankAccount, PaymentPassword

SANDBOX_PORT = 6550  # where the brand folders' plugins reach the sandboxes (the Makefile's SANDBOX_PORT)
TRANSFER_PLUGIN, GATEWAY_PLUGIN = "transfer-vendor", "signed-gateway"
PAYMENT_PASSWORD = "soak-payment-2468"
SECRET = re.compile(r'"env:([A-Z][A-Z0-9_]*)"')
PUBLIC_URL = re.compile(r'^(public_url = "https?://[^/":]+):[0-9]+', re.MULTILINE)


@dataclass(frozen=True)
class Player:
    """A member the soak plays: their id, their login's headers and their bank account."""

    id: int
    username: str
    headers: dict
    bank_account: int


@dataclass(frozen=True)
class Brand:
    tenant: TenantContext
    operator_key: str
    players: list[Player]
    secrets: dict[str, str]  # the made-up value of each secret the brand folders name

    def plugin(self, name: str) -> dict:
        """A plugin's settings as the nodes read them, with the run's secrets."""
        settings = self.tenant.config["plugins"][name]
        return {key: self._secret(value) for key, value in settings.items()}

    def _secret(self, value):
        if isinstance(value, str) and value.startswith(ENV_PREFIX):
            return self.secrets[value.removeprefix(ENV_PREFIX)]
        return value


def brand_folders(target: Path, sandboxes: int, node: int) -> dict[str, str]:
    """Copy tenants/ to ``target``, the sandboxes moved to port ``sandboxes`` and the brands' public
    addresses (where the gateway sends its notifications) to the node's port ``node``; the secrets
    the folders name, each made up for the run (name -> value)."""
    shutil.copytree(ROOT / "tenants", target)
    made = {}
    for config in sorted(target.glob("*/tenant.toml")):
        text = config.read_text("utf-8")
        moved = PUBLIC_URL.sub(rf"\g<1>:{node}", text.replace(f"127.0.0.1:{SANDBOX_PORT}", f"127.0.0.1:{sandboxes}"))
        config.write_text(moved, "utf-8")
        made.update({name: secrets.token_hex(16) for name in SECRET.findall(text)})
    demo_bd = (target / "demo-bd" / "tenant.toml").read_text("utf-8")
    if f"127.0.0.1:{sandboxes}/gateway" not in demo_bd or f'.localhost:{node}"' not in demo_bd:
        raise ServerFailed("demo-bd's folder no longer names the sandboxes or its public address as the soak expects")
    return made


def prepare(url: str, members: int, tenants_dir: Path, made: dict[str, str]) -> Brand:
    """The database of the brands in ``tenants_dir`` with MEMBERS funded members ready to play."""
    prepared = prepare_members(url, members, tenants_dir)
    engine = make_engine(url)
    try:
        with Session(engine) as db:
            db.info["tenant_id"] = ALL_TENANTS
            row = db.get_one(Tenant, prepared["tenant_id"])
            plugins = dict(row.config["plugins"])  # the seamless vendor switched the brand's vendors off
            plugins[TRANSFER_PLUGIN] = {k: v for k, v in plugins[TRANSFER_PLUGIN].items() if k != "enabled"}
            row.config = {**row.config, "plugins": plugins}
            tenant = TenantContext.from_row(row)
            players = _players(db, tenant, prepared["wallets"])
            db.commit()
    finally:
        engine.dispose()
    return Brand(tenant, prepared["operator_key"], players, made)


def _players(db, tenant: TenantContext, member_ids: list[int]) -> list[Player]:
    at, digest = utcnow(), hash_password(PAYMENT_PASSWORD)
    members = db.scalars(select(Member).where(Member.id.in_(member_ids)).order_by(Member.id)).all()
    accounts = [
        BankAccount(
            tenant_id=tenant.id,
            member_id=member.id,
            bank_name="Soak Bank",
            account_name=member.username,
            account_number=f"{member.id:012d}",
            created_at=at,
        )
        for member in members
    ]
    db.add_all(accounts)
    db.add_all(
        PaymentPassword(tenant_id=tenant.id, member_id=member.id, password_hash=digest, changed_at=at)
        for member in members
    )
    tokens = [start_session(db, tenant, member, None, at) for member in members]
    for new in db.new:
        new.tenant_id = tenant.id  # a session made outside a request names no brand
    db.flush()
    return [
        Player(member.id, member.username, {"Authorization": f"Bearer {token}"}, account.id)
        for member, token, account in zip(members, tokens, accounts, strict=True)
    ]
