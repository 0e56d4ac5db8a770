"""Ranking in ``_select.select``: what the question does not touch waits in a long chat (issue 21)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph._select import FUSE_MIN_TURNS, long_chat, select


def _chat(n: int) -> list[dict]:
    """A user fact (the budget) and a turn about a dog, then small talk up to ``n`` messages."""
    fillers = ["We watched a movie about pirates last night.", "The traffic on the bridge was terrible.",
               "Our neighbour's cat keeps visiting."]
    out = [{"role": "user", "content": "My budget is $500."}, {"role": "assistant", "content": "Noted."},
           {"role": "user", "content": "I adopted a dog named Rex."}]
    out += [{"role": "user" if i % 2 else "assistant", "content": fillers[i % 3]} for i in range(n - 3)]
    return out


def _ranked(n: int, question: str) -> tuple[Tracker, list[tuple[str, str]]]:
    t = Tracker(lang="en")
    for m in _chat(n):
        t.observe(m)
    query = t.extractor.query(question, t.graph, "en")
    return t, [(i.node, i.kind) for i in select(t.graph, query) if not i.pinned]


@pytest.mark.parametrize("n, waits", [(20, False), (FUSE_MIN_TURNS + 2, True)])
def test_select_untouched_fact_waits_for_recalled_turns_only_in_a_long_chat(n, waits):
    t, ranked = _ranked(n, "Which dog did I adopt?")
    assert long_chat(t.graph) is waits
    kinds = [k for _, k in ranked]
    budget = next(i for i, (node, _) in enumerate(ranked) if t.graph.nodes[node].get("key") == "budget")
    assert ranked[0] == ("t2", "turn")  # the turn about the dog first either way
    # short chat: the user's budget competes on its score (before the dog turn's neighbours);
    # long chat: it comes after every turn recalled for the question
    assert (budget > max(i for i, k in enumerate(kinds) if k == "turn")) is waits


def test_select_a_fact_the_question_touches_keeps_its_place_in_a_long_chat():
    t, ranked = _ranked(FUSE_MIN_TURNS + 2, "Is 500 enough for a dog?")  # a word of the fact, not its slot
    budget = next(n for n in t.graph.nodes if t.graph.nodes[n].get("key") == "budget")
    assert ranked[0] == (budget, "fact")  # ranked on its score, before the recalled turns
