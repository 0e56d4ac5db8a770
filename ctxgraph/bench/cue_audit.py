"""Which role cue of ``rules/core/*/roles.yml`` fires on which set of annotated chats.

A cue written with one chat's error in view fires on that chat and nowhere else; a general one
fires across sets. This replays the ``ctxgraph bench cs`` groups (dev, held-out, blind) and
attributes every role the roles step gives by a cue (``before`` / ``after``) or by the
assistant's question (``asked``) to the cue alternatives that matched; it also counts, per
set, the chats whose messages contain each cue's text at all (user messages for ``before`` /
``after``, the assistant's for ``asked``), and the Chinese ``rejects`` of ``offers.yml``.
Run it as ``python -m ctxgraph.bench.cue_audit [--json-out FILE]``.

>>> from ctxgraph import Tracker
>>> with traced_roles() as fired:
...     _ = Tracker("en").observe({"role": "user", "content": "I'm flying from Denver with my wife Anna Jensen."})
>>> sorted((slot, kind, cue, value) for _, slot, kind, cue, value in fired)
[('origin', 'before', '\\\\bfrom(?: the)?', 'Denver'), ('traveller', 'before', '\\\\bwith my \\\\w+', 'Anna Jensen')]
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import re
from pathlib import Path
from typing import Any, Iterator

import yaml

RULES = Path(__file__).resolve().parents[2] / "rules" / "core"
#: How a ``before`` / ``after`` cue is anchored to its value (as ``ctxgraph/extract/compiled.py`` does).
ANCHORS = {"before": r"(?:%s)[\s:：,，]*$", "after": r"^[\s:：]*(?:%s)"}


def _roles(lang: str) -> list[dict[str, Any]]:
    return yaml.safe_load((RULES / lang / "roles.yml").read_text(encoding="utf-8"))["roles"]


@contextlib.contextmanager
def traced_roles(where: Any = None) -> Iterator[list[tuple[Any, str, str, str, str]]]:
    """Within the block, every role the roles step gives is recorded as ``(where, slot, kind,
    cue, value)`` for each cue alternative that matched (``where``: a label for the caller,
    or a callable giving it at the time of the call)."""
    from ..extract import roles as R

    fired: list[tuple[Any, str, str, str, str]] = []
    original = R.role_of
    rules = {lang: _roles(lang) for lang in ("en", "zh")}

    def role_of(ctx: Any, m: Any, questions: list[str]) -> str | None:
        slot = original(ctx, m, questions)
        if slot is None or ctx.lang not in rules:
            return slot
        label = where() if callable(where) else where
        near = {"before": ctx.text[max(0, m.start - R.CUE_WINDOW):m.start], "after": ctx.text[m.end:m.end + R.CUE_WINDOW]}
        mine = [r for r in rules[ctx.lang] if r["slot"] == slot and m.label in r["labels"]]
        cued = [(kind, cue) for r in mine for kind in ANCHORS for cue in r.get(kind, [])
                if re.search(ANCHORS[kind] % cue, near[kind], re.I)]
        asked = [("asked", cue) for r in mine for cue in r.get("asked", []) if any(re.search(cue, q, re.I) for q in questions)]
        fired.extend((label, slot, kind, cue, m.text) for kind, cue in (cued or asked))
        return slot

    R.role_of = role_of
    try:
        yield fired
    finally:
        R.role_of = original


def audit() -> list[dict[str, Any]]:
    """One row per cue: where it fired (chats per group) and where its text occurs."""
    from ._cs import DEFAULT_GROUPS, LEAD_ONLY, load_cs, replay

    # blind2 ... the newest blind set (issue 19, LEAD_ONLY) are measured by the lead only: no cue is written with their chats in view
    groups = {name: load_cs(folder()) for name, folder in DEFAULT_GROUPS
              if folder().exists() and name not in LEAD_ONLY}
    now: dict[str, tuple[str, str]] = {}
    with traced_roles(lambda: now["at"]) as fired:
        for name, convs in groups.items():
            for conv in convs:
                now["at"] = (name, conv.id)
                replay(conv)
    hits = collections.defaultdict(set)
    for (group, chat), slot, kind, cue, value in fired:
        hits[(slot, kind, cue)].add(f"{group}:{chat}:{value}")

    def occurs(lang: str, cue: str, role: str) -> dict[str, list[str]]:
        rx = re.compile(cue, re.I)
        return {g: sorted({c.id for c in convs if c.lang == lang for m in c.messages
                           if m["role"] == role and m.get("content") and rx.search(m["content"])}) for g, convs in groups.items()}

    rows = []
    for lang in ("en", "zh"):
        cues = [(r["slot"], kind, cue) for r in _roles(lang) for kind in ("before", "after", "asked") for cue in r.get(kind, [])]
        if lang == "zh":
            cues += [("offers", "rejects", cue) for cue in yaml.safe_load(
                (RULES / lang / "offers.yml").read_text(encoding="utf-8"))["rejects"]]
        for slot, kind, cue in cues:
            fired_at = sorted(hits.get((slot, kind, cue), ()))
            rows.append({"lang": lang, "slot": slot, "kind": kind, "cue": cue,
                         "fired": {g: sorted(x for x in fired_at if x.startswith(g + ":")) for g in groups},
                         "text_in": occurs(lang, cue, "assistant" if kind == "asked" else "user")})
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ctxgraph.bench.cue_audit", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json-out", help="write every row (with the chats and values) to this file")
    args = parser.parse_args(argv)
    rows = audit()
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    print("lang slot.kind: fired in chats dev/held-out/blind | text in chats dev/held-out/blind | cue")
    for r in rows:
        fired = "/".join(str(len({x.split(':')[1] for x in v})) for v in r["fired"].values())
        text = "/".join(str(len(v)) for v in r["text_in"].values())
        print(f"{r['lang']} {r['slot']}.{r['kind']}: {fired} | {text} | {r['cue']}")


if __name__ == "__main__":
    main()
