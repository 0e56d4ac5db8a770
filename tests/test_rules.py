"""Rule packs: the shipped packs load, bad files are reported fully, domain packs extend them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from ctxgraph import RulesError, Tracker, load_pack
from ctxgraph._rules import CORE_PACK, RuleFile, available_packs, builtin_rules_dir, read_rule_file
from ctxgraph.lang import available_langs

# ----------------------------------------------------------------------------- shipped packs


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rules_shipped_pack_loads(lang):
    pack = load_pack([], lang)
    assert pack.lang == lang
    assert pack.files and {Path(f).parent.name for f in pack.files} == {lang, CORE_PACK}
    slots = {s.id for s in pack.slots}
    assert {"budget", "address", "phone", "order_id"} <= slots
    assert pack.entities and pack.constraints and pack.corrections and pack.pronouns


def test_rules_core_pack_has_every_language():
    root = builtin_rules_dir() / CORE_PACK
    assert {"zh", "en"} <= set(available_langs())
    for lang in available_langs():
        assert sorted(p.name for p in (root / lang).glob("*.yml"))


def test_rules_domain_packs_are_listed_and_core_is_not():
    assert "booking" in available_packs()
    assert CORE_PACK not in available_packs()


@pytest.mark.parametrize("path", sorted(builtin_rules_dir().glob("**/*.yml")),
                         ids=lambda p: "/".join(p.parts[-3:]))
def test_rules_shipped_file_round_trips(path, tmp_path):
    rule_file = read_rule_file(path)
    copy = tmp_path / path.name
    dumped = rule_file.model_dump(exclude_defaults=True)
    copy.write_text(yaml.safe_dump(dumped, allow_unicode=True), encoding="utf-8")
    assert read_rule_file(copy) == rule_file


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rules_same_slot_ids_in_both_languages(lang):
    # a zh and an en turn update one fact: slot ids join the languages
    other = "en" if lang == "zh" else "zh"
    ids = {s.id for s in load_pack([], lang).slots}
    assert {"budget", "address", "phone", "email", "order_id"} <= ids & {s.id for s in load_pack([], other).slots}


# ----------------------------------------------------------------------------- invalid files

INVALID = [
    # (case id, file name, content, code, fragments the message must hold: rule and reason)
    ("unknown-field-zh", "slots.yml", "slots:\n  - {id: budget, name: 预算, synonym: [钱]}\n", "E010",
     ["slots[0] (budget)", "unknown field 'synonym'"]),
    ("unknown-field-en", "slots.yml", "slots:\n  - {id: budget, name: budget, synonym: [money]}\n", "E010",
     ["slots[0] (budget)", "unknown field 'synonym'"]),
    ("missing-field-zh", "slots.yml", "slots:\n  - {id: plan, synonyms: [套餐]}\n", "E010",
     ["slots[0] (plan)", "missing field 'name'"]),
    ("missing-field-en", "entities.yml", "entities:\n  - {pattern: 'x+', id: xs}\n", "E010",
     ["entities[0] (xs)", "missing field 'label'"]),
    ("bad-regex-zh", "cues.yml", "intents:\n  - {name: 购买, cues: ['(想买']}\n", "E010",
     ["intents[0] (购买)", "bad regular expression '(想买'"]),
    ("bad-regex-en", "entities.yml", "entities:\n  - {label: SKU, pattern: '[A-Z', id: sku}\n", "E010",
     ["entities[0] (sku)", "bad regular expression '[A-Z'"]),
    ("bad-polarity-zh", "cues.yml", "constraints:\n  - {polarity: 绝不, cues: ['不要']}\n", "E010",
     ["constraints[0]", "polarity", "'must', 'must_not' or 'prefer'"]),
    ("bad-polarity-en", "cues.yml", "constraints:\n  - {polarity: never, cues: ['do not']}\n", "E010",
     ["constraints[0]", "polarity", "'must', 'must_not' or 'prefer'"]),
    ("yaml-syntax", "slots.yml", "slots: [\n  - {id: a\n", "E011", ["could not be parsed", "line 2"]),
    ("top-level-list", "slots.yml", "- {id: a, name: b}\n", "E011", ["top level must be a mapping"]),
    ("top-level-scalar", "slots.yml", "just text\n", "E011", ["top level must be a mapping"]),
    ("section-not-a-list", "slots.yml", "slots: {id: plan, name: 套餐}\n", "E010", ["slots", "valid list"]),
]


@pytest.mark.parametrize(("name", "content", "code", "fragments"), [c[1:] for c in INVALID], ids=[c[0] for c in INVALID])
def test_rules_invalid_file_names_file_rule_and_reason(write_files, name, content, code, fragments):
    folder = write_files({name: content})
    with pytest.raises(RulesError) as err:
        load_pack([folder], "zh")
    message = str(err.value)
    assert message.startswith(f"[{code}]")
    assert str(folder / name) in message  # the file
    for fragment in fragments:  # the rule and the reason
        assert fragment in message


def test_rules_all_problems_of_a_file_are_listed_together(write_files):
    folder = write_files({"bad.yml": (
        "slots:\n"
        "  - {id: budget, name: 预算, synonym: [钱]}\n"
        "  - {id: plan}\n"
        "intents:\n"
        "  - {name: buy, cues: ['(']}\n"
        "constraints:\n"
        "  - {polarity: never, cues: ['no']}\n"
        "commitments: {make: ['I will'], extra: []}\n"
    )})
    with pytest.raises(RulesError) as err:
        load_pack([folder], "en")
    lines = str(err.value).splitlines()
    assert lines[0] == f"[E010] Invalid rule file {folder / 'bad.yml'}:"
    problems = lines[1:]
    assert len(problems) == 5
    for expected in ["slots[0] (budget): unknown field 'synonym'", "slots[1] (plan): missing field 'name'",
                     "intents[0] (buy).cues:", "constraints[0].polarity:", "commitments: unknown field 'extra'"]:
        assert any(expected in p for p in problems), expected


def test_rules_error_is_a_value_error_too(write_files):
    folder = write_files({"x.yml": "slots: [{id: a}]\n"})
    with pytest.raises(ValueError):
        load_pack([folder], "en", builtin=False)


def test_rules_bad_file_in_language_subfolder_is_reported(write_files):
    folder = write_files({"zh/x.yml": "slots: [{id: a}]\n"})
    with pytest.raises(RulesError, match=re.escape(str(folder / "zh" / "x.yml"))):
        load_pack([folder], "zh")
    load_pack([folder], "en")  # the zh folder is not read for en


def test_rules_every_bad_regex_in_a_list_is_reported(write_files):
    folder = write_files({"cues.yml": "intents:\n  - {name: buy, cues: ['(', '[']}\n"})
    with pytest.raises(RulesError) as err:
        load_pack([folder], "en", builtin=False)
    assert "'('" in str(err.value) and "'['" in str(err.value)


def test_rules_problem_names_the_field_inside_a_named_rule(write_files):
    folder = write_files({"slots.yml": "slots:\n  - {id: budget, name: 预算, synonyms: [1]}\n"})
    with pytest.raises(RulesError) as err:
        load_pack([folder], "zh", builtin=False)
    assert "slots[0] (budget)" in str(err.value)
    assert "synonyms" in str(err.value)


def test_rules_unknown_section_is_named(write_files):
    folder = write_files({"slots.yml": "slot:\n  - {id: budget, name: 预算}\n"})
    with pytest.raises(RulesError) as err:
        load_pack([folder], "zh", builtin=False)
    problem = str(err.value).splitlines()[1]
    assert "unknown field 'slot'" in problem
    assert not problem.strip().startswith(":")


def test_rules_non_utf8_file_raises_rules_error(write_files):
    folder = write_files({"slots.yml": "slots:\n  - {id: plan, name: 套餐}\n".encode("gbk")})
    with pytest.raises(RulesError, match=r"slots\.yml"):
        load_pack([folder], "zh", builtin=False)


@pytest.mark.parametrize("content", ["", "# only a comment\n"], ids=["empty", "comment"])
def test_rules_empty_file_is_an_empty_rule_file(write_files, content):
    folder = write_files({"x.yml": content})
    assert read_rule_file(folder / "x.yml") == RuleFile()


# ----------------------------------------------------------------------------- domain packs

PLAN_PACK_ZH = "slots:\n  - {id: plan, name: 套餐, synonyms: [套餐, 资费]}\nentities:\n  - {label: PRODUCT, phrases: [畅享199, 畅享299]}\n"
PLAN_PACK_EN = "slots:\n  - {id: plan, name: plan, synonyms: [plan, tariff]}\nentities:\n  - {label: PRODUCT, phrases: [Unlimited Max, Unlimited Plus]}\n"


@pytest.mark.parametrize(
    ("lang", "pack", "message", "value"),
    [("zh", PLAN_PACK_ZH, "我的套餐是畅享199", "畅享199"), ("en", PLAN_PACK_EN, "My plan is Unlimited Max", "Unlimited Max")],
)
def test_rules_domain_pack_adds_slot_and_entity(write_files, lang, pack, message, value):
    folder = write_files({"telecom.yml": pack})
    t = Tracker(lang, rules=[folder])
    t.observe({"role": "user", "content": message})
    state = t.state()
    assert [(f.key, f.value) for f in state.facts] == [("plan", value)]
    assert (value, "PRODUCT") in [(e.text, e.type) for e in state.entities]


@pytest.mark.parametrize(
    ("pack", "first", "correction", "old", "new"),
    [
        (PLAN_PACK_ZH, "我的套餐是畅享199", "资费改成畅享299", "畅享199", "畅享299"),
        (PLAN_PACK_EN, "My plan is Unlimited Max", "Actually, change my tariff to Unlimited Plus", "Unlimited Max", "Unlimited Plus"),
    ],
    ids=["zh", "en"],
)
def test_rules_domain_slot_synonym_updates_the_same_fact(write_files, pack, first, correction, old, new):
    t = Tracker(rules=[write_files({"telecom.yml": pack})])
    t.observe({"role": "user", "content": first})
    t.observe({"role": "user", "content": correction})
    assert [(f.key, f.value, f.status) for f in t.state().facts] == [
        ("plan", old, "superseded"), ("plan", new, "current")]


def test_rules_domain_pack_without_it_no_plan_fact():
    t = Tracker("zh")
    t.observe({"role": "user", "content": "我的套餐是畅享199"})
    assert "plan" not in {f.key for f in t.state().facts}


def test_rules_later_file_extends_a_slot(write_files):
    folder = write_files({"more.yml": "slots:\n  - {id: budget, name: 预算, synonyms: [钱包]}\n"})
    budget = next(s for s in load_pack([folder], "zh").slots if s.id == "budget")
    assert "预算" in budget.synonyms and "钱包" in budget.synonyms
    assert budget.types == ["MONEY", "NUMBER"]  # kept from the shipped slot
    t = Tracker("zh", rules=[folder])
    t.observe({"role": "user", "content": "钱包5000元"})
    assert [(f.key, f.value) for f in t.state().facts] == [("budget", "5000元")]


def test_rules_language_subfolder_applies_to_its_language_only(write_files):
    folder = write_files({"zh/telecom.yml": "slots:\n  - {id: plan, name: 套餐, synonyms: [套餐]}\n",
                          "common.yml": "not_entities: [Foo]\n"})
    zh, en = load_pack([folder], "zh"), load_pack([folder], "en")
    assert "plan" in {s.id for s in zh.slots}
    assert "plan" not in {s.id for s in en.slots}
    assert "Foo" in zh.not_entities and "Foo" in en.not_entities  # top-level files apply to both


def test_rules_builtin_false_loads_only_the_given_folder(write_files):
    pack = load_pack([write_files({"x.yml": PLAN_PACK_ZH})], "zh", builtin=False)
    assert [s.id for s in pack.slots] == ["plan"]
    assert len(pack.files) == 1


# ----------------------------------------------------------------------------- EntityRuler JSONL


def test_rules_entity_ruler_jsonl_is_accepted(write_files):
    folder = write_files({"patterns.jsonl": (
        '{"label": "PRODUCT", "pattern": "Pixel 9 Pro", "id": "pixel9"}\n'
        "\n"
        '{"label": "PRODUCT", "pattern": "Quokka Phone", "id": "quokka"}\n'
    )})
    pack = load_pack([folder], "en", builtin=False)
    assert [(e.label, e.phrases, e.id) for e in pack.entities] == [
        ("PRODUCT", ["Pixel 9 Pro"], "pixel9"), ("PRODUCT", ["Quokka Phone"], "quokka")]
    t = Tracker("en", rules=[folder])
    t.observe({"role": "user", "content": "Is the Quokka Phone better than the Pixel 9 Pro?"})
    entities = {(e.text, e.type) for e in t.state().entities}
    assert {("Quokka Phone", "PRODUCT"), ("Pixel 9 Pro", "PRODUCT")} <= entities


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rules_entity_ruler_phrase_becomes_entity(write_files, lang):
    folder = write_files({"p.jsonl": json.dumps({"label": "PRODUCT", "pattern": "星河Z9", "id": "z9"}, ensure_ascii=False)})
    t = Tracker(lang, rules=[folder])
    t.observe({"role": "user", "content": "星河Z9有货吗" if lang == "zh" else "Is the 星河Z9 in stock?"})
    assert ("星河Z9", "PRODUCT") in [(e.text, e.type) for e in t.state().entities]


def test_rules_entity_ruler_token_pattern_is_rejected(write_files):
    folder = write_files({"p.jsonl": (
        '{"label": "PRODUCT", "pattern": "Pixel 9 Pro"}\n'
        '{"label": "ORG", "pattern": [{"LOWER": "apple"}], "id": "apple"}\n'
    )})
    with pytest.raises(RulesError) as err:
        load_pack([folder], "en")
    message = str(err.value)
    assert message.startswith("[E010]") and str(folder / "p.jsonl") in message
    assert "line 2 (ORG)" in message
    assert "token patterns are not supported" in message
    assert "phrase string" in message  # says what to do instead


def test_rules_entity_ruler_bad_lines_are_listed_together(write_files):
    folder = write_files({"p.jsonl": 'not json\n{"pattern": "x"}\n[1, 2]\n{"label": "X", "pattern": "ok"}\n'})
    with pytest.raises(RulesError) as err:
        load_pack([folder], "en", builtin=False)
    problems = str(err.value).splitlines()[1:]
    assert [p.split(":")[0].strip() for p in problems] == ["line 1", "line 2", "line 3"]


@pytest.mark.parametrize("line", ['{"label": 5, "pattern": "x"}', '{"label": "X", "pattern": "x", "id": 7}'])
def test_rules_entity_ruler_non_string_fields_raise_rules_error(write_files, line):
    folder = write_files({"p.jsonl": line + "\n"})
    with pytest.raises(RulesError, match=r"line 1"):
        load_pack([folder], "en", builtin=False)


# ----------------------------------------------------------------------------- folders


@pytest.mark.parametrize("kind", ["missing", "file"])
def test_rules_missing_dir_raises_e012(tmp_path, kind):
    target = tmp_path / "nope"
    if kind == "file":
        target.write_text("slots: []\n", encoding="utf-8")
    with pytest.raises(RulesError) as err:
        load_pack([target], "zh")
    assert str(err.value).startswith("[E012]")
    assert str(target) in str(err.value)
    assert "Pass an existing folder" in str(err.value)


def test_rules_missing_dir_fails_the_tracker(tmp_path):
    with pytest.raises(RulesError, match=r"^\[E012\]"):
        Tracker("en", rules=[tmp_path / "nope"])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rules_empty_dir_without_builtin_warns(tmp_path, lang):
    with pytest.warns(UserWarning, match="no rule files found"):
        pack = load_pack([tmp_path], lang, builtin=False)
    assert pack.files == [] and pack.slots == []


def test_rules_empty_dir_with_builtin_does_not_warn(tmp_path, recwarn):
    load_pack([tmp_path], "zh")
    assert not [w for w in recwarn if "rule files" in str(w.message)]


def test_rules_other_files_are_ignored(write_files):
    folder = write_files({"README.md": "# notes", "x.txt": "slots: [oops", "x.yml": PLAN_PACK_ZH})
    assert [s.id for s in load_pack([folder], "zh", builtin=False).slots] == ["plan"]


def test_rules_a_pack_renames_the_state_block_labels(tmp_path):
    (tmp_path / "labels.yml").write_text("render_labels: {facts: 'Order details:'}\n", encoding="utf-8")
    t = Tracker("en", rules=[tmp_path])
    t.observe({"role": "user", "content": "My budget is $500"})
    block = t.assemble("What is my budget?", budget=200, state="always").messages[0]["content"]
    assert "Order details:\n- user: budget: $500" in block and "Key facts:" not in block


def test_rules_a_pack_switches_off_a_core_cue_and_a_step(tmp_path):
    (tmp_path / "off.yml").write_text("disable: {steps: [goal], intents: [thank]}\n", encoding="utf-8")

    def read(t: Tracker) -> tuple:
        t.observe({"role": "user", "content": "I want to return my headphones."})
        t.observe({"role": "user", "content": "Thanks!"})
        return t.state().goal is not None, t.graph.nodes["t1"]["intent"]

    assert read(Tracker("en")) == (True, "thank")
    assert read(Tracker("en", rules=[tmp_path])) == (False, "inform")
