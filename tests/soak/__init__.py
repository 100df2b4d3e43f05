"""``python -m tests.soak``: the ledger's fault-injection proof through two app nodes, on PostgreSQL,
every money path at once.

Needs PostgreSQL (TESSERA_BENCH_POSTGRES_URL, by default the local server as postgres; without it
the soak says so and stops with status 0). It makes a database of its own (``tessera_soak``,
dropped at the end) from a copy of the brand folders whose plugins call the development sandboxes
(``python -m tessera_sandboxes``: the payment gateway, the transfer-wallet vendor) on the soak's
port, with secrets made up for the run: migrated, the demo brands synced, the test suite's
seamless vendor enabled on demo-bd beside its transfer-wallet vendor, MEMBERS funded members each
with a session, a payment password and a bank account, and an operator key.

Two Tessera nodes (gunicorn, production settings) serve it on the next two ports; the brand's
public address, where the gateway sends its notifications, is the first node's. CLIENTS threads
run OPERATIONS money operations in all, each drawn from a fixed seed (TESSERA_SOAK_SEED) and its
number (``operations``): seamless rounds (a debit, then a win, a win of nothing or a rollback),
bonuses, deposits through the gateway (started by the member, paid or cancelled on the gateway's
checkout page, notified by the gateway, now and then notified again) and by bank transfer (approved
by an operator), withdrawals (the member's request with their payment password, then an operator
pays or rejects it), and transfers to and from the vendor's wallet (out now and then "all"). A
call is sent again now and then with the same ids, as members, operators and vendors do. A client
sends each call to the nodes in turn and, when a call gets no answer (a node killed, a connection
reset, a 5xx), sends it again with the same ids to the other node until it is answered. Meanwhile
a database backend is terminated in the middle of its transaction every 50 requests (about 2% of
them), and the first node is killed (SIGKILL, master and workers) once, half-way, then started
again on the same socket (the gateway sends its notifications again until the node takes them).

At the end (``checks``): each answered call posted once (as many transactions of each kind as
calls answered, no idempotency key twice, no source settled both ways, as many deposits,
withdrawals and transfers kept as answered, none left under way); every member holding their
funding plus what the answered calls moved; every vendor-wallet mirror equal to the balance the
vendor itself gives; and ``tessera ledger audit`` clean (every brand's ledger, and the vendor
wallets reconciled with the vendor). Exit status 1 otherwise. Counts are printed.
"""

from tests.bench.money import application

__all__ = ["application"]
