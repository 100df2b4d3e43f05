"""The soak's operations, each drawn from the seed and its number, whichever client runs it:
seamless rounds, bonuses, deposits through the payment gateway and by bank transfer, withdrawals
with an operator's answer, and transfers to and from the transfer-wallet vendor; now and then a
call sent twice with the same ids, as members, operators and vendors do. ``Tally`` keeps what was
answered: counts by what happened, and how much each member's money moved (main and vendor
wallet together: a transfer moves money between the two)."""

import random
import threading
import time
from collections import Counter

from tests.bench.seamless import SLOT
from tests.bench.servers import ServerFailed

from tessera.games.seamless.calls import INSUFFICIENT_FUNDS

from .calls import GIVE_UP, Caller
from .prepare import GATEWAY_PLUGIN, PAYMENT_PASSWORD, TRANSFER_PLUGIN, Brand, Player

REPEAT = 0.05  # the share of calls sent twice with the same ids
GATEWAY_CHANNEL, BANK_CHANNEL = "bkash", "dbbl"  # demo-bd's
DEPOSITS, WITHDRAWALS, TRANSFER = "/wps/wallet/deposits", "/wps/wallet/withdrawals", "/wps/relay/GCS_walletTransfer"
SHORT, BUSY = "insufficient_funds", "transfer_in_progress"


class Tally:
    def __init__(self):
        self.counts: Counter = Counter()
        self.moved: Counter = Counter()  # member id -> minor units the answered calls moved
        self.lock = threading.Lock()
        self.problems: list[str] = []

    def count(self, what: str, n: int = 1) -> None:
        with self.lock:
            self.counts[what] += n

    def move(self, member_id: int, minor: int) -> None:
        with self.lock:
            self.moved[member_id] += minor


def money(minor: int) -> str:
    return f"{minor // 100}.{minor % 100:02d}"


def twice(rng: random.Random, send):
    """``send()``'s answers: once, or twice now and then (the same call sent again)."""
    return [send() for _ in range(1 + (rng.random() < REPEAT))]


def same(answers: list, what: str, key=lambda answer: answer):
    if any(key(answer) != key(answers[0]) for answer in answers[1:]):
        raise ServerFailed(f"{what} answered otherwise when sent again: {answers}")
    return answers[0]


def value_of(answer: tuple[int, dict], what: str) -> dict:
    status, body = answer
    if status != 200 or not body.get("success"):
        raise ServerFailed(f"{what} answered {status}: {body}")
    return body["value"]


# -- Seamless rounds and bonuses ------------------------------------------------------------------


def round_(caller: Caller, rng: random.Random, player: Player, ref: str, tally: Tally, brand: Brand) -> None:
    """A debit, then a win, a win of nothing or a rollback."""
    stake = rng.randrange(1, 1000)
    debit = {"memberId": player.id, "roundId": ref, "gameCode": SLOT, "amount": money(stake)}
    answer = same(twice(rng, lambda: caller.vendor("debit", {**debit, "transactionId": f"{ref}-d"})), f"debit {ref}")
    if not answer.get("ok"):
        if answer.get("code") != INSUFFICIENT_FUNDS:
            raise ServerFailed(f"debit {ref}: {answer}")
        tally.count("bets refused: short of funds")
        return
    tally.count("bets")
    tally.move(player.id, -stake)
    ending = rng.random()
    if ending < 0.15:
        answer = caller.vendor(
            "rollback", {"memberId": player.id, "transactionId": f"{ref}-r", "rollbackOf": f"{ref}-d"}
        )
        tally.count("rollbacks")
        tally.move(player.id, stake)
    else:
        win = 0 if ending < 0.55 else rng.randrange(1, 3 * stake)
        answer = caller.vendor("credit", {**debit, "amount": money(win), "transactionId": f"{ref}-c"})
        tally.count("wins" if win else "wins of nothing")
        tally.move(player.id, win)
    if not answer.get("ok"):
        raise ServerFailed(f"round {ref} ended with {answer}")


