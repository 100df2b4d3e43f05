"""A picture of a few characters to read, drawn with noise by the ``captcha`` library.

    [plugins.image-captcha]
    secret = "env:IMAGE_CAPTCHA_SECRET"   # keys the answers kept in the store; may be empty in development
    length = 5                            # characters, 4 to 6
    ttl_seconds = 300                     # how long a picture can be answered
    width = 160                           # pixels
    height = 60

The characters come from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B) and are
compared case-insensitively. The store keeps only an HMAC of the right answer, under the
challenge's id, so it is single use and expires with the store's clock.

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
DEFAULTS = {"secret": "", "length": 5, "ttl_seconds": 300, "width": 160, "height": 60}

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


def picture(text: str, width: int, height: int) -> str:
    """``text`` drawn with noise, as a ``data:image/png;base64,`` URL."""
    png = _drawer(width, height).generate(text, format="png").getvalue()
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
