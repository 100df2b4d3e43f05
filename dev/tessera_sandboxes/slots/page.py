"""The slot's HTML5 page, its static script and style, and the words it shows.

The page is one HTML document with no inline script or style and nothing from another origin
than the vendor's: its script and style come from ``asset_base`` (where the vendor mounts
``static_app()``), its data rides in a JSON block the script reads. It asks ``paytable_url``
for the published paytable and spins by ``POST spin_url`` with ``{"lineBet": "0.10"}``,
answered ``{roundId, grid, wins, bet, payout, balance}`` or a 4xx/5xx ``{error, message}``.
"""

import hashlib
import html
import json
from decimal import Decimal, InvalidOperation
from pathlib import Path
from urllib.parse import urlsplit

from webob import Request
from webob.static import DirectoryApp

STATIC = Path(__file__).parent / "static"
CENT = Decimal("0.01")

# What the page says, in the brand's interface languages; any other language gets English.
TEXTS = {
    "en": {
        "spin": "Spin",
        "spinning": "Spinning…",
        "balance": "Balance",
        "win": "Win",
        "lineBet": "Line bet",
        "lines": "Lines",
        "totalBet": "Total bet",
        "paytable": "Paytable",
        "freePlay": "Free play: fun credits",
        "realPlay": "Real money",
        "noWin": "No win this time.",
        "won": "You won {amount} on {lines} line(s).",
        "short": "Your balance is too low for this bet.",
        "unreachable": "The game could not be reached. Try again.",
        "loading": "Loading…",
        "reels": "Reels",
        "row": "Row {row}",
        "symbol": "Symbol",
        "line": "Line",
        "rtp": "Return to player: {rtp}% (exact: the reel strips below).",
        "rules": "Wins pay left to right from the first reel on the played lines, the best run of each line. "
        "{wild} stands in for every symbol on reels 2, 3 and 4.",
        "strips": "Reel strips",
        "reel": "Reel {reel}",
        "noScript": "This game needs JavaScript.",
    },
    "bn": {
        "spin": "স্পিন",
        "spinning": "ঘুরছে…",
        "balance": "ব্যালেন্স",
        "win": "জয়",
        "lineBet": "লাইন বাজি",
        "lines": "লাইন",
        "totalBet": "মোট বাজি",
        "paytable": "পেটেবিল",
        "freePlay": "ফ্রি প্লে: মজার ক্রেডিট",
        "realPlay": "আসল টাকা",
        "noWin": "এবার জয় নেই।",
        "won": "আপনি {lines}টি লাইনে {amount} জিতেছেন।",
        "short": "এই বাজির জন্য আপনার ব্যালেন্স যথেষ্ট নয়।",
        "unreachable": "গেমে পৌঁছানো যায়নি। আবার চেষ্টা করুন।",
        "loading": "লোড হচ্ছে…",
        "reels": "রিল",
        "row": "সারি {row}",
        "symbol": "প্রতীক",
        "line": "লাইন",
        "rtp": "প্লেয়ারকে ফেরত: {rtp}% (নির্ভুল: নিচের রিল স্ট্রিপ থেকে)।",
        "rules": "খেলা লাইনে প্রথম রিল থেকে বাঁ থেকে ডানে জয় দেওয়া হয়, প্রতিটি লাইনের সেরা সারি। "
        "{wild} রিল ২, ৩ ও ৪-এ যেকোনো প্রতীকের বদলে বসে।",
        "strips": "রিল স্ট্রিপ",
        "reel": "রিল {reel}",
        "noScript": "এই গেমের জন্য জাভাস্ক্রিপ্ট দরকার।",
    },
}

# The refusals a spin may answer, ``{"error": code, "message": text}``, shown to the player as they are.
REFUSALS = {
    "en": {
        "insufficient_funds": "Your balance is too low for this bet.",
        "bet_invalid": "This bet is not offered by the game.",
        "session_expired": "This game session has ended. Open the game again from the lobby.",
        "game_unavailable": "The game is not available right now. Try again later.",
    },
    "bn": {
        "insufficient_funds": "এই বাজির জন্য আপনার ব্যালেন্স যথেষ্ট নয়।",
        "bet_invalid": "এই বাজি গেমটিতে নেই।",
        "session_expired": "এই গেম সেশন শেষ হয়েছে। লবি থেকে গেমটি আবার খুলুন।",
        "game_unavailable": "গেমটি এখন পাওয়া যাচ্ছে না। পরে আবার চেষ্টা করুন।",
    },
}


def language_of(language: str | None) -> str:
    """The language the page speaks for ``language`` ("bn-BD" -> "bn"; unknown -> "en")."""
    base = (language or "").split("-")[0].lower()
    return base if base in TEXTS else "en"


def refusal(code: str, language: str | None, **details) -> dict:
    """A spin's refusal body in the player's language."""
    return {"error": code, "message": REFUSALS[language_of(language)][code], **details}


