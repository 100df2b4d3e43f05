"""The vendor's own pages besides the slots: its lobby for the games that are not slots (a live
vendor's lobby lists its tables), the notice for a link that no longer opens, and a catalog index.

A lobby page says plainly that it is the vendor's lobby: it opens for the live tables that are not
baccarat, and for the table, fish, card, sports and cockfight games in free play; they take no
bets there. Every slot plays, and for real money every baccarat table, sportsbook, esports book,
cockfight arena, fish and card game plays its own page (``game_pages.py``).
"""

import json
from html import escape

from tessera_plugins.demo_vendor.protocol import to_money
from tessera_sandboxes.demo_vendor import catalog

TEXTS = {
    "en": {
        "lobby": "{vendor} lobby",
        "lobbyNote": "This is {vendor}'s lobby. Its tables and games are shown as the vendor offers them and take "
        "no bets here; its baccarat tables and the games of the other kinds are playable with real money.",
        "gameNote": "{game} opens in {vendor}'s lobby: free play takes no bets on it. "
        "Log in to play it with real money.",
        "tables": "Tables",
        "table": "Table",
        "dealer": "Dealer",
        "limits": "Limits",
        "players": "Players",
        "status": "Status",
        "open": "Open",
        "closed": "On a break",
        "balance": "Balance",
        "freePlay": "Free play",
        "expired": "This game link is not valid any more. Open the game again from the lobby.",
        "ended": "Your game session has ended. Open the game again from the lobby.",
        "unavailable": "The game cannot reach your wallet right now. Try again in a moment.",
        "unknown": "This game is not available.",
        "index": "Demo game vendor",
        "games": "{count} games",
    },
    "bn": {
        "lobby": "{vendor} লবি",
        "lobbyNote": "এটি {vendor}-এর লবি। এর টেবিল ও গেমগুলো ভেন্ডর যেমন দেয় তেমন দেখানো হয়েছে, এখানে কোনো বাজি "
        "নেওয়া হয় না; এর ব্যাকারাট টেবিল ও অন্য ধরনের গেমগুলো আসল টাকায় খেলা যায়।",
        "gameNote": "{game} {vendor}-এর লবিতে খোলে: ফ্রি প্লেতে এতে কোনো বাজি নেওয়া হয় না। আসল টাকায় খেলতে লগ ইন করুন।",
        "tables": "টেবিল",
        "table": "টেবিল",
        "dealer": "ডিলার",
        "limits": "সীমা",
        "players": "খেলোয়াড়",
        "status": "অবস্থা",
        "open": "খোলা",
        "closed": "বিরতিতে",
        "balance": "ব্যালেন্স",
        "freePlay": "ফ্রি প্লে",
        "expired": "এই গেমের লিংকটি আর বৈধ নয়। লবি থেকে গেমটি আবার খুলুন।",
        "ended": "আপনার গেম সেশন শেষ হয়েছে। লবি থেকে গেমটি আবার খুলুন।",
        "unavailable": "গেমটি এখন আপনার ওয়ালেটে পৌঁছাতে পারছে না। একটু পরে আবার চেষ্টা করুন।",
        "unknown": "এই গেমটি পাওয়া যাচ্ছে না।",
        "index": "ডেমো গেম ভেন্ডর",
        "games": "{count}টি গেম",
    },
}
STYLE = """
body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#14121f;color:#eee}
main{max-width:960px;margin:0 auto;padding:16px}
header{display:flex;gap:16px;align-items:center;flex-wrap:wrap}
.note{background:#2a2540;border-left:4px solid #f5c542;padding:8px 12px;border-radius:4px}
table{width:100%;border-collapse:collapse;margin-top:12px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #333}
tr[data-status=closed]{opacity:.55}
.balance{margin-left:auto;font-weight:600}
ul.vendors{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:12px}
"""


def texts(language: str | None) -> dict:
    base = (language or "").split("-")[0].lower()
    return TEXTS.get(base, TEXTS["en"])


def _page(language: str, title: str, body: str, script: str = "") -> str:
    lang = "bn" if texts(language) is TEXTS["bn"] else "en"
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><main>{body}</main>{script}</body></html>"
    )


