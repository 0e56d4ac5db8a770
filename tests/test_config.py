"""TrackerConfig: the Tracker's options as one validated model, and the coded errors of bad ones."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from ctxgraph import ConfigError, Tracker, TrackerConfig


def test_config_keyword_arguments_build_the_model():
    t = Tracker("en", rules=[Path("rules")], today="2026-11-30", state_share=1, tokens_per_message=3)
    assert isinstance(t.config, TrackerConfig)
    assert t.config.rules == ("rules",)
    assert t.config.today == datetime.date(2026, 11, 30)
    assert t.config.state_share == 1.0 and t.config.packs == ()
    assert t.tokens_per_message == 3 and t.config["lang"] == "en"


def test_config_tracker_accepts_a_config_object():
    cfg = TrackerConfig(lang="zh", today=datetime.date(2026, 11, 30))
    t = Tracker(config=cfg)
    assert t.config is cfg and t.lang == "zh"
    assert json.loads(t.to_json())["config"]["today"] == "2026-11-30"


def test_config_object_and_options_together_are_refused():
    with pytest.raises(ConfigError, match=r"^\[E067\] .*lang, state_share"):
        Tracker("zh", config=TrackerConfig(), state_share=0.5)
    with pytest.raises(ConfigError, match=r"^\[E066\] .*config="):
        Tracker(config={"lang": "zh"})


def test_config_is_frozen_and_forbids_unknown_fields():
    cfg = TrackerConfig()
    with pytest.raises(ValidationError):
        cfg.lang = "zh"
    with pytest.raises(ValidationError, match="colour"):
        TrackerConfig(colour="blue")
    with pytest.raises(KeyError):
        cfg["colour"]


@pytest.mark.parametrize(
    ("options", "code", "shown"),
    [
        ({"tokens_per_message": 0}, "E066", "tokens_per_message=0"),
        ({"tokens_per_message": True}, "E066", "tokens_per_message=True"),
        ({"tokens_per_message": 2.5}, "E066", "tokens_per_message=2.5"),
        ({"state_share": 0}, "E066", "state_share=0"),
        ({"state_share": 1.5}, "E066", "state_share=1.5"),
        ({"state_share": "0.5"}, "E066", "state_share='0.5'"),
        ({"encoding": 5}, "E066", "encoding=5"),
        ({"lang": "fr"}, "E060", "'fr'"),
        ({"today": "next week"}, "E062", "'next week'"),
        ({"today": 20261130}, "E062", "20261130"),
        ({"extractor": "magic"}, "E063", "'magic'"),
    ],
)
def test_config_bad_constructor_value_is_a_coded_config_error(options, code, shown):
    with pytest.raises(ConfigError, match=rf"^\[{code}\] ") as err:
        Tracker(**options)
    assert shown in str(err.value)


def test_config_mapping_has_the_session_keys_in_json_values():
    mapping = TrackerConfig(catalog=[("小米14", "PRODUCT")], catalog_attributes=[("黑色", "颜色", False)]).as_mapping()
    assert list(mapping) == ["lang", "rules", "packs", "encoding", "tokens_per_message", "en_models", "today",
                             "state_share", "catalog", "catalog_attributes", "extractor", "model", "en_ner"]
    assert mapping["catalog"] == [["小米14", "PRODUCT"]] and mapping["catalog_attributes"] == [["黑色", "颜色", False]]
    assert TrackerConfig.model_validate(json.loads(json.dumps(mapping))) == TrackerConfig(**mapping)
