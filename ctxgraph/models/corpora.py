"""Readers of the public dialogue corpora the value taggers learn from, and the tables
that map each corpus's slots onto the general slot types of :data:`ctxgraph.models.LABELS`.

Training side only (``python -m ctxgraph.models.train``); never imported at run time.
Each reader yields :class:`Example` (one utterance, its character spans, the dialogue it
belongs to and who spoke). A slot missing from a table is not a value type (phone numbers,
booking references, yes/no attributes, ratings, weather readings).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

#: SGD slot -> general type. Categorical slots carry no spans in SGD; their values are
#: found in the utterance by matching (see :func:`sgd_examples`).
SGD_MAP = {
    **dict.fromkeys("appointment_date check_in_date check_out_date date departure_date dropoff_date event_date "
                    "leaving_date pickup_date return_date show_date visit_date start_date end_date "
                    "journey_start_date date_of_journey".split(), "date"),
    **dict.fromkeys("appointment_time available_end_time available_start_time departure_time event_time "
                    "inbound_arrival_time inbound_departure_time leaving_time outbound_arrival_time "
                    "outbound_departure_time pickup_time show_time time alarm_time new_alarm_time "
                    "journey_start_time arrival_time".split(), "time"),
    **dict.fromkeys("approximate_ride_duration wait_time number_of_days stay_length".split(), "duration"),
    **dict.fromkeys("number_of_adults number_of_baths number_of_beds number_of_riders number_of_rooms "
                    "number_of_seats number_of_tickets party_size passengers travelers group_size "
                    "number_of_travelers".split(), "count"),
    **dict.fromkeys("amount balance fare price price_per_night rent ride_fare total_price price_per_day "
                    "property_rent".split(), "money"),
    **dict.fromkeys("dentist_name doctor_name stylist_name recipient_account_name recipient_name contact_name "
                    "receiver directed_by artist therapist_name".split(), "person"),
    **dict.fromkeys("area city city_of_event destination destination_city location origin origin_city pickup_city "
                    "pickup_location where_to from_location to_location destination_airport origin_airport "
                    "from_station to_station origin_station_name destination_station_name from_city to_city "
                    "dropoff_location".split(), "place"),
    **dict.fromkeys("address address_of_location street_address venue_address".split(), "address"),
    **dict.fromkeys("attraction_name hotel_name property_name restaurant_name theater_name venue event_location "
                    "place_name".split(), "venue"),
    "airlines": "org",
    **dict.fromkeys("album movie_name song_name title event_name movie_title track".split(), "title"),
    "cuisine": "cuisine",
    **dict.fromkeys("category subcategory event_type genre show_type".split(), "category"),
    **dict.fromkeys("car_type".split(), "car_class"),
    "car_name": "product",
    **dict.fromkeys("seating_class fare_type class".split(), "seat_type"),
    **dict.fromkeys("account_type recipient_account_type".split(), "account_type"),
    "price_range": "price_range",
    "ride_type": "category",
}
#: slots that mean different things per service (service family, slot) -> general type
SGD_SERVICE_MAP = {("RentalCars", "type"): "car_class", ("Services", "type"): "category",
                   ("Restaurants", "category"): "cuisine"}

#: MultiWOZ span_info slot -> general type
MULTIWOZ_MAP = {
    "Day": "date", "Time": "time", "Leave": "time", "Arrive": "time", "Depart": "place", "Dest": "place",
    "People": "count", "Stay": "duration", "Name": "venue", "Area": "place", "Food": "cuisine",
    "Price": "price_range", "Type": "category", "Addr": "address", "Fee": "money", "Ticket": "money",
    "Car": "product",
}

#: CrossWOZ dialog_act slot -> general type
CROSSWOZ_MAP = {
    "名称": "venue", "地址": "address", "出发地": "place", "目的地": "place", "门票": "money", "价格": "money",
    "人均消费": "money", "推荐菜": "dish", "酒店类型": "category", "酒店设施": "facility", "游玩时间": "duration",
    "营业时间": "time", "周边景点": "venue", "周边餐馆": "venue", "周边酒店": "venue", "车型": "car_class",
    "起点站": "venue", "终点站": "venue", "出发地附近地铁站": "venue", "目的地附近地铁站": "venue",
}
#: jieba part-of-speech tag -> general type, for words no annotation covers (weak labels)
JIEBA_MAP = {"nr": "person", "ns": "place"}

_NUM_WORDS = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight"}


@dataclass
class Example:
    text: str
    spans: list[tuple[int, int, str]]
    dialogue: str
    speaker: str  # "user" or "system"
    source: str


def held_out(dialogue: str, share: float = 0.2) -> bool:
    """Whether a dialogue is in the held-out part (a stable hash of its id).

    >>> held_out("MUL0001.json") in (True, False)
    True
    """
    return int(hashlib.sha1(dialogue.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF < share


def _find_word(text: str, value: str) -> list[tuple[int, int]]:
    rx = re.compile(r"(?<!\w)" + re.escape(value) + r"(?!\w)", re.I)
    return [(m.start(), m.end()) for m in rx.finditer(text)]


def sgd_examples(folder: Path, split: str, share: float = 1.0) -> Iterator[Example]:
    """Utterances of an SGD split (``folder/split/dialogues_*.json``): the spans SGD gives,
    plus the values of categorical slots found once in the utterance (a number also as
    its word: "2" -> "two"); yes/no values are skipped. ``share``: the part of the
    dialogues read (a stable hash of the id; SGD files are grouped by service, so a share
    spreads over all of them)."""
    schema = json.loads((folder / split / "schema.json").read_text())
    categorical = {(s["service_name"], sl["name"]) for s in schema for sl in sl_list(s) if sl["is_categorical"]}
    for path in sorted((folder / split).glob("dialogues_*.json")):
        for dlg in json.loads(path.read_text()):
            if share < 1.0 and not held_out(dlg["dialogue_id"], share):
                continue
            for turn in dlg["turns"]:
                text = turn["utterance"]
                spans = []
                for frame in turn["frames"]:
                    service = frame["service"]
                    for sl in frame.get("slots", []):
                        label = _sgd_label(service, sl["slot"])
                        if label:
                            spans.append((sl["start"], sl["exclusive_end"], label))
                    for act in frame.get("actions", []):
                        if (service, act["slot"]) not in categorical:
                            continue
                        label = _sgd_label(service, act["slot"])
                        for value in act.get("values", []):
                            if not label or value in ("True", "False", "dontcare"):
                                continue
                            hits = _find_word(text, value) or (
                                _find_word(text, _NUM_WORDS[value]) if value in _NUM_WORDS else [])
                            if len(hits) == 1:
                                spans.append((*hits[0], label))
                yield Example(text, spans, f"sgd-{split}-{dlg['dialogue_id']}",
                              "user" if turn["speaker"] == "USER" else "system", f"sgd-{split}")


def sl_list(service: dict) -> list[dict]:
    return service["slots"]


def _sgd_label(service: str, slot: str) -> str | None:
    family = service.split("_")[0]
    if (family, slot) in SGD_SERVICE_MAP:
        return SGD_SERVICE_MAP[family, slot]
    return None if slot == "type" else SGD_MAP.get(slot)


def _read_zip_json(path: Path) -> dict:
    with zipfile.ZipFile(path) as z:
        return json.loads(z.read(z.namelist()[0]))


def multiwoz_examples(data: Path) -> Iterator[Example]:
    """Utterances of the MultiWOZ val split with their ``span_info`` (word indices over the
    space-separated text) turned into character spans."""
    for did, dlg in _read_zip_json(data / "multiwoz" / "val.json.zip").items():
        for i, turn in enumerate(dlg["log"]):
            text = turn["text"]
            offsets = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
            spans = []
            for _, slot, _, first, last in turn.get("span_info", []):
                label = MULTIWOZ_MAP.get(slot)
                if label and 0 <= first <= last < len(offsets):
                    spans.append((offsets[first][0], offsets[last][1], label))
            yield Example(text, spans, f"multiwoz-{did}", "user" if i % 2 == 0 else "system", "multiwoz-val")


def _jieba_spans(text: str, taken: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    from .._nlp import jieba_pairs

    out, pos = [], 0
    for word, tag in jieba_pairs(text):
        label = JIEBA_MAP.get(tag)
        end = pos + len(word)
        if label and len(word) > 1 and not any(s < end and pos < e for s, e, _ in taken):
            out.append((pos, end, label))
        pos = end
    return out


def crosswoz_examples(data: Path, weak: bool = True) -> Iterator[Example]:
    """Utterances of the CrossWOZ val split: each ``dialog_act`` value found in the text
    (first occurrence not yet taken), plus (``weak``) jieba's person and place words elsewhere."""
    for did, dlg in _read_zip_json(data / "crosswoz" / "val.json.zip").items():
        for turn in dlg["messages"]:
            text = turn["content"]
            yield Example(text, _locate(text, turn.get("dialog_act", []), weak), f"crosswoz-{did}",
                          "user" if turn["role"] == "usr" else "system", "crosswoz-val")


