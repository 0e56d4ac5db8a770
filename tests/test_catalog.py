"""Catalogues: product or venue lists whose names become entity patterns."""

from __future__ import annotations

import json

import pytest

from ctxgraph import RulesError, Tracker, load_catalog


@pytest.mark.parametrize(
    ("name", "content", "pairs"),
    [
        pytest.param("c.json", '["小米14", "OPPO Find X7"]', [("小米14", "PRODUCT"), ("OPPO Find X7", "PRODUCT")],
                     id="json-names"),
        pytest.param("c.json", '[{"name": "北京饭店王府井店", "label": "PLACE"}, {"name": "Hilton"}]',
                     [("北京饭店王府井店", "PLACE"), ("Hilton", "PRODUCT")], id="json-objects"),
        pytest.param("c.json", json.dumps([["北京饭店王府井店", {"地址": "王府井大街", "评分": 4.5}],
                                           ["The Savoy", {"area": "Strand"}]], ensure_ascii=False),
                     [("北京饭店王府井店", "PRODUCT"), ("The Savoy", "PRODUCT")], id="crosswoz-pairs"),
        pytest.param("c.json", '{"酒店": [["北京饭店", {}]], "attractions": ["Tower Bridge"]}',
                     [("北京饭店", "PRODUCT"), ("Tower Bridge", "PRODUCT")], id="json-dict-of-lists"),
        pytest.param("c.json", '["小米14", "小米14", "Pixel 9", ""]', [("小米14", "PRODUCT"), ("Pixel 9", "PRODUCT")],
                     id="duplicates-and-blanks"),
        pytest.param("c.csv", "name,label\n北京饭店王府井店,PLACE\nPixel 9,\n",
                     [("北京饭店王府井店", "PLACE"), ("Pixel 9", "PRODUCT")], id="csv-name-label"),
        pytest.param("c.csv", "sku,name,price\nXM14,小米14,4299\nP9,  Pixel 9 Pro ,999\n,,\n",
                     [("小米14", "PRODUCT"), ("Pixel 9 Pro", "PRODUCT")], id="csv-name-column"),
        pytest.param("c.CSV", "name\nfoo\n", [("foo", "PRODUCT")], id="csv-upper-suffix"),
        pytest.param("c.csv", "", [], id="csv-empty"),
    ],
)
def test_catalog_formats(tmp_path, name, content, pairs):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert load_catalog(path) == pairs
    assert load_catalog(str(path)) == pairs


def test_catalog_default_label(tmp_path):
    path = tmp_path / "c.json"
    path.write_text('["北京饭店", {"name": "Hilton", "label": "ORG"}]', encoding="utf-8")
    assert load_catalog(path, default_label="PLACE") == [("北京饭店", "PLACE"), ("Hilton", "ORG")]


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        pytest.param("c.csv", "title,label\n小米14,PRODUCT\n", "no 'name' column", id="csv-without-name"),
        pytest.param("c.json", '["小米14", ', "invalid JSON", id="bad-json"),
        pytest.param("c.txt", "小米14\nPixel 9\n", "invalid JSON", id="plain-text"),
        pytest.param("c.json", '[{"label": "PLACE"}]', "entry 0 has no name", id="object-without-name"),
        pytest.param("c.json", '["ok", 5]', "entry 1 has no name", id="number-entry"),
        pytest.param("c.json", '[["北京饭店", {}], [{}, "x"]]', "entry 1 has no name", id="bad-pair"),
    ],
)
def test_catalog_bad_file_raises_e013(tmp_path, name, content, reason):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(RulesError) as err:
        load_catalog(path)
    assert str(err.value).startswith(f"[E013] Catalogue {path}: ")
    assert reason in str(err.value)


def test_catalog_missing_file_raises_e013(tmp_path):
    with pytest.raises(RulesError, match=r"^\[E013\] Catalogue .*missing\.json"):
        load_catalog(tmp_path / "missing.json")


@pytest.mark.parametrize("content", ['"小米14"', "42", "null"])
def test_catalog_json_scalar_raises_e013(tmp_path, content):
    path = tmp_path / "c.json"
    path.write_text(content, encoding="utf-8")
    try:
        pairs = load_catalog(path)
    except RulesError as err:
        assert str(err).startswith("[E013]")
    else:
        raise AssertionError(f"no error, read as {pairs!r}")


def test_catalog_csv_with_bom(tmp_path):
    path = tmp_path / "c.csv"
    path.write_text("name,label\n北京饭店王府井店,PLACE\n", encoding="utf-8-sig")
    assert load_catalog(path) == [("北京饭店王府井店", "PLACE")]


def test_catalog_header_only_csv_without_name_raises_e013(tmp_path):
    path = tmp_path / "c.csv"
    path.write_text("title,label\n", encoding="utf-8")
    try:
        load_catalog(path)
    except RulesError as err:
        assert "no 'name' column" in str(err)
    else:
        raise AssertionError("no error for a CSV without a 'name' column")


# ----------------------------------------------------------------------------- in the tracker


@pytest.mark.parametrize(
    ("lang", "file", "content", "message", "text", "label"),
    [
        pytest.param("zh", "hotels.json", json.dumps([["北京饭店王府井店", {"地址": "王府井大街"}]], ensure_ascii=False),
                     "我想订北京饭店王府井店的房间", "北京饭店王府井店", "PRODUCT", id="zh-crosswoz"),
        pytest.param("zh", "hotels.csv", "name,label\n北京饭店王府井店,PLACE\n",
                     "北京饭店王府井店还有房吗？", "北京饭店王府井店", "PLACE", id="zh-csv"),
        pytest.param("en", "products.csv", "name,label\nZorblax Ultra,PRODUCT\n",
                     "Is the Zorblax Ultra in stock?", "Zorblax Ultra", "PRODUCT", id="en-csv"),
        pytest.param("en", "products.json", '[{"name": "Quokka Dock", "label": "PRODUCT"}]',
                     "is the quokka dock compatible?", "quokka dock", "PRODUCT", id="en-case-insensitive"),
    ],
)
def test_catalog_name_becomes_entity(tmp_path, lang, file, content, message, text, label):
    path = tmp_path / file
    path.write_text(content, encoding="utf-8")
    t = Tracker(lang, catalog=path)
    t.observe({"role": "user", "content": message})
    assert (text, label) in [(e.text, e.type) for e in t.state().entities]


def test_catalog_pairs_are_accepted_directly():
    t = Tracker("zh", catalog=[("北京饭店王府井店", "PLACE")])
    t.observe({"role": "user", "content": "北京饭店王府井店离地铁近吗"})
    assert ("北京饭店王府井店", "PLACE") in [(e.text, e.type) for e in t.state().entities]


def test_catalog_survives_the_session_round_trip(tmp_path):
    path = tmp_path / "c.json"
    path.write_text('["Zorblax Ultra"]', encoding="utf-8")
    t = Tracker("en", catalog=path)
    t.observe({"role": "user", "content": "I want the Zorblax Ultra"})
    path.unlink()  # the session carries the names, not the path
    t2 = Tracker.from_json(t.to_json())
    assert t2.state() == t.state()
    t2.observe({"role": "user", "content": "Is the Zorblax Ultra in stock?"})
    assert [e.mentions for e in t2.state().entities if e.text == "Zorblax Ultra"] == [[0, 1]]


def test_catalog_bad_file_fails_the_tracker(tmp_path):
    path = tmp_path / "c.csv"
    path.write_text("title\nx\n", encoding="utf-8")
    with pytest.raises(RulesError, match=r"^\[E013\]"):
        Tracker("zh", catalog=path)
