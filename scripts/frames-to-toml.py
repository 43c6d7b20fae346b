#!/usr/bin/env python3
"""Converts frames written in the old line format (`frame`, `slot`, `ask-en` … lines, as in the
former `core/data/frames.txt`) into the `[[frame]]` tables of `core/data/detector.toml`.

    scripts/frames-to-toml.py FRAMES.txt > frames.toml      # the frames as TOML
    scripts/frames-to-toml.py FRAMES.txt --into core/data/detector.toml
        # replaces the file's frames and general questions with FRAMES.txt's, keeping the rest

Each frame and slot keeps its order; a wording line `TEXT | WHY | A; B | ASSUMPTION` becomes its
four keys under its language's tag (`ask-en` → `en`, `ask-hans` → `zh-Hans`, `ask-hant` →
`zh-Hant`). The build checks the result (`core/build.rs`), naming any entry it refuses.
"""
import json
import sys

WORDING_TAGS = {"ask-en": "en", "ask-hans": "zh-Hans", "ask-hant": "zh-Hant"}
LIST_KEYS = {  # line key → (TOML table, language)
    "en": ("cues", "en"), "zh": ("cues", "zh"),
    "en-if": ("intents", "en"), "zh-if": ("intents", "zh"),
    "en-filled": ("filled", "en"), "zh-filled": ("filled", "zh"),
}
PATTERN_KEYS = {"en-by": "en", "zh-by": "zh"}
BEGIN = "# ---- frames (scripts/frames-to-toml.py keeps this part in the old format's order) ----"
END = "# ---- end of frames ----"


def q(s):
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(s, ensure_ascii=False)


def wording(tag, value):
    parts = [p.strip() for p in value.split("|")]
    if len(parts) != 4:
        sys.exit(f"frames-to-toml: expected TEXT | WHY | OPTIONS | ASSUMPTION, found {value!r}")
    text, why, options, assume = parts
    opts = [o.strip() for o in options.split(";")] if options else []
    return [
        f"ask.{tag}.text = {q(text)}",
        f"ask.{tag}.why = {q(why)}",
        f"ask.{tag}.options = [{', '.join(q(o) for o in opts)}]",
        f"ask.{tag}.assume = {q(assume)}",
    ]


def convert(text):
    out = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            continue  # the old header; notes go into the TOML by hand
        key, _, value = line.partition(" ")
        value = value.strip()
        if key == "frame":
            out += ["", "[[frame]]", f"name = {q(value)}"]
        elif key == "general":
            name, priority, kind = value.split()
            out += ["", "[[general]]", f"name = {q(name)}", f"priority = {q(priority)}",
                    f"kind = {q(kind)}"]
        elif key == "slot":
            name, priority, kind = value.split()
            out += ["", "[[frame.slot]]", f"name = {q(name)}", f"priority = {q(priority)}",
                    f"kind = {q(kind)}"]
        elif key in LIST_KEYS:
            table, lang = LIST_KEYS[key]
            out.append(f"{table}.{lang} = {q(value)}")
        elif key in PATTERN_KEYS:
            out.append(f"by.{PATTERN_KEYS[key]} = [{', '.join(q(p) for p in value.split())}]")
        elif key == "replaces":
            out.append(f"replaces = [{', '.join(q(n) for n in value.split())}]")
        elif key in ("only-alone", "outright"):
            out.append(f"{key} = true")
        elif key == "covered-by":
            out.append(f"covered-by = {q(value)}")
        elif key in WORDING_TAGS:
            out += wording(WORDING_TAGS[key], value)
        else:
            sys.exit(f"frames-to-toml: unknown key {key!r} in {line!r}")
    return "\n".join(out).lstrip("\n") + "\n"


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        sys.exit(__doc__)
    frames = convert(open(args[0], encoding="utf-8").read())
    if len(args) == 3 and args[1] == "--into":
        path = args[2]
        whole = open(path, encoding="utf-8").read()
        head, sep, rest = whole.partition(BEGIN)
        _, sep2, tail = rest.partition(END)
        if not sep or not sep2:
            sys.exit(f"frames-to-toml: {path} has no {BEGIN!r} … {END!r} part")
        open(path, "w", encoding="utf-8").write(f"{head}{BEGIN}\n\n{frames}\n{END}{tail}")
    elif len(args) == 1:
        sys.stdout.write(frames)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
