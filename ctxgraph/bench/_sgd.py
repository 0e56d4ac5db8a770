"""``ctxgraph bench sgd --metric state``: the state JSON against SGD's dialogue state (domain transfer).

The Schema-Guided Dialogue dataset (SGD, google-research-datasets/dstc8-schema-guided-dialogue,
CC BY-SA 4.0) has services the rules never saw (alarms, buses, media, payments, rental cars...).
Get it with ``git clone https://github.com/google-research-datasets/dstc8-schema-guided-dialogue``
and pass a split's folder (``--data dstc8-schema-guided-dialogue/test``: ``dialogues_*.json`` and
``schema.json``); without ``--data`` the folder is ``<data>/sgd`` (``default_data_dir()``).

It is scored the way MultiWOZ and CrossWOZ are (:mod:`ctxgraph.bench._state_accuracy`):

- **Gold.** A checkpoint after every system turn: each service's ``state.slot_values`` as its
  last user frame left it (a service the user left keeps its state), keyed
  ``"<service>-<slot>"``. SGD lists every surface a value had ("the 8th", "March 8th"): a
  prediction matching any of them is right.
- **Schema.** ``schema.json`` gives each service's slots; :func:`sgd_schema` writes them as a
  pack beside the booking pack (:func:`~ctxgraph.bench._state_accuracy.write_schema_pack`).
  A dialogue is scored against its own services only (:func:`dialogue_schema`).
- **Slot.** A fact's slot names the service slot of the same name, else one of the same general
  type (:data:`ctxgraph.models.corpora.SGD_MAP`, the table the value tagger was trained with:
  ``people`` and ``count`` -> ``number_of_seats``, ``venue`` -> ``restaurant_name``, ``day`` ->
  ``date``); of several slots of that type, a role picks by the slot name (``origin`` ->
  ``from_city``, ``checkout`` -> ``check_out_date``), else the first in the schema.
- **Service.** A fact's domain (the booking pack's hotel, restaurant, train, taxi, attraction)
  names the dialogue's service of that family (``Hotels_4``, ``RideSharing_2`` for a taxi);
  a fact without a domain, or with one the dialogue has no service for, belongs to the one
  service of the dialogue that has its slot, else it is a pair ``?-<slot>`` that matches nothing
  (no service is given to the tracker). A slot with no general type maps to the one service slot
  whose name holds its word (``stars`` -> ``star_rating``).

>>> schema = SgdSchema("demo", {"Restaurants_2": ["restaurant_name", "date", "time", "number_of_seats"],
...                             "Trains_1": ["from", "to", "date_of_journey", "number_of_adults"]})
>>> one = schema.only(["Restaurants_2"])
>>> one.gold_name("restaurant", "venue"), one.gold_name(None, "people"), one.gold_name(None, "day")
('Restaurants_2-restaurant_name', 'Restaurants_2-number_of_seats', 'Restaurants_2-date')
>>> schema.gold_name("train", "origin"), schema.gold_name(None, "date"), schema.gold_name("taxi", "date")
('Trains_1-from', '?-date', '?-date')
>>> SgdSchema("demo", {"Hotels_4": ["location", "star_rating"]}).gold_name("hotel", "stars")
'Hotels_4-star_rating'
"""

from __future__ import annotations

import json
import re
import tempfile
import time
from pathlib import Path
from typing import Any, Iterable, Sequence

from ._data import Checkpoint, DataNotFoundError, Dialogue, _check_limit, default_data_dir
from ._state_accuracy import SlotSchema, _key

__all__ = ["SgdSchema", "dialogue_schema", "load_sgd", "run_sgd_state", "sgd_gold", "sgd_schema"]

