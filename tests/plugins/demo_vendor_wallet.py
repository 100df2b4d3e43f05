"""A brand's seamless wallet on 127.0.0.1, for the demo vendor's game-server tests.

It serves ``POST /vendors/<vassalage>/wallet/<operation>`` as Tessera does: the call is read by the
``demo-vendor`` plugin's ``tessera_seamless_decode`` and answered through its
``tessera_seamless_encode``, so the vendor's game server meets the plugin's real signatures both
ways. Balances live in memory, with the seamless wallet's rules: a replayed transaction id gets its
first answer, other fields ``transaction_conflict``; a rollback of a settled round is
``round_settled``; a rollback that comes before its debit makes the debit ``round_rolled_back``; a
credit settles an open round whenever it comes, is a late win in a settled round for the
protocol's ``LATE_CREDIT_HOURS`` (by ``clock``, which a test moves) and ``round_closed`` after.
Its address is ``http://<brand slug>.localhost:<port>/...``, which only a client resolving
``*.localhost`` itself reaches. ``fail_next`` makes it lose answers.
"""

import threading
import time
from dataclasses import dataclass

from tessera.plugins import AdapterError, TenantPlugins
from tessera.plugins.kit.contract import brand, reference_manager
from tessera.plugins.kit.local_http import LocalServer, QuietHandler
from tessera_plugins import demo_vendor
from tessera_plugins.demo_vendor.protocol import LATE_CREDIT_HOURS, to_minor, to_money

DECODE, ENCODE = "tessera_seamless_decode", "tessera_seamless_encode"


@dataclass(frozen=True)
class Failure:
    """How the wallet fails one call: answers ``status`` (unsigned) after ``stall`` seconds, having
    done what was asked first when ``after_applying`` (an answer lost on the way back)."""

    status: int = 503
    stall: float = 0.0
    after_applying: bool = False


class _Handler(QuietHandler):
    def do_POST(self):  # noqa: N802 - the base class's name
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        parts = self.path.split("/")
        if len(parts) != 5 or parts[1] != "vendors" or parts[3] != "wallet":
            return self.answer(404, {"error": "not_found"})
        status, headers, raw, failure = self.service.handle(parts[2], parts[4], dict(self.headers.items()), body)
        if failure is not None:
            time.sleep(failure.stall)
            if failure.status:
                return self.send_body(failure.status, b'{"error": "unavailable"}')
        self.send_body(status, raw, {k: v for k, v in headers.items() if k.lower() != "content-type"})


