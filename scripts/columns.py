#!/usr/bin/env python3
"""Prints the detector's columns for one language as the JSON pack a page installs.

The pack is the language's table of the data file (core/data/draft-lang/TAG.toml) as JSON, as
core/build.rs embeds it natively after checking it; scripts/words.mjs puts it in the
language's words file. Standard library only (tomllib, Python 3.11+).

    python3 scripts/columns.py TAG
"""
import json
import sys
import tomllib
from pathlib import Path

TAGS = ("ja", "ko", "es", "fr", "de", "pt", "it")


def main() -> None:
    if len(sys.argv) != 2 or sys.argv[1] not in TAGS:
        sys.exit(f"usage: scripts/columns.py TAG (one of {', '.join(TAGS)})")
    path = Path(__file__).resolve().parent.parent / "core/data/draft-lang" / f"{sys.argv[1]}.toml"
    with path.open("rb") as f:
        table = tomllib.load(f)
    print(json.dumps(table, ensure_ascii=False, separators=(",", ":")))


if __name__ == "__main__":
    main()
