"""What the announcement call answers: the brand's banners and notices showing now."""

from functools import partial

from sqlalchemy import or_, select
from zope.interface import implementer

from tessera.core.cache import memo
from tessera.core.timeutil import iso, utcnow
from tessera.engagement.interfaces import IAnnouncements
from tessera.tenancy.images import image_answer, recorded_images
from tessera.tenancy.models import Announcement, Banner

BANNERS = "B"
# Notice type -> the list of the answer it goes in.
NOTICE_LISTS = {"PL": "player", "PU": "popup", "PR": "promotion", "H": "help"}
DEFAULT_TYPES = "B,PL,PU,PR"
# What the shell asks for on every page; the page carries this answer in its bootstrap.
SHELL_TYPES = frozenset({"B", "PL", "PU", "PR", "H"})


def _banner(banner: Banner, language: str, default_language: str, images: dict) -> dict:
    link = banner.link_url
    return {
        "bannerId": banner.id,
        "groupName": banner.group_name,
        "url": banner.image_url,
        "linkageType": None if link is None else "INTERNAL" if link.startswith("/") else "EXTERNAL",
        "linkUrl": link,
        "title": banner.title.get(language)
        or banner.title.get(default_language)
        or next(iter(banner.title.values()), ""),
        **image_answer(images.get(banner.image_url)),
    }


def banners(db, tenant, language: str, now) -> list[dict]:
    """Every banner of every route group whose window is open, in file order, with its image's size
    and smaller copies."""
    showing = db.scalars(
        select(Banner)
        .where(
            or_(Banner.starts_at.is_(None), Banner.starts_at <= now),
            or_(Banner.ends_at.is_(None), Banner.ends_at > now),
        )
        .order_by(Banner.position)
    ).all()
    images = recorded_images(db, [banner.image_url for banner in showing])
    return [_banner(banner, language, tenant.default_language, images) for banner in showing]


def notice_language(db, tenant, language: str) -> str:
    """The language whose notices are shown: the asked one if the brand writes notices in it,
    else its default (then its other languages)."""
    for candidate in tenant.content_languages(language):
        if db.scalar(select(Announcement.id).where(Announcement.language == candidate).limit(1)) is not None:
            return candidate
    return language


def notices(db, language: str, types: list[str], now) -> list[Announcement]:
    """The notices of ``types`` in ``language`` that have started and not ended, newest first."""
    return db.scalars(
        select(Announcement)
        .where(
            Announcement.language == language,
            Announcement.type.in_(types),
            Announcement.starts_at <= now,
            or_(Announcement.ends_at.is_(None), Announcement.ends_at > now),
        )
        .order_by(Announcement.starts_at.desc(), Announcement.position)
    ).all()


def _notice(notice: Announcement) -> dict:
    return {
        "id": notice.id,
        "title": notice.title,
        "content": notice.content_html,
        "startDate": iso(notice.starts_at),
        "promotionType": notice.promotion_type,
    }


def announcements(db, tenant, language: str, types: frozenset[str]) -> dict:
    """Banners (type B) and notices of the asked types; the lists of types not asked for are empty."""
    now = utcnow()
    answer: dict[str, list[dict]] = {"player": [], "banners": [], "popup": [], "promotion": [], "help": []}
    if BANNERS in types:
        answer["banners"] = banners(db, tenant, language, now)
    wanted = [t for t in NOTICE_LISTS if t in types]
    if wanted:
        for notice in notices(db, notice_language(db, tenant, language), wanted, now):
            answer[NOTICE_LISTS[notice.type]].append(_notice(notice))
    return answer


@implementer(IAnnouncements)
class Announcements:
    """The brand's banners and notices showing now, remembered briefly per worker (``memos`` gives
    the app's memo of a name, :func:`tessera.core.cache.memo`)."""

    def __init__(self, db, tenant, memos):
        self.db, self.tenant, self.memos = db, tenant, memos

    @classmethod
    def create_service(cls, context, request) -> "Announcements":
        return cls(request.db, request.tenant, partial(memo, request.registry))

    def current(self, language: str, types: frozenset[str]) -> dict:
        return self.memos("announcements").get(
            (self.tenant.id, language, types), lambda: announcements(self.db, self.tenant, language, types)
        )