class Wallet:
    def __init__(self, settings: dict, slug: str = "demo-bd", currency: str = "BDT"):
        self.slug = slug
        self.currency = currency
        self.plugins = TenantPlugins(
            reference_manager(**{"demo-vendor": demo_vendor}), brand({"demo-vendor": settings}, slug)
        )
        self.balances: dict[int, int] = {}
        self.tokens: dict[str, int] = {}
        self.calls: list[dict] = []  # every call read: operation, the decoded call (or the refusal), the answer
        self._done: dict[str, tuple[tuple, dict]] = {}  # transaction id -> (its fields, its answer)
        self._debits: dict[str, tuple[int, int, str]] = {}  # transaction id -> (member, amount, round)
        self._rounds: dict[str, str] = {}
        self._staked: dict[str, int] = {}  # round -> staked, paid (for cancels and resettles)
        self._paid: dict[str, int] = {}
        self._settled_at: dict[str, float] = {}
        self.clock = time.time
        self._rolled_back_first: set[str] = set()
        self._failures: dict[str, list[Failure]] = {}
        self._lock = threading.Lock()
        self.server = LocalServer(_Handler, self)

    def wallet_url(self, vassalage: str) -> str:
        return f"http://{self.slug}.localhost:{self.server.httpd.server_address[1]}/vendors/{vassalage}/wallet"

    def add_member(self, member_id: int, balance: str, token: str) -> None:
        self.balances[member_id] = to_minor(balance)
        self.tokens[token] = member_id

    def balance(self, member_id: int) -> str:
        return to_money(self.balances[member_id])

    def fail_next(self, operation: str, *failures: Failure) -> None:
        with self._lock:
            self._failures.setdefault(operation, []).extend(failures)

    def operations(self) -> list[str]:
        return [call["operation"] for call in self.calls]

    def handle(self, vassalage: str, operation: str, headers: dict, body: bytes):
        with self._lock:
            pending = self._failures.get(operation)
            failure = pending.pop(0) if pending else None
            try:
                call = self.plugins.call(
                    "demo-vendor", DECODE, vassalage=vassalage, operation=operation, headers=headers, body=body
                )
            except AdapterError as refused:
                call, answer = None, {"ok": False, "code": refused.code}
            else:
                applies = failure is None or failure.after_applying
                answer = self._apply(call) if applies else {"ok": False, "code": "not_applied"}
            self.calls.append({"operation": operation, "call": call, "answer": answer, "failed": failure is not None})
            status, answer_headers, raw = self.plugins.call(
                "demo-vendor",
                ENCODE,
                vassalage=vassalage,
                operation=operation,
                answer=answer,
                headers=headers,
                body=body,
            )
        return status, answer_headers, raw, failure

    def _ok(self, member_id: int, **extra) -> dict:
        return {"ok": True, "balance": to_money(self.balances[member_id]), "currency": self.currency, **extra}

    def _apply(self, call: dict) -> dict:
        member_id, operation = call["memberId"], call["operation"]
        if member_id not in self.balances:
            return {"ok": False, "code": "player_unknown"}
        if operation == "authenticate":
            if self.tokens.get(call["token"]) != member_id:
                return {"ok": False, "code": "token_invalid"}
            return self._ok(member_id, memberId=member_id, username=f"player{member_id}")
        if operation == "balance":
            return self._ok(member_id)
        fields = (operation, member_id, call["roundId"], call.get("amount"), call.get("rollbackOf"))
        done = self._done.get(call["transactionId"])
        if done is not None:
            return done[1] if done[0] == fields else {"ok": False, "code": "transaction_conflict"}
        answer = getattr(self, f"_{operation}")(call, member_id)
        if answer["ok"]:
            answer["transactionId"] = call["transactionId"]
        self._done[call["transactionId"]] = (fields, answer)
        return answer

    def _debit(self, call: dict, member_id: int) -> dict:
        amount, round_id = to_minor(call["amount"]), call["roundId"]
        if call["transactionId"] in self._rolled_back_first:
            return {"ok": False, "code": "round_rolled_back"}
        if self._rounds.get(round_id, "open") != "open":
            return {"ok": False, "code": "round_settled"}
        if self.balances[member_id] < amount:
            return {"ok": False, "code": "insufficient_funds", "balance": to_money(self.balances[member_id])}
        self.balances[member_id] -= amount
        self._rounds[round_id] = "open"
        self._staked[round_id] = self._staked.get(round_id, 0) + amount
        self._debits[call["transactionId"]] = (member_id, amount, round_id)
        return self._ok(member_id)

    def _credit(self, call: dict, member_id: int) -> dict:
        round_id = call["roundId"]
        state = self._rounds.get(round_id)
        if state is None:
            return {"ok": False, "code": "round_unknown"}
        if state == "rolled_back":
            return {"ok": False, "code": "round_rolled_back"}
        if state == "settled" and self.clock() >= self._settled_at[round_id] + LATE_CREDIT_HOURS * 3600:
            return {"ok": False, "code": "round_closed", "balance": self.balance(member_id)}
        self.balances[member_id] += to_minor(call["amount"])
        self._paid[round_id] = self._paid.get(round_id, 0) + to_minor(call["amount"])
        if state == "open":
            self._rounds[round_id] = "settled"
            self._settled_at[round_id] = self.clock()
        return self._ok(member_id)

    def _rollback(self, call: dict, member_id: int) -> dict:
        debit = self._debits.get(call["rollbackOf"])
        if debit is None:
            self._rolled_back_first.add(call["rollbackOf"])
            return self._ok(member_id)
        if self._rounds[debit[2]] == "settled":
            return {"ok": False, "code": "round_settled"}
        if self._rounds[debit[2]] == "open":
            self.balances[member_id] += debit[1]
            self._rounds[debit[2]] = "rolled_back"
        return self._ok(member_id)

    def _cancel(self, call: dict, member_id: int) -> dict:
        round_id = call["roundId"]
        state = self._rounds.get(round_id)
        if state is None or state == "rolled_back":
            return {"ok": False, "code": "round_unknown" if state is None else "round_rolled_back"}
        if state != "cancelled":  # this wallet lets the balance go below zero; Tessera books a debt
            self.balances[member_id] += self._staked[round_id] - self._paid.get(round_id, 0)
            self._rounds[round_id] = "cancelled"
        return self._ok(member_id)

    def _resettle(self, call: dict, member_id: int) -> dict:
        round_id = call["roundId"]
        state = self._rounds.get(round_id)
        if state in (None, "open", "cancelled", "rolled_back"):
            code = {None: "round_unknown", "open": "round_open"}.get(state, f"round_{state}")
            return {"ok": False, "code": code}
        self.balances[member_id] += to_minor(call["amount"]) - self._paid.get(round_id, 0)
        self._paid[round_id] = to_minor(call["amount"])
        return self._ok(member_id)

    def close(self) -> None:
        self.server.close()
