"""Calls made the way the front end makes them: payloads encrypted for the brand's published
public key (jwcrypto), captchas read as a member reads them, sign-in adapters that know what they
issued, and a brand's config changed within a test."""

import hashlib
import hmac
import json
import time
import uuid

from jwcrypto import jwe, jwk

from tessera import hookimpl
from tessera.core.timeutil import now
from tessera.plugins import AdapterError


def seal(
    public_key: dict, fields: dict, *, iat: int | None = None, jti: str | None = None, kid: str | None = None
) -> str:
    """``fields`` with ``iat`` and ``jti`` as a JWE compact serialization for ``public_key`` (a JWK)."""
    claims = {**fields, "iat": int(time.time()) if iat is None else iat, "jti": jti or uuid.uuid4().hex}
    token = jwe.JWE(
        json.dumps(claims).encode(),
        protected={"alg": "RSA-OAEP-256", "enc": "A256GCM", "kid": kid or public_key["kid"]},
    )
    token.add_recipient(jwk.JWK(**public_key))
    return token.serialize(compact=True)


JOSE = "application/jose"


def public_key(app) -> dict:
    return app.get("/wps/system/status").json["value"]["publicKey"]


def sealed(app, fields: dict, **claims) -> str:
    """``fields`` encrypted for the app's brand, issued at the app's time (which a test may have moved)."""
    return seal(public_key(app), fields, **{"iat": int(now(app.app.registry).timestamp()), **claims})


def send(app, method: str, path: str, fields: dict, status: int = 200, **claims) -> dict:
    """An encrypted call made at the app's time; the answer's JSON."""
    return getattr(app, method.lower())(path, sealed(app, fields, **claims), content_type=JOSE, status=status).json


def captcha_text(app, secret: str) -> str:
    """Ask for a captcha as the page does, and read it as a member would (image-captcha: the
    brand's secret tells the text, see its contract helpers)."""
    from tessera_plugins.image_captcha import contract_answer

    app.get("/wps/captcha")
    return contract_answer({"secret": secret}, {"captchaId": app.cookies["tessera_captcha"]})["captcha"]


class PhoneAuth:
    """A phone-auth adapter (``tessera_phone_auth_verify``) that knows the tokens it issued."""

    def __init__(self):
        self.tokens: dict[str, str] = {}

    def issue(self, phone: str) -> str:
        token = f"token-{len(self.tokens)}-{uuid.uuid4().hex}"
        self.tokens[token] = phone
        return token

    @hookimpl
    def tessera_phone_auth_verify(self, tenant, settings, id_token):
        if id_token not in self.tokens:
            raise AdapterError("auth/invalid-verification-code")
        return self.tokens[id_token]


class SignInProvider:
    """A federated sign-in adapter offering one provider; a credential is ``"<subject>|<name>"``
    signed with the brand's secret, so another brand's or a forged one does not verify."""

    def __init__(self, provider: str = "example"):
        self.provider = provider

    @staticmethod
    def credential(secret: str, subject: str, name: str = "") -> str:
        claims = f"{subject}|{name}"
        return f"{claims}|{hmac.new(secret.encode(), claims.encode(), hashlib.sha256).hexdigest()}"

    @hookimpl
    def tessera_federated_providers(self, tenant, settings):
        return [{"provider": self.provider, "title": "Example", "clientId": settings["client_id"]}]

    @hookimpl
    def tessera_federated_verify(self, tenant, settings, provider, credential):
        if provider != self.provider:
            return None
        subject, name, signature = (credential.split("|") + ["", "", ""])[:3]
        expected = hmac.new(settings["secret"].encode(), f"{subject}|{name}".encode(), hashlib.sha256).hexdigest()
        if not subject or not hmac.compare_digest(signature, expected):
            raise AdapterError("federated_invalid")
        return {"subject": subject, "email": f"{subject}@example.com", "name": name or None}


def configure_brand(
    db, slug: str, *, flags: dict | None = None, fields: dict | None = None, plugins: dict | None = None
) -> None:
    """Change a brand's config within a test (rolled back with it): whitelabel ``flags`` set,
    register ``fields`` merged into its settings, ``plugins`` enabled with these settings ahead of
    the brand's others (None: disabled)."""
    import copy

    from sqlalchemy import select

    from tessera.tenancy.models import Tenant

    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    config = copy.deepcopy(tenant.config)
    config["whitelabel"] = {**config.get("whitelabel", {}), **(flags or {})}
    register = config.setdefault("register", {}).setdefault("fields", {})
    for name, settings in (fields or {}).items():
        register[name] = {**register.get(name, {}), **settings}
    given, current = plugins or {}, config.get("plugins", {})
    config["plugins"] = {
        **{name: settings for name, settings in given.items() if settings is not None},
        **{name: settings for name, settings in current.items() if name not in given},
    }
    tenant.config = config
    db.flush()
