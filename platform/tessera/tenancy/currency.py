"""The brand's currency and the amounts of its tenant.toml: the currency is ISO 4217 money in
circulation (Babel's data), the [wallet] ``step`` a positive multiple of its minor unit, and every
brand-wide amount (the [wallet] bounds, the payment channels' ``min`` and ``max`` in plugin
settings) a multiple of the step.
"""

import difflib
from decimal import Decimal, InvalidOperation

from babel.numbers import list_currencies

from tessera.core.money import Money, currencies_in_circulation, currency_places

WALLET_AMOUNTS = ("deposit_min", "deposit_max", "withdrawal_min", "withdrawal_max", "approval_threshold")


def currency_problem(code: str) -> str | None:
    """Why ``code`` cannot be a brand's currency, None when it can."""
    circulating = currencies_in_circulation()
    if code in circulating:
        return None
    if code in list_currencies():
        return f"'{code}' is an ISO 4217 code but not money in circulation (a test, metal, fund or retired code)"
    close = difflib.get_close_matches(code, sorted(circulating), n=1, cutoff=0.6)
    return f"'{code}' is not an ISO 4217 currency" + (f" (did you mean '{close[0]}'?)" if close else "")


def _minor(money: Money, value) -> int | None:
    try:
        return money.to_minor(Decimal(str(value)))
    except (InvalidOperation, ValueError):
        return None


def step_problem(code: str, step: str) -> str | None:
    """Why ``step`` cannot be the brand's step in ``code``, None when it can."""
    places = currency_places(code)
    minor = _minor(Money(code, places), step)
    if minor is None or minor <= 0:
        unit = Money(code, places).format(1)
        return f"'{step}' is not a positive multiple of the {code} minor unit ({unit})"
    return None


def amount_problem(money: Money, value) -> str | None:
    """Why ``value`` cannot be a brand-wide amount in ``money``, None when it can."""
    minor = _minor(money, value)
    if minor is None or not money.on_step(minor):
        return f"'{value}' is not a multiple of the brand's step ({money.step_text()} {money.code})"
    return None


def _channel_amounts(config: dict):
    """Where plugin settings give payment channels' bounds: (key, value) pairs."""
    for name, settings in config.get("plugins", {}).items():
        channels = settings.get("channels") if isinstance(settings, dict) else None
        for i, channel in enumerate(channels if isinstance(channels, list) else []):
            for bound in ("min", "max"):
                if isinstance(channel, dict) and isinstance(channel.get(bound), str):
                    yield f"plugins.{name}.channels.{i}.{bound}", channel[bound]


def currency_errors(config: dict, file: str, error) -> list:
    """The currency's, the step's and the brand-wide amounts' problems (``error(file, key, reason)``
    makes each)."""
    code = config["currency"]
    problem = currency_problem(code)
    if problem:
        return [error(file, "currency", problem)]
    wallet = config.get("wallet", {})
    step = wallet.get("step")
    if step is not None and (problem := step_problem(code, step)):
        return [error(file, "wallet.step", problem)]
    money = Money.of(code, step)
    amounts = [(f"wallet.{key}", wallet[key]) for key in WALLET_AMOUNTS if key in wallet]
    amounts += list(_channel_amounts(config))
    return [error(file, key, problem) for key, value in amounts if (problem := amount_problem(money, value))]
