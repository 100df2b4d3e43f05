"""A brand's own files: ``tenants/<slug>/assets/``, served at ``/assets/<path>``.

Content names an image by its path inside that folder (``banners/welcome.svg``) or by an https
URL; answers carry ``/assets/<path>`` or the URL as written.
"""

import re
from pathlib import Path, PurePosixPath

FOLDER = "assets"
URL_PREFIX = "/assets/"
HTTPS_URL = re.compile(r"^https://[^\s\\/][^\s\\]*$")
# A path segment: no hidden files, no "..", nothing a file system or a URL reads specially.
SEGMENT = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$")
# What a brand may serve from its origin: images and fonts, never HTML or scripts.
CONTENT_TYPES = {
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
}


def asset_segments(path: str) -> tuple[str, ...] | None:
    """The segments of ``path`` when it may name a brand's asset, else None."""
    segments = tuple(path.split("/"))
    if len(segments) > 8 or not all(SEGMENT.match(s) for s in segments):
        return None
    if content_type(segments[-1]) is None:
        return None
    return segments


def content_type(name: str) -> str | None:
    return CONTENT_TYPES.get(PurePosixPath(name).suffix.lower())


def find_asset(tenants_dir: Path, slug: str, path: str) -> Path | None:
    """The file ``path`` names in the brand's assets folder; None when it is not one (a link
    leading out of the folder included)."""
    segments = asset_segments(path)
    if segments is None:
        return None
    folder = (tenants_dir / slug / FOLDER).resolve()
    try:
        found = folder.joinpath(*segments).resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    return found if found.is_file() and found.is_relative_to(folder) else None


def is_https_url(reference: str) -> bool:
    return bool(HTTPS_URL.match(reference))


def asset_url(reference: str | None) -> str | None:
    """How an answer names an image: an https URL as written, an asset path as ``/assets/<path>``."""
    if reference is None:
        return None
    return reference if is_https_url(reference) else URL_PREFIX + reference
