"""The options of a :class:`~ctxgraph.Tracker`, as one validated, frozen model.

A Tracker built with keyword arguments builds a :class:`TrackerConfig` from them; a
saved session (``ctxgraph.session/1``) stores it as a plain mapping under ``"config"``.

>>> cfg = TrackerConfig(lang="en", packs=["booking"], today="2026-11-30")
>>> cfg.packs, cfg.today
(('booking',), datetime.date(2026, 11, 30))
>>> cfg.as_mapping()["today"], cfg["lang"]
('2026-11-30', 'en')
>>> make_config(tokens_per_message=0)
Traceback (most recent call last):
...
ctxgraph._errors.ConfigError: [E066] Invalid Tracker option tokens_per_message=0: Input should be greater than or equal to 1.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ._errors import ConfigError, Errors
from ._nlp import DEFAULT_EN_MODELS
from ._tokens import DEFAULT_ENCODING, TOKENS_PER_MESSAGE


class TrackerConfig(BaseModel):
    """Everything that decides how a Tracker reads and assembles (see :class:`~ctxgraph.Tracker`
    for what each option does). Runtime objects (the LLM client, its timeout) are not part of it.
    Unlike the Tracker's keyword, ``catalog`` holds (name, label) pairs, not a file: read one
    with :func:`~ctxgraph.load_catalog` (and :func:`~ctxgraph.load_catalog_attributes`).

    ``config["lang"]`` reads a field too, as the mapping the config used to be did.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    lang: str = "auto"
    rules: tuple[str, ...] = ()
    packs: tuple[str, ...] = ()
    encoding: str = DEFAULT_ENCODING
    tokens_per_message: int = Field(TOKENS_PER_MESSAGE, ge=1, strict=True)
    en_models: tuple[str, ...] = DEFAULT_EN_MODELS
    today: datetime.date | None = None
    state_share: float = Field(0.9, gt=0, le=1, strict=True)
    catalog: tuple[tuple[str, str], ...] = ()
    catalog_attributes: tuple[tuple[str, str, bool], ...] = ()
    extractor: Literal["rules", "llm", "hybrid"] = "rules"
    model: str | None = None
    #: when the trained English NER reads a message (issue 19); sessions saved before it read "gated"
    en_ner: Literal["gated", "names", "always"] = "gated"

    @field_validator("lang")
    @classmethod
    def _known_lang(cls, lang: str) -> str:
        from .lang import available_langs

        if lang != "auto" and lang not in available_langs():
            raise ValueError(f"unknown language {lang!r}")
        return lang

    @field_validator("rules", mode="before")
    @classmethod
    def _folders_as_text(cls, rules: Any) -> Any:
        if isinstance(rules, (str, Path)):  # one folder, not the characters of its name
            return (str(rules),)
        try:
            return tuple(str(r) if isinstance(r, Path) else r for r in rules)
        except TypeError:
            return rules

    @field_validator("packs", "en_models", mode="before")
    @classmethod
    def _one_name_is_a_list(cls, names: Any) -> Any:
        return (names,) if isinstance(names, str) else names

    @field_validator("today", mode="before")
    @classmethod
    def _iso_date(cls, today: Any) -> Any:
        if isinstance(today, datetime.datetime):
            return today.date()
        if isinstance(today, str):
            return datetime.date.fromisoformat(today)  # ValueError: not a date
        if today is not None and not isinstance(today, datetime.date):
            raise ValueError("not a date")  # pydantic would read an int as a timestamp
        return today

    @field_validator("state_share", mode="before")
    @classmethod
    def _share_is_a_number(cls, share: Any) -> Any:
        return float(share) if isinstance(share, int) and not isinstance(share, bool) else share

    def as_mapping(self) -> dict[str, Any]:
        """The config as saved in a session: plain JSON values, the same keys as the fields."""
        return self.model_dump(mode="json")

    def __getitem__(self, key: str) -> Any:
        if key not in type(self).model_fields:
            raise KeyError(key)
        return getattr(self, key)


def _config_error(err: ValidationError) -> ConfigError:
    """The coded error for the first problem pydantic found."""
    first = err.errors()[0]
    name = str(first["loc"][0]) if first["loc"] else "config"
    value = first.get("input")
    if name == "lang":
        return ConfigError(Errors.E060.format(lang=value))
    if name == "today":
        return ConfigError(Errors.E062.format(today=value))
    if name == "extractor":
        return ConfigError(Errors.E063.format(extractor=value))
    reason = first["msg"].removeprefix("Value error, ")
    return ConfigError(Errors.E066.format(name=name, value=value, reason=reason))


def make_config(**options: Any) -> TrackerConfig:
    """A :class:`TrackerConfig` of ``options``; a bad value is a coded :class:`ConfigError`."""
    try:
        return TrackerConfig(**options)
    except ValidationError as err:
        raise _config_error(err) from None


def config_problem(err: ValidationError) -> str:
    """'config.tokens_per_message: Input should be ...' — the first problem, for a session error."""
    first = err.errors()[0]
    where = ".".join(map(str, first["loc"])) or "config"
    return f"config.{where}: {first['msg'].removeprefix('Value error, ')}"
