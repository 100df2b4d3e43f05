"""Launching a game: the URL the /game page opens, from the vendor's plugin.

A real account (member type 4) plays for money, any other account plays free. For a
seamless-wallet vendor the member gets a launch token the vendor authenticates with at the
brand's seamless wallet; for a transfer-wallet vendor the whole main balance moves into the
vendor's wallet first, through the wallet's transfer service (the /game page moves it back when
the member leaves). What the launch wrote (the launch session, the transfer held as pending) is
committed before the vendor is asked anything.
"""
import logging
import secrets
from dataclasses import dataclass

from sqlalchemy import select

from tessera.core.db import scope_connection
from tessera.core.envelope import ApiError
from tessera.identity.models import REAL, Member
from tessera.plugins import AdapterError
from tessera.core.timeutil import now
from tessera.wallet.payment_common import request_key
from tessera.wallet.transfer_models import DONE, IN
from tessera.wallet.transfers import ask_vendor, find_transfer, pending_of, settle, start
from tessera.games import seamless
from tessera.games.catalog import find_game
from tessera.games.models import SEAMLESS
from tessera.games.recents import remember
from tessera.games.services import vendors

log = logging.getLogger(__name__)
WEB = "WEB"


@dataclass(frozen=True)
class Launchable:
    """A game to launch, read before the launch commits (rows are not read after it)."""

    game_id: int
    vassalage: str
    game_code: str
    wallet_mode: str


def launchable(request, vassalage: str, game_code: str) -> Launchable:
    """The brand's game; 404 game_unknown for a game the brand does not offer, 503
    game_unavailable when its vendor cannot list itself now."""
    game = find_game(request.db, request.tenant.id, vassalage, game_code)
    if game is None:
        raise ApiError(404, "game_unknown", gameCode=game_code, vassalage=vassalage)
    vendor = next((v for v in vendors(request.plugins) if v["vassalage"] == vassalage), None)
    if vendor is None:
        raise ApiError(503, "game_unavailable", vassalage=vassalage)
    return Launchable(game.id, game.vassalage, game.game_code, vendor.get("walletMode"))


def vendor_url(request, game: Launchable, player: dict | None, language: str | None, device: str | None) -> str:
    """The vendor's URL for the game; free play when there is no player."""
    try:
        url = request.plugins.game_launch(game.vassalage, game.game_code, player, language or request.language,
                                          device or WEB, player is None)
    except (AdapterError, OSError) as exc:  # refused, down, or timed out
        log.warning("game launch failed", extra={"vassalage": game.vassalage, "error": repr(exc)})
        raise ApiError(503, "game_unavailable", vassalage=game.vassalage) from None
    if not isinstance(url, str) or not url:
        raise ApiError(503, "game_unavailable", vassalage=game.vassalage)
    return url


def _commit(request) -> None:
    """Make what the launch wrote so far durable before the vendor is asked; go on in a new
    transaction, scoped to the brand again."""
    request.tm.commit()
    request.tm.begin()
    scope_connection(request.db, request.tenant.id)


def _bring_money(request, member_id: int, vassalage: str, request_id: str | None) -> None:
    """Move the member's whole main balance into the vendor wallet; nothing when it is 0. The
    client's ``requestId`` makes sending the launch again settle the same transfer."""
    db, ledger, tenant = request.db, request.ledger, request.tenant
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
    _commit(request)  # the vendor is asked only about a transfer the database keeps
    status = settle(db, ledger, pending, ask_vendor(request.plugins, tenant, pending))
    if status != DONE:
        _commit(request)  # a refusal's refund stands; a pending transfer waits for the reconciler
        raise ApiError(503, "game_unavailable", vassalage=vassalage)


def launch_game(request) -> str:
    """GET /wps/game/launchGame: the URL that opens the game for the logged-in member."""
    query = request.openapi.parameters.query
    game = launchable(request, query["vassalage"], query["gameCode"])
    tenant, member_id, at = request.tenant, request.authenticated_userid, now(request.registry)
    player = None
    if request.identity.member_type == REAL:
        username = request.db.scalar(select(Member.username).where(Member.tenant_id == tenant.id,
                                                                   Member.id == member_id))
        player = {"id": member_id, "username": username, "currency": tenant.currency}
        if game.wallet_mode == SEAMLESS:
            token = seamless.open_session(request.db, tenant.id, member_id, game.vassalage, game.game_id, at)
            wallet_url = f"{request.host_url}/vendors/{game.vassalage}/wallet"
            player.update(launchToken=token, walletUrl=wallet_url)
        else:
            _bring_money(request, member_id, game.vassalage, query.get("requestId"))
        _commit(request)  # the vendor may authenticate the launch token before it answers
    url = vendor_url(request, game, player, query.get("language"), query.get("device"))
    remember(request.db, tenant.id, member_id, game.game_id, at)
    return url


def free_play_launch(request) -> str:
    """POST /wps/relay/GCS_gameLaunchFB: the free-play URL of a game, for anyone."""
    form = request.openapi.body
    game = launchable(request, form["vassalage"], form["gameCode"])
    return vendor_url(request, game, None, form.get("language"), form.get("device"))
