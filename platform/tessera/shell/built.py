"""The front end's built files as they are sent: in the coding the request prefers among those the
build wrote, with their ETag and how long they may be kept."""

from tessera.core.envelope import ApiError
from tessera.core.files import coded_file_response, digest_of
from tessera.core.lifetimes import cache_lifetime
from tessera.shell.services import built_file, built_type, is_content_hashed, precompressed


def built(request):
    """A file of the front end's build (``/static/<path>``). Its address names its content when its
    name is hashed or ``?v=`` is its current hash (as the page asks for the shell's entry and the
    remotes' entries): kept for a year; any other (an entry without its version) is checked each time."""
    path = built_file(request.registry.settings["tessera"].static_dir, request.matchdict["path"])
    if path is None:
        raise ApiError(404, "not_found", path=request.path)
    lifetime = cache_lifetime(request, digest_of(path), hashed_name=is_content_hashed(path))
    return built_response(request, path, lifetime)


def built_response(request, path, cache_control: str):
    """A built file in the smallest coding the request accepts that the build wrote it in (Brotli,
    gzip or as it is); see :func:`tessera.core.files.coded_file_response`."""
    return coded_file_response(request, path, precompressed(path), built_type(path), cache_control)