def _locate(text: str, acts: list, weak: bool) -> list[tuple[int, int, str]]:
    spans: list[tuple[int, int, str]] = []
    for act in sorted(acts, key=lambda a: -len(str(a[3]))):
        label, value = CROSSWOZ_MAP.get(act[2]), str(act[3])
        if not label or not value or value == "none":
            continue
        start = text.find(value)
        while start >= 0 and any(s < start + len(value) and start < e for s, e, _ in spans):
            start = text.find(value, start + 1)
        if start >= 0:
            spans.append((start, start + len(value), label))
    return spans + _jieba_spans(text, spans) if weak else spans


def _crosswoz_values(data: Path, held: set[str]) -> dict[str, list[str]]:
    """Values per CrossWOZ slot: from the database, and from val dialogues that are not held out."""
    values: dict[str, set[str]] = {}
    with zipfile.ZipFile(data / "crosswoz" / "database.zip") as z:
        for name in z.namelist():
            if not name.endswith("_db.json") or name.startswith("metro"):
                continue
            for entry_name, fields in json.loads(z.read(name)):
                values.setdefault("名称", set()).add(entry_name)
                for k, v in fields.items():
                    if isinstance(v, list):
                        for x in v:
                            if isinstance(x, str):
                                values.setdefault(k, set()).add(x)
                    elif isinstance(v, (str, int, float)) and k in CROSSWOZ_MAP:
                        values.setdefault(k, set()).add(str(v))
    for did, dlg in _read_zip_json(data / "crosswoz" / "val.json.zip").items():
        if f"crosswoz-{did}" in held:
            continue
        for turn in dlg["messages"]:
            for act in turn.get("dialog_act", []):
                if act[2] in CROSSWOZ_MAP and act[3] and act[3] != "none":
                    values.setdefault(act[2], set()).add(str(act[3]))
    return {k: sorted(v) for k, v in values.items() if k in CROSSWOZ_MAP and v}


