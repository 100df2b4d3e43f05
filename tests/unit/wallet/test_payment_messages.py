"""Every code the deposit, withdrawal, bank account, payment password and operator calls can
answer has an English and a Bengali message."""

import ast
from pathlib import Path

import pytest

import tessera.wallet
from tessera.core.i18n import catalog

WALLET = Path(tessera.wallet.__file__).parent
MODULES = (
    "payments/deposits.py",
    "payments/withdrawals.py",
    "payments/bank_accounts.py",
    "payments/password.py",
    "operators/services.py",
    "operators/views.py",
    "payments/views.py",
    "payments/services.py",
)
# Refusals these calls pass on from elsewhere: the proof image checks (system.feedback), the
# amount checks (wallet.money), the ledger's, and the gateway's that reach the member.
PASSED_ON = {
    "feedback_image_type",
    "feedback_image_too_large",
    "amount_invalid",
    "amount_too_precise",
    "amount_below_minimum",
    "amount_above_maximum",
    "insufficient_funds",
    "idempotency_conflict",
    "payment_unavailable",
    "payment_refused",
}
CODE_ARGUMENT = {"ApiError": 1, "KeptRefusal": 1, "translate": 0, "field_refusal": 2}


def codes_in(source: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            position = CODE_ARGUMENT.get(name)
            argument = node.args[position] if position is not None and len(node.args) > position else None
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                found.add(argument.value)
    return found


def payment_codes() -> set[str]:
    return set().union(*(codes_in((WALLET / name).read_text("utf-8")) for name in MODULES)) | PASSED_ON


def test_the_walk_finds_the_codes():
    assert {
        "payment_password_wrong",
        "operator_key_invalid",
        "bank_account_limit",
        "deposit_state_conflict",
        "payment_signature_invalid",
        "field_required",
    } <= payment_codes()


@pytest.mark.parametrize("language", ["en", "bn", "vi"])
def test_every_payment_code_has_a_message(language):
    assert payment_codes() - set(catalog(language)) == set()
