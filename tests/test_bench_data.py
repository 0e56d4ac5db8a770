from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

import ctxgraph.bench as bench
from ctxgraph.bench import (
    crosswoz_gold,
    load_crosswoz,
    load_locomo,
    load_multiwoz,
    locomo_messages,
    multiwoz_gold,
    parse_evidence,
)

EMPTY_CROSSWOZ_STATE = {"餐馆": {"名称": "", "推荐菜": "", "selectedResults": []}}

CROSSWOZ = {
    "101": {
        "messages": [
            {"role": "usr", "content": "我想吃驴杂汤。", "user_state": []},
            {"role": "sys", "content": "推荐讲礼驴肉馆。",
             "sys_state_init": {"餐馆": {"名称": "", "推荐菜": "驴杂汤", "selectedResults": ["讲礼驴肉馆"]}},
             "sys_state": {}},
            {"role": "usr", "content": "地址在哪？"},
            {"role": "sys", "content": "在昌平。",
             "sys_state_init": {"餐馆": {"名称": "讲礼驴肉馆", "推荐菜": "驴杂汤", "selectedResults": []}}},
        ],
        "goal": [],
    },
    "102": {
        "messages": [
            {"role": "usr", "content": "你好"},
            {"role": "sys", "content": "你好", "sys_state_init": EMPTY_CROSSWOZ_STATE},
        ],
    },
}

MULTIWOZ = {
    "PMUL1": {
        "log": [
            {"text": "I need a hotel in the east .", "metadata": {}},
            {"text": "What price range ? ", "metadata": {
                "hotel": {"book": {"booked": [{"name": "x"}], "people": "", "day": "dontcare"},
                          "semi": {"area": "east", "pricerange": "not mentioned", "parking": "none"}},
                "taxi": {"book": {"booked": []}, "semi": {"leaveAt": ""}}}},
            {"text": "Cheap please .", "metadata": {}},
            {"text": "Booked .", "metadata": {
                "hotel": {"book": {"booked": [], "people": "2"},
                          "semi": {"area": "east", "pricerange": "cheap"}}}},
        ],
        "goal": {},
    },
    "SNG2": {"log": [{"text": "hi", "metadata": {}}, {"text": "hello", "metadata": {}}]},
}

LOCOMO = {
    "speaker_a": "Ann",
    "speaker_b": "Bo",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
        {"speaker": "Ann", "dia_id": "D1:1", "text": "I paint sunsets."},
        {"speaker": "Bo", "dia_id": "D1:2", "text": "Look at this.", "blip_caption": "a photo of a lake"},
        {"speaker": "Ann", "dia_id": "D1:3", "text": "Lovely.", "blip_caption": None},
    ],
    "session_2_date_time": "9:00 am on 9 May, 2023",
    "session_2": [{"speaker": "Bo", "dia_id": "D2:1", "text": "I swam in 2022."}],
    "session_3_date_time": "10:00 am on 1 June, 2023",  # a date without a session: ignored
    "qa": [
        {"question": "What does Ann paint?", "answer": "sunsets", "evidence": ["D1:1"], "category": 1},
        {"question": "When did Bo swim?", "answer": 2022, "evidence": ["D1:2; D2:1"], "category": 2},
        {"question": "Odd ids?", "answer": "x", "evidence": ["D", "D:1:3", "D9:9"], "category": 4},
        {"question": "Adversarial?", "adversarial_answer": "Yes", "evidence": [], "category": 5},
    ],
}


def _write_zip(path: Path, member: str, data: object) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(member, json.dumps(data, ensure_ascii=False))
    return path


def _write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture(params=["zip", "json", "folder-zip", "folder-json"])
def woz_path(request, tmp_path):
    """A writer: (dataset dict) -> path in one of the published shapes."""

    def write(data: dict) -> Path:
        if request.param == "zip":
            return _write_zip(tmp_path / "val.json.zip", "val.json", data)
        if request.param == "json":
            return _write_json(tmp_path / "val.json", data)
        folder = tmp_path / "data"
        folder.mkdir()
        if request.param == "folder-zip":
            _write_zip(folder / "val.json.zip", "val.json", data)
        else:
            _write_json(folder / "val.json", data)
        return folder

    return write


def test_data_exports_all_names():
    assert sorted(bench.__all__) == sorted(set(bench.__all__))
    for name in bench.__all__:
        assert hasattr(bench, name), name


