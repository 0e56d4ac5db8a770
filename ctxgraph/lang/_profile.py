"""Language profiles (the model and the registry): everything ctxgraph knows about one language, in one module.

A profile bundles how a language is read (the spaCy ``Doc`` builder, which entity labels
of its pipeline to keep, how a clause is checked for an object, how a free value after a
slot word ends, how "X是Y" / "my X is Y" phrases look) and how the state block is written
in it (templates, separators, how long a goal or question may run). ``ctxgraph/lang/zh.py``
and ``en.py`` each register one; adding a language is one more module like them plus a
rules folder (``rules/core/<code>/``). Outside the profiles no code branches on a
language name.

>>> get_profile("zh").word_sep, get_profile("en").word_sep
('', ' ')
>>> detect_lang("预算改成6000"), detect_lang("make it 5 units")
('zh', 'en')
>>> "zh" in available_langs() and "en" in available_langs()
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

#: The language used when nothing else claims a text.
DEFAULT_LANG = "en"


@dataclass(frozen=True)
class LanguageProfile:
    """How one language is read and written. Functions take plain text (or a ``Doc``)."""

    code: str
    #: claims(text) -> True when the text is in this language (tried in registration order)
    claims: Callable[[str], bool]
    #: doc(text, models, ner="always") -> spaCy Doc with tokens, tags and entities (``ner``:
    #: when a statistical NER reads the text, ctxgraph._nlp.NER_WHEN)
    doc: Callable[..., Any]
    #: content_words(text) -> words that carry meaning (overlap between two texts)
    content_words: Callable[[str], set[str]]
    #: has_object(clause) -> whether a rule or a question is about something
    has_object: Callable[[str], bool]
    #: free_value(text after a slot word) -> the value written there, if any
    free_value: Callable[[str], str | None]
    #: key_ok(key) -> whether a "X是Y" / "my X is Y" key is a noun phrase worth a fact
    key_ok: Callable[[str], bool]
    #: "X是Y" / "my X is Y": a regex with groups ``key`` and ``value``
    phrase_fact: str
    templates: dict[str, str]
    regex_flags: int = 0
    #: the language writes words without spaces between them (segmentation needed)
    segmented: bool = False
    word_sep: str = " "
    label_sep: str = ": "
    #: characters after a slot word in which its value is looked for
    value_window: int = 48
    #: first characters of a phrase key that make it no fact ("我", "这")
    bad_key_starts: frozenset[str] = frozenset()
    stop_words: frozenset[str] = frozenset()
    #: entity labels of the statistical pipeline worth keeping (None: all)
    ner_labels: frozenset[str] | None = None
    #: a value before this marker belongs to the noun after it ("价格在400-500元的……酒店")
    modifier_marker: str | None = None
    #: name_spans(doc, pack) -> (start, end) spans of names built from segmented words
    name_spans: Callable[[Any, Any], list[tuple[int, int]]] | None = None
    #: first letters of the tags of words that say nothing about what a text is about
    #: (pronouns, particles, adverbs ...), for segmented languages
    function_tags: frozenset[str] = frozenset()
    #: how long a rendered open question may be (characters)
    question_chars: int = 40
    #: a promise's deadline given as a span of time ("within 24 hours", "24小时内"): a regex
    within: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


_PROFILES: dict[str, LanguageProfile] = {}


def register_profile(profile: LanguageProfile) -> LanguageProfile:
    """Make a language available to every Tracker (``lang=profile.code``)."""
    _PROFILES[profile.code] = profile
    return profile


def get_profile(code: str) -> LanguageProfile:
    """The registered profile of a language code; ``KeyError`` for an unknown code."""
    return _PROFILES[code]


def available_langs() -> tuple[str, ...]:
    """Codes of the registered languages, in registration order."""
    return tuple(_PROFILES)


def detect_lang(text: str) -> str:
    """The first registered language that claims ``text``, else :data:`DEFAULT_LANG`."""
    for code, profile in _PROFILES.items():
        if code != DEFAULT_LANG and profile.claims(text):
            return code
    return DEFAULT_LANG


def content_words(text: str, lang: str) -> set[str]:
    """Words of ``text`` that carry meaning, read by the profile of ``lang`` — or by the
    text's own language when that one is segmented (a Chinese promise in an English chat).

    >>> sorted(content_words("I will email you the label", "en"))
    ['email', 'label']
    """
    profile = get_profile(lang)
    own = get_profile(detect_lang(text))
    if own.segmented and not profile.segmented:
        profile = own
    return profile.content_words(text)



def value_after(rx: re.Pattern, window: str) -> str | None:
    """The value ``rx`` (group 1) reads at the start of the text after a slot word, without
    trailing particles or a following clause ("6000元吧" -> "6000元", "X and please hurry" -> "X")."""
    m = rx.match(window)
    if not m:
        return None
    value = m.group(1).strip().rstrip("吧呢啊了的")
    value = re.split(r"\s+(?:and|but|please|thanks|because)\b", value, maxsplit=1)[0].strip()
    return value or None
