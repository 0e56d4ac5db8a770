"""Gates (speed13): what every match of a rule needs, read from the pattern; a rule is not run on a
text that lacks it. The parse on constructed patterns, no gated shipped rule matches a text its gate
skips, and the same output with the gates off."""

import re

import pytest

from ctxgraph import Tracker
from ctxgraph.extract import entities, gates
from ctxgraph.extract.compiled import compiled_packs
from ctxgraph.extract.gates import Folded, first_match, may_match, needs

TEXTS = {
    "en": ["My budget is $500, call 555-123-4567", "I'd like a cheap Italian place in the centre, please",
           "Book it for Tuesday the fourth at noon for two people", "Card ending 4242, flat 3, 12 Mill Lane",
           "no nuts please, and my email is ann.lee@example.com", "Make it twenty five guests, reg AB12 CDE",
           "Don't ring after 8pm; text me instead. I'll email you the form by Friday.",
           "Actually no, make that the blue one. We can't do Mondays.", "NO PEANUTS. She's 7 and he's nine.",
           "Dotless ıtem, long ſ, Kelvin \u212a, İstanbul: FİSH"],
    "zh": ["预算5000元，不要用顺丰以外的快递", "下周三下午三点送到文三路云栖苑5幢1单元1101", "我想找一家安静的川菜馆",
           "订两间大床房，住三晚", "手机号13812345678，尾号1234的卡", "明天上午十点到，一共五个人",
           "别打电话，发短信就行。我明天会把表格发给您。", "其实不对，改成蓝色的吧；周一我们不行。"],
}


def _patterns(obj, seen, depth=0):
    """Every compiled pattern a pack holds (its lists, dicts and objects, a few levels down)."""
    if isinstance(obj, re.Pattern):
        yield obj
        return
    if depth > 4 or id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, dict):
        obj = list(obj.values())
    elif hasattr(obj, "__dict__") and type(obj).__module__.startswith("ctxgraph"):
        obj = list(vars(obj).values())
    if isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            yield from _patterns(v, seen, depth + 1)


@pytest.mark.parametrize("pattern, words, or_digit, digit", [
    (r"(?i)\bno (?:nuts|dairy)\b", ("dairy", "nuts"), False, False),  # the piece that rules out most
    (r"(?i)\b(?:refund|cancel)\b", ("cancel", "refund"), False, False),  # every branch gives a word
    (r"\d+|noon", ("noon",), True, False),  # a digit or the word
    (r"(?<=\bending )\d{4}\b", ("ending ",), False, True),  # a lookbehind's words are in the text, and a digit always
    (r"(?:please )?call", ("call",), False, False),  # an optional part needs nothing
    (r"[$£€]\s?\d", ("$", "£", "€"), False, True),  # a class of a few literals, and a digit always
    (r"不要|别", ("不要", "别"), False, False),
])
def test_needs_reads_the_pattern(pattern, words, or_digit, digit):
    need = needs(re.compile(pattern))
    assert (need.words, need.or_digit, need.digit) == (words, or_digit, digit)


@pytest.mark.parametrize("pattern", [r"[a-z]+", r"(?:a|\w)+", r"(?:please)?", r"x*", r"(?i)é\w+", r"(?:a|b)?c?"])
def test_no_gate_when_unsure(pattern):
    assert needs(re.compile(pattern)) is None  # no word every match needs, or a cased letter outside ASCII


def test_case_folds_that_lowering_misses():
    # re.IGNORECASE matches these to ASCII letters; the folded text must hold the letter too
    for ch in ("\u0130", "\u0131", "\u017f", "\u212a"):
        for letter in "abcdefghijklmnopqrstuvwxyz":
            if re.fullmatch(letter, ch, re.I):
                assert letter in Folded(ch).lower, (ch, letter)
    rx = re.compile(r"(?i)\bfish\b")
    assert rx.search("FİSH") and may_match(rx, Folded("FİSH"))


def test_every_non_ascii_fold_to_ascii_is_known():
    """The letters outside ASCII that re.IGNORECASE takes for an ASCII one are exactly the ones folded."""
    ascii_letter = re.compile(r"[a-z]", re.I)
    found = {ch for ch in map(chr, range(0x80, 0x110000)) if ascii_letter.fullmatch(ch)}
    assert found <= {"\u0130", "\u0131", "\u017f", "\u212a"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_skipped_text_is_matched(lang):
    pack = compiled_packs((), ())[lang]
    gated = [rx for rx in {id(r): r for r in _patterns(pack, set())}.values() if needs(rx) is not None]
    assert len(gated) > 100  # the shipped packs' cue lists and entity rules
    skipped = 0
    for text in TEXTS[lang] + TEXTS["en" if lang == "zh" else "zh"]:
        for part in [text] + re.split(r"[,，。.;；]", text):
            folded = Folded(part)
            for rx in gated:
                if not may_match(rx, folded):
                    skipped += 1
                    assert not rx.search(part), (rx.pattern, part)
    assert skipped  # the gates do skip rules


def _old_first_match(patterns, text):
    for p in patterns:
        m = p.search(text)
        if m:
            return m
    return None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_first_match_finds_what_the_plain_loop_finds(lang):
    pack = compiled_packs((), ())[lang]
    lists = [cues for _, cues in pack.constraints] + [pack.done, pack.make, pack.cancel, pack.corrections]
    for text in TEXTS[lang]:
        for cues in lists:
            new, old = first_match(cues, text), _old_first_match(cues, text)
            assert (new and (new.span(), new.re)) == (old and (old.span(), old.re))


def test_a_list_changed_in_place_is_planned_again():
    cues = [re.compile(r"\bnuts\b")]
    assert first_match(cues, "no nuts") is not None
    cues[0] = re.compile(r"\bdairy\b")
    assert first_match(cues, "no nuts") is None and first_match(cues, "no dairy") is not None
    assert first_match(iter(cues), "no dairy") is not None  # any iterable of patterns


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_gates_change_no_state(lang, monkeypatch):
    def run():
        t = Tracker(lang, today="2025-05-05")
        for i, text in enumerate(TEXTS[lang]):
            t.observe({"role": "user" if i % 2 == 0 else "assistant", "content": text})
        return t.state().model_dump()

    gated = run()
    from ctxgraph.extract import text as text_module
    mods = [m for m in __import__("sys").modules.values()
            if getattr(m, "__name__", "").startswith("ctxgraph.") and getattr(m, "first_match", None) is first_match]
    assert text_module in mods
    for m in mods:
        monkeypatch.setattr(m, "first_match", _old_first_match)
    monkeypatch.setattr(entities, "may_match", lambda rx, text: True)
    assert run() == gated


def test_gated_lists_the_patterns_with_a_gate():
    rx = re.compile("x+")
    assert gates.gated([rx, re.compile(".*")]) == [rx]
