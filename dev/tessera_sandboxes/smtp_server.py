"""A local SMTP server (aiosmtpd) that keeps what it receives, per account.

Accounts log in with AUTH PLAIN/LOGIN (allowed without TLS here: the server listens on 127.0.0.1
only); mail sent without logging in goes to the account ``None``. An account opened with
``refusing=True`` has every message refused (554). ``tls_context`` offers STARTTLS, or with
``implicit_tls`` speaks TLS from the first byte (SMTPS).
"""

import atexit
import email
import email.policy
import secrets
import ssl
import threading
from email.message import EmailMessage
from functools import lru_cache

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class _Controller(Controller):
    """Listens on a port the system picks (aiosmtpd's own Controller needs the port beforehand)."""

    def _trigger_server(self):
        self.port = self.server.sockets[0].getsockname()[1]
        super()._trigger_server()


class SmtpServer:
    def __init__(
        self, tls_context: ssl.SSLContext | None = None, implicit_tls: bool = False, require_starttls: bool = False
    ):
        self._lock = threading.Lock()
        self.passwords: dict[str, str] = {}
        self.refusing: set[str | None] = set()
        self.mailboxes: dict[str | None, dict[str, EmailMessage]] = {None: {}}  # account -> Message-ID -> message
        self.envelopes: list[tuple[str, list[str]]] = []  # (MAIL FROM, RCPT TO) of each message received
        tls = (
            {"ssl_context": tls_context}
            if implicit_tls
            else {"tls_context": tls_context, "require_starttls": require_starttls}
        )
        self.controller = _Controller(
            self,
            hostname="127.0.0.1",
            port=0,
            authenticator=self._authenticate,
            auth_require_tls=False,
            server_hostname="localhost",
            **tls,
        )
        self.controller.start()

    @property
    def port(self) -> int:
        return self.controller.port

    def open_account(self, refusing: bool = False) -> tuple[str, str]:
        username, password = f"brand-{secrets.token_hex(4)}", secrets.token_hex(12)
        with self._lock:
            self.passwords[username] = password
            self.mailboxes[username] = {}
            if refusing:
                self.refusing.add(username)
        return username, password

    def received(self, account: str | None, message_id: str) -> EmailMessage | None:
        return self.mailboxes.get(account, {}).get(message_id)

    def _authenticate(self, server, session, envelope, mechanism, auth_data):
        if not isinstance(auth_data, LoginPassword):
            return AuthResult(success=False, handled=False)
        username, password = auth_data.login.decode(), auth_data.password.decode()
        known = secrets.compare_digest(self.passwords.get(username, "\0"), password)
        return AuthResult(success=known, handled=False, auth_data=username if known else None)

    async def handle_DATA(self, server, session, envelope):
        account = session.auth_data
        if account in self.refusing:
            return "554 5.7.1 Message refused"
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self._lock:
            self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
            self.mailboxes[account][str(message["Message-ID"])] = message
        return "250 2.0.0 OK"

    def close(self) -> None:
        self.controller.stop()


@lru_cache(maxsize=1)
def shared() -> SmtpServer:
    """The server the contract suite's settings point at, one per test process."""
    server = SmtpServer()
    atexit.register(server.close)
    return server
