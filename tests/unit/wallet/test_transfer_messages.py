"""Every code the balance, transfer, upline and record calls answer has an English and a Bengali
message: the codes named in their modules' refusals, and those of the ledger and of amounts."""

import ast
from pathlib import Path

import pytest

import tessera.core.money
import tessera.wallet
from tessera.core.i18n import LANGUAGES, catalog

WALLET = Path(tessera.wallet.__file__).parent
MODULES = (
    WALLET / "balances/services.py",
    WALLET / "transfers/services.py",
    WALLET / "transfers/upline.py",
    WALLET / "balances/history.py",
    WALLET / "ledger/services.py",
    Path(tessera.core.money.__file__),  # the amounts' refusals
    WALLET / "requests.py",
)


def _refusal(node) -> bool:
    """``ApiError(status, code, ...)``, or a refusal class's ``super().__init__(status, code)``."""
    called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
    return called in ("ApiError", "__init__") and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)


def codes_in(source: str) -> set[str]:
    """The literal codes of the refusals in ``source``."""
    return {node.args[1].value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call) and _refusal(node)}


def wallet_codes() -> set[str]:
    return set().union(*(codes_in(path.read_text("utf-8")) for path in MODULES))


def test_the_walk_finds_the_codes():
    assert {
        "request_id_invalid",
        "vendor_unknown",
        "vendor_not_transfer",
        "transfer_unavailable",
        "upline_transfer_not_allowed",
        "date_invalid",
        "insufficient_funds",
        "idempotency_conflict",
        "amount_invalid",
        "amount_too_precise",
    } <= wallet_codes()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_code_has_a_message(language):
    assert wallet_codes() - set(catalog(language)) == set()
