"""Phone numbers as Tessera keeps and sends them: E.164, for the core and for plugins alike."""

import re

# "+", a country code that does not start with 0, then 7 to 15 digits in all (ASCII digits only).
E164 = re.compile(r"\+[1-9][0-9]{6,14}")


def is_e164(value) -> bool:
    """Whether ``value`` is a str holding one E.164 number (``"+8801712345678"``) and nothing else:
    no spaces, no separators, not even a trailing line break."""
    return isinstance(value, str) and E164.fullmatch(value) is not None
