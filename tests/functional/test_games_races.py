"""Favourites and recent games written by several requests at the same moment, each committing for
real in its own session (a double tap, two tabs launching the same game): no request fails, and
the member has the game once."""

import threading

import pytest
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from databases import run_committed
from factories import GameFactory, MemberFactory, building_in
from tessera.core.db import ALL_TENANTS
from tessera.core.money import Money
from tessera.core.timeutil import utcnow
from tessera.games.catalog.models import Game
from tessera.games.lobby.favourites import remember, set_favourite
from tessera.games.lobby.models import GameFavourite, GameRecent
from tessera.games.lobby.services import Lobby
from tessera.identity.accounts.models import Member
from tessera.plugins import Offer

WORKERS = 8
VENDOR = {"vassalage": "RACE", "displayName": "Race Games", "gameType": "RNG", "walletMode": "seamless"}


@pytest.fixture
def race(engine, tenant_ids):
    """A member and a game of demo-bd, committed; removed afterwards."""
    tenant_id = tenant_ids["demo-bd"]
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        with building_in(db):
            member = MemberFactory()
            game = GameFactory(vassalage="RACE", game_code="race-1", display_name="Race")
        db.commit()
        ids = (tenant_id, member.id, game.id)
    yield ids
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        for model, column in (
            (GameFavourite, GameFavourite.game_id),
            (GameRecent, GameRecent.game_id),
            (Game, Game.id),
        ):
            db.execute(delete(model).where(column == ids[2]))
        db.execute(delete(Member).where(Member.id == ids[1]))
        db.commit()


def at_once(engine, tenant_id: int, work) -> list[BaseException]:
    """``work(db)`` in WORKERS threads released together, each in its own committed transaction,
    run again on a transient refusal as pyramid_retry replays a request."""
    barrier, failures = threading.Barrier(WORKERS), []

    def worker():
        barrier.wait()
        try:
            run_committed(engine, tenant_id, work, attempts=5)
        except Exception as exc:  # noqa: BLE001 - a failure is what the test reports
            failures.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return failures


def count(engine, model, member_id: int) -> int:
    with Session(engine) as db:
        db.info["tenant_id"] = ALL_TENANTS
        return db.scalar(select(func.count()).select_from(model).where(model.member_id == member_id))


def test_the_same_favourite_added_at_once(engine, race):
    tenant_id, member_id, game_id = race

    def add(db):
        lobby = Lobby(db, tenant_id, {"RACE": Offer("race", VENDOR)}, member_id, money=Money.of("BDT"))
        assert set_favourite(lobby, game_id, "add", utcnow()) == {"nodeId": game_id, "isFavourite": True}

    assert at_once(engine, tenant_id, add) == []
    assert count(engine, GameFavourite, member_id) == 1


def test_the_same_game_launched_at_once(engine, race):
    tenant_id, member_id, game_id = race
    assert at_once(engine, tenant_id, lambda db: remember(db, tenant_id, member_id, game_id, utcnow())) == []
    assert count(engine, GameRecent, member_id) == 1
