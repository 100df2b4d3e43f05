"""The vendor wallets reconciled with the betting records: the wallet compares each member's wallet
at a transfer-wallet vendor with what the vendor holds, counting the rounds pulled since the last
transfer, which these records keep."""

from sqlalchemy import case, func, select

from tessera.games.bets.models import OPEN, SETTLED, GameBet
from tessera.games.vendors import TRANSFER
from tessera.wallet.transfers import vendor_wallets
from tessera.wallet.transfers.vendor_wallets import VendorAudit


def vendor_rounds(db, tenant_id: int, vassalage: str, member_ids: list[int] | None = None) -> dict[int, int]:
    """The net of members' rounds at a transfer-wallet vendor (the wallet's ``VendorRounds``)."""
    net = case(
        (GameBet.status == SETTLED, GameBet.payout_minor - GameBet.bet_minor),
        (GameBet.status == OPEN, -GameBet.bet_minor),
        else_=0,
    )
    query = (
        select(GameBet.member_id, func.sum(net))
        .where(
            GameBet.tenant_id == tenant_id,
            GameBet.vassalage == vassalage,
            GameBet.wallet_mode == TRANSFER,
        )
        .group_by(GameBet.member_id)
    )
    if member_ids is not None:
        query = query.where(GameBet.member_id.in_(member_ids))
    return {member: int(total or 0) for member, total in db.execute(query)}


def reconcile_vendor_wallets(db, tenant, plugins, listed: list[str], commit=None) -> VendorAudit:
    """Ask each of the brand's transfer-wallet vendors (``listed``, and any the ledger holds wallets
    at) what every member holds there, and compare it with the ledger and the rounds pulled."""
    return vendor_wallets.reconcile(db, tenant, plugins, listed, vendor_rounds, commit)
