"""The images a brand's content names: their intrinsic size, and the smaller WebP (and AVIF, where
Pillow can write it) copies of raster images that a page picks from by its width.

The copies are made when the folder is synced, kept under the upload folder
(``<upload dir>/<slug>/image-variants/``) and served at ``/assets/~/<name>``: a name holds a hash of
the source's content, so a changed image gets new names and an unchanged one is never made again.
No brand asset path starts with ``~`` (see :data:`tessera.tenancy.assets.SEGMENT`).
An SVG scales by itself: only its size is read (its width and height, else its viewBox).
"""

import hashlib
import re
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePosixPath
from xml.etree import ElementTree

from PIL import Image, ImageOps, UnidentifiedImageError, features
from sqlalchemy import select

from tessera.tenancy.assets import URL_PREFIX
from tessera.tenancy.models import BrandImage

# The widths a page picks from (phones, their 2x screens, tablets, desktops); never above the source's.
WIDTHS = (360, 720, 1080, 1440)
RASTER = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif"})
VARIANTS_FOLDER = "image-variants"
VARIANTS_URL = URL_PREFIX + "~/"
# Changed when the copies are made differently, so that their names change too.
RECIPE = b"tessera-variants-1"
QUALITY = {"AVIF": 55, "WEBP": 80}
MIME = {"AVIF": "image/avif", "WEBP": "image/webp"}
# EXIF orientations that turn the picture a quarter: browsers show it with width and height swapped.
QUARTER_TURNS = frozenset({5, 6, 7, 8})
SVG_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$")


class ImageRefused(ValueError):
    """An image that cannot be shown as it is; the message says why."""


@dataclass(frozen=True)
class Variant:
    name: str
    width: int
    height: int
    format: str  # Pillow's name: AVIF or WEBP

    @property
    def url(self) -> str:
        return VARIANTS_URL + self.name


@dataclass(frozen=True)
class ImageFacts:
    """An image's intrinsic size and the copies made of it (none for an SVG)."""

    width: int
    height: int
    digest: str = ""
    variants: tuple[Variant, ...] = ()

    def sources(self) -> list[dict]:
        """One ``{"type", "srcset"}`` per format, the smaller files first, as a <picture> lists them."""
        found = []
        for kind in variant_formats():
            chosen = [v for v in self.variants if v.format == kind]
            if chosen:
                found.append({"type": MIME[kind], "srcset": ", ".join(f"{v.url} {v.width}w" for v in chosen)})
        return found

    def as_row(self) -> dict:
        return {
            "width": self.width,
            "height": self.height,
            "digest": self.digest,
            "variants": [[v.name, v.width, v.height, v.format] for v in self.variants],
        }

    @classmethod
    def from_row(cls, row) -> "ImageFacts":
        return cls(row.width, row.height, row.digest, tuple(Variant(*v) for v in row.variants))


@lru_cache(maxsize=1)
def variant_formats() -> tuple[str, ...]:
    """AVIF (the smallest) when this Pillow writes it, then WebP, which every browser shows."""
    return ("AVIF", "WEBP") if features.check("avif") else ("WEBP",)


def is_raster(path: Path) -> bool:
    return path.suffix.lower() in RASTER


def measure(path: Path) -> ImageFacts:
    """The facts of an image file, or :class:`ImageRefused`; remembered while the file stays the same."""
    stat = path.stat()
    return _measure(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=512)
def _measure(path: str, mtime_ns: int, size: int) -> ImageFacts:
    file = Path(path)
    if file.suffix.lower() == ".svg":
        width, height = svg_size(file.read_bytes())
        return ImageFacts(width, height)
    data = file.read_bytes()
    width, height = _raster_size(file)
    digest = hashlib.sha256(RECIPE + data).hexdigest()[:16]
    stem = file.stem.lower()
    return ImageFacts(width, height, digest, planned_variants(stem, digest, width, height))


