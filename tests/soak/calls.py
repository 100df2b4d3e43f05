"""How a soak client calls Tessera: through the two nodes in turn, a call without an answer (a node
killed, a connection reset, a 5xx) sent again with the same ids to the other node until one
answers it; as a member, an operator, the seamless vendor and the payment gateway send theirs.
And the gateway's checkout page, where the member pays or cancels."""

import http.client
import itertools
import json
import time
from urllib.parse import urlsplit

from tests.bench.seamless import BRAND, HOST, SEAMLESS_VENDOR, SECRETS, SIGNATURE, TIMESTAMP, signature
from tests.bench.servers import ServerFailed

from tessera_plugins.signed_gateway.protocol import gateway_message

from .prepare import GATEWAY_PLUGIN, Brand, Player

GIVE_UP = 120.0  # seconds one call may go unanswered before the soak fails
JSON = {"Content-Type": "application/json"}


class Caller:
    """One client's keep-alive connections to the nodes and to the gateway's checkout."""

    def __init__(self, nodes, brand: Brand, sandboxes_port: int, tally):
        self.nodes, self.brand, self.tally = nodes, brand, tally
        self.sandboxes_port = sandboxes_port
        self.connections: dict[int, http.client.HTTPConnection] = {}
        self.checkout_connection: http.client.HTTPConnection | None = None
        self.turn = itertools.count()

    def send(self, method: str, path: str, body: bytes | None, headers: dict) -> tuple[int, dict]:
        """The call's first answer below 500: its status and JSON body."""
        deadline = time.monotonic() + GIVE_UP
        while time.monotonic() < deadline:
            node = next(self.turn) % len(self.nodes)
            try:
                connection = self.connections.get(node) or http.client.HTTPConnection(
                    "127.0.0.1", self.nodes[node].port, timeout=30
                )
                self.connections[node] = connection
                self.tally.count("requests")
                connection.request(method, path, body=body, headers={"Host": HOST, **headers})
                response = connection.getresponse()
                answer = response.read()
                if response.status < 500:
                    return response.status, json.loads(answer)
                self.tally.count("answered 5xx, sent again")
            except (OSError, http.client.HTTPException):
                self.tally.count("no answer, sent again")
                self.connections.pop(node, None)
                time.sleep(0.05)
        raise ServerFailed(f"{method} {path}: no answer in {GIVE_UP:.0f} s")

    def member(self, player: Player, method: str, path: str, fields: dict | None = None) -> tuple[int, dict]:
        body = None if fields is None else json.dumps(fields).encode()
        return self.send(method, path, body, {**player.headers, **JSON})

    def operator(self, path: str, fields: dict | None = None) -> dict:
        """An operator's POST to ``/ops/...``: its value; anything but a success stops the soak."""
        headers = {"Authorization": f"Bearer {self.brand.operator_key}", **({} if fields is None else JSON)}
        status, answer = self.send("POST", path, None if fields is None else json.dumps(fields).encode(), headers)
        if status != 200 or not answer.get("success"):
            raise ServerFailed(f"POST {path} answered {status}: {answer}")
        return answer["value"]

    def vendor(self, operation: str, fields: dict) -> dict:
        """The seamless vendor's signed wallet call (``debit``, ``credit``, ``rollback``)."""
        body = json.dumps(fields).encode()
        stamp = str(int(time.time()))
        headers = {**JSON, TIMESTAMP: stamp, SIGNATURE: signature(SECRETS[BRAND], stamp, body)}
        status, answer = self.send("POST", f"/vendors/{SEAMLESS_VENDOR}/wallet/{operation}", body, headers)
        if status != 200:
            raise ServerFailed(f"{operation} answered {status}: {answer}")
        return answer

    def notify(self, channel: str, fields: dict) -> tuple[int, dict]:
        """The gateway's notification of ``fields``, signed afresh, as a gateway sends one again."""
        headers, body = gateway_message(self.brand.plugin(GATEWAY_PLUGIN)["secret"], fields)
        return self.send("POST", f"/wps/payments/webhook/{GATEWAY_PLUGIN}/{channel}", body, headers)

    def checkout(self, url: str, action: str) -> None:
        """The member presses Pay or Cancel on the gateway's checkout page at ``url``; the gateway
        sends its notification before it answers."""
        parts = urlsplit(url)
        if (parts.hostname, parts.port) != ("127.0.0.1", self.sandboxes_port):
            raise ServerFailed(f"a checkout page elsewhere than at the sandboxes: {url}")
        for _ in range(3):
            connection = self.checkout_connection or http.client.HTTPConnection(
                "127.0.0.1", self.sandboxes_port, timeout=30
            )
            self.checkout_connection = connection
            try:
                headers = {"Content-Type": "application/x-www-form-urlencoded"}
                connection.request("POST", parts.path, body=f"action={action}".encode(), headers=headers)
                response = connection.getresponse()
                response.read()
            except (OSError, http.client.HTTPException):
                self.checkout_connection = None
                continue
            if response.status != 303:
                raise ServerFailed(f"the checkout page answered {response.status} to {action}")
            return
        raise ServerFailed(f"the checkout page at {url} does not answer")

    def close(self) -> None:
        for connection in [*self.connections.values(), self.checkout_connection]:
            if connection is not None:
                connection.close()
