"""The front end's built files as they are sent: in the coding the request prefers among those the
build wrote, with their ETag and how long they may be kept."""

from pyramid.response import FileResponse

from tessera.core.encodings import chosen_coding
from tessera.core.envelope import ApiError
from tessera.core.files import file_digest
from tessera.shell.services import built_file, built_lifetime, built_type, precompressed


def built(request):
    """A file of the front end's build (``/static/<path>``); see ``built_response``."""
    path = built_file(request.registry.settings["tessera"].static_dir, request.matchdict["subpath"])
    if path is None:
        raise ApiError(404, "not_found", path=request.path)
    return built_response(request, path, built_lifetime(path, request.GET.get("v")))


def built_response(request, path, cache_control: str):
    """A built file in the smallest coding the request accepts that the build wrote it in (Brotli,
    gzip or as it is), each coding with its own ETag.

    WhiteNoise serves precompressed files too, but picks a coding by the name's presence in
    Accept-Encoding (``gzip;q=0`` still gets gzip), gives every coding one ETag, and is a WSGI
    wrapper outside Pyramid's tweens; WebOb's Accept-Encoding parser and Pyramid's FileResponse
    (conditional requests, ranges, HEAD) do the job here."""
    codings = precompressed(path)
    coding = chosen_coding(request, (*codings, "identity"))
    if coding is None:
        raise ApiError(406, "coding_not_acceptable", path=request.path)
    sent = codings.get(coding, path)
    response = FileResponse(
        str(sent),
        request=request,
        content_type=built_type(path),
        content_encoding=None if coding == "identity" else coding,
    )
    response.etag = file_digest(str(sent), sent.stat().st_mtime_ns)
    if codings:
        response.vary = ("Accept-Encoding",)
    response.headers["Cache-Control"] = cache_control
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