def bonus(caller: Caller, rng: random.Random, player: Player, ref: str, tally: Tally, brand: Brand) -> None:
    minor = rng.randrange(1, 500)
    form = {"username": player.username, "amount": money(minor), "title": "soak", "requestId": ref}
    same(twice(rng, lambda: caller.operator("/ops/bonuses", form)), f"bonus {ref}", lambda v: v["transactionId"])
    tally.count("bonuses")
    tally.move(player.id, minor)


# -- Deposits -------------------------------------------------------------------------------------


def gateway_deposit(caller: Caller, rng: random.Random, player: Player, ref: str, tally: Tally, brand: Brand) -> None:
    """Started by the member, paid (or cancelled) on the gateway's checkout page, which notifies
    Tessera; the member sees it paid; now and then the gateway sends its notification again."""
    amount, cancel, again = rng.randrange(100, 1001) * 100, rng.random() < 0.1, rng.random() < 0.1
    form = {"channel": GATEWAY_CHANNEL, "amount": money(amount), "requestId": ref}
    started = same(
        [value_of(a, f"deposit {ref}") for a in twice(rng, lambda: caller.member(player, "POST", DEPOSITS, form))],
        f"deposit {ref}",
        lambda v: (v["deposit"]["id"], v["redirectUrl"]),
    )
    deposit_id, checkout = started["deposit"]["id"], started["redirectUrl"]
    caller.checkout(checkout, "cancel" if cancel else "pay")
    status = settled(caller, player, deposit_id)
    if status != ("failed" if cancel else "paid"):
        raise ServerFailed(f"deposit {deposit_id} {'cancelled' if cancel else 'paid'} at the gateway is {status}")
    if again:
        notice = {
            "merchant_id": brand.plugin(GATEWAY_PLUGIN)["merchant_id"],
            "order_id": str(deposit_id),
            "status": status,
            "amount": money(amount),
            "currency": brand.tenant.currency,
            "gateway_reference": checkout.rsplit("/", 1)[1],
        }
        if value_of(caller.notify(GATEWAY_CHANNEL, notice), f"notification {deposit_id}") != {"received": True}:
            raise ServerFailed(f"the notification of deposit {deposit_id} sent again was not received")
        tally.count("notifications sent again")
    tally.count("gateway deposits cancelled" if cancel else "gateway deposits paid")
    if not cancel:
        tally.move(player.id, amount)


def settled(caller: Caller, player: Player, deposit_id: int) -> str:
    """The deposit's status once the gateway's notification came (it sends it again until taken)."""
    deadline = time.monotonic() + GIVE_UP
    while time.monotonic() < deadline:
        status = value_of(caller.member(player, "GET", f"{DEPOSITS}/{deposit_id}"), f"deposit {deposit_id}")["status"]
        if status != "pending":
            return status
        caller.tally.count("deposits seen pending")
        time.sleep(0.2)
    raise ServerFailed(f"deposit {deposit_id}: no notification taken in {GIVE_UP:.0f} s")


def bank_deposit(caller: Caller, rng: random.Random, player: Player, ref: str, tally: Tally, brand: Brand) -> None:
    """Started by the member with their transfer's reference, approved by an operator."""
    amount = rng.randrange(500, 2001) * 100
    form = {"channel": BANK_CHANNEL, "amount": money(amount), "requestId": ref, "reference": ref}
    answers = [value_of(a, f"deposit {ref}") for a in twice(rng, lambda: caller.member(player, "POST", DEPOSITS, form))]
    deposit_id = same(answers, f"deposit {ref}", lambda v: v["deposit"]["id"])["deposit"]["id"]
    approved = twice(
        rng, lambda: caller.operator(f"/ops/deposits/{deposit_id}/approve", {"remark": "on the statement"})
    )
    if same(approved, f"approval of deposit {deposit_id}", lambda v: v["status"])["status"] != "paid":
        raise ServerFailed(f"deposit {deposit_id} approved: {approved}")
    tally.count("bank deposits approved")
    tally.move(player.id, amount)