_SLOT = re.compile(r"\[([^\]]+)\]")


def crosswoz_template_examples(template_json: str, data: Path, held: set[str], n: int,
                               seed: int = 0) -> Iterator[Example]:
    """``n`` user utterances from the CrossWOZ user templates (thu-coai/CrossWOZ,
    ``convlab2/nlg/template/crosswoz/*_user_template_nlg.json``), each slot filled with a
    random value of that slot from the database or the training part of val."""
    rng = random.Random(seed)
    templates = [(k, t) for k, ts in json.loads(template_json).items() for t in ts if _SLOT.search(t)]
    values = _crosswoz_values(data, held)
    made = 0
    while made < n and templates:
        key, template = rng.choice(templates)
        text, spans, pos, ok = "", [], 0, True
        for m in _SLOT.finditer(template):
            parts = m.group(1).split("+")
            slot = parts[2] if len(parts) > 2 else ""
            label = CROSSWOZ_MAP.get(slot)
            fixed = parts[3] if len(parts) > 3 else None
            pool = values.get(slot)
            if not label or not (pool or fixed):
                ok = False
                break
            value = fixed or rng.choice(pool)
            text += template[pos:m.start()]
            spans.append((len(text), len(text) + len(value), label))
            text += value
            pos = m.end()
        if not ok:
            continue
        text += template[pos:]
        yield Example(text, spans + _jieba_spans(text, spans), f"template-{made}", "user", "crosswoz-templates")
        made += 1
