"""``ctxgraph bench crosswoz|multiwoz --metric state``: the state JSON against the gold belief state.

After every system turn with a gold state (a :class:`~ctxgraph.bench.Checkpoint`), the
tracker's ``state()`` is read and its current facts are turned into gold-style
``(domain-slot, value)`` pairs:

- **Schema.** The dataset's slot schema comes from its database: MultiWOZ's
  ``ontology.json`` (``"hotel-price range"`` -> ``hotel-pricerange``, ``"hotel-book stay"`` ->
  ``hotel-book-stay``, ``"train-leave at"`` -> ``train-leaveAt``, ``"arrive by"`` -> ``arriveBy``),
  CrossWOZ's ``database.md`` (the starred, queryable fields of each domain) with the
  ``出发地``/``目的地`` of its taxi template (``"出租 ($出发地 - $目的地)"``), which 地铁 shares.
  :func:`write_schema_pack` writes it as a rule pack (``slots:``) into a temporary folder, loaded
  as ``Tracker(packs=["booking"], rules=[folder])`` and named ``"multiwoz-ontology (derived)"`` /
  ``"crosswoz-database (derived)"``: a schema slot the booking pack already has extends it with the
  gold name as a synonym (when the name is not already its id, name or synonym); one it lacks
  becomes a new scoped slot whose id is the gold name (``department``, ``周边景点``).
- **Domain.** A fact key ``hotel.area`` names its domain (``group`` too, where the state has
  it); the booking pack's domain ids map to CrossWOZ's names (hotel 酒店, restaurant 餐馆,
  attraction 景点, taxi 出租, metro 地铁). A fact without a domain whose slot exists in one
  schema domain only belongs to it (``food`` -> ``restaurant-food``); in several, it is a pair
  ``?-<slot>`` that matches nothing (a domain-less ``area`` is a wrong prediction).
- **Slot.** The fact's slot id if the domain has a gold slot of that name (compared without
  case, spaces, ``-`` or ``_``), else the first of its :data:`SLOT_ALIASES` the domain has:
  ``price_range`` -> ``pricerange``, ``venue`` -> ``name`` / ``名称``, ``venue_type`` -> ``type`` /
  ``酒店类型``, ``leave_at`` -> ``leaveAt``, ``arrive_by`` -> ``arriveBy``, ``people`` ->
  ``book-people``, ``stay`` -> ``book-stay``, ``time`` -> ``book-time``, ``day`` -> ``book-day`` or
  ``day``, ``rating`` -> ``评分``, ``per_person`` -> ``人均消费``, ``ticket`` -> ``门票``, ``duration``
  -> ``游玩时间``, ``price`` -> ``价格``, ``facilities`` -> ``酒店设施``, ``dish`` -> ``推荐菜``,
  ``departure`` -> ``出发地``, ``destination`` -> ``目的地``. A fact that maps to no schema slot
  (``phone``, ``train.time``, the core ``name``, which is a person's) is not scored.
- **Selections.** CrossWOZ's gold (``sys_state_init`` without ``selectedResults``) holds a venue
  name the user brings, rarely one the system found: of the user turns that take a venue the
  assistant just named, the next gold state holds it in about one in six (val 0-399). A current
  fact of a schema's ``selections`` (CrossWOZ: ``venue``) that an assistant's message made (an
  option the user then took keeps the offer's turn) is the system's selection and is not scored;
  MultiWOZ, whose gold fills ``name`` when the user takes one, keeps it.
- **Value.** Compared normalised (:func:`state_value`): NFKC, lower-case, a leading "the"
  dropped, a number word up to twenty as its digits, a time "8:30" as "08:30", a range "150到500" as
  "150-500" and "1-2天" as "1天-2天", a trailing "服务" or "型" dropped ("早餐服务" / "早餐", "豪华型" /
  "豪华": CrossWOZ's gold has both forms), centre/center spellings unified, spaces and
  punctuation removed; values of several space-separated parts ("wifi 早餐服务") also match in any
  order.

Slot precision = predicted pairs matching the gold value of their slot / predicted pairs (of
schema slots); slot recall = gold pairs predicted / gold pairs; F1 their harmonic mean; joint
goal accuracy = share of checkpoints where the predicted pairs equal the gold ones exactly.

>>> schema = SlotSchema("demo", {"hotel": ["area", "book-people"], "restaurant": ["food", "area"]})
>>> state = {"facts": [{"key": "hotel.area", "value": "East", "status": "current"},
...                    {"key": "hotel.people", "value": "two", "status": "current"},
...                    {"key": "food", "value": "Thai", "status": "current"},
...                    {"key": "phone", "value": "0123", "status": "current"}]}
>>> sorted(predicted_pairs(state, schema).items())
[('hotel-area', {'East'}), ('hotel-book-people', {'two'}), ('restaurant-food', {'Thai'})]
>>> score_checkpoint(predicted_pairs(state, schema), {"hotel-area": "east", "hotel-book-people": "2"})
(2, 3, 2, 2, False)
"""

