"""Ranking in ``_select.select``: what the question does not touch waits in a long chat, except the
user's own facts and rules (issue 21)."""

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


def _ranked(n: int, question: str, said: str = "Noted.") -> tuple[Tracker, list[tuple[str, str]]]:
    t = Tracker(lang="en")
    chat = _chat(n)
    chat[1] = {"role": "assistant", "content": said}
    for m in chat:
        t.observe(m)
    query = t.extractor.query(question, t.graph, "en")
    return t, [(i.node, i.kind) for i in select(t.graph, query) if not i.pinned]


@pytest.mark.parametrize("n, long", [(20, False), (FUSE_MIN_TURNS + 2, True)])
def test_select_the_users_fact_keeps_its_place_and_the_assistants_waits(n, long):
    t, ranked = _ranked(n, "Which dog did I adopt?", said="Noted. Our Leeds shop opens at 9am on Saturday.")
    assert long_chat(t.graph) is long
    kinds = [k for _, k in ranked]
    last_turn = max(i for i, k in enumerate(kinds) if k == "turn")
    key = {node: t.graph.nodes[node].get("key") for node, _ in ranked}
    budget = next(i for i, (node, _) in enumerate(ranked) if key[node] == "budget")
    day = next(i for i, (node, _) in enumerate(ranked) if key[node] == "day")
    assert ranked[0] == ("t2", "turn")  # the turn about the dog first either way
    # the user's budget is never pushed behind the recalled turns: a long chat is where it gets lost;
    # the assistant's day, which the question does not touch, comes after them
    assert budget < last_turn < day


def test_select_a_fact_the_question_touches_keeps_its_place_in_a_long_chat():
    t, ranked = _ranked(FUSE_MIN_TURNS + 2, "Is 500 enough for a dog?")  # a word of the fact, not its slot
    budget = next(n for n in t.graph.nodes if t.graph.nodes[n].get("key") == "budget")
    assert ranked[0] == (budget, "fact")  # ranked on its score, before the recalled turns