# -- Withdrawals ----------------------------------------------------------------------------------


def withdrawal(caller: Caller, rng: random.Random, player: Player, ref: str, tally: Tally, brand: Brand) -> None:
    """Asked for by the member (the amount held), then paid or rejected by an operator."""
    amount, pay = rng.randrange(500, 1001) * 100, rng.random() < 0.75
    form = {
        "bankAccountId": player.bank_account,
        "amount": money(amount),
        "requestId": ref,
        "paymentPassword": PAYMENT_PASSWORD,
    }
    answers = twice(rng, lambda: caller.member(player, "POST", WITHDRAWALS, form))
    status, body = answers[-1]  # a refusal holds nothing: the same request may be taken later
    if status == 400 and body.get("code") == SHORT:
        tally.count("withdrawals refused: short of funds")
        return
    taken = [value_of(a, f"withdrawal {ref}") for a in answers if a[0] == 200 or a is answers[-1]]
    withdrawal_id = same(taken, f"withdrawal {ref}", lambda v: v["id"])["id"]
    if pay:
        caller.operator(f"/ops/withdrawals/{withdrawal_id}/approve")
        moves = twice(rng, lambda: caller.operator(f"/ops/withdrawals/{withdrawal_id}/pay", {"reference": ref}))
    else:
        remark = {"remark": "the account name does not match"}
        moves = twice(rng, lambda: caller.operator(f"/ops/withdrawals/{withdrawal_id}/reject", remark))
    outcome = same(moves, f"withdrawal {withdrawal_id}", lambda v: v["status"])["status"]
    if outcome != ("paid" if pay else "rejected"):
        raise ServerFailed(f"withdrawal {withdrawal_id}: {moves}")
    tally.count(f"withdrawals {outcome}")
    if pay:
        tally.move(player.id, -amount)


# -- Transfers with the transfer-wallet vendor -----------------------------------------------------


def transfer(caller: Caller, rng: random.Random, player: Player, ref: str, tally: Tally, brand: Brand) -> None:
    """In or out, out now and then "all"; the member's total does not change."""
    out = rng.random() < 0.45
    whole = out and rng.random() < 0.3
    form = {"vassalage": brand.plugin(TRANSFER_PLUGIN)["vassalage"], "direction": "out" if out else "in"}
    form |= {"all": True} if whole else {"amount": money(rng.randrange(100, (100 if out else 300) * 100))}
    answers = twice(rng, lambda: caller.member(player, "POST", TRANSFER, {**form, "requestId": ref}))
    status, body = answers[-1]  # a refusal moved nothing: the same request may be taken later
    taken = [a[1]["value"] for a in answers if a[0] == 200]
    if taken:
        value = same(taken, f"transfer {ref}", lambda v: (v["transferId"], v["status"]))
        if status != 200 or value["status"] not in ("done", "failed"):
            raise ServerFailed(f"transfer {ref}: {answers}")
        if value["status"] == "done":
            tally.count(f"transfers {'all out' if whole else form['direction']}")
        else:  # out: another transfer out ended after this one was checked against the mirror
            tally.count(f"transfers {form['direction']} refused by the vendor")
    elif status == 400 and body.get("code") == SHORT:
        tally.count("transfers all out of nothing" if whole else "transfers refused: short of funds")
    elif status == 409 and body.get("code") == BUSY:
        tally.count("transfers refused: another under way")
    else:
        raise ServerFailed(f"transfer {ref}: {answers}")


MIX = {round_: 60, bonus: 8, gateway_deposit: 10, bank_deposit: 2, withdrawal: 6, transfer: 14}


def play(caller: Caller, brand: Brand, seed: int, n: int, tally: Tally) -> None:
    """Operation ``n``: what it is, for whom and with what, all drawn from the seed and ``n``."""
    rng = random.Random(f"{seed}:{n}")
    player = rng.choice(brand.players)
    operation = rng.choices(list(MIX), weights=list(MIX.values()))[0]
    operation(caller, rng, player, f"soak{seed}-{n}", tally, brand)
