"""A source's recalled turns share its line, as its facts do (issue 21): the source is paid for
once a line, every turn keeps its own quotes, and the count stays exact."""

from __future__ import annotations

from ctxgraph import Tracker
from ctxgraph._tokens import count_message_tokens


def long_chat() -> Tracker:
    t = Tracker("en")
    said = {3: "My kayak is a blue Perception Pescador.", 5: "The paddles for the kayak are carbon, 220 cm.",
            8: "Your kayak order ships from the Leeds warehouse."}
    for i in range(80):
        role = "user" if i % 2 == 1 else "assistant"
        t.observe({"role": role, "content": said.get(i, f"Small talk number {i} about the weather and the weekend.")})
    return t


def test_recall_lines_one_line_per_source_each_turn_quoted():
    t = long_chat()
    ctx = t.assemble("What did we say about the kayak?", budget=400)
    lines = ctx.state_block.splitlines()
    recall = lines[lines.index("Earlier in the conversation:") + 1:]
    user = [ln for ln in recall if ln.startswith("- user: ")]
    assert len(user) == 1
    assert '"My kayak is a blue Perception Pescador."' in user[0] and '"The paddles for the kayak are carbon, 220 cm."' in user[0]
    assert any(ln.startswith("- assistant: ") and '"Your kayak order ships from the Leeds warehouse."' in ln for ln in lines)
    assert ctx.tokens == count_message_tokens(ctx.messages, t.encoding) <= 400


def test_recall_lines_never_split_across_sections():
    """A source's fact line and its recall line are two lines, each costed as such."""
    t = long_chat()
    t.observe({"role": "user", "content": "My budget is $500."})
    for budget in (200, 300, 400, 600):
        ctx = t.assemble("What about the kayak paddles and my budget?", budget=budget)
        assert ctx.tokens == count_message_tokens(ctx.messages, t.encoding) <= budget
        recall = ctx.state_block.split("Earlier in the conversation:")[-1]
        assert "budget: $500" not in recall
