"""The content files of a brand folder (``content/``): their schemas, and how their dates read.

    content/help/<lang>.toml       [[sections]] of the help centre
    content/banners.toml           [[banners]] per route group, alt text per language
    content/notices/<lang>.toml    [[notices]]: marquee (PL), popups (PU), promotions (PR), help (H)
    content/footer/<lang>.toml     description, [[licences]], [[protection]], [responsibility]

TOML dates and date-times without an offset are the brand's local time (``timezone`` in
tenant.toml, else UTC). A date alone starts at midnight; as an end it includes the whole day.
"""

from datetime import UTC, date, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from jsonschema import Draft202012Validator, validators

KEY = {"type": "string", "pattern": "^[a-z0-9_-]{1,40}$"}
TITLE = {"type": "string", "minLength": 1, "maxLength": 200}
DATE = {"type": "date"}  # a TOML date or date-time
IMAGE = {"type": "string", "minLength": 1, "maxLength": 500, "description": "a path inside assets/ or an https URL"}
LINK = {"type": "string", "minLength": 1, "maxLength": 500, "description": "a route starting with '/' or an https URL"}

BANNER_GROUPS = (
    "home",
    "rng",
    "live",
    "fish",
    "pvp",
    "sports",
    "esports",
    "elott",
    "cockfight",
    "pointMall",
    "w_register",
    "agent",
    "service",
)
NOTICE_TYPES = ("PL", "PU", "PR", "H")


def _items(required: list, properties: dict) -> dict:
    return {
        "type": "array",
        "items": {"type": "object", "additionalProperties": False, "required": required, "properties": properties},
    }


def _document(required: list, properties: dict) -> dict:
    return {"type": "object", "additionalProperties": False, "required": required, "properties": properties}


HELP_SCHEMA = _document(
    ["sections"],
    {
        "sections": _items(["key", "title", "body"], {"key": KEY, "title": TITLE, "body": {"type": "string"}}),
    },
)
BANNERS_SCHEMA = _document(
    ["banners"],
    {
        "banners": _items(
            ["key", "group", "image", "title"],
            {
                "key": KEY,
                "group": {"enum": list(BANNER_GROUPS)},
                "image": IMAGE,
                "link": LINK,
                "title": {"type": "object", "minProperties": 1, "additionalProperties": TITLE},
                "starts": DATE,
                "ends": DATE,
            },
        ),
    },
)
NOTICES_SCHEMA = _document(
    ["notices"],
    {
        "notices": _items(
            ["key", "type", "title", "content", "start_date"],
            {
                "key": KEY,
                "type": {"enum": list(NOTICE_TYPES)},
                "title": TITLE,
                "content": {"type": "string"},
                "start_date": DATE,
                "end_date": DATE,
                "promotion_type": {"type": "string", "minLength": 1, "maxLength": 40},
            },
        ),
    },
)
FOOTER_SCHEMA = _document(
    ["description"],
    {
        "description": {"type": "string"},
        "licences": _items(["title", "image"], {"title": TITLE, "image": IMAGE, "link": LINK}),
        "protection": _items(["title", "image"], {"title": TITLE, "image": IMAGE}),
        "responsibility": {
            "type": "object",
            "additionalProperties": False,
            "required": ["title", "image"],
            "properties": {"title": TITLE, "image": IMAGE, "link": LINK},
        },
    },
)

# JSON Schema knows no dates; TOML has them, and tomllib reads them as date and datetime.
ContentValidator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("date", lambda _, value: isinstance(value, date)),
)


def brand_zone(config: dict) -> tzinfo:
    """The brand's time zone, for content dates written without an offset (UTC when it names none)."""
    try:
        return ZoneInfo(config["timezone"]) if "timezone" in config else UTC
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def moment(value: date, zone: tzinfo, end: bool = False) -> datetime:
    """A TOML date or date-time as an instant in UTC (an end date includes its whole day)."""
    if not isinstance(value, datetime):
        value = datetime.combine(value + timedelta(days=1) if end else value, time(), zone)
    elif value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return value.astimezone(UTC)
