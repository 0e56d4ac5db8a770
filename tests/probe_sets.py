"""Probe sets as small annotated chats (issue 19): load a ``tests/data/probes_*.yml`` file and
score it the way the cs sets are scored (``ctxgraph.bench._cs.score_state``).

Run it to print the totals and each probe's misses::

    python -m tests.probe_sets tests/data/probes_slot6.yml
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import yaml

from ctxgraph.bench._cs import GOLD_LISTS, CsConversation, holds, replay, score_state, summarise
from ctxgraph.models._training import probe_message

HERE = Path(__file__).parent / "data"


def load_turn_probes(path: Path) -> list[dict]:
    """The probes of a file written as ``probes: [{turns: [[role, text], ...], ...}]`` (answers6, picks6)."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))["probes"]


def turn_messages(turns: list, tool: str) -> list[dict]:
    """Turns ``[role, text]`` as chat messages (``u`` user, ``a`` assistant); a tool turn ``t`` is a
    call of ``tool`` and its result."""
    out: list[dict] = []
    for n, (role, text) in enumerate(turns):
        if role == "t":
            call = f"call_{n}"
            out.append({"role": "assistant", "content": None, "tool_calls": [
                {"id": call, "type": "function", "function": {"name": tool, "arguments": "{}"}}]})
            out.append({"role": "tool", "tool_call_id": call, "content": text})
        else:
            out.append({"role": {"a": "assistant", "u": "user"}[role], "content": text})
    return out


def end_key(key: str) -> str:
    """A fact key with a trip's start named as the probes' gold names it (``taxi.origin`` -> ``taxi.departure``)."""
    domain, _, slot = key.rpartition(".")
    return f"{domain}.{'departure' if slot == 'origin' else slot}"


def run_pack_probe(probe: dict, pack: Path) -> dict:
    """A turn probe (its tool turns calls of ``find``) replayed with the booking pack and the probes' own
    ``pack``: its current facts (keys as :func:`end_key`), the gold ``current`` values it misses and the
    ``absent`` keys it holds (``wrong``)."""
    from ctxgraph import Tracker

    t = Tracker(probe["lang"], packs=["booking"], rules=[pack])
    t.observe_many(turn_messages(probe["turns"], "find"))
    facts = [(end_key(f.key), f.value) for f in t.state().facts if f.status == "current"]
    missed = []
    for gold in probe.get("current", []):
        key, _, value = gold.partition("=")
        if not any(k == end_key(key) and holds(v, value) for k, v in facts):
            missed.append(gold)
    wrong = [key for key in probe.get("absent", []) if any(k == end_key(key) for k, _ in facts)]
    return {"id": probe["id"], "facts": facts, "missed": missed, "wrong": wrong}


def load_probes(name: str) -> list[tuple[dict, CsConversation]]:
    """(the probe as written, the probe as a cs conversation) for each probe of ``probes_<name>.yml``."""
    probes = yaml.safe_load((HERE / f"probes_{name}.yml").read_text(encoding="utf-8"))
    out = []
    for p in probes:
        messages = [probe_message(m, n) for n, m in enumerate(p["messages"])]
        gold = {name: p.get(name, []) for name in GOLD_LISTS}  # facts, and rules and promises with their status
        out.append((p, CsConversation(p["id"], p["lang"], messages, gold, today=p.get("today", "2026-03-09"))))
    return out


def print_turn_probe_totals(rows: list[dict], probes: dict[str, dict]) -> None:
    """Each turn probe's result (``rows``: id, missed, wrong), then per language and in all: the
    current values found, the probes with a wrong value and the probes right."""
    for r in rows:
        print("ok " if not r["missed"] and not r["wrong"] else "-- ", r["id"], "missed", r["missed"], "wrong", r["wrong"])
    for lang in ("en", "zh", ""):
        sel = [(r, probes[r["id"]]) for r in rows if r["id"].startswith(lang)]
        gold = sum(len(p.get("current", [])) for _, p in sel)
        found = gold - sum(len(r["missed"]) for r, _ in sel)
        print(f"{lang or 'all'}: current found {found}/{gold}; probes with a wrong value "
              f"{sum(bool(r['wrong']) for r, _ in sel)}/{len(sel)}; probes right "
              f"{sum(not r['missed'] and not r['wrong'] for r, _ in sel)}/{len(sel)}")


