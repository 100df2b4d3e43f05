"""``python tests/e2e/draw_due.py SLUG GAME NUMERO``: bring a lottery draw's time forward to now, as
if the browser test had waited for it (a northern draw is at 18:15 in Vietnam, a fast draw up to a
minute away): its bets closed and its draw time passed, so the lottery's jobs draw it (a fast draw,
from its committed seed) or ask the results feed for it (a Vietnamese draw). Prints the draw's state."""

import sys
from datetime import timedelta

from sqlalchemy import select, update

from tessera.core.cli import command_session
from tessera.core.db import scope_connection
from tessera.core.settings import Settings
from tessera.core.timeutil import utcnow
from tessera.lottery.draws.models import LotteryDraw
from tessera.tenancy.models import Tenant

if __name__ == "__main__":
    slug, game, numero = sys.argv[1:4]
    past = utcnow() - timedelta(seconds=1)
    with command_session(Settings.from_env()) as db:
        tenant_id = db.scalar(select(Tenant.id).where(Tenant.slug == slug))
        scope_connection(db, tenant_id)
        moved = db.execute(
            update(LotteryDraw)
            .where(LotteryDraw.tenant_id == tenant_id, LotteryDraw.game_code == game, LotteryDraw.numero == numero)
            .values(draw_at=past, lock_at=past - timedelta(seconds=1))
            .returning(LotteryDraw.state)
        ).scalar_one()
    print(moved)
