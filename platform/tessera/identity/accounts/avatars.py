"""The avatars a member is shown with: eight pictures drawn here as SVG, the same on every brand,
served at ``/wps/avatars/<iconId>.svg``.

No call lets a member pick one yet, so every member has avatar 1, the default; nothing is stored.
"""

import hashlib
from functools import lru_cache

DEFAULT_ICON = 1
# (background from, background to, figure): deep to light, one hue each.
PALETTES = (
    ("#0f766e", "#2dd4bf", "#f0fdfa"),  # teal
    ("#3730a3", "#818cf8", "#eef2ff"),  # indigo
    ("#c2410c", "#fb923c", "#fff7ed"),  # coral
    ("#b45309", "#fbbf24", "#fffbeb"),  # amber
    ("#6d28d9", "#c084fc", "#faf5ff"),  # violet
    ("#047857", "#34d399", "#ecfdf5"),  # emerald
    ("#be123c", "#fb7185", "#fff1f2"),  # rose
    ("#334155", "#94a3b8", "#f8fafc"),  # slate
)
ICON_IDS = tuple(range(1, len(PALETTES) + 1))
# A faint shape behind the figure, so two avatars differ by more than colour.
MOTIFS = (
    "",
    '<circle cx="78" cy="16" r="30"/>',
    '<path d="M-10 70 70 -10h30L-10 100z"/>',
    '<circle cx="48" cy="48" r="42" fill="none" stroke="#fff" stroke-width="4"/>',
)
FIGURE = '<circle cx="48" cy="38" r="17"/><path d="M13 100c0-22 15.7-37 35-37s35 15 35 37z"/>'


@lru_cache(maxsize=len(ICON_IDS))
def svg(icon_id: int) -> str:
    start, end, figure = PALETTES[icon_id - 1]
    motif = MOTIFS[(icon_id - 1) % len(MOTIFS)]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" '
        f'aria-label="Avatar {icon_id}"><defs>'
        f'<linearGradient id="bg{icon_id}" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{start}"/><stop offset="1" stop-color="{end}"/></linearGradient>'
        f'<clipPath id="round{icon_id}"><circle cx="48" cy="48" r="48"/></clipPath></defs>'
        f'<g clip-path="url(#round{icon_id})"><rect width="96" height="96" fill="url(#bg{icon_id})"/>'
        f'<g fill="#fff" fill-opacity="0.14">{motif}</g>'
        f'<g fill="{figure}" fill-opacity="0.92">{FIGURE}</g></g></svg>'
    )


def etag(icon_id: int) -> str:
    return hashlib.sha256(svg(icon_id).encode()).hexdigest()[:32]
