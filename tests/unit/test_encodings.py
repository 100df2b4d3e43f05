"""Which coding an answer goes out in: the request's Accept-Encoding, q-values honoured, Brotli
preferred among equals, identity unless refused; and which answers may be compressed at all."""

import gzip

import brotli
import pytest
from pyramid.request import Request
from pyramid.response import Response

from tessera.core.encodings import carries_no_secret, chosen_coding, compress


def asking(accept_encoding: str | None, method: str = "GET", **headers) -> Request:
    environ = {"REQUEST_METHOD": method}
    if accept_encoding is not None:
        environ["HTTP_ACCEPT_ENCODING"] = accept_encoding
    request = Request.blank("/", environ=environ)
    request.headers.update(headers)
    return request


@pytest.mark.parametrize(
    "header, chosen",
    [
        ("gzip, deflate, br, zstd", "br"),  # what Chromium sends
        ("br", "br"),
        ("gzip", "gzip"),
        ("GZIP", "gzip"),
        ("gzip;q=1, br;q=0.5", "gzip"),
        ("br;q=0.2, gzip;q=0.8", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("gzip;q=0", "identity"),
        ("gzip;q=0.5", "gzip"),  # identity, not named, comes after any coding named
        ("gzip;q=0.5, identity", "identity"),  # named at 1, it wins
        ("deflate", "identity"),
        ("*", "br"),
        ("*;q=0.5, gzip", "gzip"),
        ("", "identity"),  # an empty header asks for the answer as it is
        (None, "identity"),  # so does no header
        ("br;;;=", "identity"),  # and one that does not parse
        ("identity;q=0, gzip", "gzip"),
        ("identity;q=0", None),
        ("*;q=0", None),
        ("gzip;q=0, identity;q=0", None),
    ],
)
def test_the_coding_follows_accept_encoding(header, chosen):
    assert chosen_coding(asking(header)) == chosen


def test_only_the_codings_offered_are_chosen():
    assert chosen_coding(asking("br, gzip"), ("gzip", "identity")) == "gzip"
    assert chosen_coding(asking("br"), ("gzip", "identity")) == "identity"
    assert chosen_coding(asking("br, identity;q=0"), ("gzip", "identity")) is None
    assert chosen_coding(asking(None), ("br", "gzip")) is None


@pytest.mark.parametrize("coding, decompress", [("br", brotli.decompress), ("gzip", gzip.decompress)])
def test_compression_is_lossless_and_the_same_each_time(coding, decompress):
    body = ('{"frame": {"login": "Log in"}}' * 200).encode()
    once = compress(body, coding)
    assert decompress(once) == body and len(once) < len(body) / 10
    assert compress(body, coding) == once


@pytest.mark.parametrize(
    "request_, response_headers, public",
    [
        (asking("br"), {}, True),
        (asking("br", method="HEAD"), {}, True),
        (asking("br", method="POST"), {}, False),  # logins and registrations answer a session
        (asking("br", Authorization="Bearer abc"), {}, False),  # a member's, agent's or operator's call
        (asking("br"), {"Set-Cookie": "tessera_captcha=abc; HttpOnly"}, False),
        (asking("br"), {"Cache-Control": "private, max-age=60"}, False),
        (asking("br"), {"Cache-Control": "no-store"}, False),
    ],
)
def test_only_answers_carrying_no_secret_may_be_compressed(request_, response_headers, public):
    response = Response(b"x")
    response.headers.update(response_headers)
    assert carries_no_secret(request_, response) is public
