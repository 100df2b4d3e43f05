"""The pages of the shell (SPEC §2): their routes, the built files they load, and the content
security policy of a brand's page."""

import json
import mimetypes
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from tessera.core.files import CODED_SUFFIXES, digest_of

GAME_CATEGORIES = ("sports", "esports", "elott", "cockfight", "rng", "fish", "pvp")
PAGE_ROUTES = [
    ("root", "/"),
    *[
        (path.strip("/").replace(".", "_"), path)
        for path in (
            "/index",
            "/index.html",
            "/home",
            "/login",
            "/forget",
            "/register",
            "/register.html",
            "/noticePage",
            "/vip",
            "/pointMall",
            "/agent",
            "/agentHome",
            "/service",
            "/lottery",
            "/vnlottery",
            "/hot",
            "/live",
            "/promotions",
            "/promoDetail",
            "/seamless",
            "/fbsports",
            "/help",
            "/helpmc",
            "/down",
            "/download",
            "/join",
            "/game",
        )
    ],
    ("games", "/{games:" + "|".join(GAME_CATEGORIES) + "}"),
]
API_PREFIXES = (
    "/wps/",
    "/lgw/",
    "/lotto/",
    "/api/",
    "/static/",
    "/assets/",
    "/app-icons/",
    "/locales/",
    "/healthz",
    "/readyz",
)
SHELL_ENTRY = "shell/main.js"
# What the build lists of the entry's first load (shell/federation/bundleReport.js FirstLoadManifest).
FIRST_LOAD = "shell/first-load.json"
# The pages whose top banner is the home group's (shell/src/frame/routeGroups.ts).
HOME_GROUP_PATHS = frozenset({"/", "/index", "/index.html", "/home", "/login", "/forget", "/help"})
# How wide the top banner shows: the frame's width less its padding, else the screen's less the
# padding (shell/src/frame/BannerCarousel.tsx says the same to the browser).
BANNER_SIZES = "(min-width: 1232px) 1200px, calc(100vw - 32px)"
REMOTES = {"memberCentre": ("member_centre", "member-centre"), "agentCentre": ("agent_centre", "agent-centre")}


def version(static_dir: Path, relative: str) -> str:
    """A short hash of a built file's content, so its URL changes when the file does."""
    try:
        return digest_of(static_dir / relative)
    except OSError:
        return "missing"


def first_load(static_dir: Path) -> dict[str, list[str]]:
    """The addresses of the first load's other scripts and styles, which the page asks the browser
    for beside the entry, so they arrive while it runs instead of after; none for a build without
    the list."""
    path = static_dir / FIRST_LOAD
    try:
        return _first_load(str(path), path.stat().st_mtime_ns)
    except (OSError, ValueError):
        return {"scripts": [], "styles": []}


@lru_cache(maxsize=4)
def _first_load(path: str, mtime_ns: int) -> dict[str, list[str]]:
    listed = json.loads(Path(path).read_text())
    folder = f"/static/{Path(FIRST_LOAD).parent.as_posix()}/"
    return {kind: [folder + name for name in listed.get(kind, [])] for kind in ("scripts", "styles")}


# webpack's [contenthash] in a chunk's name (main.5f3c9a0e1b2d4c6e8a7f.js): its name changes with it.
CONTENT_HASHED = re.compile(r"\.[0-9a-f]{16,}(\.[A-Za-z0-9]+)+$")
TYPES = {".map": "application/json", ".webmanifest": "application/manifest+json"}


def built_file(static_dir: Path, path: str) -> Path | None:
    """The built file at ``path``, or None: nothing hidden, nothing outside the build, and no
    compressed sibling asked for by its own name (it is chosen by Accept-Encoding)."""
    parts = path.split("/")
    if any(not part or part.startswith(".") or "\\" in part or "\0" in part for part in parts):
        return None
    if parts[-1].endswith(tuple(CODED_SUFFIXES.values())):
        return None
    root = static_dir.resolve()
    try:
        found = root.joinpath(*parts).resolve()
        return found if found.is_relative_to(root) and found.is_file() else None
    except OSError:  # a name too long for the file system
        return None


def precompressed(path: Path) -> dict[str, Path]:
    """The codings the build wrote ``path`` in (only where they saved bytes), by coding."""
    found = {coding: path.with_name(path.name + suffix) for coding, suffix in CODED_SUFFIXES.items()}
    return {coding: sibling for coding, sibling in found.items() if sibling.is_file()}


def built_type(path: Path) -> str:
    return TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def is_content_hashed(path: Path) -> bool:
    return bool(CONTENT_HASHED.search(path.name))


def remote_urls(tenant, static_dir: Path) -> dict[str, str]:
    configured = tenant.section("remotes")
    urls = {}
    for key, (setting, folder) in REMOTES.items():
        default = f"/static/{folder}/remoteEntry.js?v={version(static_dir, f'{folder}/remoteEntry.js')}"
        urls[key] = configured.get(setting, default)
    return urls


def _origins(urls) -> list[str]:
    found = []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme in ("http", "https") and parts.netloc:
            found.append(f"{parts.scheme}://{parts.netloc}")
    return sorted(set(found))


# Firebase phone sign-in: its API, and the reCAPTCHA it runs before texting a code.
FIREBASE_SCRIPTS = ("https://www.google.com", "https://www.gstatic.com")
FIREBASE_CONNECT = ("https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com")
FIREBASE_FRAMES = ("https://www.google.com", "https://recaptcha.google.com")


def content_security_policy(hosts: dict, remotes: dict, phone_auth: dict | None = None) -> str:
    """Scripts only from this origin and the brand's remotes; images and games from its ``hosts``
    (``{"images", "games"}``: its CDNs and its vendors'); Firebase and its reCAPTCHA when the
    brand's phone auth is Firebase (and its emulator's address)."""
    phone_auth = phone_auth or {}
    firebase = phone_auth.get("provider") == "firebase"
    emulator = _origins([phone_auth.get("emulatorUrl") or ""]) if firebase else []
    scripts = " ".join(["'self'", *_origins(remotes.values()), *(FIREBASE_SCRIPTS if firebase else ())])
    connect = " ".join(["'self'", *_origins(remotes.values()), *(FIREBASE_CONNECT if firebase else ()), *emulator])
    images = " ".join(["'self'", "data:", "blob:", *_origins(hosts["images"])])
    frames = " ".join(["'self'", *_origins(hosts["games"]), *(FIREBASE_FRAMES if firebase else ())])
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src {scripts}",
            "style-src 'self' 'unsafe-inline'",
            f"img-src {images}",
            "font-src 'self' data:",
            f"connect-src {connect}",
            f"frame-src {frames}",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'self'",
            # The brand's app: its manifest and its service worker (/sw.js), from this origin only.
            "manifest-src 'self'",
            "worker-src 'self'",
        )
    )


def banner_preload(path: str, notices: dict) -> dict | None:
    """What the page asks the browser to fetch first: the image of the home group's first banner
    (the largest paint of a home page) on a page of that group, the copies it picks from when
    there are some; None elsewhere or without a banner."""
    if path not in HOME_GROUP_PATHS:
        return None
    banner = next((b for b in notices.get("banners", []) if b["groupName"] == "home"), None)
    if banner is None:
        return None
    if not banner.get("sources"):
        return {"href": banner["url"]}
    first = banner["sources"][0]
    return {"type": first["type"], "srcset": first["srcset"], "sizes": BANNER_SIZES}
