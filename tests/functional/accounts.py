"""What the account tests share: an outbox plugin that keeps the SMS and emails a brand sends
(registered in the app's plugin manager for one test and enabled on both demo brands instead of
their own plugins), encrypted calls made at the app's time, logins, and brand settings."""

import re
from http.cookies import SimpleCookie

import pytest
from sqlalchemy import select

from calls import JOSE, sealed
from factories import PASSWORD
from tessera import hookimpl
from tessera.core.timeutil import now
from tessera.identity.sessions.services import start_session
from tessera.plugins import AdapterError
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant

PH_IP = "192.0.2.44"
OUTBOX = "test-outbox"
CAPTCHA_SETTINGS = {"secret": "account-tests-captcha", "length": 5, "ttl_seconds": 300}
CODE = re.compile(r"\b([0-9]{7})\b")


class Outbox:
    """The SMS and emails the brands sent; ``failure`` makes every send raise it, ``declines``
    makes the plugin leave every message to another."""

    def __init__(self):
        self.sms, self.emails = [], []
        self.failure, self.declines = None, False

    def _refuse(self) -> bool:
        if self.failure is not None:
            raise self.failure
        return self.declines

    @hookimpl
    def tessera_sms_send(self, tenant, settings, phone_number, message):
        if self._refuse():
            return None
        self.sms.append({"brand": tenant.slug, "to": phone_number, "message": message})
        return f"sms-{len(self.sms)}"

    @hookimpl
    def tessera_email_send(self, tenant, settings, to, subject, text):
        if self._refuse():
            return None
        self.emails.append({"brand": tenant.slug, "to": to, "subject": subject, "text": text})
        return f"<mail-{len(self.emails)}@tessera.test>"

    def code(self, to: str) -> str:
        """The code of the last SMS sent to ``to``."""
        return CODE.search([m for m in self.sms if m["to"] == to][-1]["message"])[1]

    def refuse_with(self, code: str) -> None:
        self.failure = AdapterError(code)


def set_brand(db, slug: str, **sections) -> None:
    """Replace sections of a brand's config (flags: ``whitelabel={...}``, merged into the brand's)."""
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    config = dict(tenant.config)
    if "whitelabel" in sections:
        sections["whitelabel"] = {**config.get("whitelabel", {}), **sections["whitelabel"]}
    tenant.config = {**config, **sections}
    db.flush()


@pytest.fixture
def outbox(app, db_session):
    box = Outbox()
    pm = app.registry["plugin_manager"]
    pm.register(box, name=OUTBOX)
    for slug in ("demo-bd", "demo-ph"):
        set_brand(db_session, slug, plugins={OUTBOX: {}})
    yield box
    pm.unregister(box)


@pytest.fixture
def token_of(app, db_session):
    """``token_of(member)``: the Bearer token of a new session, made as a login makes it."""

    def make(member) -> str:
        tenant = TenantContext.from_row(db_session.get(Tenant, member.tenant_id))
        token = start_session(db_session, tenant, member, None, now(app.registry))
        for row in db_session.new:
            row.tenant_id = member.tenant_id  # an operator's session fills in no brand
        db_session.flush()
        return token

    return make


@pytest.fixture
def login(members, token_of):
    """``login("demo-ph", ...)``: a new member of that brand (``members``' fields), ``headers``
    those of a session of theirs."""

    def make(slug="demo-bd", **fields):
        member = members(slug, **fields)
        member.headers = bearer(token_of(member))
        return member

    return make


def enable_captcha(db, slug: str) -> None:
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    set_brand(db, slug, plugins={**tenant.config["plugins"], "image-captcha": CAPTCHA_SETTINGS})


def solved_captcha(app) -> tuple[dict, dict]:
    """A new captcha's right answer as a form field, and the cookie that names the challenge."""
    from tessera_plugins.image_captcha import contract_answer

    response = app.get("/wps/captcha")
    captcha_id = SimpleCookie(response.headers["Set-Cookie"])["tessera_captcha"].value
    answer = contract_answer(CAPTCHA_SETTINGS, {"captchaId": captcha_id})
    return {"captcha": answer["captcha"]}, {"Cookie": f"tessera_captcha={captcha_id}"}


def tamper(body: str) -> str:
    """``body`` with one character of its ciphertext changed."""
    header, key, iv, ciphertext, tag = body.split(".")
    changed = ciphertext[:5] + ("A" if ciphertext[5] != "A" else "B") + ciphertext[6:]
    return ".".join((header, key, iv, changed, tag))


def post_sealed(app, path: str, fields: dict, status=200, headers=None, **claims) -> dict:
    return app.post(
        path + "?lang=en", sealed(app, fields, **claims), content_type=JOSE, status=status, headers=headers or {}
    ).json


def log_in(app, username: str, password: str = PASSWORD) -> str:
    answer = post_sealed(app, "/wps/session/login", {"username": username, "password": password})
    return answer["value"]["token"]


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}
