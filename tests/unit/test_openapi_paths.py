"""Routes as the description writes them: a placeholder's regular expression left out, and a
parameter holding slashes (a file's path) matched as the one segment the description's stands for."""

from types import SimpleNamespace

import pytest
from pyramid.testing import DummyRequest
from webob import Request

from tessera.openapi.validation import described_path, matched_path


@pytest.mark.parametrize(
    "pattern, described",
    [
        ("/static/{path:.*}", "/static/{path}"),
        ("/app-icons/{purpose:any|maskable}-{size:192|512}.png", "/app-icons/{purpose}-{size}.png"),
        ("/wps/relay/{operation}", "/wps/relay/{operation}"),
        ("/healthz", "/healthz"),
    ],
)
def test_a_route_pattern_as_the_description_writes_it(pattern, described):
    assert described_path(pattern) == described


def matched(url: str, pattern: str, **matchdict) -> DummyRequest:
    request = DummyRequest(path=url)
    request.matched_route = SimpleNamespace(pattern=pattern)
    request.matchdict = matchdict
    return request


def test_a_parameter_holding_slashes_is_one_segment():
    request = matched("/assets/banners/welcome.svg", "/assets/{path:.*}", path="banners/welcome.svg")
    assert matched_path(request) == "/assets/banners%2Fwelcome.svg"


def test_any_other_path_is_matched_as_it_is():
    assert matched_path(matched("/assets/logo.svg", "/assets/{path:.*}", path="logo.svg")) == "/assets/logo.svg"
    icon = matched("/app-icons/any-192.png", "/app-icons/{purpose:any|maskable}-{size:192|512}.png")
    assert matched_path(icon) == "/app-icons/any-192.png"
    unmatched = DummyRequest(path="/nowhere")
    unmatched.matched_route = None
    assert matched_path(unmatched) == "/nowhere"
    never_routed = Request.blank("/ops/deposits")  # as tests check an answer they were given
    never_routed.matchdict = {}
    assert matched_path(never_routed) == "/ops/deposits"
