"""``python -m tests.fuzz [ST_RUN_OPTIONS]``: schemathesis over the whole API of the server at
TESSERA_E2E_URL (``make fuzz`` starts one, with the sandboxes, on a database of its own).

A new member of demo-bd is made with the command line and logs in as the shell does (an
encrypted login); an operator key of demo-bd is made and gives the member money; the member
starts a bank-transfer deposit and a withdrawal. So the fuzzer reaches the member's calls, the
money calls and the operator API past their checks, and the calls about one deposit or
withdrawal find one. Then ``st run`` reads the description at /api/openapi.json with
tests/fuzz/schemathesis.toml (a fixed seed, a bounded number of examples a call); its exit
status is this one's.
"""

import json
import os
import secrets
import subprocess
import sys
import urllib.request
from pathlib import Path

from ..calls import seal

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
BIN = Path(sys.executable).parent
HOST = "demo-bd.localhost"
PASSWORD, PAYMENT_PASSWORD = "Fuzz0pass", "246810"


def tessera(*args: str) -> str:
    return subprocess.run([str(BIN / "tessera"), *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def request_id() -> str:
    return f"fuzz{secrets.token_hex(8)}"


class Caller:
    """demo-bd's API as one caller: anyone, or the bearer of a member's token or an operator key."""

    def __init__(self, base: str, bearer: str = ""):
        self.base, self.bearer = base, bearer

    def call(self, method: str, path: str, body: bytes | None = None, content_type: str = "application/json"):
        headers = {"Host": HOST, "Content-Type": content_type}
        if self.bearer:
            headers["Authorization"] = f"Bearer {self.bearer}"
        request = urllib.request.Request(self.base + path, body, method=method, headers=headers)
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)["value"]

    def post(self, path: str, fields: dict):
        return self.call("POST", path, json.dumps(fields).encode())

    def post_sealed(self, path: str, fields: dict):
        """An encrypted call, sealed for the brand's public key."""
        public_key = self.call("GET", "/wps/system/status")["publicKey"]
        return self.call("POST", path, seal(public_key, fields).encode(), "application/jose")


def log_in(base: str, username: str) -> str:
    login = {"username": username, "password": PASSWORD, "type": "username"}
    return Caller(base).post_sealed("/wps/session/login", login)["token"]


def money_rows(member: Caller) -> dict[str, str]:
    """A pending deposit and a pending withdrawal of the member, by their ids."""
    deposit = member.post(
        "/wps/wallet/deposits", {"channel": "dbbl", "amount": "500.00", "reference": "FUZZ", "requestId": request_id()}
    )
    member.post_sealed(
        "/wps/member/payment-password",
        {"password": PASSWORD, "paymentPassword": PAYMENT_PASSWORD, "confirmPaymentPassword": PAYMENT_PASSWORD},
    )
    account = member.post(
        "/wps/wallet/bank-accounts", {"bankName": "Fuzz Bank", "accountName": "Fuzz", "accountNumber": "0123456789"}
    )
    withdrawal = member.post(
        "/wps/wallet/withdrawals",
        {
            "bankAccountId": account["id"],
            "amount": "500.00",
            "paymentPassword": PAYMENT_PASSWORD,
            "requestId": request_id(),
        },
    )
    return {
        "TESSERA_FUZZ_DEPOSIT_ID": str(deposit["deposit"]["id"]),
        "TESSERA_FUZZ_WITHDRAWAL_ID": str(withdrawal["id"]),
    }


def main() -> int:
    base = os.environ["TESSERA_E2E_URL"]
    name = f"fuzz{secrets.token_hex(4)}"
    tessera("members", "create", "demo-bd", name, "--type", "4", "--password", PASSWORD)
    key = tessera("operators", "create-key", "demo-bd", name).splitlines()[-1].strip()
    Caller(base, key).post(
        "/ops/bonuses", {"username": name, "amount": "5000.00", "title": "fuzz", "requestId": request_id()}
    )
    token = log_in(base, name)
    env = {
        **os.environ,
        **money_rows(Caller(base, token)),
        "TESSERA_FUZZ_HOST": HOST,
        "TESSERA_FUZZ_MEMBER_TOKEN": token,
        "TESSERA_FUZZ_LOGOUT_TOKEN": log_in(base, name),
        "TESSERA_FUZZ_OPERATOR_KEY": key,
    }
    command = [
        str(BIN / "st"),
        "--config-file",
        str(HERE / "schemathesis.toml"),
        "run",
        f"{base}/api/openapi.json",
        "--url",
        base,
        *sys.argv[1:],
    ]
    return subprocess.run(command, cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