def test_data_crosswoz_messages_and_checkpoints(woz_path):
    dialogues = load_crosswoz(woz_path(CROSSWOZ))
    assert [d.id for d in dialogues] == ["101", "102"]
    first = dialogues[0]
    assert first.messages == [
        {"role": "user", "content": "我想吃驴杂汤。"},
        {"role": "assistant", "content": "推荐讲礼驴肉馆。"},
        {"role": "user", "content": "地址在哪？"},
        {"role": "assistant", "content": "在昌平。"},
    ]
    assert [(c.index, c.question, c.gold) for c in first.checkpoints] == [
        (1, "地址在哪？", {"餐馆-推荐菜": "驴杂汤"}),
        (3, "", {"餐馆-名称": "讲礼驴肉馆", "餐馆-推荐菜": "驴杂汤"}),
    ]
    assert dialogues[1].checkpoints == []  # no gold value, no checkpoint


@pytest.mark.parametrize(
    ("state", "gold"),
    [
        (EMPTY_CROSSWOZ_STATE, {}),
        ({"酒店": {"酒店设施": "所有房间提供wifi 早餐服务", "selectedResults": ["北京饭店"]}},
         {"酒店-酒店设施": "所有房间提供wifi 早餐服务"}),
        ({"地铁": {"出发地": " 天安门 ", "目的地": ""}}, {"地铁-出发地": "天安门"}),
        ({"景点": {"周边景点": ["故宫", "景山"]}}, {"景点-周边景点": "故宫 景山"}),
    ],
)
def test_data_crosswoz_gold(state, gold):
    assert crosswoz_gold(state) == gold


def test_data_crosswoz_unknown_role_names_the_turn(tmp_path):
    path = _write_json(tmp_path / "val.json", {"7": {"messages": [{"role": "bot", "content": "x"}]}})
    with pytest.raises(ValueError, match=r"dialogue 7, turn 0: unknown role 'bot'"):
        load_crosswoz(path)


def test_data_multiwoz_alternates_roles_and_skips_empty_values(woz_path):
    dialogues = load_multiwoz(woz_path(MULTIWOZ))
    first = dialogues[0]
    assert [m["role"] for m in first.messages] == ["user", "assistant", "user", "assistant"]
    assert first.messages[1]["content"] == "What price range?"  # the published text is tokenized: joined again
    assert [(c.index, c.question, c.gold) for c in first.checkpoints] == [
        (1, "Cheap please.", {"hotel-area": "east"}),
        (3, "", {"hotel-area": "east", "hotel-pricerange": "cheap", "hotel-book-people": "2"}),
    ]
    assert dialogues[1].checkpoints == []


@pytest.mark.parametrize(
    ("metadata", "gold"),
    [
        ({}, {}),
        ({"hotel": {"semi": {"area": "dontcare", "type": "none", "name": "not mentioned", "stars": ""}}}, {}),
        ({"hotel": {"semi": {"area": "Not Mentioned"}}}, {}),
        ({"train": {"book": {"booked": [{"trainID": "TR1"}], "people": "3"}, "semi": {}}},
         {"train-book-people": "3"}),
        ({"restaurant": {"semi": {"food": "italian"}}, "hotel": {"semi": {"area": "centre"}}},
         {"restaurant-food": "italian", "hotel-area": "centre"}),
    ],
)
def test_data_multiwoz_gold(metadata, gold):
    assert multiwoz_gold(metadata) == gold


@pytest.mark.parametrize(
    ("raw", "ids", "dropped"),
    [
        (["D1:3"], ("D1:3",), ()),
        (["D8:6; D9:17"], ("D8:6", "D9:17"), ()),
        (["D8:6,D9:17", "D8:6"], ("D8:6", "D9:17"), ()),
        (["D:11:26"], ("D11:26",), ()),
        (["d2 : 4"], ("D2:4",), ()),
        (["D", "", "D1:2"], ("D1:2",), ("D", "")),
        ("D3:1", ("D3:1",), ()),
        ([], (), ()),
        (None, (), ()),
    ],
)
def test_data_parse_evidence(raw, ids, dropped):
    assert parse_evidence(raw) == (ids, dropped)


def test_data_locomo_messages_markers_captions_and_index():
    messages, index = locomo_messages(LOCOMO)
    assert [m["content"] for m in messages] == [
        "[session 1 — 1:56 pm on 8 May, 2023]",
        "Ann: I paint sunsets.",
        "Bo: Look at this. [shares a photo: a photo of a lake]",
        "Ann: Lovely.",
        "[session 2 — 9:00 am on 9 May, 2023]",
        "Bo: I swam in 2022.",
    ]
    assert {m["role"] for m in messages} == {"user"}
    assert index == {"D1:1": 1, "D1:2": 2, "D1:3": 3, "D2:1": 5}


