"""Served files: the short content hash that versions built bundles and tags brand assets."""

import hashlib
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=256)
def file_digest(path: str, mtime_ns: int) -> str:
    """A short hash of a file's content, remembered while its modification time stays."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]
