"""State accuracy against the gold belief state (``--metric state``) and the strict value recall column."""

from __future__ import annotations

import json
import zipfile

import pytest

from ctxgraph import Tracker
from ctxgraph._rules import load_pack
from ctxgraph.bench import Checkpoint, Dialogue, Recency, evaluate_state_recall
from ctxgraph.bench._metrics import value_found_strict, value_recall_strict
from ctxgraph.bench._state_accuracy import (
    SlotSchema,
    crosswoz_schema,
    evaluate_state_accuracy,
    multiwoz_schema,
    predicted_pairs,
    score_checkpoint,
    state_value,
    write_schema_pack,
)
from ctxgraph.cli import main

from test_bench_data import CROSSWOZ, MULTIWOZ, _write_zip

ONTOLOGY = {"hotel-price range": ["cheap"], "hotel-area": ["east"], "hotel-book people": ["2"],
            "hotel-name": ["acorn guest house"], "restaurant-food": ["thai"], "restaurant-area": ["east"],
            "train-leave at": ["10:00"], "train-day": ["monday"], "hospital-department": ["neurology"]}
DATABASE_MD = """# database

### 景点

- 名称*: string
- 地址: string
- 门票*: int

### 餐馆

- 名称*: string
- 推荐菜*: list of string
- 周边景点*: list of string

### 出租

- 车型: "#CX"
"""


def _multiwoz_db(tmp_path):
    path = tmp_path / "database.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("ontology.json", json.dumps(ONTOLOGY))
        z.writestr("hotel_db.json", "[]")
    return path


def _crosswoz_db(tmp_path):
    path = tmp_path / "database.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("database.md", DATABASE_MD)
        z.writestr("taxi_db.json", json.dumps([["出租 ($出发地 - $目的地)", {"领域": "出租"}]], ensure_ascii=False))
    return path


def _fact(key, value, status="current"):
    return {"key": key, "value": value, "status": status}


# ----------------------------------------------------------------------------- schemas


def test_multiwoz_schema_uses_the_gold_slot_names(tmp_path):
    schema = multiwoz_schema(_multiwoz_db(tmp_path))
    assert schema.domains["hotel"] == ["pricerange", "area", "book-people", "name"]
    assert schema.domains["train"] == ["leaveAt", "day"] and schema.size == 9
    assert schema.name == "multiwoz-ontology (derived)"


def test_crosswoz_schema_takes_the_starred_fields_and_the_taxi_template(tmp_path):
    schema = crosswoz_schema(_crosswoz_db(tmp_path))
    assert schema.domains == {"景点": ["名称", "门票"], "餐馆": ["名称", "推荐菜", "周边景点"],
                              "出租": ["出发地", "目的地"], "地铁": ["出发地", "目的地"]}


def test_schema_without_its_ontology_is_a_clear_error(tmp_path):
    path = tmp_path / "database.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("hotel_db.json", "[]")
    with pytest.raises(ValueError, match="ontology.json"):
        multiwoz_schema(path)


def test_schema_pack_extends_the_booking_slots_and_adds_the_missing_ones(tmp_path):
    write_schema_pack(multiwoz_schema(_multiwoz_db(tmp_path)), tmp_path / "pack")
    text = (tmp_path / "pack" / "en" / "schema.yml").read_text(encoding="utf-8")
    assert "# hotel-pricerange" in text and "# hospital-department" in text
    slots = {s.id: s for s in load_pack([tmp_path / "pack"], "en", packs=["booking"]).slots}
    booking = {s.id: s for s in load_pack([], "en", packs=["booking"]).slots}
    assert slots["department"].scoped and "department" not in booking
    assert slots["price_range"].name == booking["price_range"].name  # extended, not renamed
    Tracker(lang="en", packs=["booking"], rules=[tmp_path / "pack"]).observe({"role": "user", "content": "hi"})


def test_crosswoz_schema_pack_loads_for_chinese(tmp_path):
    write_schema_pack(crosswoz_schema(_crosswoz_db(tmp_path)), tmp_path / "pack")
    slots = {s.id: s for s in load_pack([tmp_path / "pack"], "zh", packs=["booking"]).slots}
    assert slots["周边景点"].types == ["VENUE"] and slots["dish"].name == "推荐菜"


# ----------------------------------------------------------------------------- mapping and scoring


