"""``ctxgraph bench sgd --metric state`` on a tiny hand-written SGD-format folder (tests/data/sgd:
two dialogues, two made-up services, not copied from SGD)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ctxgraph.bench._sgd import SgdSchema, load_sgd, sgd_schema
from ctxgraph.bench._state_accuracy import predicted_pairs, score_checkpoint
from ctxgraph.cli import main

SGD = Path(__file__).parent / "data" / "sgd"


def test_schema_json_gives_each_services_slots():
    schema = sgd_schema(SGD)
    assert schema.domains["Kennels_1"] == ["kennel_name", "start_date", "end_date", "dog_name"]
    assert schema.name == "sgd-schema (derived)" and schema.size == 9


def test_gold_is_every_services_last_state_after_each_system_turn():
    dialogues, services = load_sgd(SGD)
    first, second = dialogues
    assert [c.index for c in first.checkpoints] == [1, 3, 5]
    assert first.checkpoints[2].gold["Restaurants_9-date"] == ("the 12th", "March 12th")
    # the kennel's state stays beside the restaurant's once the user moves on
    assert second.checkpoints[-1].gold == {"Kennels_1-dog_name": ("Biscuit",), "Kennels_1-start_date": ("May 3rd",),
                                           "Restaurants_9-city": ("Fresno",)}
    assert services["9_00002"] == ["Kennels_1", "Restaurants_9"]
    assert [m["role"] for m in first.messages[:2]] == ["user", "assistant"]


def test_offset_and_limit_pick_dialogues_in_file_order():
    assert [d.id for d in load_sgd(SGD, offset=1)[0]] == ["9_00002"]
    assert [d.id for d in load_sgd(SGD, limit=1)[0]] == ["9_00001"]


@pytest.mark.parametrize(("key", "expected"), [
    ("restaurant.venue", "Restaurants_9-restaurant_name"),  # a booking-pack domain names its service family
    ("people", "Restaurants_9-party_size"),  # by general type: a count
    ("day", "Restaurants_9-date"),
    ("place", "Restaurants_9-city"),
    ("phone", None),  # no slot of that name or type: not scored
])
def test_facts_map_to_the_services_slots_by_name_then_type(key, expected):
    schema = sgd_schema(SGD).only(["Restaurants_9"])
    domain, _, slot = key.rpartition(".")
    assert schema.gold_name(domain or None, slot) == expected


def test_a_role_picks_among_slots_of_one_type_and_two_services_leave_a_bare_date_unbound():
    kennel = sgd_schema(SGD).only(["Kennels_1"])
    assert kennel.gold_name(None, "checkout") == "Kennels_1-end_date"
    assert kennel.gold_name(None, "date") == "Kennels_1-start_date"
    both = sgd_schema(SGD).only(["Kennels_1", "Restaurants_9"])
    assert both.gold_name(None, "date").startswith("?-")  # no service is given: a wrong prediction


def test_any_surface_of_a_gold_value_counts():
    schema = SgdSchema("demo", {"Restaurants_9": ["date"]})
    state = {"facts": [{"key": "date", "value": "March 12th", "status": "current"}]}
    assert score_checkpoint(predicted_pairs(state, schema), {"Restaurants_9-date": ("the 12th", "March 12th")}) \
        == (1, 1, 1, 1, True)


def test_bench_sgd_metric_state_on_a_folder(capsys):
    assert main(["bench", "sgd", "--metric", "state", "--data", str(SGD), "--format", "json"]) == 0
    (report,) = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]
    (row,) = report["results"]
    assert report["dataset"] == "sgd" and report["packs"] == ["booking", "sgd-schema (derived)"]
    assert row["n"] == 5 and row["dialogues"] == 2 and 0 < row["gold"] and row["predicted"] >= row["predicted_right"]
    assert set(report["schema"]["domains"]) == {"Kennels_1", "Restaurants_9"}
    assert main(["bench", "sgd", "--data", str(SGD), "--offset", "1"]) == 0
    text = capsys.readouterr().out
    assert "== sgd state" in text and "1 dialogues 1-1" in text and "joint goal accuracy" in text


def test_bench_sgd_without_data_says_where_to_get_it(capsys, tmp_path):
    assert main(["bench", "sgd", "--data", str(tmp_path)]) == 2
    assert "dstc8-schema-guided-dialogue" in capsys.readouterr().err
