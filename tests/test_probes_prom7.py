"""prom7's probe sets (``tests/data/probes_prom7.yml``, written before ctxgraph ran on it, and
``probes_prom7b.yml``, written after the readers were built on the first and before ctxgraph ran on it): the
assistant's promises said in any shape ("I'll …", "let me …", "we will … once …", 我这边帮您…, 稍后…,
给您…, an offer or a "shall I …?" the user says yes to), closed by a later report or by the tool call
of the same deed, left open when the tool fails or nothing reports it, and none where the user turns
the offer down or the assistant only reports. Scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.test_probes_prom7`` prints the totals per set and class (the figures in docs/quality.md).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from ctxgraph.bench._cs import holds, replay
from tests.probe_sets import load_probes, probe_params

SETS = ("prom7", "prom7b")
PROBES = [(p, c) for name in SETS for p, c in load_probes(name)]
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {}


def problems(probe: dict, state: dict) -> list[str]:
    """What the state gets wrong against the probe's gold (empty: right)."""
    out = []
    for name, status in (("commitments_open", "open"), ("commitments_done", "done")):
        for sub in probe.get(name, []):
            got = [c["status"] for c in state["commitments"] if holds(c["text"], sub)]
            if status not in got:
                out.append(f"{name} {sub!r}: got {got or 'none'}")
    if probe.get("no_open"):
        listed = probe.get("commitments_open", []) + probe.get("commitments_done", [])
        out += [f"made a promise: {c['text']!r}" for c in state["commitments"]
                if c["status"] == "open" and not any(holds(c["text"], s) for s in listed)]
    return out


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_prom7_promise_is_read_and_closed_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


def totals(name: str) -> dict[str, tuple[int, int]]:
    """(probes right, probes) of one set, per class and over all."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for probe, conv in load_probes(name):
        ok = not problems(probe, replay(conv))
        for key in ("all", probe["class"]):
            out[key][0] += ok
            out[key][1] += 1
    return {k: (v[0], v[1]) for k, v in out.items()}


def print_set(name: str, probes: list, argv: list[str], check=None) -> None:
    """Each miss of a set (every probe with ``-v``), then its probes right per language and class
    (``check`` scores a probe, ``problems`` when not given)."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for probe, conv in probes:
        wrong = (check or problems)(probe, replay(conv))
        if wrong or "-v" in argv:
            print(probe["id"], "; ".join(wrong) or "ok")
        for key in ("all", probe["lang"], probe["class"]):
            out[key][0] += not wrong
            out[key][1] += 1
    print(name, {k: f"{a}/{b}" for k, (a, b) in out.items()})


if __name__ == "__main__":
    import sys

    for probe, conv in PROBES:
        wrong = problems(probe, replay(conv))
        if wrong or "-v" in sys.argv:
            print(probe["id"], "; ".join(wrong) or "ok")
    for name in SETS:
        print(name, totals(name))
