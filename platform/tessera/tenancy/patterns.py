"""The registration patterns (SPEC §5): a stable id, a regular expression valid in both
Python and JavaScript, and the message key shown when a value does not fit.

``*`` is the accepted pattern that matches anything.
"""

import re
from dataclasses import dataclass

ANY = "*"


@dataclass(frozen=True)
class Pattern:
    id: str
    regex: str

    @property
    def message_key(self) -> str:
        return f"pattern_{self.id}"


PATTERNS = {
    p.id: p
    for p in (
        Pattern("any", ANY),
        Pattern("letterFirstAlnum", r"^[A-Za-z][A-Za-z0-9]*$"),
        Pattern("chineseDigits", r"^[\u4e00-\u9fa50-9]+$"),
        Pattern("email", r"^[^\s@]+@[^\s@]+\.[^\s@]+$"),
        Pattern("lettersOrDigits", r"^[A-Za-z0-9]+$"),
        Pattern("lettersAndDigits", r"^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$"),
        Pattern("digits", r"^[0-9]+$"),
        Pattern("uppercaseRequired", r"^(?=.*[A-Z]).+$"),
        Pattern("englishSpaces", r"^[A-Za-z ]+$"),
        Pattern("noSpaces", r"^\S+$"),
        Pattern("chinesePunctuation", r"^[\u4e00-\u9fa5\u3000-\u303f\uff00-\uffef]+$"),
        Pattern("dateYmd", r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"),
        Pattern("dateMdy", r"^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$"),
        Pattern("korean", r"^[\uac00-\ud7a3 ]+$"),
        Pattern("thai", r"^[\u0e00-\u0e7f ]+$"),
        Pattern("thaiEnglish", r"^[\u0e00-\u0e7fA-Za-z ]+$"),
        Pattern("uppercaseSpaces", r"^[A-Z ]+$"),
        Pattern("lettersDigitsSymbols", r"^[!-~]+$"),
        Pattern("strongPassword", r"^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$"),
        Pattern("fullName", r"^[A-Za-z]+( [A-Za-z]+)+$"),
        Pattern("fullWidthJapanese", r"^[\u3000-\u303f\u3040-\u30ff\u4e00-\u9faf\uff01-\uff5e]+$"),
        Pattern("uppercaseOnly", r"^[A-Z]+$"),
    )
}


def matches(accepted_pattern: str, value: str) -> bool:
    """Whether the whole value fits (Python's ``$`` alone would also accept a trailing newline)."""
    return accepted_pattern == ANY or re.fullmatch(accepted_pattern, value) is not None