def probe_params(probes: list[tuple[dict, Any]], known_misses: dict[str, str]) -> list:
    """pytest params (probe, its conversation or score), one per probe, the known misses as strict xfails
    with their reason (a probe that starts passing must leave the list)."""
    return [pytest.param(p, conv, id=p["id"], marks=[pytest.mark.xfail(strict=True, reason=known_misses[p["id"]])]
                         if p["id"] in known_misses else []) for p, conv in probes]


def constraint_problems(probe: dict, conv: CsConversation) -> list[str]:
    """What the state gets wrong against a constraint probe's gold (empty: right): a rule with the
    wrong status or none, any rule made where the probe says ``no_constraints``, and more rules than
    the probe's ``max_rules`` (cons11: a rule and its reason are one rule)."""
    state = replay(conv)
    s = score_state(conv, state)
    made = [c["text"] for c in state["constraints"]]
    out = [f"{e['expected']} {e['text']!r}: got {e['got']}" for e in s["constraints_wrong"]]
    if probe.get("no_constraints"):
        out += [f"made a rule: {t!r}" for t in made]
    if "max_rules" in probe and len(made) > probe["max_rules"]:
        out.append(f"{len(made)} rules, at most {probe['max_rules']}: {made!r}")
    return out


def constraint_totals(probes: list[tuple[dict, CsConversation]]) -> dict[str, tuple[int, int]]:
    """(right, total): constraint gold strings with their status, the probes that must make no rule, those
    within their ``max_rules``; and the unlisted rules (no gold string in their text) over all rules made."""
    out = {"constraints": [0, 0], "nothing_made": [0, 0], "within_max": [0, 0], "unlisted": [0, 0]}
    for probe, conv in probes:
        state = replay(conv)
        s = score_state(conv, state)
        out["constraints"][0] += s["constraints"][0]
        out["constraints"][1] += s["constraints"][1]
        if probe.get("no_constraints"):
            out["nothing_made"][1] += 1
            out["nothing_made"][0] += not state["constraints"]
        if "max_rules" in probe:
            out["within_max"][0] += len(state["constraints"]) <= probe["max_rules"]
            out["within_max"][1] += 1
        out["unlisted"][0] += len(s["constraints_unlisted"])
        out["unlisted"][1] += s["constraints_items"]
    return {k: (v[0], v[1]) for k, v in out.items()}


def print_constraint_probes(probes: list[tuple[dict, CsConversation]], argv: list[str]) -> None:
    """Each wrong probe (every probe with ``-v``), then the totals."""
    for probe, conv in probes:
        wrong = constraint_problems(probe, conv)
        if wrong or "-v" in argv:
            print(probe["id"], "; ".join(wrong) or "ok")
    print(constraint_totals(probes))


def score_probes(name: str) -> list[tuple[dict, dict]]:
    """(probe, score) for each probe of the set."""
    return [(p, score_state(conv, replay(conv))) for p, conv in load_probes(name)]


def main(argv: list[str]) -> None:
    name = Path(argv[0]).stem.removeprefix("probes_") if argv else "slot6"
    scored = score_probes(name)
    by_class: dict[str, list[dict]] = defaultdict(list)
    for p, s in scored:
        by_class[p.get("class", "-")].append(s)
        if s["missed"] or s["wrong"] or s["unsupported"]:
            print(f"{p['id']}: missed {s['missed']} wrong {[w['facts'] for w in s['wrong']]} unsupported {s['unsupported']}")
    for label, rows in [("all", [s for _, s in scored])] + sorted(by_class.items()):
        r = summarise(rows, label)
        print(f"{label:8} recall {r['current_found']}/{r['current_total']} precision {r['facts_supported']}/{r['facts']} "
              f"wrong {r['wrong']}")


if __name__ == "__main__":
    main(sys.argv[1:])