#: the booking pack's domains -> SGD service families
FAMILIES: dict[str, tuple[str, ...]] = {
    "hotel": ("Hotels",), "restaurant": ("Restaurants",), "train": ("Trains",), "taxi": ("RideSharing",),
    "attraction": ("Travel",),
}
#: fact slot ids (booking pack, core roles) -> the general type of SGD_MAP they carry
FACT_TYPES: dict[str, str] = {
    "venue": "venue", "area": "place", "price_range": "price_range", "food": "cuisine", "venue_type": "category",
    "day": "date", "date": "date", "checkout": "date", "time": "time", "leave_at": "time", "arrive_by": "time",
    "departure": "place", "destination": "place", "origin": "place", "place": "place", "stay": "duration",
    "nights": "duration", "duration": "duration", "people": "count", "count": "count", "price": "money",
    "amount": "money", "person": "person", "traveller": "person", "patient": "person", "org": "org",
    "product": "product", "device": "product",
}
#: words of an SGD slot name that a role prefers among slots of one type
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "departure": ("from", "origin", "pickup", "departure", "outbound"),
    "origin": ("from", "origin", "pickup", "departure", "outbound"),
    "destination": ("to", "destination", "where", "dropoff", "inbound"),
    "checkout": ("check_out", "end", "return", "dropoff"), "leave_at": ("departure", "start", "leaving", "pickup"),
    "arrive_by": ("arrival",), "day": ("check_in", "start", "departure"),
}


def _general_type(service: str, slot: str) -> str | None:
    from ..models.corpora import _sgd_label

    return _sgd_label(service, slot)


class SgdSchema(SlotSchema):
    """SGD's services and their slots; fact slots map by name, then by general type (see the module)."""

    def only(self, services: Iterable[str]) -> "SgdSchema":
        """The schema of one dialogue's services."""
        return SgdSchema(self.name, {s: self.domains[s] for s in services if s in self.domains}, self.lang)

    def domain(self, token: str | None) -> str | None:
        if not token:
            return None
        if token in self.domains:
            return token
        families = FAMILIES.get(token, ())
        return next((s for s in self.domains if s.split("_")[0] in families), None)

    def slot(self, domain: str, slot_id: str) -> str | None:
        named = super().slot(domain, slot_id)
        if named is not None or slot_id in ("name",):
            return named
        kind = FACT_TYPES.get(slot_id, slot_id)
        same = [s for s in self.domains.get(domain, []) if _general_type(domain, s) == kind]
        if not same and slot_id in ROLE_WORDS:  # untyped slots named by a role word: "from", "to"
            same = [s for s in self.domains.get(domain, []) if s in ROLE_WORDS[slot_id]]
        if len(same) > 1 and slot_id in ROLE_WORDS:
            preferred = [s for s in same if any(re.search(rf"(^|_){w}(_|$)", s) for w in ROLE_WORDS[slot_id])]
            same = preferred or same
        if not same:  # one slot whose name holds the fact slot's word: "stars" -> "star_rating"
            stem = re.sub(r"s$", "", slot_id)
            named_by = [s for s in self.domains.get(domain, []) if stem in s.split("_")]
            same = named_by if len(named_by) == 1 else []
        return same[0] if same else None


def sgd_gold(turn_state: dict[str, dict[str, list[str]]]) -> dict[str, tuple[str, ...]]:
    """``{"<service>-<slot>": (surfaces...)}`` of each service's ``slot_values``.

    >>> sgd_gold({"Restaurants_2": {"date": ["the 8th", "March 8th"], "time": []}})
    {'Restaurants_2-date': ('the 8th', 'March 8th')}
    """
    return {f"{service}-{slot}": tuple(values) for service, slots in turn_state.items()
            for slot, values in slots.items() if values}


def _folder(path: str | Path | None) -> Path:
    folder = Path(path) if path is not None else default_data_dir() / "sgd"
    if not folder.is_dir() or not any(folder.glob("dialogues_*.json")):
        raise DataNotFoundError(
            f"sgd data not found at {folder}: a folder of SGD dialogues_*.json files and schema.json "
            "(a split of github.com/google-research-datasets/dstc8-schema-guided-dialogue).",
            "Pass the split's folder as path=...")
    return folder


