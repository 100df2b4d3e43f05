"""A picture of a few characters to read, drawn with noise by the ``captcha`` library.

    [plugins.image-captcha]
    secret = "env:IMAGE_CAPTCHA_SECRET"   # keys the answers kept in the store; may be empty in development
    length = 5                            # characters, 4 to 6
    ttl_seconds = 300                     # how long a picture can be answered
    width = 200                           # pixels
    height = 70

The characters come from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B) and are
compared case-insensitively. They are drawn in a dark ink on a light ground, at least 7:1 apart
(WCAG AAA), so the noise makes the picture hard for a program, not for a person. The store keeps
only an HMAC of the right answer, under the challenge's id, so it is single use and expires with
the store's clock.

The text is a pure function of a seed (:func:`text_of`). With a secret the seed is
HMAC(secret, captchaId): whoever holds the brand's secret can work out the text of a challenge
without reading the picture, which is how the contract suite answers honestly
(:func:`contract_answer`), while a member has only the picture. Without a secret the seed is
random, so a brand that forgot its secret still gets a captcha nobody can work out from the id.
"""

import base64
import hashlib
import hmac
import secrets
from functools import lru_cache

from captcha.image import ImageCaptcha

from tessera import hookimpl
from tessera.plugins.client import issue_challenge, take_challenge

ALPHABET = "ACEFGHKMNPRTWXY34679"
KEY_PREFIX = "image-captcha:"
MAX_TEXT = 32
DEFAULTS = {"secret": "", "length": 5, "ttl_seconds": 300, "width": 200, "height": 70}
# The inks the characters are drawn in (dark blues, greens, reds, purples and greys) and the light
# grounds behind them: any ink on any ground keeps a contrast of at least 7:1.
INKS = ((20, 40, 110), (0, 70, 40), (110, 20, 20), (70, 20, 100), (40, 40, 40), (0, 60, 90))
GROUNDS = ((255, 255, 255), (250, 248, 240), (244, 248, 252), (248, 252, 246))
MIN_CONTRAST = 7.0

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "secret": {"type": "string"},
        "length": {"type": "integer", "minimum": 4, "maximum": 6},
        # At most the life of the cookie that carries the challenge id (10 minutes).
        "ttl_seconds": {"type": "integer", "minimum": 60, "maximum": 600},
        "width": {"type": "integer", "minimum": 120, "maximum": 400},
        "height": {"type": "integer", "minimum": 50, "maximum": 150},
    },
}


def text_of(seed: bytes, length: int) -> str:
    """The characters a seed stands for: its bytes read as a number in base len(ALPHABET)."""
    number = int.from_bytes(seed, "big")
    characters = []
    for _ in range(length):
        number, digit = divmod(number, len(ALPHABET))
        characters.append(ALPHABET[digit])
    return "".join(characters)


def _hmac(secret: str, message: str) -> bytes:
    return hmac.new(secret.encode(), message.encode(), hashlib.sha256).digest()


def _seed(secret: str, captcha_id: str) -> bytes:
    return _hmac(secret, captcha_id) if secret else secrets.token_bytes(32)


def _seal(secret: str, captcha_id: str, text: str) -> str:
    """What the store keeps: never the text itself."""
    return _hmac(secret, f"{captcha_id}:{text.strip().upper()}").hex()


@lru_cache(maxsize=8)
def _drawer(width: int, height: int) -> ImageCaptcha:
    # Fonts in the proportions the library uses for its 60-pixel default, loaded once per size.
    sizes = tuple(round(height * ratio) for ratio in (0.7, 0.83, 0.93))
    return ImageCaptcha(width=width, height=height, font_sizes=sizes)


def _luminance(colour: tuple[int, ...]) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in colour[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(ink: tuple[int, ...], ground: tuple[int, ...]) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((_luminance(ink), _luminance(ground)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def colours() -> tuple[tuple[int, int, int], tuple[int, int, int, int]]:
    """A ground and an ink (opaque) for one picture, picked at random among the readable pairs."""
    ground, ink = secrets.choice(GROUNDS), secrets.choice(INKS)
    return ground, (*ink, 255)


def picture(text: str, width: int, height: int) -> str:
    """``text`` drawn with noise in a readable ink, as a ``data:image/png;base64,`` URL."""
    ground, ink = colours()
    png = _drawer(width, height).generate(text, format="png", bg_color=ground, fg_color=ink).getvalue()
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _settings(settings: dict) -> dict:
    return {**DEFAULTS, **settings}


@hookimpl
def tessera_captcha_challenge(tenant, settings, store):
    s = _settings(settings)
    drawn: list[str] = []

    def sealed(captcha_id: str) -> str:
        drawn.append(text_of(_seed(s["secret"], captcha_id), s["length"]))
        return _seal(s["secret"], captcha_id, drawn[0])

    captcha_id = issue_challenge(store, KEY_PREFIX, s["ttl_seconds"], sealed)
    return {"captchaId": captcha_id, "image": picture(drawn[0], s["width"], s["height"])}


@hookimpl
def tessera_captcha_verify(tenant, settings, store, answer):
    captcha_id, kept = take_challenge(
        store, KEY_PREFIX, answer
    )  # taken before the text is judged: any attempt uses it up
    text = answer.get("captcha") if captcha_id else None
    if kept is None or not isinstance(text, str) or not 0 < len(text) <= MAX_TEXT:
        return False
    return hmac.compare_digest(kept, _seal(_settings(settings)["secret"], captcha_id, text))


# -- Contract helpers (the kit's captcha suite) ---------------------------------------------


def contract_settings() -> dict:
    """A brand of its own: a fresh secret."""
    return {"secret": secrets.token_hex(16), "length": 5, "ttl_seconds": 300}


def contract_answer(settings: dict, challenge: dict) -> dict:
    """The text of ``challenge``, worked out from the brand's secret as the picture was drawn."""
    s = _settings(settings)
    if not s["secret"]:
        raise ValueError("without a secret the text is random: only the picture tells it")
    text = text_of(_seed(s["secret"], challenge["captchaId"]), s["length"])
    return {"captchaId": challenge["captchaId"], "captcha": text}
