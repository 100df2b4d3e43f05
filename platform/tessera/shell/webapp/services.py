"""A brand as an installable web app: its manifest (name, colours, icons) and the icons drawn for
a brand whose folder has none.

A brand names its icons in tenant.toml's ``[app]`` (files of its assets folder); every icon a phone
needs that it leaves out (192 and 512 pixels, and a maskable one) is drawn from its colours and the
first letter of its short name, so every brand installs from its first day.
"""

import hashlib
import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from tessera.tenancy.assets import asset_url, content_type

# The platform's own colours (shell/src/styles.css) where a brand sets none for a theme.
PLATFORM_COLOURS = {
    "light": {"header": "#f3f5f8", "background": "#ffffff", "primary": "#0b5cad", "on_primary": "#ffffff"},
    "dark": {"header": "#1e232b", "background": "#12151a", "primary": "#5aa9ff", "on_primary": "#0b1016"},
}
# What launchers ask for: (purpose, size) of every icon a brand must have.
NEEDED_ICONS = (("any", 192), ("any", 512), ("maskable", 512))
# Launchers cut a short name longer than about 12 characters.
SHORT_NAME_LENGTH = 12
# A maskable icon's content must fit the middle 80 % (the safe zone); a plain one fills its tile.
LETTER_SCALE = {"any": 0.55, "maskable": 0.4}


def theme_colours(tenant) -> dict[str, dict[str, str]]:
    """Per theme, the colours the app's frame uses: the brand's, else the platform's."""
    brand = tenant.section("colours")
    return {theme: {**defaults, **brand.get(theme, {})} for theme, defaults in PLATFORM_COLOURS.items()}


def short_name(tenant) -> str:
    return tenant.section("app").get("short_name") or tenant.name[:SHORT_NAME_LENGTH].strip()


def initial(tenant) -> str:
    """The letter drawn on a brand's icons: its short name's first, when the built-in font has it."""
    first = short_name(tenant)[:1].upper()
    return first if first.isascii() and first.isalnum() else ""


def drawn_icon_version(tenant) -> str:
    """Changes when what a drawn icon shows does, so that its address does too."""
    colours = theme_colours(tenant)[tenant.theme]
    return hashlib.sha256(f"{colours['primary']}{colours['on_primary']}{initial(tenant)}".encode()).hexdigest()[:12]


def _covers(icon: dict, purpose: str, size: int) -> bool:
    return icon.get("purpose", "any") == purpose and icon["sizes"] in ("any", f"{size}x{size}")


def icons(tenant) -> list[dict]:
    """The manifest's icons: the brand's own, then a drawn one for each needed icon it lacks."""
    own = tenant.section("app").get("icons", [])
    listed = [
        {
            "src": asset_url(icon["path"]),
            "sizes": icon["sizes"],
            "type": content_type(icon["path"]),
            "purpose": icon.get("purpose", "any"),
        }
        for icon in own
    ]
    version = drawn_icon_version(tenant)
    listed += [
        {
            "src": f"/app-icons/{purpose}-{size}.png?v={version}",
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        for purpose, size in NEEDED_ICONS
        if not any(_covers(icon, purpose, size) for icon in own)
    ]
    return listed


def touch_icon(tenant) -> str:
    """The icon iOS puts on the home screen (it reads no manifest icons): the largest plain one."""
    plain = [icon for icon in icons(tenant) if icon["purpose"] == "any" and icon["type"] != "image/svg+xml"]
    return max(plain, key=lambda icon: int(icon["sizes"].split("x")[0]))["src"]


def manifest(tenant) -> dict:
    """The brand's web app manifest: it opens at its home, standalone, in its default theme."""
    colours = theme_colours(tenant)[tenant.theme]
    return {
        "id": "/",
        "name": tenant.name,
        "short_name": short_name(tenant),
        "lang": tenant.default_language,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": colours["header"],
        "background_color": colours["background"],
        "icons": icons(tenant),
    }


def drawn_icon(tenant, purpose: str, size: int) -> bytes:
    colours = theme_colours(tenant)[tenant.theme]
    return _draw(purpose, size, colours["primary"], colours["on_primary"], initial(tenant))


@lru_cache(maxsize=64)
def _draw(purpose: str, size: int, background: str, foreground: str, letter: str) -> bytes:
    """A PNG: the brand's primary colour (a rounded tile, or the whole square when maskable, as
    launchers cut it to their own shape) and its letter in the colour drawn on it."""
    image = Image.new("RGBA", (size, size), background if purpose == "maskable" else (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if purpose != "maskable":
        draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 5, fill=background)
    if letter:
        font = ImageFont.load_default(size * LETTER_SCALE[purpose])
        draw.text((size / 2, size / 2), letter, fill=foreground, font=font, anchor="mm")
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
