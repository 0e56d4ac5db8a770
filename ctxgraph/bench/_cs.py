"""``ctxgraph bench cs``: the state at the end of annotated customer-service conversations.

A folder holds one JSON file per conversation (the format of the shipped development set, ``ctxgraph/bench/data/cs/``)::

    {"id": "zh_telecom_plan", "lang": "zh", "today": "2025-03-17" (optional),
     "messages": [OpenAI chat messages: system, user, assistant (with tool_calls), tool],
     "gold": {"current": [...], "not_current": [...], "also_ok": [...],
              "constraints_active": [...], "constraints_lifted": [...],
              "commitments_open": [...], "commitments_done": [...]}}

Each conversation is replayed through ``Tracker(lang=<lang>, today=<today>, packs=<packs>)``
(no domain pack by default) and scored on ``state()`` at the end, the README's rules:

- a gold value is *in* a text as a case-insensitive substring, except at its edges: where it
  starts or ends with a digit, the text must have no digit beside it ("11" is not in "110");
  where it starts or ends with a Latin word of up to 3 letters, no letter or digit
  ("Apt 6" is not in "Capt 61") (:func:`holds`);
- fact recall = ``current`` values in the value of some current fact / all ``current`` values;
- fact precision = current facts whose value holds a ``current`` or ``also_ok`` value / all
  current facts;
- wrong = ``not_current`` values in the value of some current fact;
- constraints and commitments: a listed substring is right when a constraint (commitment)
  whose text holds it has the status its list says (active / lifted, open / done);
- unlisted constraints (commitments) = those of the state (expired promises aside) whose text
  holds none of the gold's constraint (commitment) substrings: rules or promises made up, or
  ones the annotator did not list (a precision signal, read with the chat).

>>> conv = CsConversation("c1", "en", [{"role": "user", "content": "My phone is 503-555-0187."}],
...                       {"current": ["503-555-0187"], "not_current": ["555-0000"]})
>>> s = score_state(conv, {"facts": [{"key": "phone", "value": "503-555-0187", "status": "current"}]})
>>> s["recall"], s["precision"], s["wrong"]
((1, 1), (1, 1), [])
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Iterable, Sequence

from ._data import DataNotFoundError, _check_limit

__all__ = ["BLIND_SETS", "DEFAULT_GROUPS", "CsConversation", "blind_dir", "blind_group", "default_cs_dir",
           "default_holdout_dir", "holds", "load_cs", "run_cs", "score_state", "summarise"]

GOLD_LISTS = ("current", "not_current", "also_ok", "constraints_active", "constraints_lifted",
              "commitments_open", "commitments_done")
#: (gold list, state section, status it must have)
STATUS_CHECKS = (("constraints_active", "constraints", "active"), ("constraints_lifted", "constraints", "lifted"),
                 ("commitments_open", "commitments", "open"), ("commitments_done", "commitments", "done"))
_SHORT_LATIN = re.compile(r"[A-Za-z]{1,3}")


@dataclass(frozen=True)
class CsConversation:
    """One annotated conversation: its messages and the gold state at the end."""

    id: str
    lang: str
    messages: list[dict[str, Any]]
    gold: dict[str, list[str]]
    today: str | None = None
    source: str = ""


#: The folder the annotated chat sets ship in, one subfolder per group.
SHIPPED_DATA = Path(__file__).resolve().parent / "data"


def default_cs_dir() -> Path:
    """The development set shipped with the bench: ``ctxgraph/bench/data/cs``."""
    return SHIPPED_DATA / "cs"


def default_holdout_dir() -> Path:
    """The held-out set shipped with the bench: ``ctxgraph/bench/data/cs_holdout``, chats in
    domains the development set does not cover, written and annotated before ctxgraph was run
    on them; the rules are not tuned on them, so their figures beside the development set's show
    how far the rules carry to chats they were not written against."""
    return SHIPPED_DATA / "cs_holdout"


#: How many blind sets ship with the bench (``cs_blind``, ``cs_blind2`` ... ``cs_blind30``). A new
#: set is a new folder and this number one higher; its group, folder and gap key follow.
BLIND_SETS = 30

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
             "eighteenth", "nineteenth", "twentieth", "twenty-first",
             "twenty-second", "twenty-third", "twenty-fourth", "twenty-fifth",
             "twenty-sixth", "twenty-seventh", "twenty-eighth", "twenty-ninth", "thirtieth")


def blind_group(n: int) -> str:
    """The ``ctxgraph bench cs`` group name of the ``n``-th blind set.

    >>> blind_group(1), blind_group(30)
    ('blind', 'blind30')
    """
    return "blind" if n == 1 else f"blind{n}"


def blind_ordinal(n: int) -> str:
    """How the bench's text names the ``n``-th blind set.

    >>> blind_ordinal(3)
    'the third blind set'
    """
    return f"the {_ORDINALS[n - 1] if n <= len(_ORDINALS) else f'{n}th'} blind set"


def blind_dir(n: int = 1) -> Path:
    """The ``n``-th blind set shipped with the bench: ``ctxgraph/bench/data/cs_blind<n>``
    (``cs_blind`` for the first).

    Every blind set holds chats in domains no other set (nor, from the eighth on, a probe set)
    covers, written and annotated (issue 19) by someone who had not read the rules (from the fourth
    on, nor the extractors and the trust tests; from the ninth on, nor the probe sets nor the two
    newest sets), and committed before ctxgraph was run on it. Each judged one or two rounds of work
    unseen, run by the lead alone, before it was opened (``cue_audit`` and the figures tests leave
    out every set from the second on: :data:`LEAD_ONLY`). docs/quality.md has a section on each
    ("Values with roles" for the first, "Thirtieth blind set" for the newest).

    >>> blind_dir(1).name, blind_dir(30).name
    ('cs_blind', 'cs_blind30')
    >>> blind_dir(0)
    Traceback (most recent call last):
    ...
    ValueError: There is no blind set 0: the bench ships cs_blind ... cs_blind30 (1-30).
    """
    if not 1 <= n <= BLIND_SETS:
        raise ValueError(f"There is no blind set {n}: the bench ships cs_blind ... cs_blind{BLIND_SETS} "
                         f"(1-{BLIND_SETS}).")
    return SHIPPED_DATA / f"cs_{blind_group(n)}"


#: The groups ``ctxgraph bench cs`` reads when no ``data`` is given: (name, folder), the newest last.
DEFAULT_GROUPS = (("dev", default_cs_dir), ("held-out", default_holdout_dir)) + tuple(
    (blind_group(n), partial(blind_dir, n)) for n in range(1, BLIND_SETS + 1))
#: The JSON key of each group's gap to dev: (key, group).
GAPS = (("gap", "held-out"),) + tuple((f"gap_{blind_group(n)}", blind_group(n)) for n in range(1, BLIND_SETS + 1))
#: The report's ``data`` when it reads DEFAULT_GROUPS.
_DEFAULT_DATA = ", ".join(
    ["ctxgraph/bench/data/cs (dev: the development set)", "ctxgraph/bench/data/cs_holdout (held-out)"]
    + [f"ctxgraph/bench/data/cs_{blind_group(n)} ({blind_group(n)})" for n in range(1, BLIND_SETS)]
) + f" and ctxgraph/bench/data/cs_{blind_group(BLIND_SETS)} ({blind_group(BLIND_SETS)})"
#: The groups measured by the lead only (issue 19): no cue is written, and no figures test runs, with
#: their chats in view.
LEAD_ONLY = tuple(blind_group(n) for n in range(2, BLIND_SETS + 1))


def load_cs(path: str | Path | None = None, *, limit: int | None = None) -> list[CsConversation]:
    """The conversations of a folder of ``*.json`` files (or one file), in file-name order.

    A file that is not in the format is a ``ValueError`` naming the file and what is wrong."""
    _check_limit(limit)
    folder = Path(path) if path is not None else default_cs_dir()
    if not folder.exists():
        raise DataNotFoundError(f"cs data not found at {folder}.", "Pass a folder of annotated conversations as path=...")
    files = sorted(folder.glob("*.json")) if folder.is_dir() else [folder]
    if not files:
        raise DataNotFoundError(f"No *.json conversations in {folder}.", "Pass a folder of annotated conversations as path=...")
    return [_conversation(f) for f in files[:limit]]


def _conversation(file: Path) -> CsConversation:
    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise ValueError(f"cs conversation {file}: not JSON ({err}).") from None
    problems = []
    if not isinstance(raw, dict):
        raise ValueError(f"cs conversation {file}: expected an object with id, lang, messages and gold.")
    for key, kind in (("lang", str), ("messages", list), ("gold", dict)):
        if not isinstance(raw.get(key), kind):
            problems.append(f"'{key}' must be a {kind.__name__}")
    gold = raw.get("gold") if isinstance(raw.get("gold"), dict) else {}
    unknown = sorted(set(gold) - set(GOLD_LISTS))
    if unknown:
        problems.append(f"unknown gold lists {unknown} (known: {', '.join(GOLD_LISTS)})")
    for name in GOLD_LISTS:
        if not all(isinstance(v, str) and v.strip() for v in gold.get(name, [])):
            problems.append(f"gold '{name}' must be a list of non-empty strings")
    if problems:
        raise ValueError(f"cs conversation {file}: " + "; ".join(problems) + ".")
    return CsConversation(id=str(raw.get("id") or file.stem), lang=raw["lang"], messages=raw["messages"],
                          gold={name: list(gold.get(name, [])) for name in GOLD_LISTS},
                          today=raw.get("today"), source=str(file))


# ----------------------------------------------------------------------------- scoring


def _edge_ok(text: str, i: int, edge: str) -> bool:
    """Whether the character of ``text`` at ``i`` (beside a value's ``edge``) keeps the edge's boundary."""
    if not 0 <= i < len(text):
        return True
    if edge.isdigit():
        return not text[i].isdigit()
    if _SHORT_LATIN.fullmatch(edge):
        return not (text[i].isascii() and text[i].isalnum())
    return True


def holds(text: str, value: str) -> bool:
    """Whether ``text`` holds the gold ``value`` (see the module docstring).

    >>> holds("Room 110", "11"), holds("size 11", "11"), holds("Pad Thai", "Thai")
    (False, True, True)
    >>> holds("Capt 61", "Apt 6"), holds("Apt 6, 2140 Mission St", "apt 6"), holds("3月22日", "3月22")
    (False, True, True)
    """
    needle, haystack = value.strip().casefold(), text.casefold()
    if not needle:
        return False
    head = re.match(r"\d|[a-z]+", needle)
    tail = re.search(r"(?:\d|[a-z]+)$", needle)
    start = haystack.find(needle)
    while start != -1:
        end = start + len(needle)
        if (not head or _edge_ok(haystack, start - 1, head.group(0))) and \
                (not tail or _edge_ok(haystack, end, tail.group(0))):
            return True
        start = haystack.find(needle, start + 1)
    return False


def _fact_line(fact: dict[str, Any]) -> str:
    return f"{fact.get('key')}: {fact.get('value')}"


def score_state(conv: CsConversation, state: dict[str, Any]) -> dict[str, Any]:
    """One conversation's scores and errors against a state dict (``State.model_dump()``).

    Returns ``recall`` and ``precision`` as (found, total), ``wrong`` (the ``not_current`` values
    found, each with the facts holding it), ``missed`` (``current`` values not found),
    ``unsupported`` (current facts holding no ``current`` or ``also_ok`` value), per list of
    constraints and commitments (right, total) with the wrong ones, and how many of each the
    state holds (``constraints_items``) with the texts no gold substring names (``constraints_unlisted``).

    >>> conv = CsConversation("c2", "en", [], {"constraints_active": ["pork"]})
    >>> s = score_state(conv, {"constraints": [{"text": "No pork at all", "status": "active"},
    ...                                        {"text": "Do you allow candles", "status": "active"}]})
    >>> s["constraints"], s["constraints_items"], s["constraints_unlisted"]
    ((1, 1), 2, ['Do you allow candles'])
    """
    facts = [f for f in state.get("facts", []) if f.get("status") == "current"]
    values = [str(f.get("value", "")) for f in facts]
    gold = {name: list(conv.gold.get(name, [])) for name in GOLD_LISTS}
    missed = [v for v in gold["current"] if not any(holds(x, v) for x in values)]
    good = gold["current"] + gold["also_ok"]
    supported = [f for f, x in zip(facts, values) if any(holds(x, v) for v in good)]
    wrong = [{"value": v, "facts": [_fact_line(f) for f, x in zip(facts, values) if holds(x, v)]}
             for v in gold["not_current"]]
    out: dict[str, Any] = {
        "id": conv.id, "lang": conv.lang,
        "recall": (len(gold["current"]) - len(missed), len(gold["current"])),
        "precision": (len(supported), len(facts)),
        "missed": missed,
        "wrong": [w for w in wrong if w["facts"]],
        "unsupported": [_fact_line(f) for f in facts if f not in supported],
    }
    for kind in ("constraints", "commitments"):
        right, total, errors = 0, 0, []
        for name, section, status in STATUS_CHECKS:
            if section != kind:
                continue
            for sub in gold[name]:
                got = [str(item.get("status")) for item in state.get(section, []) if holds(str(item.get("text", "")), sub)]
                total += 1
                if status in got:
                    right += 1
                else:
                    errors.append({"text": sub, "expected": status, "got": got or "none"})
        out[kind] = (right, total)
        out[f"{kind}_wrong"] = errors
        listed = [sub for name, section, _ in STATUS_CHECKS if section == kind for sub in gold[name]]
        items = [str(item.get("text", "")) for item in state.get(kind, []) if item.get("status") != "expired"]
        out[f"{kind}_items"] = len(items)
        out[f"{kind}_unlisted"] = [x for x in items if not any(holds(x, sub) for sub in listed)]
    return out


def _ratio(pair: tuple[int, int]) -> float | None:
    return pair[0] / pair[1] if pair[1] else None


def summarise(scores: Sequence[dict[str, Any]], lang: str) -> dict[str, Any]:
    """One result row over ``scores`` (micro: counts summed, then divided).

    >>> summarise([{"recall": (1, 2), "precision": (2, 4), "wrong": [{"value": "x", "facts": ["a: x"]}],
    ...             "constraints": (1, 1), "commitments": (0, 0)}], "en")["fact_precision"]
    0.5
    """
    total = {k: (sum(s[k][0] for s in scores), sum(s[k][1] for s in scores))
             for k in ("recall", "precision", "constraints", "commitments")}
    return {
        "method": "ctxgraph", "lang": lang, "n": len(scores),
        "fact_recall": _ratio(total["recall"]), "fact_precision": _ratio(total["precision"]),
        "wrong": sum(len(s["wrong"]) for s in scores),
        "constraints_right": total["constraints"][0], "constraints_n": total["constraints"][1],
        "commitments_right": total["commitments"][0], "commitments_n": total["commitments"][1],
        "constraints_items": sum(s.get("constraints_items", 0) for s in scores),
        "constraints_unlisted": sum(len(s.get("constraints_unlisted", [])) for s in scores),
        "commitments_items": sum(s.get("commitments_items", 0) for s in scores),
        "commitments_unlisted": sum(len(s.get("commitments_unlisted", [])) for s in scores),
        "current_found": total["recall"][0], "current_total": total["recall"][1],
        "facts_supported": total["precision"][0], "facts": total["precision"][1],
    }


def _tracker_for(conv: CsConversation, packs: Sequence[str], steps: Sequence[str] | None = None) -> Any:
    from .._tracker import Tracker

    options: dict[str, Any] = {"lang": conv.lang}
    if conv.today:
        options["today"] = conv.today
    if packs:
        options["packs"] = list(packs)
    tracker = Tracker(**options)
    if steps is not None:
        tracker.extractor.steps[:] = list(steps)
    return tracker


def replay(conv: CsConversation, packs: Sequence[str] = (), steps: Sequence[str] | None = None) -> dict[str, Any]:
    """The state (as a dict) after every message of ``conv`` was observed; ``steps`` replaces the
    rule extractor's steps (e.g. ``with_step(DEFAULT_STEPS, "choose")`` for an optional one)."""
    tracker = _tracker_for(conv, packs, steps)
    for message in conv.messages:
        tracker.observe(message)
    return tracker.state().model_dump(by_alias=True)


def run_cs(*, data: str | Path | None = None, packs: Sequence[str] = (), limit: int | None = None,
           progress: bool | None = None, groups: Sequence[tuple[str, str | Path]] | None = None) -> dict[str, Any]:
    """The report of ``ctxgraph bench cs``: rows per group and language (each group's "all"
    row after its languages), every conversation's errors. Without ``data`` the groups of
    ``DEFAULT_GROUPS`` are read: "dev" (the development set the rules were tuned on),
    "held-out" (chats they were not written for, but whose errors were looked at), "blind"
    (chats no rule was written against), "blind2" ... "blind30" (the later blind sets, issue 19: each
    written while an older one was open and another judged; :func:`blind_dir`); ``gap`` is the dev
    figure minus the held-out one, ``gap_blind``, ``gap_blind2`` ... ``gap_blind30`` the dev
    figure minus each blind one.
    With ``data`` one group, "data"; ``groups`` replaces the default groups by (name, folder) pairs (the same names give the same gaps).
    ``limit`` caps the conversations of each group. ``progress``: a bar on stderr (None: on a
    terminal)."""
    from ._run import machine, progress_bar

    started = time.perf_counter()
    if data is not None:
        chosen = [("data", load_cs(data, limit=limit))]
    elif groups is not None:
        chosen = [(name, load_cs(folder, limit=limit)) for name, folder in groups]
    else:
        chosen = [(name, load_cs(folder(), limit=limit)) for name, folder in DEFAULT_GROUPS if folder().exists()]
    total = sum(len(convs) for _, convs in chosen)
    rows: list[dict[str, Any]] = []
    details = []
    with progress_bar(total, "cs", progress) as bar:
        for group, conversations in chosen:
            scores = []
            for conv in conversations:
                scores.append(score_state(conv, replay(conv, packs)))
                bar.update(1)
            langs = sorted({s["lang"] for s in scores}, key=lambda x: (x != "zh", x))
            rows += [dict(summarise([s for s in scores if s["lang"] == lang], lang), group=group) for lang in langs]
            rows.append(dict(summarise(scores, "all"), group=group))
            details += [dict(_detail(s), group=group) for s in scores]
    report = {
        "dataset": "cs", "n": total, "results": rows, "packs": list(packs),
        "data": str(data) if data is not None else
        ", ".join(f"{folder} ({name})" for name, folder in groups) if groups is not None else
        _DEFAULT_DATA,
        "conversations": details,
        "seconds": round(time.perf_counter() - started, 1), "machine": machine(),
    }
    for key, against in GAPS:
        gap = generalisation_gap(rows, against)
        if gap:
            report[key] = gap
    return report


def generalisation_gap(rows: Sequence[dict[str, Any]], against: str = "held-out") -> dict[str, float] | None:
    """The dev set's figures minus those of the group ``against`` ("all" rows), None without both.

    >>> rows = [{"group": "dev", "lang": "all", "fact_recall": 0.7, "fact_precision": 0.9},
    ...         {"group": "held-out", "lang": "all", "fact_recall": 0.5, "fact_precision": 0.95},
    ...         {"group": "blind", "lang": "all", "fact_recall": 0.4, "fact_precision": 0.8}]
    >>> generalisation_gap(rows), generalisation_gap(rows, "blind")
    ({'fact_recall': 0.2, 'fact_precision': -0.05}, {'fact_recall': 0.3, 'fact_precision': 0.1})
    """
    overall = {r.get("group"): r for r in rows if r["lang"] == "all"}
    dev, held = overall.get("dev"), overall.get(against)
    if not dev or not held:
        return None
    return {k: round(dev[k] - held[k], 3) for k in ("fact_recall", "fact_precision")
            if dev[k] is not None and held[k] is not None}


def _detail(score: dict[str, Any]) -> dict[str, Any]:
    """A conversation's figures and errors as JSON (pairs as "k/n")."""
    pair = lambda p: f"{p[0]}/{p[1]}"  # noqa: E731
    return {
        "id": score["id"], "lang": score["lang"], "recall": pair(score["recall"]), "precision": pair(score["precision"]),
        "constraints": pair(score["constraints"]), "commitments": pair(score["commitments"]),
        "missed": score["missed"], "wrong": score["wrong"], "unsupported": score["unsupported"],
        "constraints_wrong": score["constraints_wrong"], "commitments_wrong": score["commitments_wrong"],
        "constraints_unlisted": score.get("constraints_unlisted", []), "commitments_unlisted": score.get("commitments_unlisted", []),
    }


def format_cs_errors(report: dict[str, Any], limit: int = 6) -> Iterable[str]:
    """Text lines naming each conversation's errors (for the text format, not the documents)."""
    for c in report.get("conversations", []):
        parts = []
        if c["missed"]:
            parts.append("missed " + ", ".join(c["missed"][:limit]))
        if c["wrong"]:
            parts.append("wrong " + ", ".join(f"{w['value']} ({'; '.join(w['facts'][:2])})" for w in c["wrong"][:limit]))
        if c["unsupported"]:
            parts.append("unsupported " + "; ".join(c["unsupported"][:limit]))
        for kind in ("constraints", "commitments"):
            if c.get(f"{kind}_unlisted"):
                parts.append(f"{kind} not in the gold " + "; ".join(c[f"{kind}_unlisted"][:limit]))
            if c[f"{kind}_wrong"]:
                parts.append(f"{kind} " + ", ".join(f"{e['text']} (want {e['expected']}, got {e['got']})"
                                                    for e in c[f"{kind}_wrong"][:limit]))
        if parts:
            yield f"  {c['id']} [{c['recall']} recall, {c['precision']} precision]: " + " | ".join(parts)


def __getattr__(name: str) -> Any:
    """``default_blind_dir``, ``default_blind2_dir`` ... : the names before :func:`blind_dir`, kept for
    code that imported them (deprecated: call ``blind_dir(n)``)."""
    found = re.fullmatch(r"default_blind(\d*)_dir", name)
    if found is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import warnings

    n = int(found.group(1) or 1)
    warnings.warn(f"{name} is deprecated: call ctxgraph.bench._cs.blind_dir({n})", DeprecationWarning, stacklevel=2)
    return partial(blind_dir, n)
