"""How long a browser or a shared cache may keep an answer: one rule for every address that can
name its content (a built file, a brand's asset, a language's texts, a drawn icon)."""

FOR_GOOD = "public, max-age=31536000, immutable"
REVALIDATED = "no-cache"
AN_HOUR = "public, max-age=3600"


def cache_lifetime(request, version: str, *, hashed_name: bool = False, otherwise: str = REVALIDATED) -> str:
    """An address naming its content, by a hashed name or by ``?v=`` equal to its current
    ``version``, never changes its answer: kept for a year, immutable. Any other address (no
    version, an old one) is kept as ``otherwise`` says: checked each time by its ETag unless the
    caller allows a while."""
    if hashed_name or request.GET.get("v") == version:
        return FOR_GOOD
    return otherwise