from __future__ import annotations

import json
import re
import tempfile
import time
import unicodedata
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from ._data import Dialogue, _check_limit, default_data_dir, load_crosswoz, load_multiwoz
from ._metrics import normalise

__all__ = ["SlotSchema", "crosswoz_schema", "evaluate_state_accuracy", "multiwoz_schema", "predicted_pairs",
           "run_state", "score_checkpoint", "state_value", "write_schema_pack"]

#: gold slot names a booking-pack slot id stands for, tried in order in the fact's domain
SLOT_ALIASES: dict[str, tuple[str, ...]] = {
    "price_range": ("pricerange",), "venue": ("name", "名称"), "venue_type": ("type", "酒店类型"),
    "leave_at": ("leaveAt",), "arrive_by": ("arriveBy",), "people": ("book-people",), "stay": ("book-stay",),
    "time": ("book-time",), "day": ("book-day", "day"), "rating": ("评分",), "per_person": ("人均消费",),
    "ticket": ("门票",), "duration": ("游玩时间",), "price": ("价格",), "facilities": ("酒店设施",),
    "dish": ("推荐菜",), "departure": ("出发地",), "destination": ("目的地",),
    # the core roles and the value tagger's general types under the schema's names
    "origin": ("departure", "出发地"),
}
#: the booking pack's domain ids and names -> the datasets' domain names
DOMAIN_ALIASES: dict[str, tuple[str, ...]] = {
    "hotel": ("酒店",), "restaurant": ("餐馆",), "attraction": ("景点",), "taxi": ("出租",), "metro": ("地铁",),
    "出租车": ("出租", "taxi"), "酒店": ("hotel",), "餐馆": ("restaurant",), "景点": ("attraction",), "地铁": ("metro",),
}
_NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
#: core slots that are never a schema slot of the same name: ``name`` is a person's ("my name is Ann")
NOT_SCHEMA_SLOTS = frozenset({"name"})
_MULTIWOZ_SLOT_WORDS = {"price range": "pricerange", "arrive by": "arriveBy", "leave at": "leaveAt"}
#: the CrossWOZ slot a reference point fills in a domain: the thing near which it is sought,
#: by the thing's own domain ("餐馆-周边景点": a restaurant near an attraction)
NEAR_SLOT = "周边{domain}"
#: schema slots whose values obviously name a venue (types of the derived pack's new slots)
_VENUE_SLOTS = ("周边景点", "周边餐馆", "周边酒店")


def _key(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name.casefold())