def money(value) -> str:
    """An amount as the page and the wire show it, two decimals ("0.1" -> "0.10")."""
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise ValueError(f"not an amount: {value!r}") from None
    if not amount.is_finite() or amount < 0 or amount != amount.quantize(CENT):
        raise ValueError(f"not an amount with at most two decimals: {value!r}")
    return str(amount.quantize(CENT))


def _asset_version() -> str:
    """Changes with the script or style, so a browser never keeps an old one with a new page."""
    digest = hashlib.sha256()
    for name in ("slot.js", "slot.css"):
        digest.update((STATIC / name).read_bytes())
    return digest.hexdigest()[:12]


ASSET_VERSION = _asset_version()


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else "'self'"


def content_security_policy(asset_base: str, spin_url: str, paytable_url: str) -> str:
    """What the page may load: its script and style from ``asset_base``, its calls to the vendor."""
    assets = _origin(asset_base)
    calls = " ".join(sorted({_origin(spin_url), _origin(paytable_url)}))
    return (
        f"default-src 'none'; script-src {assets}; style-src {assets}; connect-src {calls}; "
        "img-src 'self' data:; base-uri 'none'; form-action 'none'"
    )


def slot_page(
    title: str,
    language: str,
    spin_url: str,
    paytable_url: str,
    balance,
    currency: str,
    free_play: bool,
    asset_base: str,
    line_bets,
) -> str:
    """The game page. ``balance`` and ``line_bets`` are amounts ("12.50"); the first line bet is chosen."""
    lang = language_of(language)
    texts = TEXTS[lang]
    bets = [money(bet) for bet in line_bets]
    if not bets or any(Decimal(bet) <= 0 for bet in bets):
        raise ValueError(f"no line bets to offer: {line_bets!r}")
    config = {
        "spinUrl": spin_url,
        "paytableUrl": paytable_url,
        "balance": money(balance),
        "currency": currency,
        "freePlay": bool(free_play),
        "lineBets": bets,
        "texts": texts,
    }
    # A JSON block is data, not script; "<" escaped so nothing in it can close the element.
    data = json.dumps(config, ensure_ascii=False).replace("<", "\\u003c")
    e = html.escape
    base = asset_base.rstrip("/")
    options = "".join(f'<option value="{e(bet)}">{e(bet)}</option>' for bet in bets)
    mode = texts["freePlay"] if free_play else texts["realPlay"]
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{e(content_security_policy(asset_base, spin_url, paytable_url))}">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>{e(title)}</title>
<link rel="stylesheet" href="{e(base)}/slot.css?v={ASSET_VERSION}">
<script src="{e(base)}/slot.js?v={ASSET_VERSION}" defer></script>
</head>
<body>
<main class="slot" data-free-play="{str(bool(free_play)).lower()}">
<script type="application/json" id="slot-config">{data}</script>
<header class="slot__header">
<h1 class="slot__title">{e(title)}</h1>
<p class="slot__mode">{e(mode)}</p>
</header>
<div class="slot__reels" data-field="grid" role="img" aria-label="{e(texts["reels"])}"></div>
<div class="slot__meters">
<p class="slot__meter"><span>{e(texts["balance"])}</span> <output data-field="balance">{e(config["balance"])}</output>
<span class="slot__currency">{e(currency)}</span></p>
<p class="slot__meter"><span>{e(texts["win"])}</span> <output data-field="win">0.00</output></p>
</div>
<p class="slot__message" data-field="message" role="status" aria-live="polite"></p>
<div class="slot__controls">
<label class="slot__control">{e(texts["lineBet"])} <select data-field="line-bet">{options}</select></label>
<p class="slot__control">{e(texts["lines"])} <output data-field="lines">–</output></p>
<p class="slot__control">{e(texts["totalBet"])} <output data-field="total-bet">–</output></p>
<button type="button" class="slot__spin" data-action="spin" disabled>{e(texts["spin"])}</button>
</div>
<details class="slot__paytable" data-field="paytable">
<summary>{e(texts["paytable"])}</summary>
<div data-field="paytable-body"><p>{e(texts["loading"])}</p></div>
</details>
<noscript><p class="slot__message">{e(texts["noScript"])}</p></noscript>
</main>
</body>
</html>
"""


class _StaticApp:
    """The script and style, named with ``?v=ASSET_VERSION`` by the page, so they may be kept long."""

    def __init__(self):
        self._files = DirectoryApp(str(STATIC), index_page=None)

    def __call__(self, environ, start_response):
        response = Request(environ).get_response(self._files)
        if response.status_int == 200:
            response.cache_control = "public, max-age=86400"
            response.headers["X-Content-Type-Options"] = "nosniff"
        return response(environ, start_response)


def static_app():
    """A WSGI app serving ``slot.js`` and ``slot.css``; mount it at the page's ``asset_base``."""
    return _StaticApp()
