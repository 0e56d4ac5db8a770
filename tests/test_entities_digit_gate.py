"""The entity rules that need a digit are not run on a message without one (speed12): the
gate is read from each pattern's parse tree and changes no mention."""

import re

import pytest

from ctxgraph.extract import entities
from ctxgraph.extract.compiled import compiled_packs
from ctxgraph.extract.entities import find_entities, needs_digit

TEXTS = {
    "en": ["My budget is $500, call 555-123-4567", "I'd like a cheap Italian place in the centre, please",
           "Book it for Tuesday the fourth at noon for two people", "Card ending 4242, flat 3, 12 Mill Lane",
           "no nuts please, and my email is ann.lee@example.com", "Make it twenty five guests, reg AB12 CDE"],
    "zh": ["预算5000元，不要用顺丰以外的快递", "下周三下午三点送到文三路云栖苑5幢1单元1101", "我想找一家安静的川菜馆",
           "订两间大床房，住三晚", "手机号13812345678，尾号1234的卡", "明天上午十点到，一共五个人"],
}


@pytest.mark.parametrize("pattern, expected", [
    (r"\d{3}-\d{4}", True),
    (r"(?i)(?<=\bending )\d{4}\b|[A-Z]{2}-?[0-9]", True),  # every branch needs one
    (r"(?=[A-Z0-9 ]*\d)[A-Z0-9 ]{5,}", True),  # a lookahead that must hold
    (r"\d*[a-z]+", False),  # the digits may be none
    (r"\d+|noon", False),  # one branch needs none
    (r"[^\d]+", False),  # a negated class
    (r"(?:room )?\d", True),
])
def test_needs_digit_reads_the_pattern(pattern, expected):
    assert needs_digit(re.compile(pattern)) is expected


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_gated_rules_match_no_digitless_text(lang):
    pack = compiled_packs((), ())[lang]
    gated = [rx for rx, _, _ in pack.entity_rules if needs_digit(rx)]
    assert gated  # the shipped packs have id- and number-shaped rules
    for text in TEXTS[lang]:
        plain = re.sub(r"\d", "", text)
        assert not any(rx.search(plain) for rx in gated), plain


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_gate_changes_no_mention(lang, monkeypatch):
    pack = compiled_packs((), ())[lang]
    texts = TEXTS[lang] + [re.sub(r"\d", "", t) for t in TEXTS[lang]]
    gated = [find_entities(t, pack) for t in texts]
    monkeypatch.setattr(entities, "may_match", lambda rx, text: True)
    assert [find_entities(t, pack) for t in texts] == gated