MULTI = SlotSchema("m", {"hotel": ["area", "pricerange", "book-people", "name"], "restaurant": ["food", "area", "name"],
                         "train": ["day", "leaveAt"]})
CROSS = SlotSchema("c", {"酒店": ["名称", "价格"], "餐馆": ["名称", "推荐菜"], "出租": ["出发地"]}, "zh")


@pytest.mark.parametrize(("schema", "fact", "expected"), [
    (MULTI, "hotel.area", "hotel-area"),
    (MULTI, "hotel.price_range", "hotel-pricerange"),
    (MULTI, "hotel.people", "hotel-book-people"),
    (MULTI, "hotel.venue", "hotel-name"),
    (MULTI, "train.leave_at", "train-leaveAt"),
    (MULTI, "train.day", "train-day"),
    (MULTI, "food", "restaurant-food"),  # no domain, one domain has the slot
    (MULTI, "area", "?-area"),  # no domain, several have it: a wrong prediction
    (MULTI, "phone", None),  # not a schema slot: not scored
    (MULTI, "name", None),  # the core name is a person's
    (MULTI, "train.time", None),
    (CROSS, "hotel.venue", "酒店-名称"),
    (CROSS, "dish", "餐馆-推荐菜"),
    (CROSS, "taxi.departure", "出租-出发地"),
    (CROSS, "hotel.price", "酒店-价格"),
])
def test_facts_map_to_gold_slot_names(schema, fact, expected):
    pairs = predicted_pairs({"facts": [_fact(fact, "x")]}, schema)
    assert list(pairs) == ([expected] if expected else [])


def test_group_names_the_domain_of_a_key_without_one():
    state = {"facts": [{"key": "area", "group": "hotel", "value": "east", "status": "current"}]}
    assert predicted_pairs(state, MULTI) == {"hotel-area": {"east"}}


def test_a_reference_point_fills_the_near_slot_of_the_things_own_domain():
    schema = SlotSchema("c", {"景点": ["名称", "周边酒店"], "餐馆": ["名称", "周边景点"]}, "zh")
    state = {"facts": [_fact("attraction.venue", "八达岭长城", "offered"), _fact("restaurant.near", "八达岭长城"),
                       _fact("attraction.near", "北京饭店")]}  # a thing the state names in no domain: not scored
    assert predicted_pairs(state, schema) == {"餐馆-周边景点": {"八达岭长城"}}


def test_a_venue_the_assistant_named_first_is_a_selection_in_crosswoz():
    # CrossWOZ's gold leaves the system's selection (selectedResults) out: a venue the assistant
    # named and the user then took keeps the offer's turn and is not scored; one the user brought is
    schema = SlotSchema("c", {"酒店": ["名称", "价格"], "餐馆": ["名称"]}, "zh", selections=("venue",))
    state = {"facts": [{"key": "hotel.venue", "value": "北京饭店", "status": "current", "turn": 1},
                       {"key": "hotel.price", "value": "500元", "status": "current", "turn": 1},
                       {"key": "restaurant.venue", "value": "全聚德", "status": "current", "turn": 2}]}
    roles = ["user", "assistant", "user"]
    assert predicted_pairs(state, schema, roles) == {"酒店-价格": {"500元"}, "餐馆-名称": {"全聚德"}}
    assert predicted_pairs(state, schema)["酒店-名称"] == {"北京饭店"}  # no roles: every current fact
    assert "酒店-名称" in predicted_pairs(state, CROSS, roles)  # a schema without selections scores it


def test_a_taken_offer_is_left_out_end_to_end(tmp_path):
    schema = SlotSchema("c", {"酒店": ["名称", "评分"]}, "zh", selections=("venue",))
    pack = write_schema_pack(schema, tmp_path / "pack")
    t = Tracker("zh", packs=["booking"], rules=[pack])
    messages = [{"role": "user", "content": "帮我找一家评分4.5分以上的酒店。"},
                {"role": "assistant", "content": "为您推荐北京云天酒店，评分4.6分。"},
                {"role": "user", "content": "好的，就住北京云天酒店，它的电话是多少？"},
                {"role": "assistant", "content": "电话是010-12345678。"},
                {"role": "user", "content": "我朋友想住北京饭店，那家酒店的地址在哪？"}]
    t.observe_many(messages[:3])
    roles = [m["role"] for m in messages]
    state = t.state().model_dump(by_alias=True)
    assert ("hotel.venue", "北京云天酒店", "current", 1) in {(f["key"], f["value"], f["status"], f["turn"]) for f in state["facts"]}
    assert predicted_pairs(state, schema, roles) == {"酒店-评分": {"4.5分以上"}}
    t.observe_many(messages[3:])
    assert predicted_pairs(t.state().model_dump(by_alias=True), schema, roles)["酒店-名称"] == {"北京饭店"}


