"""A plugin's HTTP calls share one TLS context for each set of authorities (making one costs more
CPU than the rest of a money call), and it still verifies: a service whose certificate an
authority of SSL_CERT_FILE signed is reached, one that no trusted authority signed is not."""

import ssl
import threading
from http.server import ThreadingHTTPServer

import pytest
from tessera_sandboxes.certificates import private_pem, rsa_key, self_signed

from tessera.plugins import AdapterError, client
from tessera.plugins.kit.local_http import QuietHandler


class Answering(QuietHandler):
    def do_GET(self):
        self.answer(200, {"ok": True})


@pytest.fixture
def service(tmp_path):
    """An HTTPS service on 127.0.0.1 with a certificate of its own: its settings and certificate file."""
    key = rsa_key()
    certificate, key_file = tmp_path / "service.pem", tmp_path / "service.key"
    certificate.write_text(self_signed(key, "service", ("127.0.0.1",)))
    key_file.write_text(private_pem(key))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key_file)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Answering)
    httpd.daemon_threads = True
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    settings = {"base_url": f"https://127.0.0.1:{httpd.server_address[1]}", "operator_id": "op", "secret": "s"}
    yield {**settings, "timeout_seconds": 5}, certificate
    httpd.shutdown()
    httpd.server_close()
    thread.join()


def test_a_service_an_authority_of_ssl_cert_file_signed_is_reached_through_the_shared_context(service, monkeypatch):
    settings, certificate = service
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate))
    shared = client.tls()
    handshakes = shared.session_stats()["connect"]
    for _ in range(2):
        assert client.SignedClient(settings).call("GET", "/status") == (200, {"ok": True})
    assert shared.session_stats()["connect"] == handshakes + 2
    assert [authority["subject"] for authority in shared.get_ca_certs()] == [((("commonName", "service"),),)]


def test_a_service_no_trusted_authority_signed_is_unavailable(service, monkeypatch, tmp_path):
    settings, _ = service
    other = tmp_path / "other.pem"
    other.write_text(self_signed(rsa_key(), "other", ("127.0.0.1",)))
    monkeypatch.setenv("SSL_CERT_FILE", str(other))
    with pytest.raises(AdapterError) as refused:
        client.SignedClient(settings).call("GET", "/status")
    assert refused.value.code == "vendor_unavailable"
    assert "CERTIFICATE_VERIFY_FAILED" in refused.value.reason


def test_one_context_for_each_set_of_authorities(service, monkeypatch, tmp_path):
    _, certificate = service
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate))
    first = client.tls()
    assert client.tls() is first
    other = tmp_path / "other.pem"
    other.write_text(self_signed(rsa_key(), "other"))
    monkeypatch.setenv("SSL_CERT_FILE", str(other))
    assert client.tls() is not first
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate))
    assert client.tls() is first
