"""Served files: the short content hash that versions built bundles and tags brand assets, and a
file sent in the coding the request accepts among the compressed copies made of it."""

import hashlib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from pyramid.response import FileResponse

from tessera.core.encodings import chosen_coding
from tessera.core.envelope import ApiError

# How a compressed copy's name ends, by coding (the build's siblings and the brands' copies alike).
CODED_SUFFIXES = {"br": ".br", "gzip": ".gz"}


def content_digest(data: bytes) -> str:
    """A short hash of a file's content: what its versioned address and its ETag carry."""
    return hashlib.sha256(data).hexdigest()[:12]


@lru_cache(maxsize=256)
def file_digest(path: str, mtime_ns: int) -> str:
    """:func:`content_digest` of a file, remembered while its modification time stays."""
    return content_digest(Path(path).read_bytes())


def digest_of(path: Path) -> str:
    """:func:`file_digest` of the file as it is now."""
    return file_digest(str(path), path.stat().st_mtime_ns)


def coded_file_response(request, path: Path, copies: Mapping[str, Path], content_type: str, cache_control: str):
    """``path`` in the smallest coding the request accepts among its ``copies`` (by coding: Brotli,
    gzip) or as it is, each coding with its own ETag (the hash of the bytes sent); 406
    ``coding_not_acceptable`` when the request refuses them all.

    WhiteNoise serves precompressed files too, but picks a coding by the name's presence in
    Accept-Encoding (``gzip;q=0`` still gets gzip), gives every coding one ETag, and is a WSGI
    wrapper outside Pyramid's tweens; WebOb's Accept-Encoding parser and Pyramid's FileResponse
    (conditional requests, ranges, HEAD) do the job here."""
    coding = chosen_coding(request, (*copies, "identity"))
    if coding is None:
        raise ApiError(406, "coding_not_acceptable", path=request.path)
    sent = copies.get(coding, path)
    response = FileResponse(
        str(sent),
        request=request,
        content_type=content_type,
        content_encoding=None if coding == "identity" else coding,
    )
    response.etag = digest_of(sent)
    if copies:
        response.vary = ("Accept-Encoding",)
    response.headers["Cache-Control"] = cache_control
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