@dataclass
class SlotSchema:
    """A dataset's slots per domain, in its gold naming (``{"hotel": ["area", "book-people"]}``)."""

    name: str
    domains: dict[str, list[str]]
    lang: str = "en"
    #: pack slot ids whose value the gold holds only when the user brought it: one the assistant
    #: named first and the user then took is the system's selection (CrossWOZ's
    #: ``selectedResults``, which :func:`~ctxgraph.bench._data.crosswoz_gold` leaves out)
    selections: tuple[str, ...] = ()
    _index: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._index = {d: {_key(s): s for s in slots} for d, slots in self.domains.items()}

    @property
    def size(self) -> int:
        return sum(len(s) for s in self.domains.values())

    def domain(self, token: str | None) -> str | None:
        """The schema domain a fact's domain id or name stands for."""
        if not token:
            return None
        for candidate in (token, *DOMAIN_ALIASES.get(token, ())):
            if candidate in self.domains:
                return candidate
        return None

    def slot(self, domain: str, slot_id: str) -> str | None:
        """The gold slot of ``domain`` a pack slot id stands for, or None."""
        index = self._index.get(domain, {})
        if slot_id in NOT_SCHEMA_SLOTS:
            return None
        for candidate in (slot_id, *SLOT_ALIASES.get(slot_id, ())):
            if _key(candidate) in index:
                return index[_key(candidate)]
        return None

    def gold_name(self, domain_token: str | None, slot_id: str) -> str | None:
        """``"<domain>-<slot>"`` for a fact, ``"?-<slot>"`` when its domain is unknown and several
        domains have the slot, None when the schema has no such slot."""
        domain = self.domain(domain_token)
        if domain is not None:
            slot = self.slot(domain, slot_id)
            return f"{domain}-{slot}" if slot else None
        names = [f"{d}-{s}" for d in self.domains if (s := self.slot(d, slot_id))]
        if len(names) == 1:
            return names[0]
        return f"?-{names[0].split('-', 1)[1]}" if names else None


# ----------------------------------------------------------------------------- schemas from the databases


def _members(path: Path) -> dict[str, bytes]:
    """``{file name: bytes}`` of a database ``.zip`` or folder."""
    if path.is_dir():
        return {p.name: p.read_bytes() for p in path.iterdir() if p.is_file()}
    with zipfile.ZipFile(path) as z:
        return {Path(n).name: z.read(n) for n in z.namelist() if not n.endswith("/")}


def multiwoz_schema(path: str | Path | None = None) -> SlotSchema:
    """The MultiWOZ slots of ``ontology.json`` in ``database.zip`` (default ``<data>/multiwoz``: ``default_data_dir()``)."""
    members = _members(Path(path) if path else default_data_dir() / "multiwoz" / "database.zip")
    if "ontology.json" not in members:
        raise ValueError(f"No ontology.json in the MultiWOZ database at {path}: pass the published database.zip.")
    domains: dict[str, list[str]] = defaultdict(list)
    for name in json.loads(members["ontology.json"]):
        domain, words = name.split("-", 1)
        book = words.startswith("book ")
        words = words.removeprefix("book ")
        slot = _MULTIWOZ_SLOT_WORDS.get(words, words.replace(" ", ""))
        domains[domain].append(f"book-{slot}" if book else slot)
    return SlotSchema("multiwoz-ontology (derived)", dict(domains), "en")


def crosswoz_schema(path: str | Path | None = None) -> SlotSchema:
    """The CrossWOZ slots: the starred fields of ``database.md`` per domain, and the ``$`` fields of
    the taxi template for 出租 and 地铁 (default ``<data>/crosswoz/database.zip``)."""
    members = _members(Path(path) if path else default_data_dir() / "crosswoz" / "database.zip")
    if "database.md" not in members:
        raise ValueError(f"No database.md in the CrossWOZ database at {path}: pass the published database.zip.")
    domains: dict[str, list[str]] = {}
    current = None
    for line in members["database.md"].decode("utf-8").splitlines():
        if line.startswith("### "):
            current = line[4:].strip()
            domains[current] = []
        elif current and (m := re.match(r"-\s*(\S+?)\*\s*:", line)):
            domains[current].append(m.group(1))
    taxi = json.loads(members.get("taxi_db.json", b"[]"))
    route = re.findall(r"\$(\w+)", taxi[0][0]) if taxi else ["出发地", "目的地"]
    for domain in ("出租", "地铁"):
        domains[domain] = route  # the state tracks a ride's ends, not the car or the station
    return SlotSchema("crosswoz-database (derived)", {d: s for d, s in domains.items() if s}, "zh",
                      selections=("venue",))


