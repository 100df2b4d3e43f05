"""The Brotli and gzip copies of a brand's text assets, made at sync: only where they save a fifth
or more, named by the file's content, made once, and replaced (the old ones removed) when a file
changes."""

import gzip

import brotli

from tessera.core.files import content_digest
from tessera.tenancy.compressed import compressed_copies, compressed_folder, text_assets, write_compressed_copies
from tessera.tenancy.services import make_compressed_copies

DECODE = {".br": brotli.decompress, ".gz": gzip.decompress}
# A picture of one dot: a coding's framing costs about what it saves.
TINY = b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'
STRIPES = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">'
    + "".join(f'<rect x="0" y="{y}" width="400" height="4" fill="#0b5cad"/>' for y in range(0, 400, 8))
    + "</svg>"
).encode()


def copies_of(uploads, slug: str) -> dict[str, bytes]:
    folder = compressed_folder(uploads, slug)
    return {path.name: path.read_bytes() for path in folder.iterdir()} if folder.is_dir() else {}


def test_the_text_assets_are_the_svgs_the_brand_serves(tenants_dir):
    (tenants_dir / "demo-bd/assets/.hidden.svg").write_bytes(STRIPES)
    (tenants_dir / "demo-bd/assets/notes.txt").write_text("not served")
    (tenants_dir / "demo-bd/assets/escape.svg").symlink_to(tenants_dir / "demo-ph/assets/logo.svg")
    found = {
        path.relative_to(tenants_dir / "demo-bd/assets").as_posix() for path in text_assets(tenants_dir, "demo-bd")
    }
    assert {"logo.svg", "banners/welcome.svg", "footer/18-plus.svg"} <= found
    assert all(name.endswith(".svg") for name in found)
    assert not found & {".hidden.svg", "notes.txt", "escape.svg"}


def test_each_copy_holds_the_file_and_is_kept_only_where_it_saves_a_fifth(tenants_dir, tmp_path):
    (tenants_dir / "demo-bd/assets/dot.svg").write_bytes(TINY)
    (tenants_dir / "demo-bd/assets/stripes.svg").write_bytes(STRIPES)
    uploads = tmp_path / "uploads"
    made, removed = write_compressed_copies(tenants_dir, uploads, "demo-bd")
    copies = copies_of(uploads, "demo-bd")
    assert (made, removed) == (len(copies), 0)
    for file in text_assets(tenants_dir, "demo-bd"):
        data = file.read_bytes()
        for suffix, decode in DECODE.items():
            copy = copies.get(content_digest(data) + suffix)
            if copy is not None:
                assert decode(copy) == data and len(copy) <= 0.8 * len(data), file
    assert {name for name in copies if name.startswith(content_digest(STRIPES))} == {
        f"{content_digest(STRIPES)}.br",
        f"{content_digest(STRIPES)}.gz",
    }
    assert not any(name.startswith(content_digest(TINY)) for name in copies)
    assert len(gzip.compress(TINY)) > 0.8 * len(TINY)  # what makes the dot a file without copies


def test_the_copies_are_made_once(tenants_dir, tmp_path):
    uploads = tmp_path / "uploads"
    made, _ = write_compressed_copies(tenants_dir, uploads, "demo-ph")
    assert made > 0
    written = {path.name: path.stat().st_mtime_ns for path in compressed_folder(uploads, "demo-ph").iterdir()}
    assert write_compressed_copies(tenants_dir, uploads, "demo-ph") == (0, 0)
    assert {p.name: p.stat().st_mtime_ns for p in compressed_folder(uploads, "demo-ph").iterdir()} == written


def test_a_changed_file_gets_new_copies_and_its_old_ones_go(tenants_dir, tmp_path):
    uploads = tmp_path / "uploads"
    logo = tenants_dir / "demo-bd/assets/logo.svg"
    old = content_digest(logo.read_bytes())
    write_compressed_copies(tenants_dir, uploads, "demo-bd")
    assert set(compressed_copies(uploads, "demo-bd", "logo.svg", old)) == {"br", "gzip"}
    logo.write_bytes(STRIPES)
    assert write_compressed_copies(tenants_dir, uploads, "demo-bd") == (2, 2)
    assert compressed_copies(uploads, "demo-bd", "logo.svg", old) == {}
    new = compressed_copies(uploads, "demo-bd", "logo.svg", content_digest(STRIPES))
    assert brotli.decompress(new["br"].read_bytes()) == STRIPES
    assert gzip.decompress(new["gzip"].read_bytes()) == STRIPES


def test_a_file_that_is_not_text_has_no_copies(tenants_dir, tmp_path):
    uploads = tmp_path / "uploads"
    write_compressed_copies(tenants_dir, uploads, "demo-vn")
    icon = (tenants_dir / "demo-vn/assets/app/icon-192.png").read_bytes()
    assert compressed_copies(uploads, "demo-vn", "icon-192.png", content_digest(icon)) == {}
    assert all(name.endswith((".br", ".gz")) for name in copies_of(uploads, "demo-vn"))


def test_the_sync_makes_the_copies_of_every_brand_or_of_one(tenants_dir, load, tmp_path):
    uploads = tmp_path / "uploads"
    made, removed = make_compressed_copies(load(), tenants_dir, uploads, only="demo-ph")
    assert made > 0 and removed == 0
    assert sorted(p.name for p in uploads.iterdir()) == ["demo-ph"]
    made, _ = make_compressed_copies(load(), tenants_dir, uploads)
    assert made > 0 and sorted(p.name for p in uploads.iterdir()) == ["demo-bd", "demo-ph", "demo-vn"]
    assert make_compressed_copies(load(), tenants_dir, uploads) == (0, 0)