def notice(language: str, key: str) -> str:
    """A page that only says ``texts[key]``: an expired link, an ended session, an unreachable wallet."""
    words = texts(language)
    return _page(language, words[key], f'<p class="note" data-field="message">{escape(words[key])}</p>')


def _balance(words: dict, balance_minor: int | None, free_play: bool) -> str:
    if balance_minor is None:
        return ""
    label = words["freePlay"] if free_play else words["balance"]
    return f'<p class="balance">{escape(label)}: <output data-field="balance">{to_money(balance_minor)}</output></p>'


def _room_rows(words: dict, rooms: list[dict]) -> str:
    return "".join(
        f'<tr data-room="{escape(r["roomId"])}" data-status="{escape(r["status"])}"><td>{escape(r["name"])}</td>'
        f"<td>{escape(r['dealer'])}</td><td>{escape(r['minBet'])} – {escape(r['maxBet'])}</td>"
        f"<td>{r['players']}</td><td>{escape(words[r['status']])}</td></tr>"
        for r in rooms
    )


def lobby(
    language: str,
    vendor: catalog.Vendor,
    game: catalog.Game,
    asset_base: str,
    rooms: list[dict],
    rooms_url: str,
    balance_minor: int | None,
    free_play: bool,
) -> str:
    """The vendor's lobby for ``game`` (not a slot); a live vendor's lists its tables, refreshed
    from ``rooms_url``."""
    words = texts(language)
    title = words["lobby"].format(vendor=vendor.name)
    head = (
        f'<header><img src="{escape(asset_base)}/icons/vendors/{escape(vendor.code)}.svg" width="180" height="72" '
        f'alt="{escape(vendor.name)}"><h1>{escape(title)}</h1>{_balance(words, balance_minor, free_play)}</header>'
        f'<p class="note" data-field="lobby-note">{escape(words["lobbyNote"].format(vendor=vendor.name))}</p>'
    )
    if vendor.game_type != "LIVE":
        body = (
            f'<section data-field="game"><img src="{escape(asset_base)}/icons/games/{escape(game.code)}.svg" '
            f'width="160" height="160" alt=""><h2>{escape(game.name)}</h2>'
            f"<p>{escape(words['gameNote'].format(game=game.name, vendor=vendor.name))}</p></section>"
        )
        return _page(language, title, head + body)
    columns = "".join(f"<th>{escape(words[k])}</th>" for k in ("table", "dealer", "limits", "players", "status"))
    body = (
        f'<h2>{escape(words["tables"])}</h2><table data-field="rooms"><thead><tr>{columns}</tr></thead>'
        f"<tbody>{_room_rows(words, rooms)}</tbody></table>"
    )
    # The tables change (dealers, players, breaks): the list is asked for again every 20 seconds.
    script = (
        "<script>(function(){var url="
        + json.dumps(rooms_url)
        + ",w="
        + json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")
        + ";function esc(t){var d=document.createElement('div');d.textContent=String(t);"
        "return d.innerHTML}setInterval(function(){fetch(url,{cache:'no-store'}).then(function(r){return r.ok?"
        "r.json():null}).then(function(v){if(!v)return;document.querySelector('[data-field=rooms] tbody')."
        "innerHTML=v.rooms.map(function(r){return '<tr data-status=\"'+esc(r.status)+'\"><td>'+esc(r.name)+"
        "'</td><td>'+esc(r.dealer)+'</td><td>'+esc(r.minBet)+' – '+esc(r.maxBet)+'</td><td>'+esc(r.players)+"
        "'</td><td>'+esc(w[r.status])+'</td></tr>'}).join('')}).catch(function(){})},20000)})();</script>"
    )
    return _page(language, title, head + body, script)


def index(language: str, asset_base: str) -> str:
    """Every vendor with its logo and number of games."""
    words = texts(language)
    items = "".join(
        f'<li><img src="{escape(asset_base)}/icons/vendors/{escape(v.code)}.svg" width="240" height="96" '
        f'alt="{escape(v.name)}"><br>{escape(v.name)} · {escape(v.game_type)} · '
        f"{escape(words['games'].format(count=len(catalog.games_by_vendor()[v.code])))}</li>"
        for v in catalog.VENDORS
    )
    return _page(language, words["index"], f'<h1>{escape(words["index"])}</h1><ul class="vendors">{items}</ul>')