def _raster_size(path: Path) -> tuple[int, int]:
    """The size a browser shows the image at (turned as its EXIF says); the whole file is decoded,
    so a truncated or corrupt one is refused here, not left to fail in a member's browser."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                image.load()
                turned = image.getexif().get(0x0112) in QUARTER_TURNS
                width, height = image.size
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise ImageRefused("is too large to decode safely (more than 89 million pixels)") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ImageRefused(f"is not an image Pillow can read ({exc})") from None
    return (height, width) if turned else (width, height)


def planned_variants(stem: str, digest: str, width: int, height: int) -> tuple[Variant, ...]:
    """The copies of a ``width`` x ``height`` image: each of :data:`WIDTHS` below its width, then
    its own width (at most the largest of them), in every format; never wider than the source."""
    widths = sorted({*(w for w in WIDTHS if w < width), min(width, max(WIDTHS))})
    return tuple(
        Variant(
            f"{stem}-{digest[:12]}-{w}.{kind.lower()}",
            w,
            max(1, round(height * w / width)),
            kind,
        )
        for kind in variant_formats()
        for w in widths
    )


def svg_size(document: bytes) -> tuple[int, int]:
    """An SVG's size in CSS pixels: its width and height when both are plain lengths, else its viewBox."""
    try:
        root = ElementTree.fromstring(document)
    except ElementTree.ParseError as exc:
        raise ImageRefused(f"is not an SVG document ({exc})") from None
    if root.tag not in ("svg", "{http://www.w3.org/2000/svg}svg"):
        raise ImageRefused("is not an SVG document (its root element is not <svg>)")
    width, height = (SVG_LENGTH.match(root.get(name, "")) for name in ("width", "height"))
    if width and height:
        return _pixels(width[1]), _pixels(height[1])
    box = root.get("viewBox", "").replace(",", " ").split()
    try:
        box_width, box_height = float(box[2]), float(box[3])
    except (IndexError, ValueError):
        box_width = box_height = 0
    if box_width <= 0 or box_height <= 0:
        raise ImageRefused("has no size: give its <svg> a viewBox (or a width and height in pixels)")
    return _pixels(str(box_width)), _pixels(str(box_height))


def _pixels(length: str) -> int:
    return max(1, round(float(length)))


def variants_folder(upload_dir: Path, slug: str) -> Path:
    return upload_dir / slug / VARIANTS_FOLDER


def find_variant(upload_dir: Path, slug: str, name: str) -> Path | None:
    """The brand's copy called ``name``, if it was made; None for any other name."""
    if "/" in name or "\\" in name or name.startswith(".") or PurePosixPath(name).suffix not in (".webp", ".avif"):
        return None
    found = variants_folder(upload_dir, slug) / name
    try:
        return found if found.is_file() else None
    except OSError:  # a name too long for the file system
        return None


def write_variants(source: Path, facts: ImageFacts, folder: Path) -> int:
    """Make the copies of ``source`` that ``folder`` does not hold yet; how many were made. Each is
    written under a temporary name and then renamed, so a copy is either whole or absent."""
    missing = [v for v in facts.variants if not (folder / v.name).exists()]
    if not missing:
        return 0
    folder.mkdir(parents=True, exist_ok=True)
    with Image.open(source) as opened:
        image = ImageOps.exif_transpose(opened)
        if image.mode not in ("RGB", "RGBA"):
            image = image.convert("RGBA" if image.has_transparency_data else "RGB")
        for variant in missing:
            resized = image.resize((variant.width, variant.height), Image.Resampling.LANCZOS)
            temporary = folder / f".{variant.name}.part"
            resized.save(temporary, variant.format, quality=QUALITY[variant.format])
            temporary.replace(folder / variant.name)
    return len(missing)


def remove_stale_variants(folder: Path, kept: set[str]) -> int:
    """Remove the copies in ``folder`` that no image of the brand names any more (an image changed
    or left, and its copies were named from its old content); how many were removed."""
    if not folder.is_dir():
        return 0
    stale = [path for path in folder.iterdir() if path.is_file() and path.name not in kept]
    for path in stale:
        path.unlink(missing_ok=True)
    return len(stale)


def recorded_images(db, urls) -> dict[str, ImageFacts]:
    """What the last sync recorded of the brand's images among ``urls`` (as answers name them,
    ``/assets/<path>``), by URL; an https URL or an image not recorded is left out."""
    paths = sorted({url[len(URL_PREFIX) :] for url in urls if url and url.startswith(URL_PREFIX)})
    if not paths:
        return {}
    rows = db.scalars(select(BrandImage).where(BrandImage.path.in_(paths)))
    return {URL_PREFIX + row.path: ImageFacts.from_row(row) for row in rows}


def image_answer(facts: ImageFacts | None) -> dict:
    """How an answer describes an image beside its URL: its intrinsic ``width`` and ``height`` (null
    when unknown, as for an https URL) and the ``sources`` a <picture> lists (empty for an SVG)."""
    if facts is None:
        return {"width": None, "height": None, "sources": []}
    return {"width": facts.width, "height": facts.height, "sources": facts.sources()}
