"""Help centre articles and customer-service entries made in the back office.

An article is one key with a section per language (its Markdown made HTML as a sync makes the
folder's); the folder's sections are listed beside them and never changed here. A customer-service
entry is one row with its title per language; the folder's come from the brand's
customer-service plugins (its tenant.toml) and are listed read-only."""

from sqlalchemy import delete, select

from tessera.backoffice.content.services import check_languages, new_key, preview
from tessera.core.envelope import ApiError
from tessera.tenancy.models import BACKOFFICE, FOLDER, CustomerServiceEntry, HelpSection

# -- Help centre articles ---------------------------------------------------------------------


def article_value(rows: list[HelpSection]) -> dict:
    first = rows[0]
    return {
        "key": first.key,
        "source": first.source,
        "position": first.position,
        "updatedBy": first.updated_by,
        "texts": {row.language: {"title": row.title, "content": row.body_text, "html": row.body_html} for row in rows},
    }


def articles(db, source: str | None) -> list[dict]:
    """The brand's help centre, the folder's and the staff's, in the order members read it."""
    query = select(HelpSection).order_by(HelpSection.position, HelpSection.id)
    if source:
        query = query.where(HelpSection.source == source)
    grouped: dict[tuple[str, str], list[HelpSection]] = {}
    for row in db.scalars(query):
        grouped.setdefault((row.source, row.key), []).append(row)
    return [article_value(sorted(rows, key=lambda r: r.language)) for rows in grouped.values()]


def _rows(db, key: str) -> list[HelpSection]:
    rows = list(db.scalars(select(HelpSection).where(HelpSection.key == key).order_by(HelpSection.language)))
    if not rows:
        raise ApiError(404, "content_not_found", name=key)
    return rows


def article(db, key: str) -> dict:
    return article_value(_rows(db, key))


def existing_article(db, key: str) -> dict:
    """A staff article as it is now (the folder's are refused: 409 content_from_folder)."""
    rows = _rows(db, key)
    if rows[0].source != BACKOFFICE:
        raise ApiError(409, "content_from_folder", name=key)
    return article_value(rows)


def write_article(db, tenant, key: str, form: dict, staff: str) -> dict:
    """Make the staff article ``key`` what ``form`` says, one section per language."""
    check_languages(tenant, form["texts"])
    db.execute(delete(HelpSection).where(HelpSection.key == key, HelpSection.source == BACKOFFICE))
    rows = [
        HelpSection(
            key=key,
            language=language,
            position=form.get("position", 100),
            title=text["title"],
            body_text=text["content"],
            body_html=preview(text["content"]),
            source=BACKOFFICE,
            updated_by=staff,
        )
        for language, text in sorted(form["texts"].items())
    ]
    db.add_all(rows)
    db.flush()
    return article_value(rows)


def remove_article(db, key: str) -> None:
    existing_article(db, key)
    db.execute(delete(HelpSection).where(HelpSection.key == key, HelpSection.source == BACKOFFICE))


# -- Customer-service entries -----------------------------------------------------------------


def entry_value(entry: CustomerServiceEntry) -> dict:
    return {
        "key": entry.key,
        "source": BACKOFFICE,
        "type": entry.cs_type,
        "url": entry.url,
        "titles": entry.title,
        "position": entry.position,
        "updatedBy": entry.updated_by,
    }


def entries(db, plugins, language: str) -> list[dict]:
    """The folder's entries (as its plugins give them in ``language``) and the staff's, by position."""
    folder = [
        {
            "key": f"folder.{n}",
            "source": FOLDER,
            "type": e["csType"],
            "url": e["path"],
            "titles": {language: e["title"]},
            "position": e.get("csPosition", 0),
            "updatedBy": None,
        }
        for n, e in enumerate(plugins.customer_service_entries(language), start=1)
    ]
    made = [entry_value(e) for e in db.scalars(select(CustomerServiceEntry))]
    return sorted(folder + made, key=lambda e: (e["position"], e["source"] != FOLDER, e["key"]))


def existing_entry(db, key: str) -> CustomerServiceEntry:
    entry = db.scalar(select(CustomerServiceEntry).where(CustomerServiceEntry.key == key))
    if entry is None:
        if key.startswith("folder."):
            raise ApiError(409, "content_from_folder", name=key)
        raise ApiError(404, "content_not_found", name=key)
    return entry


def write_entry(db, tenant, entry: CustomerServiceEntry | None, form: dict, staff: str) -> CustomerServiceEntry:
    check_languages(tenant, form["titles"])
    if entry is None:
        entry = CustomerServiceEntry(key=new_key())
        db.add(entry)
    entry.cs_type, entry.url = form["type"], form["url"]
    entry.title = dict(sorted(form["titles"].items()))
    entry.position = form.get("position", 100)
    entry.updated_by = staff
    db.flush()
    return entry
