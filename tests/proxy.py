"""A round-robin load balancer in front of app nodes: a TCP proxy on a free loopback port that
hands each new connection to the next node in turn.

A node refusing the connection (its server is gone) is passed over for the next one, as a load
balancer does when nothing was sent yet. A node that dies with a connection open drops it: the
client sees the connection reset or closed without an answer, and sends its call again, as a real
client behind a real balancer does. ``routes`` lists the node each connection went to, in order.
"""

import itertools
import socket
import struct
import threading

CONNECT_TIMEOUT = 2.0  # seconds to reach a node
IDLE_TIMEOUT = 60.0  # seconds a connection may carry nothing before it is dropped


class NoNodeAnswers(OSError):
    pass


class RoundRobinProxy:
    """Connections on ``port`` to ``nodes`` (anything with a ``port``, read at each connection,
    so a node may come back on another port) in turn; ``close()`` stops it and drops every
    connection still open."""

    def __init__(self, nodes: list):
        self.nodes = nodes
        self.routes: list[int] = []
        self._turn = itertools.count()
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._threads: list[threading.Thread] = []
        self._closed = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", 0), backlog=128)
        self._listener.settimeout(0.1)  # to notice close() between connections
        self.port = self._listener.getsockname()[1]
        self._accepting = threading.Thread(target=self._accept, name="proxy-accept", daemon=True)
        self._accepting.start()

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:  # closed
                return
            thread = threading.Thread(target=self._serve, args=(client,), name="proxy-connection", daemon=True)
            with self._lock:
                self._open.add(client)
                self._threads = [t for t in self._threads if t.is_alive()] + [thread]
            thread.start()

    def _connect(self) -> socket.socket:
        """A connection to the next node that takes one; NoNodeAnswers when none does."""
        for _ in range(len(self.nodes)):
            with self._lock:
                n = next(self._turn) % len(self.nodes)
            try:
                node = socket.create_connection(("127.0.0.1", self.nodes[n].port), timeout=CONNECT_TIMEOUT)
            except OSError:
                continue
            node.settimeout(IDLE_TIMEOUT)
            with self._lock:
                self.routes.append(n)
                self._open.add(node)
            return node
        raise NoNodeAnswers("no node takes connections")

    def _serve(self, client: socket.socket) -> None:
        client.settimeout(IDLE_TIMEOUT)
        node = None
        try:
            node = self._connect()
            answers = threading.Thread(target=self._pipe, args=(node, client), name="proxy-answers", daemon=True)
            answers.start()
            self._pipe(client, node)
            answers.join(IDLE_TIMEOUT)
        except OSError:
            _reset(client)
        finally:
            for end in (client, node):
                if end is not None:
                    with self._lock:
                        self._open.discard(end)
                    end.close()

    @staticmethod
    def _pipe(source: socket.socket, target: socket.socket) -> None:
        """Copy ``source`` to ``target`` until ``source`` ends; a failure on either side drops both."""
        try:
            while data := source.recv(65536):
                target.sendall(data)
            target.shutdown(socket.SHUT_WR)
        except OSError:
            _reset(source)
            _reset(target)

    def close(self) -> None:
        self._closed.set()
        self._accepting.join(5)
        self._listener.close()
        with self._lock:
            still_open, threads = list(self._open), list(self._threads)
        for end in still_open:
            _reset(end)
        for thread in threads:
            thread.join(5)


def _reset(end: socket.socket) -> None:
    """Drop the connection now: a reset, not a polite close, and wake whoever reads it."""
    try:
        end.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        end.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