def test_only_current_facts_are_predictions():
    state = {"facts": [_fact("hotel.area", "west", "superseded"), _fact("hotel.area", "east")]}
    assert predicted_pairs(state, MULTI) == {"hotel-area": {"east"}}


@pytest.mark.parametrize(("predicted", "gold"), [
    ("Two", "2"), ("The Acorn Guest House", "acorn guesthouse"), ("city center", "city centre"),
    ("早餐服务 所有房间提供wifi", "所有房间提供wifi 早餐服务"),
])
def test_values_compare_normalised(predicted, gold):
    assert score_checkpoint({"s": {predicted}}, {"s": gold})[4]


def test_score_checkpoint_precision_recall_and_joint():
    gold = {"hotel-area": "east", "hotel-pricerange": "cheap"}
    assert score_checkpoint({"hotel-area": {"east"}, "hotel-pricerange": {"cheap"}}, gold) == (2, 2, 2, 2, True)
    assert score_checkpoint({"hotel-area": {"east", "west"}}, gold) == (1, 2, 1, 2, False)
    assert score_checkpoint({"hotel-area": {"East", "east"}}, {"hotel-area": "east"}) == (1, 1, 1, 1, True)
    assert score_checkpoint({}, gold) == (0, 0, 0, 2, False)
    assert state_value(" The  East ") == "east"


def test_evaluate_state_accuracy_reads_the_state_after_each_checkpoint():
    dialogue = Dialogue("d", [
        {"role": "user", "content": "I need a cheap hotel in the east."},
        {"role": "assistant", "content": "Sure, for how many people?"},
        {"role": "user", "content": "Actually make it the west."},
        {"role": "assistant", "content": "Okay."},
    ], [Checkpoint(1, "", {"hotel-area": "east", "hotel-pricerange": "cheap"}),
        Checkpoint(3, "", {"hotel-area": "west", "hotel-pricerange": "cheap"})])
    row = evaluate_state_accuracy([dialogue], lambda: Tracker(lang="en", packs=["booking"]), MULTI)
    assert (row["metric"], row["budget"], row["n"], row["gold"]) == ("state", None, 2, 4)
    assert 0.0 <= row["slot_precision"] <= 1.0 and 0.0 <= row["jga"] <= 1.0
    assert row["gold_found"] == row["by_slot"]["hotel-area"]["tp"] + row["by_slot"]["hotel-pricerange"]["tp"]
    f1 = row["slot_f1"]
    p, r = row["slot_precision"], row["slot_recall"]
    assert f1 == pytest.approx(2 * p * r / (p + r) if p + r else 0.0)


# ----------------------------------------------------------------------------- the command


@pytest.mark.parametrize(("dataset", "data", "database", "packs"), [
    ("multiwoz", MULTIWOZ, _multiwoz_db, ["booking", "multiwoz-ontology (derived)"]),
    ("crosswoz", CROSSWOZ, _crosswoz_db, ["booking", "crosswoz-database (derived)"]),
])
def test_bench_metric_state_on_a_given_file(capsys, tmp_path, dataset, data, database, packs):
    database(tmp_path)  # database.zip beside the split: the schema is read from it
    path = _write_zip(tmp_path / "val.json.zip", "val.json", data)
    assert main(["bench", dataset, "--metric", "state", "--data", str(path), "--format", "json"]) == 0
    (report,) = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]
    (row,) = report["results"]
    assert report["packs"] == packs and report["metric"] == "state" and report["schema"]["name"] == packs[1]
    assert {"method": "ctxgraph", "metric": "state", "budget": None}.items() <= row.items()
    assert {"slot_precision", "slot_recall", "slot_f1", "jga", "n"} <= set(row) and row["n"] == 2
    assert main(["bench", dataset, "--metric", "state", "--data", str(path)]) == 0
    text = capsys.readouterr().out
    assert f"== {dataset} state (no catalogue)" in text and "joint goal accuracy" in text and packs[1] in text