def test_data_locomo_sessions_in_numeric_order():
    conversation = {f"session_{n}": [{"speaker": "A", "dia_id": f"D{n}:1", "text": str(n)}] for n in (10, 2, 1)}
    messages, _ = locomo_messages(conversation)
    assert [m["content"] for m in messages if not m["content"].startswith("[")] == ["A: 1", "A: 2", "A: 10"]
    assert messages[0]["content"] == "[session 1]"  # no date: a bare marker


def test_data_locomo_questions_clean_evidence(tmp_path):
    (conversation,) = load_locomo(_write_json(tmp_path / "26.json", LOCOMO))
    assert conversation.id == "26"
    by_question = {q.question: q for q in conversation.questions}
    assert by_question["When did Bo swim?"].evidence == ("D1:2", "D2:1")
    assert by_question["When did Bo swim?"].answer == "2022"
    odd = by_question["Odd ids?"]
    assert odd.evidence == ("D1:3",)
    assert odd.dropped_evidence == ("D", "D9:9")  # unparseable, and naming no turn
    assert by_question["Adversarial?"].answer is None
    assert conversation.turn_text("D1:1") == "Ann: I paint sunsets."


@pytest.mark.parametrize("shape", ["folder", "file", "list", "zip"])
def test_data_locomo_reads_published_shapes(tmp_path, shape):
    second = dict(LOCOMO, qa=LOCOMO["qa"][:1])
    if shape == "folder":
        folder = tmp_path / "locomo"
        folder.mkdir()
        _write_json(folder / "30.json", second)
        _write_json(folder / "26.json", LOCOMO)
        path, ids = folder, ["26", "30"]
    elif shape == "file":
        path, ids = _write_json(tmp_path / "26.json", LOCOMO), ["26"]
    elif shape == "list":  # upstream locomo10.json
        records = [{"sample_id": "conv-26", "conversation": LOCOMO, "qa": LOCOMO["qa"]},
                   {"sample_id": "conv-30", "conversation": second, "qa": second["qa"]}]
        path, ids = _write_json(tmp_path / "locomo10.json", records), ["conv-26", "conv-30"]
    else:
        path = tmp_path / "locomo.zip"
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("26.json", json.dumps(LOCOMO))
            archive.writestr("30.json", json.dumps(second))
        ids = ["26", "30"]
    conversations = load_locomo(path)
    assert [c.id for c in conversations] == ids
    assert len(conversations[0].messages) == 6
    assert load_locomo(path, limit=1)[0].id == ids[0]


@pytest.mark.parametrize("loader", [load_crosswoz, load_multiwoz, load_locomo])
def test_data_missing_path_says_how_to_fix(loader, tmp_path):
    with pytest.raises(FileNotFoundError, match=r"path=\.\.\."):
        loader(tmp_path / "nowhere")


def test_data_zip_with_several_json_needs_the_split(tmp_path):
    path = tmp_path / "both.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("train.json", json.dumps(MULTIWOZ))
        archive.writestr("test.json", json.dumps({}))
    assert [d.id for d in load_multiwoz(path, split="train")] == ["PMUL1", "SNG2"]
    with pytest.raises(ValueError, match="expected one .json file"):
        load_multiwoz(path)


def test_data_not_a_dialogue_map(tmp_path):
    with pytest.raises(ValueError, match="expected the published format"):
        load_multiwoz(_write_json(tmp_path / "val.json", [1, 2]))


@pytest.mark.parametrize(("limit", "ids"), [(None, ["PMUL1", "SNG2"]), (1, ["PMUL1"]), (0, [])])
def test_data_limit_keeps_first_dialogues(tmp_path, limit, ids):
    path = _write_json(tmp_path / "val.json", MULTIWOZ)
    assert [d.id for d in load_multiwoz(path, limit=limit)] == ids


def test_data_default_dir_is_the_users_not_outside_the_repository(monkeypatch, tmp_path):
    monkeypatch.delenv("CTXGRAPH_DATA", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert bench.default_data_dir() == tmp_path / ".local" / "share" / "ctxgraph" / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert bench.default_data_dir() == tmp_path / "xdg" / "ctxgraph" / "data"
    monkeypatch.setenv("CTXGRAPH_DATA", str(tmp_path / "datasets"))
    assert bench.default_data_dir() == tmp_path / "datasets"
    with pytest.raises(FileNotFoundError, match=r"multiwoz data not found at .*datasets/multiwoz .*set \$CTXGRAPH_DATA"):
        load_multiwoz()


@pytest.mark.parametrize("limit", [-1, 1.5, True])
def test_data_limit_must_be_a_count(tmp_path, limit):
    path = _write_json(tmp_path / "val.json", MULTIWOZ)
    with pytest.raises(ValueError, match="limit must be a non-negative int"):
        load_multiwoz(path, limit=limit)
