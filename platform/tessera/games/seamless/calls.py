"""What a seamless-wallet vendor sends, as its plugin decoded it, checked; and the refusals it is
answered (the answer's ``code``)."""

import hashlib
import json
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from tessera.core.money import Money

# Seamless-wallet operations, as vendors call them.
AUTHENTICATE, BALANCE, DEBIT, CREDIT, ROLLBACK = "authenticate", "balance", "debit", "credit", "rollback"
CANCEL, RESETTLE = "cancel", "resettle"  # a round voided; a settled round's payout corrected
OPERATIONS = (AUTHENTICATE, BALANCE, DEBIT, CREDIT, ROLLBACK, CANCEL, RESETTLE)
# The refusals a vendor is answered (the answer's ``code``).
SIGNATURE_INVALID, REQUEST_INVALID = "signature_invalid", "request_invalid"
TOKEN_INVALID, PLAYER_UNKNOWN, INSUFFICIENT_FUNDS = "token_invalid", "player_unknown", "insufficient_funds"
TRANSACTION_CONFLICT, AMOUNT_INVALID = "transaction_conflict", "amount_invalid"
ROUND_UNKNOWN, ROUND_SETTLED, ROUND_ROLLED_BACK = "round_unknown", "round_settled", "round_rolled_back"
ROUND_CLOSED = "round_closed"  # settled longer ago than the vendor's late-credit window
ROUND_OPEN, ROUND_CANCELLED = "round_open", "round_cancelled"
ID_LENGTH, TOKEN_LENGTH = 64, 512


class Refusal(Exception):
    """A call refused; ``kept`` when its answer is kept for replays (it depends on what the wallet
    held then), not when any replay would be refused the same way anyway."""

    def __init__(self, code: str, kept: bool = False):
        super().__init__(code)
        self.code = code
        self.kept = kept


def refused(code: str, balance: str | None = None) -> dict:
    """A refusal's answer, with the member's balance (as the brand's money writes it) when known."""
    answer = {"ok": False, "code": code}
    if balance is not None:
        answer["balance"] = balance
    return answer


@dataclass(frozen=True)
class Call:
    operation: str
    token: str | None = None
    member_id: int | None = None
    transaction_id: str | None = None
    round_id: str | None = None
    game_code: str | None = None
    amount_minor: int | None = None
    rollback_of: str | None = None

    @property
    def fingerprint(self) -> str:
        """What makes two calls of one transaction id the same call."""
        fields = [self.operation, self.member_id, self.round_id, self.game_code, self.amount_minor, self.rollback_of]
        return hashlib.sha256(json.dumps(fields, separators=(",", ":")).encode()).hexdigest()


def _text(decoded: dict, field: str, required: bool, longest: int = ID_LENGTH) -> str | None:
    value = decoded.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= longest or not value.isprintable():
        raise Refusal(REQUEST_INVALID)
    return value


def _amount(value, least: int, money: Money) -> int:
    """Minor units of a Decimal string; a number that is not one, finer than the brand's step,
    below ``least`` or beyond any amount refuses the call (``amount_invalid``: the protocol's
    answer to an amount the wallet cannot hold)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, Decimal)) or len(str(value)) > 40:
        raise Refusal(AMOUNT_INVALID)
    try:
        number = Decimal(value)
        minor = money.to_minor(number) if number.is_finite() else None
    except (InvalidOperation, ValueError):
        minor = None
    if minor is None or not money.on_step(minor) or not least <= minor <= money.largest:
        raise Refusal(AMOUNT_INVALID)
    return minor


def read_call(operation: str, decoded, money: Money) -> Call:
    """The call a vendor plugin decoded, checked; a Refusal when it is not one the wallet can run."""
    if not isinstance(decoded, dict) or decoded.get("operation") != operation:
        raise Refusal(REQUEST_INVALID)
    if decoded.get("currency") not in (None, money.code):
        raise Refusal(REQUEST_INVALID)
    if operation == AUTHENTICATE:
        return Call(operation, token=_text(decoded, "token", True, TOKEN_LENGTH))
    member_id = decoded.get("memberId")
    if isinstance(member_id, bool) or not isinstance(member_id, int) or not 0 < member_id < 2**63:
        raise Refusal(REQUEST_INVALID)
    if operation == BALANCE:
        return Call(operation, member_id=member_id)
    moves = operation in (DEBIT, CREDIT, RESETTLE)
    return Call(
        operation,
        member_id=member_id,
        transaction_id=_text(decoded, "transactionId", True),
        round_id=_text(decoded, "roundId", moves or operation == CANCEL),
        game_code=_text(decoded, "gameCode", operation == DEBIT),
        amount_minor=_amount(decoded.get("amount"), 1 if operation == DEBIT else 0, money) if moves else None,
        rollback_of=_text(decoded, "rollbackOf", operation == ROLLBACK),
    )
