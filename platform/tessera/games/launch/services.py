"""Launching a game: the URL the /game page opens, from the vendor's plugin.

A real account (member type 4) plays for money, any other account plays free. For a
seamless-wallet vendor the member gets a launch token the vendor authenticates with at the
brand's seamless wallet; for a transfer-wallet vendor the whole main balance moves into the
vendor's wallet first, through the wallet's transfer service (the /game page moves it back when
the member leaves). What the launch wrote (the launch session, the transfer held as pending) is
committed before the vendor is asked anything.
"""

import hashlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select

from tessera.core.envelope import ApiError
from tessera.games.catalog.services import find_game
from tessera.games.catalog.settings import NOT_SET, refusal, vendor_states
from tessera.games.launch.models import GameSession
from tessera.games.vendors import SEAMLESS
from tessera.identity.accounts.models import Member
from tessera.plugins import AdapterError
from tessera.wallet.requests import request_key
from tessera.wallet.transfers.models import DONE, IN
from tessera.wallet.transfers.services import ask_vendor, find_transfer, pending_of, settle, start

log = logging.getLogger(__name__)
WEB = "WEB"
SESSION_LIFETIME = timedelta(hours=12)


@dataclass(frozen=True)
class Launchable:
    """A game to launch, read before the launch commits (rows are not read after it)."""

    game_id: int
    vassalage: str
    game_code: str
    wallet_mode: str | None  # as the vendor declares it


def launchable(db, tenant_id: int, plugins, vassalage: str, game_code: str, at: datetime) -> Launchable:
    """The brand's game; 404 game_unknown for a game the brand does not offer (or staff disabled,
    or whose vendor they disabled), 503 game_maintenance for a game or vendor staff put in
    maintenance, 503 game_unavailable when its vendor cannot list itself now."""
    game = find_game(db, tenant_id, vassalage, game_code)
    if game is None:
        raise ApiError(404, "game_unknown", gameCode=game_code, vassalage=vassalage)
    refused = refusal(vendor_states(db, tenant_id).get(vassalage, NOT_SET), game.state, at)
    if refused is not None:
        raise ApiError(refused[0], refused[1], gameCode=game_code, vassalage=vassalage)
    vendor = next((v for v in plugins.game_vendors() if v["vassalage"] == vassalage), None)
    if vendor is None:
        raise ApiError(503, "game_unavailable", vassalage=vassalage)
    return Launchable(game.id, game.vassalage, game.game_code, vendor.get("walletMode"))


def vendor_url(plugins, game: Launchable, player: dict | None, language: str, device: str | None) -> str:
    """The vendor's URL for the game; free play when there is no player."""
    try:
        url = plugins.game_launch(game.vassalage, game.game_code, player, language, device or WEB, player is None)
    except (AdapterError, OSError) as exc:  # refused, down, or timed out
        log.warning("game launch failed", extra={"vassalage": game.vassalage, "error": repr(exc)})
        raise ApiError(503, "game_unavailable", vassalage=game.vassalage) from None
    if not isinstance(url, str) or not url:
        raise ApiError(503, "game_unavailable", vassalage=game.vassalage)
    return url


# -- Launch sessions ----------------------------------------------------------------------------


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def open_session(db, tenant_id: int, member_id: int, vassalage: str, game_id: int, at: datetime) -> str:
    """A launch token for the vendor to authenticate the member with: 256 random bits, of which
    only the SHA-256 is kept; it works for ``SESSION_LIFETIME``."""
    token = secrets.token_urlsafe(32)
    db.add(
        GameSession(
            tenant_id=tenant_id,
            member_id=member_id,
            vassalage=vassalage,
            game_id=game_id,
            token_hash=token_hash(token),
            created_at=at,
            expires_at=at + SESSION_LIFETIME,
        )
    )
    db.flush()
    return token


# -- Playing for money --------------------------------------------------------------------------


class MoneyLaunch:
    """A real account's launch on one brand, inside the caller's unit of work: ``commit`` makes
    what was written so far durable and goes on in a new transaction, scoped to the brand again."""

    def __init__(self, db, tenant, plugins, ledger, commit: Callable[[], None]):
        self.db, self.tenant, self.plugins, self.ledger, self.commit = db, tenant, plugins, ledger, commit

    def player(self, game: Launchable, member_id: int, wallet_url: str, request_id: str | None, at: datetime) -> dict:
        """What the vendor is told of the member, made ready to play: a launch token and the
        wallet's address (seamless), or the main balance moved into the vendor's wallet
        (transfer); committed, as the vendor may authenticate the token before it answers."""
        username = self.db.scalar(
            select(Member.username).where(Member.tenant_id == self.tenant.id, Member.id == member_id)
        )
        player = {"id": member_id, "username": username, "currency": self.tenant.currency}
        if game.wallet_mode == SEAMLESS:
            token = open_session(self.db, self.tenant.id, member_id, game.vassalage, game.game_id, at)
            player.update(launchToken=token, walletUrl=wallet_url)
        else:
            self._bring_money(member_id, game.vassalage, request_id)
        self.commit()
        return player

    def _bring_money(self, member_id: int, vassalage: str, request_id: str | None) -> None:
        """Move the member's whole main balance into the vendor wallet; nothing when it is 0. The
        client's ``requestId`` makes sending the launch again settle the same transfer."""
        db, ledger, tenant = self.db, self.ledger, self.tenant
        key = request_key(member_id, "launchGame", request_id or secrets.token_urlsafe(16))
        if find_transfer(db, tenant.id, member_id, key) is None and ledger.member_balance(member_id) == 0:
            return
        try:
            with db.begin_nested():  # a refused hold leaves no transfer behind
                transfer_id = start(db, ledger, member_id, vassalage, IN, None, key).id
        except ApiError as exc:
            if exc.code != "insufficient_funds":
                raise
            return  # another launch took the balance at the same moment
        pending = pending_of(db, tenant.id, transfer_id)
        if pending is None:
            return  # settled by an earlier request with the same requestId
        self.commit()  # the vendor is asked only about a transfer the database keeps
        status = settle(db, ledger, pending, ask_vendor(self.plugins, tenant, pending))
        if status != DONE:
            self.commit()  # a refusal's refund stands; a pending transfer waits for the reconciler
            raise ApiError(503, "game_unavailable", vassalage=vassalage)
