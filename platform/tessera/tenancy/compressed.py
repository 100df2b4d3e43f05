"""The Brotli and gzip copies of a brand's text assets (its SVG pictures above all), made when its
folder is synced and sent to the browsers that accept them.

They are kept under the upload folder (``<upload dir>/<slug>/compressed-assets/``), each named by
the hash of the file's content and its coding (``<hash>.br``, ``<hash>.gz``): a changed file gets
new copies, an unchanged one is not compressed again, and a sync removes the copies no file of the
brand has any more. A copy is kept only where it saves a fifth of the file or more; a file without
copies (one that gains too little, or one added since the last sync) is sent as it is.
"""

from collections.abc import Iterator
from pathlib import Path

from tessera.core.encodings import CODINGS, COMPRESSIBLE, compress
from tessera.core.files import CODED_SUFFIXES, content_digest
from tessera.tenancy.assets import FOLDER, content_type, find_asset

COMPRESSED_FOLDER = "compressed-assets"
# A copy is kept when it is at most this share of the file: it saves a fifth or more.
WORTH_KEEPING = 0.8


def compressed_folder(upload_dir: Path, slug: str) -> Path:
    return upload_dir / slug / COMPRESSED_FOLDER


def is_text(name: str) -> bool:
    return bool(COMPRESSIBLE.match(content_type(name) or ""))


def compressed_copies(upload_dir: Path, slug: str, name: str, digest: str) -> dict[str, Path]:
    """The copies made of the brand's asset called ``name`` whose content hashes to ``digest``, by
    coding; none for a file that is not text or has none made."""
    if not is_text(name):
        return {}
    folder = compressed_folder(upload_dir, slug)
    found = {coding: folder / f"{digest}{CODED_SUFFIXES[coding]}" for coding in CODINGS}
    return {coding: copy for coding, copy in found.items() if copy.is_file()}


def text_assets(tenants_dir: Path, slug: str) -> Iterator[Path]:
    """Every text file the brand serves from its assets folder (what ``/assets/<path>`` finds)."""
    folder = tenants_dir / slug / FOLDER
    for file in sorted(folder.rglob("*")):
        relative = file.relative_to(folder).as_posix()
        if is_text(file.name) and (found := find_asset(tenants_dir, slug, relative)) is not None:
            yield found


def write_compressed_copies(tenants_dir: Path, upload_dir: Path, slug: str) -> tuple[int, int]:
    """Make the copies of the brand's text assets that are worth keeping and not made yet, and
    remove those no asset has any more: how many were made and removed. Each copy is written under
    a temporary name and then renamed, so a copy is either whole or absent."""
    folder = compressed_folder(upload_dir, slug)
    kept: set[str] = set()
    made = 0
    for file in text_assets(tenants_dir, slug):
        data = file.read_bytes()
        digest = content_digest(data)
        for coding in CODINGS:
            name = f"{digest}{CODED_SUFFIXES[coding]}"
            if (folder / name).is_file():
                kept.add(name)
                continue
            copy = compress(data, coding, best=True)
            if len(copy) > len(data) * WORTH_KEEPING:
                continue
            folder.mkdir(parents=True, exist_ok=True)
            temporary = folder / f".{name}.part"
            temporary.write_bytes(copy)
            temporary.replace(folder / name)
            kept.add(name)
            made += 1
    stale = [old for old in folder.iterdir() if old.name not in kept] if folder.is_dir() else []
    for old in stale:
        old.unlink(missing_ok=True)
    return made, len(stale)
