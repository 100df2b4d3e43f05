"""A local stand-in for Google's secure-token service, which issues Firebase ID tokens.

It holds RSA signing keys, publishes their self-signed certificates as Google does (``GET
/certs``: a JSON object ``kid -> PEM certificate``, with ``Cache-Control: public, max-age=N``)
and signs RS256 ID tokens with the claims Firebase phone auth gives. Told to, it answers the
certificates request with a 503 (``failing``).
"""

import base64
import hashlib
import hmac
import json
import secrets
import threading
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from urllib.parse import parse_qs

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding

from tessera.plugins.kit.local_http import LocalServer, QuietHandler
from tessera_sandboxes.certificates import rsa_key, self_signed

LIFETIME = timedelta(hours=1)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64json(value: dict) -> str:
    return b64(json.dumps(value).encode())


class SecureToken:
    def __init__(self, max_age: int = 3600):
        self._lock = threading.Lock()
        self.keys: dict = {}  # kid -> RSA private key
        self.certificates: dict[str, str] = {}  # kid -> PEM certificate
        self.max_age = max_age
        self.failing = False
        self.fetches = 0
        self.projects: dict[str, str] = {}  # web API key -> its project (what getProjectConfig answers)
        self.kid = self.add_key()
        self.server = LocalServer(_Handler, self)

    @property
    def certs_url(self) -> str:
        return self.server.origin + "/certs"

    @property
    def project_config_url(self) -> str:
        return self.server.origin + "/projectConfig"

    def open_project(self, project_id: str) -> str:
        """A web API key of the project ``project_id``."""
        api_key = f"key-{secrets.token_hex(12)}"
        with self._lock:
            self.projects[api_key] = project_id
        return api_key

    def add_key(self) -> str:
        kid, key = secrets.token_hex(20), rsa_key()
        with self._lock:
            self.keys[kid], self.certificates[kid] = key, self_signed(key, "securetoken.system.gserviceaccount.com")
        return kid

    def claims(self, project_id: str, phone_number: str | None, issued_at: datetime | None = None) -> dict:
        """The claims of an ID token Firebase gives after a phone sign-in at ``issued_at``."""
        issued = int((issued_at or datetime.now(UTC)).timestamp())
        claims = {
            "iss": f"https://securetoken.google.com/{project_id}",
            "aud": project_id,
            "auth_time": issued,
            "user_id": (uid := secrets.token_hex(14)),
            "sub": uid,
            "iat": issued,
            "exp": issued + int(LIFETIME.total_seconds()),
            "phone_number": phone_number,
            "firebase": {"identities": {"phone": [phone_number]}, "sign_in_provider": "phone"},
        }
        return claims if phone_number is not None else {k: v for k, v in claims.items() if k != "phone_number"}

    def sign(self, claims: dict, kid: str | None = None, key=None, header: dict | None = None) -> str:
        """An RS256 JWS of ``claims`` signed with ``key`` (by default the key named ``kid``)."""
        kid = kid or self.kid
        signing_input = f"{b64json({'alg': 'RS256', 'kid': kid, 'typ': 'JWT', **(header or {})})}.{b64json(claims)}"
        signer = key or self.keys[kid]
        return f"{signing_input}.{b64(signer.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256()))}"

    def token(self, project_id: str, phone_number: str, issued_at: datetime | None = None) -> str:
        return self.sign(self.claims(project_id, phone_number, issued_at))

    def forged_token(self, project_id: str, phone_number: str, issued_at: datetime | None = None) -> str:
        """A token that names a published kid but is signed with a key nobody published."""
        return self.sign(self.claims(project_id, phone_number, issued_at), key=rsa_key())

    def unsigned_token(self, claims: dict) -> str:
        return f"{b64json({'alg': 'none', 'kid': self.kid, 'typ': 'JWT'})}.{b64json(claims)}."

    def hs256_token(self, claims: dict) -> str:
        """An HS256 token keyed with the published certificate: accepted only by a verifier that
        lets the token choose the algorithm."""
        signing_input = f"{b64json({'alg': 'HS256', 'kid': self.kid, 'typ': 'JWT'})}.{b64json(claims)}"
        mac = hmac.new(self.certificates[self.kid].encode(), signing_input.encode(), hashlib.sha256).digest()
        return f"{signing_input}.{b64(mac)}"

    def close(self) -> None:
        self.server.close()


class _Handler(QuietHandler):
    service: SecureToken

    def do_GET(self):
        service = self.service
        with service._lock:
            service.fetches += 1
            certificates = dict(service.certificates)
        path, _, query = self.path.partition("?")
        if path == "/projectConfig":
            project = service.projects.get(parse_qs(query).get("key", [""])[0])
            if project is None:
                self.answer(400, {"error": {"code": 400, "message": "API key not valid. Please pass a valid API key."}})
            else:
                self.answer(200, {"projectId": project, "authorizedDomains": ["localhost"]})
        elif self.path != "/certs":
            self.answer(404, {"error": "not_found"})
        elif service.failing:
            self.answer(503, {"error": "unavailable"})
        else:
            self.answer(
                200,
                certificates,
                {"Cache-Control": f"public, max-age={service.max_age}, must-revalidate, no-transform"},
            )


@lru_cache(maxsize=1)
def shared() -> SecureToken:
    """The service the contract suite's settings point at, one per test process."""
    return SecureToken()
