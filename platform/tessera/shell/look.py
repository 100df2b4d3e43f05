"""The brand's look on its page: its colours and font as CSS variables in a style of the page's
head, there before the first paint, so that no page shows the platform's own colours first.

The stylesheets read ``--brand-*`` with the platform's colours as fallbacks (shell/src/styles.css);
a theme is chosen by the page's ``data-theme``, which the visitor may change.
"""

import json

from tessera.tenancy.assets import asset_url
from tessera.tenancy.look import COLOURS, THEMES, variable

FORMATS = {".woff2": "woff2", ".woff": "woff"}
FALLBACK_FONTS = "system-ui, sans-serif"


def _font_faces(fonts: dict) -> list[str]:
    faces = []
    for font in fonts.get("files", []):
        path = font["path"]
        kind = FORMATS[path[path.rindex(".") :].lower()]
        faces.append(
            f"@font-face{{font-family:{json.dumps(fonts['family'])};"
            f"src:url({json.dumps(asset_url(path))}) format({json.dumps(kind)});"
            f"font-weight:{font.get('weight', 400)};font-style:{font.get('style', 'normal')};font-display:swap}}"
        )
    return faces


def brand_style(tenant) -> str:
    """The rules of the page's brand style: the colours of each theme the brand sets, its font
    faces, and its font family ahead of the system's. Every value is checked at load (colours are
    #rrggbb, a family is letters, digits, spaces, '_' and '-', files are paths in assets/)."""
    rules = []
    for theme, colours in sorted(tenant.section("colours").items(), key=lambda item: THEMES.index(item[0])):
        declarations = ";".join(f"{variable(name)}:{colours[name]}" for name in COLOURS)
        rules.append(f":root[data-theme='{theme}']{{{declarations}}}")
    fonts = tenant.section("fonts")
    if fonts:
        rules.extend(_font_faces(fonts))
        rules.append(f":root{{--brand-font:{json.dumps(fonts['family'])}, {FALLBACK_FONTS}}}")
    # Nothing checked lets "<" through; were it ever to, it could not end the style element.
    return "\n".join(rules).replace("<", "\\3c ")
