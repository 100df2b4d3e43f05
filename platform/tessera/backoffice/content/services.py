"""Banners and announcements made in the back office: written in the brand's languages, scheduled,
changed and removed by staff; the folder's own are listed beside them and never changed here (the
next sync would bring them back).

An announcement is one key with a row per language (title, Markdown made HTML as a sync makes it);
a banner one row with its alt text per language."""

import secrets
from datetime import datetime

from markdown_it import MarkdownIt
from sqlalchemy import delete, select

from tessera.core.envelope import ApiError
from tessera.core.timeutil import as_utc, iso
from tessera.tenancy.assets import URL_PREFIX, asset_url, is_https_url
from tessera.tenancy.models import BACKOFFICE, FOLDER, Announcement, Banner, BrandImage

KEY_PREFIX = "bo."  # never a folder's key (those are [a-z0-9_-])
_markdown = MarkdownIt("commonmark", {"html": False})  # as a sync renders the folder's notices


def new_key() -> str:
    return KEY_PREFIX + secrets.token_hex(6)


def preview(text: str) -> str:
    return _markdown.render(text)


def _showing(starts: datetime | None, ends: datetime | None, at: datetime) -> bool:
    return (starts is None or as_utc(starts) <= at) and (ends is None or as_utc(ends) > at)


def _check_window(starts: datetime | None, ends: datetime | None) -> None:
    if starts is not None and ends is not None and ends <= starts:
        raise ApiError(400, "date_invalid", field="endsAt")


def check_languages(tenant, texts: dict) -> None:
    unknown = sorted(set(texts) - set(tenant.languages))
    if unknown:
        raise ApiError(400, "content_language_unknown", asked=unknown[0])


# -- Announcements ----------------------------------------------------------------------------


def announcement_value(rows: list[Announcement], at: datetime) -> dict:
    first = rows[0]
    return {
        "key": first.key,
        "source": first.source,
        "type": first.type,
        "position": first.position,
        "promotionType": first.promotion_type,
        "startsAt": iso(first.starts_at),
        "endsAt": iso(first.ends_at),
        "showing": _showing(first.starts_at, first.ends_at, at),
        "updatedBy": first.updated_by,
        "texts": {
            row.language: {"title": row.title, "content": row.content_text, "html": row.content_html} for row in rows
        },
    }


def announcements(db, at: datetime, kind: str | None, source: str | None) -> list[dict]:
    """Every announcement of the brand, newest first (one entry per key and source)."""
    query = select(Announcement).order_by(Announcement.starts_at.desc(), Announcement.position, Announcement.id)
    if kind:
        query = query.where(Announcement.type == kind)
    if source:
        query = query.where(Announcement.source == source)
    grouped: dict[tuple[str, str], list[Announcement]] = {}
    for row in db.scalars(query):
        grouped.setdefault((row.source, row.key), []).append(row)
    return [announcement_value(rows, at) for rows in grouped.values()]


def announcement(db, key: str, at: datetime) -> dict:
    rows = list(db.scalars(select(Announcement).where(Announcement.key == key).order_by(Announcement.language)))
    if not rows:
        raise ApiError(404, "content_not_found", name=key)
    return announcement_value(rows, at)


def _made_here(db, model, key: str) -> list:
    rows = list(db.scalars(select(model).where(model.key == key).order_by(model.id)))
    if not rows:
        raise ApiError(404, "content_not_found", name=key)
    if rows[0].source != BACKOFFICE:
        raise ApiError(409, "content_from_folder", name=key)
    return rows


def write_announcement(db, tenant, key: str, form: dict, staff: str) -> list[Announcement]:
    """Make the announcement ``key`` what ``form`` says, one row per language it is written in."""
    check_languages(tenant, form["texts"])
    starts, ends = as_utc(datetime.fromisoformat(form["startsAt"])), None
    if form.get("endsAt"):
        ends = as_utc(datetime.fromisoformat(form["endsAt"]))
    _check_window(starts, ends)
    db.execute(delete(Announcement).where(Announcement.key == key, Announcement.source == BACKOFFICE))
    rows = [
        Announcement(
            key=key,
            language=language,
            type=form["type"],
            position=form.get("position", 0),
            title=text["title"],
            content_text=text["content"],
            content_html=preview(text["content"]),
            promotion_type=form.get("promotionType"),
            starts_at=starts,
            ends_at=ends,
            source=BACKOFFICE,
            updated_by=staff,
        )
        for language, text in sorted(form["texts"].items())
    ]
    db.add_all(rows)
    db.flush()
    return rows


def existing_announcement(db, key: str) -> list[Announcement]:
    return _made_here(db, Announcement, key)


def remove_announcement(db, key: str) -> None:
    _made_here(db, Announcement, key)
    db.execute(delete(Announcement).where(Announcement.key == key, Announcement.source == BACKOFFICE))


# -- Banners ----------------------------------------------------------------------------------


def banner_value(banner: Banner, at: datetime) -> dict:
    return {
        "key": banner.key,
        "source": banner.source,
        "group": banner.group_name,
        "position": banner.position,
        "image": banner.image_url,
        "link": banner.link_url,
        "titles": banner.title,
        "startsAt": iso(banner.starts_at),
        "endsAt": iso(banner.ends_at),
        "showing": _showing(banner.starts_at, banner.ends_at, at),
        "updatedBy": banner.updated_by,
    }


def banners(db, at: datetime, group: str | None) -> list[dict]:
    query = select(Banner).order_by(Banner.group_name, Banner.position, Banner.id)
    if group:
        query = query.where(Banner.group_name == group)
    return [banner_value(banner, at) for banner in db.scalars(query)]


def _image(db, image: str) -> str:
    """The banner's image as its answers name it: an https URL, or one of the brand's images."""
    if is_https_url(image):
        return image
    path = image.removeprefix(URL_PREFIX)
    if db.scalar(select(BrandImage.id).where(BrandImage.path == path)) is None:
        raise ApiError(400, "banner_image_unknown", image=image)
    return URL_PREFIX + path


def _link(link: str | None) -> str | None:
    if link is None or link.startswith("/") or is_https_url(link):
        return link
    raise ApiError(400, "banner_link_invalid")


def write_banner(db, tenant, banner: Banner | None, form: dict, staff: str) -> Banner:
    check_languages(tenant, form["titles"])
    starts = as_utc(datetime.fromisoformat(form["startsAt"])) if form.get("startsAt") else None
    ends = as_utc(datetime.fromisoformat(form["endsAt"])) if form.get("endsAt") else None
    _check_window(starts, ends)
    image, link = _image(db, form["image"]), _link(form.get("link"))
    if banner is None:
        banner = Banner(key=new_key(), source=BACKOFFICE)
        db.add(banner)
    banner.group_name = form["group"]
    banner.position = form.get("position", 0)
    banner.image_url, banner.link_url = image, link
    banner.title = dict(sorted(form["titles"].items()))
    banner.starts_at, banner.ends_at = starts, ends
    banner.updated_by = staff
    db.flush()
    return banner


def existing_banner(db, key: str) -> Banner:
    return _made_here(db, Banner, key)[0]


def brand_images(db) -> list[dict]:
    """The brand's images a banner may show (its folder's, as the sync measured them)."""
    return [
        {"path": image.path, "url": asset_url(image.path), "width": image.width, "height": image.height}
        for image in db.scalars(select(BrandImage).order_by(BrandImage.path))
    ]


SOURCES = (FOLDER, BACKOFFICE)
