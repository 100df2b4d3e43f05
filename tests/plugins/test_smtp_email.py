"""The SMTP email sender (``smtp-email``) against a local SMTP server: the message on the wire,
logging in, TLS, and servers that cannot be reached."""

import ssl

import pytest
from tessera_sandboxes.certificates import private_pem, rsa_key, self_signed
from tessera_sandboxes.smtp_server import SmtpServer

from tessera.plugins import AdapterError, TenantPlugins, plugin_manager
from tessera.plugins.kit.contract import brand
from tessera.plugins.kit.local_http import closed_port

SEND = "tessera_email_send"
TO = "member@example.com"


@pytest.fixture
def server():
    server = SmtpServer()
    yield server
    server.close()


def send(settings, to=TO, subject="Reset your password", text="Open the link."):
    return TenantPlugins(plugin_manager(), brand({"smtp-email": settings})).first(
        SEND, to=to, subject=subject, text=text
    )


def refusal(settings) -> str:
    with pytest.raises(AdapterError) as refused:
        send(settings)
    return refused.value.code


def test_the_message_is_plain_utf8_text_from_the_sender_with_its_own_message_id(server):
    settings = {"host": "127.0.0.1", "port": server.port, "sender": "Tessera Demo BD <no-reply@demo-bd.localhost>"}
    message_id = send(settings, subject="পাসওয়ার্ড\r\nBcc: all@example.com", text="লিংক: https://demo-bd.localhost/forget")
    message = server.received(None, message_id)
    assert message_id.endswith("@demo-bd.localhost>")
    assert server.envelopes == [("no-reply@demo-bd.localhost", [TO])]
    assert (message["From"], message["To"], message["Subject"]) == (
        settings["sender"],
        TO,
        "পাসওয়ার্ড Bcc: all@example.com",
    )
    assert message["Bcc"] is None and message["Date"]
    assert (message.get_content_type(), message.get_content_charset()) == ("text/plain", "utf-8")
    assert message["Content-Transfer-Encoding"] == "quoted-printable"
    assert message.get_content() == "লিংক: https://demo-bd.localhost/forget\r\n"  # SMTP lines end in CRLF


def test_it_logs_in_with_the_brand_account(server, monkeypatch):
    username, password = server.open_account()
    monkeypatch.setenv("DEMO_SMTP_PASSWORD", password)
    settings = {
        "host": "127.0.0.1",
        "port": server.port,
        "sender": "no-reply@demo-bd.localhost",
        "username": username,
        "password": "env:DEMO_SMTP_PASSWORD",
    }
    assert server.received(username, send(settings)) is not None
    monkeypatch.setenv("DEMO_SMTP_PASSWORD", "not-the-password")
    assert refusal(settings) == "email_send_failed"


def test_a_server_that_cannot_be_reached_fails():
    assert (
        refusal(
            {"host": "127.0.0.1", "port": closed_port(), "sender": "no-reply@demo-bd.localhost", "timeout_seconds": 2}
        )
        == "email_send_failed"
    )


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    """A self-signed certificate for 127.0.0.1: the CA file the brand is told to trust, and the server's TLS context."""
    key, folder = rsa_key(), tmp_path_factory.mktemp("smtp-tls")
    (folder / "cert.pem").write_text(self_signed(key, "127.0.0.1", hosts=("127.0.0.1",)))
    (folder / "key.pem").write_text(private_pem(key))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(folder / "cert.pem", folder / "key.pem")
    return str(folder / "cert.pem"), context


@pytest.mark.parametrize("mode", ["starttls", "ssl"])
def test_tls_checks_the_server_certificate(certificate, mode):
    ca_file, context = certificate
    server = SmtpServer(tls_context=context, implicit_tls=mode == "ssl", require_starttls=mode == "starttls")
    try:
        username, password = server.open_account()
        settings = {
            "host": "127.0.0.1",
            "port": server.port,
            "sender": "no-reply@demo-bd.localhost",
            "username": username,
            "password": password,
            mode: True,
            "timeout_seconds": 5,
        }
        assert server.received(username, send({**settings, "ca_file": ca_file})) is not None
        assert refusal(settings) == "email_send_failed"  # the self-signed certificate is not trusted without ca_file
    finally:
        server.close()


def test_a_server_requiring_starttls_refuses_a_brand_without_it(certificate):
    server = SmtpServer(tls_context=certificate[1], require_starttls=True)
    try:
        assert (
            refusal({"host": "127.0.0.1", "port": server.port, "sender": "no-reply@demo-bd.localhost"})
            == "email_send_failed"
        )
        assert server.envelopes == []
    finally:
        server.close()