def _yaml_str(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def write_schema_pack(schema: SlotSchema, folder: str | Path, packs: Sequence[str] = ("booking",)) -> Path:
    """Write ``schema`` as a rule pack (``<folder>/<lang>/schema.yml``, ``slots:`` only) beside
    ``packs``; returns the folder (see the module docstring)."""
    from .._rules import load_pack

    loaded = load_pack([], schema.lang, packs=list(packs))
    known = {s.id: s for s in loaded.slots}
    entries: dict[str, dict[str, Any]] = {}
    served: dict[str, list[str]] = defaultdict(list)
    # the pack's domain ids each schema domain stands for ("hotel" for 酒店)
    pack_domains = {d: [p.id for p in loaded.domains if schema.domain(p.id) == d] for d in schema.domains}
    for domain, slots in schema.domains.items():
        for gold in slots:
            word = gold.removeprefix("book-")
            # by name and alias only (SlotSchema.slot), never a subclass's looser match by type
            pid = next((p for p in known if SlotSchema.slot(schema, domain, p) == gold), None)
            if pid is None:
                pid = word
                entry = entries.setdefault(pid, {"id": pid, "name": word.replace("_", " "), "synonyms": [], "scoped": True,
                                                 "types": ["VENUE"] if word in _VENUE_SLOTS else []})
            else:
                slot = known[pid]
                entry = entries.setdefault(pid, {"id": pid, "name": slot.name, "synonyms": []})
                taken = {_key(w) for w in (slot.id, slot.name, *slot.synonyms, *entry["synonyms"])}
                if _key(word) not in taken:
                    entry["synonyms"].append(word.replace("_", " "))
            served[pid].append(f"{domain}-{gold}")
    # a scoped slot exists only in the domains whose schema has it (a train has no area): the
    # pack's slots that stand for a schema slot, by name or alias, and the schema's new ones
    for pid, slot in known.items():
        if slot.scoped and any(SlotSchema.slot(schema, d, pid) for d in schema.domains):
            entries.setdefault(pid, {"id": pid, "name": slot.name, "synonyms": [], "role": slot.role})
    for pid, entry in entries.items():
        ids = [p for d in schema.domains if SlotSchema.slot(schema, d, pid) or f"{d}-{pid}" in served[pid]
               for p in pack_domains[d]]
        if ids and (pid not in known or known[pid].scoped):
            entry["domains"] = list(dict.fromkeys(ids))
        served[pid] = served[pid] or [f"{d}-{g}" for d in schema.domains if (g := SlotSchema.slot(schema, d, pid))]
    lines = [f"# {schema.name}: the dataset's slot schema as a pack, written by ctxgraph bench.", "slots:"]
    for pid, entry in entries.items():
        lines.append(f"  # {', '.join(served[pid])}")
        lines.append("  - {" + ", ".join(f"{k}: {_yaml_str(v) if isinstance(v, str) else json.dumps(v, ensure_ascii=False)}"
                                         for k, v in entry.items()) + "}")
    out = Path(folder) / schema.lang
    out.mkdir(parents=True, exist_ok=True)
    (out / "schema.yml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Path(folder)


# ----------------------------------------------------------------------------- scoring


def state_value(value: str) -> str:
    """A slot value for comparison (see the module docstring).

    >>> state_value("The Cambridge Chop House"), state_value("Two"), state_value("city center")
    ('cambridgechophouse', '2', 'citycenter')
    >>> state_value("8:30") == state_value("08:30"), state_value("150到500元") == state_value("150-500元")
    (True, True)
    >>> state_value("1-2天") == state_value("1天 - 2天"), state_value("早餐服务") == state_value("早餐")
    (True, True)
    >>> state_value("2、3个小时") == state_value("2小时 - 3小时"), state_value("4个小时") == state_value("4小时")
    (True, True)
    """
    text = unicodedata.normalize("NFKC", str(value)).casefold().strip()
    text = re.sub(r"^the\s+", "", text)
    text = re.sub(r"^(\d):(\d\d)$", r"0\1:\2", text)  # the gold's times are zero-padded: "8:30" -> "08:30"
    text = re.sub(r"(?<=\d)\s*(?:到|至|~|-|、)\s*(?=\d)", "-", text)  # a range: "150到500元", "2、3小时" as "150-500元"
    text = re.sub(r"(?<=\d)个(?=小时)", "", text)  # "3个小时" is the gold's "3小时"
    # CrossWOZ's forms: a range with its unit once ("1-2天" is "1天 - 2天"), a facility or a type
    # with or without its generic word ("早餐服务" / "早餐", "豪华型" / "豪华": the gold has both)
    text = re.sub(r"(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)(小时|分钟|天)$", r"\1\3-\2\3", text)
    text = re.sub(r"(?<=[\u4e00-\u9fff\w])(?:服务|型)$", "", text)
    text = _NUMBER_WORDS.get(text, text)
    return normalise(text)


def _same(predicted: str, gold: str | tuple[str, ...]) -> bool:
    """``predicted`` equals ``gold`` normalised, or one of its surfaces when gold lists several (SGD)."""
    if isinstance(gold, tuple):
        return any(_same(predicted, g) for g in gold)
    if state_value(predicted) == state_value(gold):
        return True
    parts = lambda v: sorted(state_value(p) for p in str(v).split())  # noqa: E731
    return len(str(gold).split()) > 1 and parts(predicted) == parts(gold)


def _near_slot(value: str, facts: list[dict[str, Any]], schema: SlotSchema) -> str:
    """The schema slot of a reference point (core role ``near``): CrossWOZ's ``周边<domain>`` of
    the domain the state names the thing in (a venue fact of any status with that value), else
    ``near``, no schema slot (not scored)."""
    for fact in facts:
        domain, _, slot = str(fact.get("key", "")).rpartition(".")
        if slot == "venue" and fact.get("value") == value and (kind := schema.domain(domain)):
            return NEAR_SLOT.format(domain=kind)
    return "near"


def scored_facts(state: dict[str, Any], schema: SlotSchema,
                 roles: Sequence[str] | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(gold slot, fact)`` for each current fact of a state dict that maps to a schema slot.

    ``roles`` (the conversation's message roles by index), when given, keeps out a fact of one
    of ``schema.selections`` that an assistant's message made: an option it named that the user
    then took (the fact keeps the turn of the offer).

    >>> schema = SlotSchema("c", {"酒店": ["名称", "价格"]}, "zh", selections=("venue",))
    >>> state = {"facts": [{"key": "hotel.venue", "value": "北京饭店", "status": "current", "turn": 1},
    ...                    {"key": "hotel.price", "value": "500元", "status": "current", "turn": 1}]}
    >>> [(slot, fact["value"]) for slot, fact in scored_facts(state, schema, ["user", "assistant", "user"])]
    [('酒店-价格', '500元')]
    """
    facts = state.get("facts", [])
    for fact in facts:
        if fact.get("status") != "current":
            continue
        key = str(fact.get("key", ""))
        domain, _, slot = key.rpartition(".")
        if slot == "near":
            slot = _near_slot(str(fact.get("value", "")), facts, schema)
        turn = fact.get("turn")
        if roles is not None and slot in schema.selections and isinstance(turn, int) \
                and 0 <= turn < len(roles) and roles[turn] == "assistant":
            continue
        name = schema.gold_name(domain or fact.get("group"), slot)
        if name is not None:
            yield name, fact


def predicted_pairs(state: dict[str, Any], schema: SlotSchema,
                    roles: Sequence[str] | None = None) -> dict[str, set[str]]:
    """The current facts of a state dict as ``{gold slot: {values}}`` (schema slots only; see
    :func:`scored_facts` for ``roles``)."""
    pairs: dict[str, set[str]] = defaultdict(set)
    for name, fact in scored_facts(state, schema, roles):
        pairs[name].add(str(fact.get("value", "")))
    return dict(pairs)


def score_checkpoint(predicted: dict[str, set[str]], gold: dict[str, str]) -> tuple[int, int, int, int, bool]:
    """``(predicted pairs matching gold, predicted pairs, gold pairs predicted, gold pairs, joint)``;
    values equal after :func:`state_value` count once."""
    tp_pred = n_pred = tp_gold = 0
    for slot, values in predicted.items():
        distinct = {state_value(v): v for v in values}.values()
        n_pred += len(distinct)
        tp_pred += sum(slot in gold and _same(v, gold[slot]) for v in distinct)
    for slot, value in gold.items():
        tp_gold += any(_same(v, value) for v in predicted.get(slot, ()))
    joint = tp_pred == n_pred and tp_gold == len(gold)
    return tp_pred, n_pred, tp_gold, len(gold), joint


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def evaluate_state_accuracy(dialogues: Iterable[Dialogue], make_tracker: Any, schema: SlotSchema, *,
                            limit: int | None = None, progress: Any = None,
                            schema_of: Any = None) -> dict[str, Any]:
    """One result row: the state after every checkpoint's system turn against its gold state.

    ``make_tracker()`` gives a new tracker per dialogue. ``by_slot`` holds each gold slot's
    counts (``tp``, ``fp``, ``fn``) and first few ``errors``; slot names ``?-<slot>`` are the
    domain-less predictions. ``schema_of(dialogue)``, when given, is the schema a dialogue's
    predictions are read with (SGD: its own services)."""
    _check_limit(limit)
    counts: Counter = Counter()
    by_slot: dict[str, dict[str, Any]] = {}
    n_dialogues = 0
    for dialogue in list(dialogues)[:limit]:
        n_dialogues += 1
        tracker = make_tracker()
        at = {cp.index: cp for cp in dialogue.checkpoints}
        roles = [str(m.get("role")) for m in dialogue.messages]
        for i, message in enumerate(dialogue.messages[: max(at, default=-1) + 1]):
            tracker.observe(message)
            if i in at:
                predicted = predicted_pairs(tracker.state().model_dump(by_alias=True),
                                            schema_of(dialogue) if schema_of else schema, roles)
                tp_pred, n_pred, tp_gold, n_gold, joint = score_checkpoint(predicted, at[i].gold)
                counts.update(tp_pred=tp_pred, n_pred=n_pred, tp_gold=tp_gold, n_gold=n_gold, joint=int(joint), n=1)
                _count_slots(by_slot, predicted, at[i].gold)
        if progress is not None:
            progress(1)
    precision = counts["tp_pred"] / counts["n_pred"] if counts["n_pred"] else 0.0
    recall = counts["tp_gold"] / counts["n_gold"] if counts["n_gold"] else 0.0
    return {
        "method": "ctxgraph", "metric": "state", "budget": None,
        "slot_precision": precision, "slot_recall": recall, "slot_f1": _f1(precision, recall),
        "jga": counts["joint"] / counts["n"] if counts["n"] else 0.0, "n": counts["n"],
        "predicted": counts["n_pred"], "predicted_right": counts["tp_pred"],
        "gold": counts["n_gold"], "gold_found": counts["tp_gold"], "dialogues": n_dialogues,
        "by_slot": dict(sorted(by_slot.items())),
    }


def _count_slots(by_slot: dict[str, dict[str, Any]], predicted: dict[str, set[str]], gold: dict[str, str],
                 examples: int = 3) -> None:
    """Add a checkpoint to each slot's ``tp``/``fp``/``fn`` and keep its first few errors
    (``{"predicted": [...], "gold": ...}``) so a developer can see what went wrong."""
    for slot in sorted(set(predicted) | set(gold)):
        values = predicted.get(slot, set())
        right = slot in gold and any(_same(v, gold[slot]) for v in values)
        counts = by_slot.setdefault(slot, {"tp": 0, "fp": 0, "fn": 0, "errors": []})
        counts["tp"] += right
        counts["fp"] += len({state_value(v) for v in values}) - right
        counts["fn"] += slot in gold and not right
        error = {"predicted": sorted(values), "gold": gold.get(slot)}
        if (not right or len(values) > 1) and len(counts["errors"]) < examples and error not in counts["errors"]:
            counts["errors"].append(error)


# ----------------------------------------------------------------------------- the run


def run_state(dataset: str, *, data: str | Path | None = None, database: str | Path | None = None,
              catalog: str | Path | bool | None = None, limit: int | None = None, packs: Sequence[str] = (),
              progress: bool | None = None, offset: int = 0) -> dict[str, Any]:
    """The report of ``ctxgraph bench crosswoz|multiwoz --metric state``.

    ``database`` is the dataset's ``database.zip`` (default: beside the data, else
    ``<data>/<dataset>``, see ``default_data_dir()``); its schema is written as a pack into a temporary folder."""
    from .._tracker import Tracker
    from ._run import database_catalog, machine, packs_for, progress_bar, tracker_options

    if dataset not in ("crosswoz", "multiwoz"):
        raise ValueError(f"--metric state is measured on crosswoz and multiwoz, not {dataset}.")
    started = time.perf_counter()
    database = Path(database) if database else _database_beside(dataset, data)
    schema = (crosswoz_schema if dataset == "crosswoz" else multiwoz_schema)(database)
    _check_limit(limit)
    if offset < 0:
        raise ValueError(f"--offset must be 0 or more, not {offset}.")
    dialogues = (load_crosswoz if dataset == "crosswoz" else load_multiwoz)(
        data, limit=None if limit is None else offset + limit)[offset:]
    names: list[tuple[str, str]] = []
    attributes: list[tuple[str, str, bool]] = []
    if catalog:
        names, attributes = database_catalog(dataset, None if catalog is True else catalog)
    packs = packs_for(dataset, packs)
    with tempfile.TemporaryDirectory(prefix="ctxgraph-schema-") as folder:
        write_schema_pack(schema, folder, packs)
        options = {**tracker_options(packs), "rules": [folder], "lang": schema.lang,
                   "catalog": names or None, "catalog_attributes": attributes or None}
        with progress_bar(len(dialogues), f"{dataset} state", progress) as bar:
            row = evaluate_state_accuracy(dialogues, lambda: Tracker(**options), schema, progress=bar.update)
    return {
        "dataset": dataset, "metric": "state", "n": len(dialogues), "offset": offset, "results": [row],
        "packs": [*packs, schema.name], "schema": {"name": schema.name, "slots": schema.size, "database": str(database),
                                                   "domains": schema.domains},
        "catalog": bool(names), "catalog_size": len(names), "catalog_attributes": len(attributes),
        "data": str(data or default_data_dir() / dataset), "seconds": round(time.perf_counter() - started, 1),
        "machine": machine(),
    }


def _database_beside(dataset: str, data: str | Path | None) -> Path:
    """``database.zip`` next to the given data (a file's folder or the folder), else the default."""
    if data is not None:
        here = Path(data) if Path(data).is_dir() else Path(data).parent
        if (here / "database.zip").exists():
            return here / "database.zip"
    return default_data_dir() / dataset / "database.zip"
