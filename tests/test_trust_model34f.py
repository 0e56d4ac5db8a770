"""model34f (issue 19): the fact verifier's guards. Whatever P the verifier gives, a fact stays when the user
corrected it or a change step read it, when it is a count under a count's key, when it answers the assistant's
question, or when the user's value echoes what the assistant offered; and a unit a later step rewrote in place
has that step as its origin (it read as "unknown" before). Short chats of our own, a stand-in verifier that gives
every fact P 0."""

from __future__ import annotations

import pytest

import ctxgraph.extract.verify as verify
from ctxgraph import Tracker
from ctxgraph.extract.context import MessageContext
from ctxgraph.extract.registry import DEFAULT_STEPS, with_step


class _Zero:
    """A stand-in verifier: P(holds) 0 for every fact."""

    threshold = 0.5
    lang = "en"

    def __call__(self, features):
        return [0.0] * len(features)


def _current(monkeypatch, lang, turns, verifier) -> list[tuple[str, str]]:
    monkeypatch.setattr(verify, "_LOADER", [lambda _lang: verifier])
    t = Tracker(lang)
    t.extractor.steps[:] = with_step(DEFAULT_STEPS, "verify_facts")
    for role, text in turns:
        t.observe({"role": role, "content": text})
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


@pytest.mark.parametrize("lang,turns,fact", [
    ("en", [("user", "a table for 4 please")], ("people", "4")),
    ("zh", [("user", "订个桌，我们5个人")], ("people", "5个人")),
    ("en", [("user", "the colour is oak not walnut")], ("color", "oak")),
    ("en", [("user", "can you board our pets next week?"), ("assistant", "Sure, what pets are coming along?"),
            ("user", "one dog")], ("pets", "dog")),
    ("zh", [("user", "下周能寄养宠物吗"), ("assistant", "可以，带什么宠物来？"), ("user", "一只狗")], ("宠物", "一只狗")),
    ("en", [("user", "I need a plumber this week"), ("assistant", "We have Tuesday or Friday, which suits?"),
            ("user", "tuesday won't work for us, friday please")], ("day", "Friday")),
    ("zh", [("user", "这周要找个水管工"), ("assistant", "周二或者周五可以，哪天方便？"), ("user", "周二不行，周五吧")],
     ("date", "周五")),
])
def test_a_guarded_fact_stays_whatever_its_p(monkeypatch, lang, turns, fact):
    assert fact in [(k, v.rstrip(",")) for k, v in _current(monkeypatch, lang, turns, None)]
    assert fact in [(k, v.rstrip(",")) for k, v in _current(monkeypatch, lang, turns, _Zero())]


@pytest.mark.parametrize("lang,turns,key", [
    ("en", [("user", "a table for 4 please")], "want"),
    ("zh", [("user", "订个桌，我们5个人")], "want"),
])
def test_an_unguarded_fact_is_still_verified(monkeypatch, lang, turns, key):
    assert key in dict(_current(monkeypatch, lang, turns, None))
    assert key not in dict(_current(monkeypatch, lang, turns, _Zero()))


def test_a_unit_rewritten_in_place_has_the_rewriting_step_as_its_origin():
    from ctxgraph._graph import new_graph
    from ctxgraph.extract import RuleExtractor
    from ctxgraph.extract.context import Message

    seen: dict[str, str] = {}

    def spy(ctx: MessageContext) -> list:
        for u in ctx.units:
            if getattr(u, "value", None):
                seen[str(u.value)] = ctx.origins.get(id(u), "unknown")
        return []

    from ctxgraph.extract import registry

    saved = registry.STEPS["verify_facts"]
    registry.STEPS["verify_facts"] = registry.Step("verify_facts", spy, saved.roles, saved.needs_text)
    try:
        ex = RuleExtractor(steps=with_step(DEFAULT_STEPS, "verify_facts"))
        ex(Message(role="user", text="the colour is oak not walnut"), 0, new_graph(), lang="en")
    finally:
        registry.STEPS["verify_facts"] = saved
    assert seen.get("oak") == "changes"
