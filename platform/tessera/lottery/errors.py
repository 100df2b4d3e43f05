"""What the lottery refuses: one error with a stable snake_case code and its message's parameters,
answered as a 400 by the API (the members' catalogue translates the code)."""

from tessera.core.envelope import ApiError


class LotteryError(ApiError):
    """Input the lottery refuses: a bet, a list of numbers, a result, a seed, a schedule."""

    def __init__(self, code: str, **params):
        super().__init__(400, code, **params)
