"""Vendor logos and game icons drawn as SVG from the code and name: colours, shape and initials
come from a hash of the code, so an icon never changes and needs no image files."""

import hashlib
from html import escape

from tessera_sandboxes.demo_vendor.catalog import Game, Vendor

TYPE_GLYPHS = {"RNG": "7", "LIVE": "♠", "FISH": "≈", "PVP": "♣", "SPORTS": "⚽"}
SHAPES = ("circle", "diamond", "hexagon", "star", "rings")


def _hash(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def _colour(hue: int, saturation: int, lightness: int) -> str:
    return f"hsl({hue % 360},{saturation}%,{lightness}%)"


def initials(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    return "".join(w[0] for w in words[:2]).upper() or "?"


def _shape(kind: str, colour: str) -> str:
    if kind == "circle":
        return f'<circle cx="120" cy="112" r="70" fill="{colour}"/>'
    if kind == "diamond":
        return f'<polygon points="120,34 198,112 120,190 42,112" fill="{colour}"/>'
    if kind == "hexagon":
        return f'<polygon points="120,40 182,76 182,148 120,184 58,148 58,76" fill="{colour}"/>'
    if kind == "star":
        return (
            f'<polygon points="120,32 141,88 200,90 153,126 170,184 120,150 70,184 87,126 40,90 99,88" '
            f'fill="{colour}"/>'
        )
    return (
        f'<circle cx="120" cy="112" r="72" fill="none" stroke="{colour}" stroke-width="12"/>'
        f'<circle cx="120" cy="112" r="48" fill="{colour}"/>'
    )


def game_icon(game: Game) -> str:
    digest = _hash(game.code)
    hue, shape = digest[0] * 360 // 256, SHAPES[digest[1] % len(SHAPES)]
    badge = game.classify or game.game_type
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" '
        f'aria-label="{escape(game.name)}">'
        f"<title>{escape(game.name)}</title>"
        '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{_colour(hue, 70, 45)}"/>'
        f'<stop offset="1" stop-color="{_colour(hue + 40 + digest[2] % 80, 75, 25)}"/>'
        "</linearGradient></defs>"
        '<rect width="240" height="240" rx="28" fill="url(#bg)"/>'
        f"{_shape(shape, _colour(hue + 180, 80, 62))}"
        '<text x="120" y="134" text-anchor="middle" font-family="system-ui,sans-serif" font-size="64" '
        f'font-weight="800" fill="#fff">{escape(initials(game.name))}</text>'
        '<rect x="12" y="198" width="216" height="30" rx="15" fill="rgba(0,0,0,.45)"/>'
        '<text x="120" y="219" text-anchor="middle" font-family="system-ui,sans-serif" font-size="15" '
        f'font-weight="600" fill="#fff">{escape(game.vendor)} · {escape(badge)}</text>'
        "</svg>"
    )


def vendor_logo(vendor: Vendor) -> str:
    digest = _hash(vendor.code)
    hue = digest[0] * 360 // 256
    glyph = TYPE_GLYPHS.get(vendor.game_type, "★")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 96" width="240" height="96" role="img" '
        f'aria-label="{escape(vendor.name)}">'
        f"<title>{escape(vendor.name)}</title>"
        '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0">'
        f'<stop offset="0" stop-color="{_colour(hue, 70, 40)}"/>'
        f'<stop offset="1" stop-color="{_colour(hue + 50, 70, 28)}"/>'
        "</linearGradient></defs>"
        '<rect width="240" height="96" rx="18" fill="url(#bg)"/>'
        f'<circle cx="48" cy="48" r="30" fill="{_colour(hue + 180, 80, 60)}"/>'
        '<text x="48" y="59" text-anchor="middle" font-family="system-ui,sans-serif" font-size="30" '
        f'font-weight="800" fill="#fff">{escape(glyph)}</text>'
        '<text x="90" y="50" font-family="system-ui,sans-serif" font-size="30" font-weight="800" '
        f'fill="#fff">{escape(vendor.code)}</text>'
        '<text x="90" y="74" font-family="system-ui,sans-serif" font-size="13" fill="rgba(255,255,255,.85)">'
        f"{escape(vendor.name)}</text>"
        "</svg>"
    )
