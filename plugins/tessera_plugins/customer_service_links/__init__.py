"""Customer-service entries (live chat, Facebook, Telegram, hotline) from the brand's tenant.toml.

    [[plugins.customer-service-links.entries]]
    type = "3"                       # "3" is the live-chat link
    url = "https://chat.example/room"
    title = { en = "Live chat", bn = "লাইভ চ্যাট" }

A title is one string or a table of languages; a missing language falls back to English.
"""

from tessera import hookimpl
from tessera.plugins import client

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["entries"],
    "properties": {
        "entries": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["type", "url", "title"],
                "properties": {
                    "type": {"type": "string", "pattern": "^[A-Z0-9_]{1,16}$"},
                    "url": {"type": "string", "pattern": "^(https?://|tel:|mailto:|/)[^\\s]+$"},
                    "title": client.TITLE,
                },
            },
        }
    },
}


def contract_settings(entries: list[dict]) -> dict:
    """The settings that list ``entries`` (``csType``, ``path``, ``titles`` by language), for the contract suite."""
    return {"entries": [{"type": e["csType"], "url": e["path"], "title": e["titles"]} for e in entries]}


@hookimpl
def tessera_customer_service_entries(tenant, settings, language):
    return [
        {
            "csType": entry["type"],
            "title": client.title_in(entry["title"], language),
            "path": entry["url"],
            "csPosition": position,
        }
        for position, entry in enumerate(settings["entries"], start=1)
    ]
