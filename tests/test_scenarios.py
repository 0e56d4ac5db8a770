"""The issue's scenarios, zh and en, each inside a 500-token budget.

Each scenario asserts on the assembled context (what was planted is there,
tokens within budget) and on the state JSON; and, so that a pass means
something, that the plain recency window of the same budget misses it.
"""

from __future__ import annotations

import pytest

from ctxgraph import count_message_tokens, get_encoding
from ctxgraph.bench._scenarios import BUDGET, run_scenario, scenarios

SCENARIOS = scenarios()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{s.name}-{s.lang}" for s in SCENARIOS])
def test_scenarios_context_and_state(scenario):
    result = run_scenario(scenario)
    assert result.failures == []
    assert result.tokens <= BUDGET
    assert all(x in result.context for x in scenario.must_contain)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{s.name}-{s.lang}" for s in SCENARIOS])
def test_scenarios_recency_window_misses_them(scenario):
    """Without the graph, the newest turns that fit in the same budget lose the planted item."""
    enc = get_encoding()
    question = {"role": "user", "content": scenario.question}
    kept: list[dict] = []
    for m in reversed([m for m in scenario.messages if m["role"] != "system"]):
        if count_message_tokens([m, *kept, question], enc) > scenario.budget:
            break
        kept.insert(0, m)
    text = "\n".join(m.get("content") or "" for m in kept)
    assert not all(x in text for x in scenario.must_contain)
