"""Content codings: which one an answer is sent in (the request's Accept-Encoding), and public
answers compressed as they are sent.

BREACH: a compressed answer's length tells an eavesdropper how well a guess, reflected from the
request into the answer, matched the rest of it; when the rest holds a secret (a session token, a
CSRF token, a member's data), guessing it byte by byte through requests the victim's browser makes
becomes possible. So only answers that carry no secret are compressed here, and an answer carries no
secret when a shared cache could keep it for anyone: a GET or HEAD without a Bearer token (every
member's, agent's and operator's call carries one; logins, registrations and password changes are
POST or PUT, and answer sessions), setting no cookie (the captcha challenge's id), and not marked
``private`` or ``no-store``. What is left are pages and catalogues that any visitor is given alike.
A call that is a POST only by the protocol it keeps (the relay's public lists: the lobby's games,
vendors, hot games) is among them when its view says its answer is shared (``answer_shared``) and no
member asks (a member's lists mark their favourites); a shared answer may reflect what was asked,
but holds nothing secret to guess.

The page (index.html) is among them: it carries the brand's public key, its public status and
notices, and no nonce, token or member data (members' tokens live in the browser's storage, never
in the page). Should the page one day carry a per-request CSP nonce, that is no secret for BREACH to
recover: it changes with every answer, so the many answers the attack compares never share it, and
it is worth nothing once its page has loaded.
"""

import gzip
import hashlib
import re
import threading

import brotli
from cachetools import LRUCache, cached
from pyramid.tweens import INGRESS

# Server preference among equally acceptable codings: Brotli is the smaller.
CODINGS = ("br", "gzip")
# Below this, a coding's header and framing cost more than it saves (a TCP packet holds ~1,400 bytes).
THRESHOLD = 1400
# Brotli's quality for answers compressed as they are sent: most of quality 11's gain for a
# fraction of its time (the build's precompressed files are at 11).
ON_THE_FLY_QUALITY = 5
COMPRESSIBLE = re.compile(r"^(text/|application/(json|javascript|manifest\+json|[\w.+-]+\+json|xml)$|image/svg\+xml$)")


def chosen_coding(request, offered=(*CODINGS, "identity")) -> str | None:
    """The coding to send among ``offered`` (in the server's order of preference), as the request's
    Accept-Encoding allows, its q-values honoured; ``None`` when it refuses them all
    (``identity;q=0``, ``*;q=0``). A request without the header, or with one that does not parse,
    gets the answer as it is. Identity, acceptable unless refused, comes after any coding the
    request names."""
    header = request.accept_encoding
    if not header:
        return "identity" if "identity" in offered else None
    named = {coding.lower() for coding, _ in header.parsed}
    accepted = [coding for coding, _ in header.acceptable_offers(list(offered))]
    if "identity" in accepted and "identity" not in named and "*" not in named:
        accepted = [*(c for c in accepted if c != "identity"), "identity"]
    return accepted[0] if accepted else None


def compress(body: bytes, coding: str, *, best: bool = False) -> bytes:
    """``body`` in ``coding`` (``br`` or ``gzip``): at their levels for answers being sent, or at
    their best (as the build compresses its files) for a file compressed once and sent many times.
    The same body always gives the same bytes."""
    if coding == "br":
        return brotli.compress(body, quality=11 if best else ON_THE_FLY_QUALITY)
    return gzip.compress(body, compresslevel=9 if best else 6, mtime=0)


def _digest(body: bytes, coding: str) -> tuple[bytes, str]:
    return hashlib.blake2b(body, digest_size=16).digest(), coding


# Catalogues repeat: a compressed body is remembered by its content's digest (the lock: waitress's threads).
@cached(LRUCache(maxsize=64), key=_digest, lock=threading.Lock())
def _remembered(body: bytes, coding: str) -> bytes:
    return compress(body, coding)


SHARED_ANSWER = "tessera.shared_answer"


def answer_shared(request) -> None:
    """Say that the answer to ``request`` is the same for every visitor who asks alike, whatever
    its method: it holds no member's data and no session."""
    request.environ[SHARED_ANSWER] = True


def carries_no_secret(request, response) -> bool:
    """An answer any visitor is given alike (see the module's note on BREACH)."""
    if "Authorization" in request.headers or "Set-Cookie" in response.headers:
        return False
    if request.environ.get(SHARED_ANSWER):
        return True
    directives = {d.split("=", 1)[0].strip().lower() for d in response.headers.get("Cache-Control", "").split(",")}
    return request.method in ("GET", "HEAD") and not directives & {"private", "no-store"}


def _compressible(response) -> bool:
    """An answer held in memory (files are precompressed at build time), of a text type, not yet in
    a coding, whose coding no view has chosen (``Vary: Accept-Encoding``), worth compressing."""
    return (
        isinstance(response.app_iter, list)
        and response.content_encoding is None
        and response.status_int not in (204, 206, 304)
        and "accept-encoding" not in {v.lower() for v in response.vary or ()}
        and bool(COMPRESSIBLE.match(response.content_type or ""))
        and (response.content_length or 0) >= THRESHOLD
    )


def _coded_etag(etag: str, coding: str) -> str:
    """Each coding of an answer is its own representation, with its own tag: ``"v1"`` -> ``"v1-br"``."""
    if etag.endswith('"'):
        return f'{etag[:-1]}-{coding}"'
    return etag


def compressing_tween_factory(handler, registry):
    def tween(request):
        response = handler(request)
        if not (_compressible(response) and carries_no_secret(request, response)):
            return response
        response.vary = (*(response.vary or ()), "Accept-Encoding")
        coding = chosen_coding(request)
        if coding in CODINGS:
            response.body = _remembered(response.body, coding)
            response.content_encoding = coding
            if "ETag" in response.headers:
                response.headers["ETag"] = _coded_etag(response.headers["ETag"], coding)
        return response

    return tween


def includeme(config):
    # Outermost: what is compressed is the answer every other tween has finished with.
    config.add_tween("tessera.core.encodings.compressing_tween_factory", under=INGRESS)
