"""Email through an SMTP server (a relay or a provider's submission port).

    [plugins.smtp-email]
    host = "smtp.example"
    port = 587                          # optional: 465 with ssl, 587 with starttls, else 25
    sender = "Tessera <no-reply@demo-bd.example>"
    username = "env:DEMO_BD_SMTP_USER"  # optional; with a password, logs in (AUTH)
    password = "env:DEMO_BD_SMTP_PASSWORD"
    starttls = true                     # optional: upgrade the connection before logging in
    ssl = false                         # optional: TLS from the first byte (SMTPS)
    ca_file = "/etc/ssl/relay-ca.pem"   # optional: the CA a private relay's certificate is checked with
    timeout_seconds = 10                # optional

A check (``tessera tenants check``) connects, starts TLS and logs in as a message would, then
says NOOP and leaves without sending.

Messages are plain text in UTF-8 (quoted-printable, so a relay without 8BITMIME passes them
intact), with a ``Message-ID`` on the sender's domain, which is the id returned. The server's
certificate is checked (host name and chain). A refusal, a failed login or a server that cannot
be reached is ``AdapterError("email_send_failed")``; an address that is not one,
``AdapterError("email_invalid_address")``.
"""

import logging
import re
import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate, make_msgid, parseaddr

from tessera import hookimpl
from tessera.plugins import AdapterError, client

DEFAULT_TIMEOUT = 10
ADDRESS = re.compile(r"^[^@\s<>()\[\],;:\"]+@[^@\s<>()\[\],;:\"]+$")
log = logging.getLogger("tessera.email")

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["host", "sender"],
    "properties": {
        "host": {"type": "string", "minLength": 1},
        "port": {"type": "integer", "minimum": 1, "maximum": 65535},
        "sender": {"type": "string", "pattern": "@"},
        "username": {"type": "string"},
        "password": {"type": "string"},
        "starttls": {"type": "boolean"},
        "ssl": {"type": "boolean"},
        "ca_file": {"type": "string", "minLength": 1},
        "timeout_seconds": {"type": "number", "exclusiveMinimum": 0, "maximum": 120},
    },
}


def _message(settings, to: str, subject: str, text: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings["sender"]
    message["To"] = to
    message["Subject"] = " ".join(str(subject).split())  # one line: no header injection
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = make_msgid(domain=parseaddr(settings["sender"])[1].rpartition("@")[2] or None)
    message.set_content(text, cte="quoted-printable")
    return message


def _tls(settings) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=settings.get("ca_file"))


def _connect(settings) -> smtplib.SMTP:
    host, timeout = settings["host"], settings.get("timeout_seconds", DEFAULT_TIMEOUT)
    if settings.get("ssl"):
        return smtplib.SMTP_SSL(host, settings.get("port", 465), timeout=timeout, context=_tls(settings))
    return smtplib.SMTP(host, settings.get("port", 587 if settings.get("starttls") else 25), timeout=timeout)


def _open(settings, smtp: smtplib.SMTP) -> None:
    if settings.get("starttls") and not settings.get("ssl"):
        smtp.starttls(context=_tls(settings))
    if settings.get("username"):
        smtp.login(settings["username"], settings.get("password", ""))


def _deliver(settings, message: EmailMessage) -> None:
    with _connect(settings) as smtp:
        _open(settings, smtp)
        smtp.send_message(message)


@hookimpl
def tessera_email_send(tenant, settings, to, subject, text):
    if not isinstance(to, str) or not ADDRESS.match(to):
        raise AdapterError("email_invalid_address")
    message = _message(settings, to, subject, text)
    try:
        _deliver(settings, message)
    except (smtplib.SMTPException, OSError) as error:  # refusals; no connection, timeouts, TLS failures
        log.warning(
            "SMTP server %s:%s did not take a message (brand %s): %r",
            settings["host"],
            settings.get("port"),
            tenant.slug,
            error,
        )
        raise AdapterError("email_send_failed") from None
    return message["Message-ID"]


@hookimpl
def tessera_provider_check(tenant, settings):
    try:
        with _connect(settings) as smtp:
            _open(settings, smtp)
            smtp.noop()
    except smtplib.SMTPAuthenticationError as error:
        return client.check_answer(client.REFUSED, f"login refused: {error.smtp_code} {error.smtp_error!r}")
    except smtplib.SMTPResponseException as error:
        return client.check_answer(client.REFUSED, f"{error.smtp_code} {error.smtp_error!r}")
    except (smtplib.SMTPException, OSError) as error:  # no connection, timeouts, TLS failures
        return client.check_answer(client.UNREACHABLE, repr(error))
    return client.check_answer(client.OK, "connected and logged in" if settings.get("username") else "connected")


# -- Contract helpers (the kit's email-sender suite) ----------------------------------------
# They use the local SMTP server of the development sandboxes (tessera_sandboxes.smtp_server).


def _local_settings(refusing: bool) -> dict:
    from tessera_sandboxes.smtp_server import shared

    username, password = shared().open_account(refusing=refusing)
    return {
        "host": "127.0.0.1",
        "port": shared().port,
        "sender": "Tessera <no-reply@tessera.localhost>",
        "username": username,
        "password": password,
        "timeout_seconds": 5,
    }


def contract_settings() -> dict:
    return _local_settings(refusing=False)


def contract_refusing_settings() -> dict:
    return _local_settings(refusing=True)


def contract_delivered(settings, message_id):
    from tessera_sandboxes.smtp_server import shared

    message = shared().received(settings.get("username"), message_id)
    return (str(message["To"]), str(message["Subject"]), message.get_content()) if message else None


def contract_check_settings(outcome: str) -> dict:
    """Settings whose check answers ``outcome`` (the kit's provider-check suite)."""
    from tessera.plugins.kit.local_http import closed_port

    settings = contract_settings()
    if outcome == "refused":
        settings["password"] = "not-" + settings["password"]
    elif outcome == "unreachable":
        settings["port"] = closed_port()
    return settings