def load_sgd(path: str | Path | None = None, *, limit: int | None = None,
             offset: int = 0) -> tuple[list[Dialogue], dict[str, list[str]]]:
    """SGD dialogues of a split folder, in file order, and each dialogue id's services.

    USER turns become ``"user"`` messages, SYSTEM turns ``"assistant"``; a checkpoint at every
    system turn once a state has a value (:func:`sgd_gold` of every service's last frame).
    """
    _check_limit(limit)
    dialogues: list[Dialogue] = []
    services: dict[str, list[str]] = {}
    seen = 0
    for file in sorted(_folder(path).glob("dialogues_*.json")):
        for raw in json.loads(file.read_text(encoding="utf-8")):
            seen += 1
            if seen <= offset:
                continue
            if limit is not None and len(dialogues) >= limit:
                return dialogues, services
            messages: list[dict[str, Any]] = []
            checkpoints: list[Checkpoint] = []
            state: dict[str, dict[str, list[str]]] = {}
            turns = raw["turns"]
            for i, turn in enumerate(turns):
                system = turn["speaker"] == "SYSTEM"
                messages.append({"role": "assistant" if system else "user", "content": turn["utterance"]})
                if not system:
                    for frame in turn["frames"]:
                        if "state" in frame:
                            state[frame["service"]] = frame["state"]["slot_values"]
                elif gold := sgd_gold(state):
                    question = turns[i + 1]["utterance"] if i + 1 < len(turns) else ""
                    checkpoints.append(Checkpoint(i, question, gold))  # type: ignore[arg-type]
            dialogues.append(Dialogue(raw["dialogue_id"], messages, checkpoints))
            services[raw["dialogue_id"]] = list(raw["services"])
    return dialogues, services


def sgd_schema(path: str | Path | None = None) -> SgdSchema:
    """Every service's slots from ``schema.json`` in the split folder."""
    file = _folder(path) / "schema.json"
    if not file.is_file():
        raise ValueError(f"No schema.json in {file.parent}: SGD splits ship one beside their dialogues.")
    domains = {s["service_name"]: [sl["name"] for sl in s["slots"]] for s in json.loads(file.read_text(encoding="utf-8"))}
    return SgdSchema("sgd-schema (derived)", domains, "en")


def dialogue_schema(schema: SgdSchema, services: Sequence[str]) -> SgdSchema:
    """The schema a dialogue is scored against: its own services."""
    return schema.only(services)


def run_sgd_state(*, data: str | Path | None = None, limit: int | None = None, offset: int = 0,
                  packs: Sequence[str] = (), progress: bool | None = None) -> dict[str, Any]:
    """The report of ``ctxgraph bench sgd --metric state`` (see the module docstring)."""
    from .._tracker import Tracker
    from ._run import machine, packs_for, progress_bar, tracker_options
    from ._state_accuracy import evaluate_state_accuracy, write_schema_pack

    started = time.perf_counter()
    schema = sgd_schema(data)
    dialogues, services = load_sgd(data, limit=limit, offset=offset)
    packs = packs_for("sgd", packs)
    with tempfile.TemporaryDirectory(prefix="ctxgraph-schema-") as folder:
        write_schema_pack(schema, folder, packs)
        options = {**tracker_options(packs), "rules": [folder], "lang": "en"}
        with progress_bar(len(dialogues), "sgd state", progress) as bar:
            row = evaluate_state_accuracy(dialogues, lambda: Tracker(**options), schema, progress=bar.update,
                                          schema_of=lambda d: schema.only(services[d.id]))
    used = sorted({s for d in dialogues for s in services[d.id]})
    return {
        "dataset": "sgd", "metric": "state", "n": len(dialogues), "offset": offset, "results": [row],
        "packs": [*packs, schema.name],
        "schema": {"name": schema.name, "slots": schema.size, "database": str(_folder(data) / "schema.json"),
                   "domains": {s: schema.domains[s] for s in used}},
        "catalog": False, "catalog_size": 0, "catalog_attributes": 0,
        "data": str(_folder(data)), "seconds": round(time.perf_counter() - started, 1), "machine": machine(),
    }