def test_metric_state_elsewhere_is_a_clear_error(capsys):
    assert main(["bench", "locomo", "--metric", "state", "--data", "/nonexistent"]) == 2
    assert "crosswoz and multiwoz" in capsys.readouterr().err


# ----------------------------------------------------------------------------- strict value recall


@pytest.mark.parametrize(("value", "text", "found"), [
    ("2", "at 12:30", False), ("2", "for 2 people", True), ("east", "eastern", False),
    ("East", "in the east.", True), ("wifi", "所有房间提供WIFI", True), ("5", "5分以上", True),
    ("cb19ej", "postcode cb19ej1", False), ("cb19ej", "postcode cb19ej1 or cb19ej", True),
])
def test_value_found_strict(value, text, found):
    assert value_found_strict(value, text) is found


def test_strict_recall_leaves_yes_and_no_out():
    assert value_recall_strict(["yes", "No", "east"], "yes no east") == (1, 1)


def test_state_recall_rows_have_the_strict_column():
    d = Dialogue("d1", [{"role": "user", "content": "yes, a hotel in the east at 12:30"},
                        {"role": "assistant", "content": "ok"}],
                 [Checkpoint(1, "cheap", {"hotel-area": "east", "hotel-book-people": "2", "hotel-internet": "yes"})])
    (row,) = evaluate_state_recall([d], {"recency": Recency()}, [100])
    assert row["recall"] == 1.0  # leniently "2" is found in "12:30"
    assert (row["found_strict"], row["total_strict"], row["recall_strict"]) == (1, 2, 0.5)


def test_text_table_names_the_strict_column(capsys, tmp_path):
    path = _write_zip(tmp_path / "val.json.zip", "val.json", MULTIWOZ)
    assert main(["bench", "multiwoz", "--data", str(path), "--budget", "64"]) == 0
    assert "recall (strict)" in capsys.readouterr().out


def test_document_lists_the_state_and_strict_recall_targets():
    from ctxgraph.bench._cli import format_document

    state_row = {"method": "ctxgraph", "metric": "state", "budget": None, "slot_precision": 0.95, "slot_recall": 0.8,
                 "slot_f1": 0.87, "jga": 0.2, "n": 10}
    recall_row = {"method": "ctxgraph", "budget": 128, "recall": 0.9, "recall_strict": 0.88, "recall_fuzzy": 0.91,
                  "tokens_mean": 100.0, "tokens_median": 100.0, "over_budget": 0, "n": 10}
    reports = [
        {"dataset": "multiwoz", "n": 2, "results": [recall_row], "packs": ["booking"], "catalog": False, "seconds": 1},
        {"dataset": "multiwoz", "metric": "state", "n": 2, "results": [state_row], "catalog": False, "seconds": 1,
         "packs": ["booking", "multiwoz-ontology (derived)"], "schema": {"name": "multiwoz-ontology (derived)", "slots": 35}},
    ]
    doc = format_document(reports, "bench all")
    assert "| multiwoz state, no catalogue: slot precision | — | 0.950 | >= 0.9 | met |" in doc
    assert "| multiwoz state, no catalogue: JGA | — | 0.200 | >= 0.4 | missed |" in doc
    assert "| multiwoz strict recall at 128 tokens, no catalogue | — | 0.880 | >= 0.86 | met |" in doc
    assert "### multiwoz state (no catalogue)" in doc and "| ctxgraph | 0.950 | 0.800 | 0.870 | 0.200 | 10 |" in doc


def test_bench_metric_state_offset_skips_the_first_dialogues(capsys, tmp_path):
    _multiwoz_db(tmp_path)
    path = _write_zip(tmp_path / "val.json.zip", "val.json", MULTIWOZ)
    assert main(["bench", "multiwoz", "--metric", "state", "--data", str(path), "--offset", "1", "--format", "json"]) == 0
    (report,) = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert report["offset"] == 1 and report["n"] == 1 and report["results"][0]["n"] == 0  # SNG2 has no gold state
    assert main(["bench", "multiwoz", "--metric", "state", "--data", str(path), "--offset", "-1"]) == 2
    assert "--offset" in capsys.readouterr().err
