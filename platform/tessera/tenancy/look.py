"""A brand's look: its colours for each theme (tenant.toml's ``[colours.light]`` and
``[colours.dark]``) and its font (``[fonts]``).

Text must stay readable whatever a brand chooses: a brand whose text would fall below WCAG 2.1
AA's contrast for normal text (4.5:1) against what the pages draw it on is refused when the
folder is read, naming both colours and the ratio, rather than shown with colours of its own
that nobody chose. A theme a brand leaves out keeps the platform's own colours.
"""

from coloraide import Color

THEMES = ("light", "dark")
COLOURS = ("primary", "on_primary", "accent", "on_accent", "header", "background", "panel", "text", "muted")
# WCAG 2.1 AA, normal text (success criterion 1.4.3).
AA_TEXT = 4.5
# (text, drawn on): the pairs the pages draw text with.
READABLE = (
    ("text", "background"),
    ("text", "panel"),
    ("text", "header"),  # the header's logo text and links
    ("muted", "background"),
    ("muted", "panel"),
    ("primary", "background"),  # links and outlined buttons
    ("primary", "panel"),  # links in panels, an outlined button under the pointer
    ("primary", "header"),  # the header's outlined buttons
    ("on_primary", "primary"),  # the navigation, filled buttons, the chosen menu entry
    ("on_accent", "accent"),  # highlighted buttons (register, deposit)
)


def contrast(foreground: str, background: str) -> float:
    """The WCAG 2.1 contrast ratio of two colours, from 1 (none) to 21 (black on white)."""
    return Color(foreground).contrast(background, method="wcag21")


def contrast_problems(colours: dict) -> list[tuple[str, str, float]]:
    """The pairs of one theme's colours whose contrast is below AA, with their ratio."""
    problems = []
    for text, ground in READABLE:
        ratio = contrast(colours[text], colours[ground])
        if ratio < AA_TEXT:
            problems.append((text, ground, ratio))
    return problems


def variable(name: str) -> str:
    """The CSS variable a colour is given to the pages as: ``on_primary`` is ``--brand-on-primary``."""
    return "--brand-" + name.replace("_", "-")
