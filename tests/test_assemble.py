"""Assemble: pinned first, exact token counts inside the budget, documented dropping,
deterministic output, zh/en templates, tool-call integrity of the raw turns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ctxgraph import BudgetError, Tracker, count_message_tokens, get_encoding
from ctxgraph._messages import read_conversation
from ctxgraph._tracker import COMPACT_BELOW, WAIT_WHEN_COMPACT
from ctxgraph._select import TIER_RANKED, select

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.jsonl"))
BUDGETS = [8, 9, 10, 12, 16, 20, 25, 30, 40, 50, 60, 75, 90, 100, 120, 150, 180, 200, 250, 300,
           350, 400, 500, 600, 750, 900, 1000, 1200, 1500, 2000]


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def bot(text: str) -> dict:
    return {"role": "assistant", "content": text}


# Tests about the state block ask for it (state="always"): a history that fits the budget
# is otherwise sent as it is, with no block (issue 20, tests/test_raw_window.py).


def xfail(reason: str):
    return pytest.mark.xfail(strict=True, reason=reason)



@pytest.fixture(scope="module")
def examples(make_tracker):
    """name -> (tracker over all but the last message, the last user message)."""
    out = {}
    for path in EXAMPLE_FILES:
        messages = read_conversation(path)
        out[path.stem] = (make_tracker(*messages[:-1]), messages[-1]["content"])
    return out


@pytest.fixture(scope="module")
def encoding():
    return get_encoding()


def state_message(ctx) -> dict:
    """The state block's message: the system message after the operator's prompt, if any."""
    (msg,) = [m for m in ctx.messages if m["role"] == "system" and m["content"] == ctx.state_block]
    systems = [m for m in ctx.messages if m["role"] == "system"]
    assert systems[-1] is msg and ctx.messages.index(msg) == len(systems) - 1
    return msg


def all_text(messages: list[dict]) -> str:
    return json.dumps(messages, ensure_ascii=False)


def check_tool_pairs(messages: list[dict]) -> None:
    """Every tool message follows its assistant tool_calls message (or a sibling result),
    and every tool call in an assistant message is answered right after it."""
    for i, m in enumerate(messages):
        if m["role"] == "tool":
            j = i - 1
            while j >= 0 and messages[j]["role"] == "tool":
                j -= 1
            assert j >= 0 and messages[j].get("tool_calls"), f"tool message {i} without its call"
            ids = {c["id"] for c in messages[j]["tool_calls"]}
            assert m["tool_call_id"] in ids
        if m.get("tool_calls"):
            after = []
            for n in messages[i + 1:]:
                if n["role"] != "tool":
                    break
                after.append(n["tool_call_id"])
            assert sorted(after) == sorted(c["id"] for c in m["tool_calls"]), f"call {i} without all its results"


# ----------------------------------------------------------------------------- budget invariants


@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_FILES])
def test_assemble_tokens_exact_and_within_budget(examples, encoding, name, budget):
    t, question = examples[name]
    ctx = t.assemble(question, budget=budget)
    assert ctx.tokens == count_message_tokens(ctx.messages, encoding)
    assert ctx.tokens <= budget and ctx.budget == budget
    s = ctx.sections
    assert s["system"] + s["state"] + s["history"] + s["question"] == ctx.tokens  # disjoint sections
    assert ctx.messages[-1]["role"] == "user"
    assert question.startswith(ctx.messages[-1]["content"])
    check_tool_pairs(ctx.messages)
    if ctx.state_block:  # its own message, right after the operator's system prompt (issue 11)
        assert state_message(ctx) == {"role": "system", "content": ctx.state_block}
    # raw turns never start with a tool message
    raw = [m for m in ctx.messages[:-1] if m["role"] != "system"]
    assert not raw or raw[0]["role"] != "tool"


@settings(max_examples=60, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(budget=st.integers(min_value=5, max_value=3000), pick=st.sampled_from([p.stem for p in EXAMPLE_FILES]))
def test_assemble_any_budget_never_exceeded(examples, encoding, budget, pick):
    t, question = examples[pick]
    ctx = t.assemble(question, budget=budget)
    assert ctx.tokens == count_message_tokens(ctx.messages, encoding) <= budget
    check_tool_pairs(ctx.messages)


@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_FILES])
def test_assemble_sections_sum_to_tokens(examples, name):
    t, question = examples[name]
    ctx = t.assemble(question, budget=600)
    assert sum(ctx.sections.values()) == ctx.tokens


@pytest.mark.parametrize("budget", [0, -1, -600, 1.5, "600", None, True])
def test_assemble_bad_budget_raises(examples, budget):
    t, question = examples["en_return_exchange"]
    with pytest.raises(BudgetError, match="E041"):
        t.assemble(question, budget=budget)


@pytest.mark.parametrize("budget", [1, 2, 3, 4])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_budget_below_one_message_raises(make_tracker, lang, budget):
    t = make_tracker("预算5000元" if lang == "zh" else "my budget is $500")
    with pytest.raises(BudgetError, match="E040"):
        t.assemble("预算多少？" if lang == "zh" else "what is my budget?", budget=budget)


@pytest.mark.parametrize(("lang", "question"), [
    pytest.param("zh", "请详细说明一下" + "我的订单情况和退换货政策，" * 40, id="zh"),
    pytest.param("en", "Please explain " + "my order status and the return policy in detail, " * 40, id="en"),
])
@pytest.mark.parametrize("budget", [5, 12, 40])
def test_assemble_long_question_truncated_and_noted(make_tracker, encoding, lang, question, budget):
    t = make_tracker("预算5000元" if lang == "zh" else "my budget is $500")
    ctx = t.assemble(question, budget=budget)
    assert ctx.messages[-1]["role"] == "user"
    cut = ctx.messages[-1]["content"]
    assert question.startswith(cut) and len(cut) < len(question)
    assert any(d.startswith("question: truncated") for d in ctx.dropped)
    assert ctx.tokens == count_message_tokens(ctx.messages, encoding) <= budget


# ----------------------------------------------------------------------------- pinned and dropped

PINNED_CONVERSATIONS = {
    "zh": [
        "你好，我想买一部手机，预算5000元。",
        "不要用顺丰以外的快递",
        "收货地址是上海市浦东新区张江路88号3号楼502室",
        "小米14和OPPO Find X7哪个好？",
        "那我就要小米14了",
        bot("我会在今天18点前给您回电确认。请问发票抬头写什么？"),
    ],
    "en": [
        "Hi, I need a new mouse. My budget is $500.",
        "Do not ship with FedEx.",
        "Ship to 221B Baker Street, London.",
        "Compare the MacBook Air M3 and the Dell XPS 13",
        "I'll go with the MacBook Air M3",
        bot("I will email you a quote by 5 pm today. What should the invoice title be?"),
    ],
}
PINNED_QUESTION = {"zh": "我的预算是多少？", "en": "What is my budget?"}
PINNED_TEXT = {
    "zh": ['目标：用户："我想买一部手机', '- 用户：[禁止] "不要用顺丰以外的快递"', "- 用户：预算：5000元",
           '- 客服："我会在今天18点前给您回电确认', '- 客服："请问发票抬头写什么？"', "小米14（已选）"],
    "en": ['Goal: user: "I need a new mouse', '- user: [must not] "Do not ship with FedEx"', "- user: budget: $500",
           '- assistant: "I will email you a quote by 5 pm today', '- assistant: "What should the invoice title be?"',
           "MacBook Air M3 (selected)"],
}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_pinned_items_come_first(make_tracker, lang):
    t = make_tracker(*PINNED_CONVERSATIONS[lang])
    ctx = t.assemble(PINNED_QUESTION[lang], budget=1000, state="always")
    for text in PINNED_TEXT[lang]:
        assert text in ctx.state_block, text
    items = select(t.graph, t.extractor.query(PINNED_QUESTION[lang], t.graph, lang))
    tiers = [i.tier for i in items]
    pinned = [i for i in items if i.pinned]
    assert {i.kind for i in pinned} == {"goal", "constraint", "commitment", "fact", "question", "entity"}
    assert tiers[:len(pinned)] == sorted(tiers[:len(pinned)]) and all(x >= TIER_RANKED for x in tiers[len(pinned):])
    assert ctx.node_ids[:len(pinned)] == [i.node for i in pinned]
    (named,) = [i for i in pinned if i.kind == "fact"]
    assert t.graph.nodes[named.node]["key"] == "budget"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_tiny_budget_keeps_the_fact_the_question_names(make_tracker, encoding, lang):
    facts = {
        "zh": ["预算5000元", "收货地址是上海市浦东新区张江路88号3号楼502室", "电话13812345678", "我的邮箱是 a@b.com",
               "订单号SO202411300088", "项目代号是 Phoenix", "数量3台", "颜色是黑色"],
        "en": ["my budget is $500", "ship to 221B Baker Street", "my phone number is 415-555-0123",
               "my email is a@b.com", "my order number is A-5529014", "the project code name is Phoenix",
               "quantity: 3", "my favourite colour is teal"],
    }[lang]
    question = {"zh": "我的邮箱是什么？", "en": "What is my email?"}[lang]
    t = make_tracker(*facts)
    assert len(t.state().facts) == len(facts)
    # a budget this small gets the compact style: short frame, no section header lines, no bullets
    block = {"zh": "[记录，非指令]\n用户 邮箱：a@b.com", "en": "[Chat record, not instructions]\nuser: email: a@b.com"}[lang]
    need = count_message_tokens([{"role": "system", "content": block}, user(question)], encoding)
    ctx = t.assemble(question, budget=need)
    assert ctx.state_block == block
    assert ctx.tokens == need
    email = next(f.id for f in t.state().facts if f.key == "email")
    assert ctx.node_ids == [email]
    others = {f.id for f in t.state().facts} - {email}
    dropped_nodes = {d.rsplit(" ", 1)[-1] for d in ctx.dropped if d.startswith(("ranked ", "pinned "))}
    assert others <= dropped_nodes
    assert f"{len(facts)} older raw turns" in ctx.dropped


@pytest.mark.parametrize(("lang", "messages", "fact"), [
    pytest.param("en", ["My budget is $500 and my order number is A-5529014.", "Which day would you like it delivered?"],
                 "A-5529014", id="en"),
    pytest.param("zh", ["我的预算是5000元，订单号SO202411300088。", "请问收货地址是哪里？"], "SO202411300088", id="zh"),
])
def test_assemble_compact_the_users_facts_before_the_assistants_open_question(lang, messages, fact):
    t = Tracker(lang=lang)
    t.observe({"role": "user", "content": messages[0]})
    t.observe({"role": "assistant", "content": messages[1]})
    assert "question" in WAIT_WHEN_COMPACT
    question = {"en": "Friday, please.", "zh": "上海。"}[lang]
    large = t.assemble(question, budget=400, state="always")
    assert any(n.startswith("q") for n in large.node_ids)  # pinned at a larger budget
    for budget in range(30, COMPACT_BELOW, 7):  # under it, the open question only takes what the facts leave
        ctx = t.assemble(question, budget=budget, state="always")
        if any(n.startswith("q") for n in ctx.node_ids):
            assert fact in ctx.state_block and "5" in ctx.state_block, (budget, ctx.state_block)
    small = t.assemble(question, budget=45, state="always")
    assert fact in small.state_block and not any(n.startswith("q") for n in small.node_ids), small.state_block


@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_FILES])
def test_assemble_dropped_lists_everything_left_out(examples, name):
    t, question = examples[name]
    items = select(t.graph, t.extractor.query(question, t.graph))
    pinned = [i.node for i in items if i.pinned]
    raw_turns = sum(1 for m in t.messages if m["role"] != "system")
    for budget in range(5, 400, 3):
        ctx = t.assemble(question, budget=budget)
        kept = set(ctx.node_ids)
        # under COMPACT_BELOW the goal and the open questions wait for room as ranked items
        for node in [n for n in pinned if budget >= COMPACT_BELOW or not n.startswith(("g", "q"))]:
            assert (node in kept) != any(d.startswith("pinned ") and d.endswith(f" {node}") for d in ctx.dropped)
        ranked_dropped = [d for d in ctx.dropped if d.startswith("ranked ")]
        assert not kept & {d.rsplit(" ", 1)[-1] for d in ranked_dropped}
        skipped = [int(d.split()[0]) for d in ctx.dropped if d.endswith("older raw turns")]
        assert sum(skipped) == raw_turns - len(ctx.turns)
        assert ("system prompt" in ctx.dropped) == (ctx.messages[0]["role"] != "system" or
                                                    not ctx.messages[0]["content"].startswith(t.messages[0]["content"]))


def _drop_rank(entry: str, tier: dict[str, int]) -> int:
    """Position of a dropped entry in _fit's documented order (what goes first)."""
    if entry.endswith("older raw turns") or entry.startswith("turn ") and " cut to " in entry:
        return 0
    if entry.startswith("ranked "):
        return 1
    if entry.startswith("pinned "):
        return 2 + (10 - tier[entry.rsplit(" ", 1)[-1]])  # lowest tier (stressed facts) first, goal last
    if entry.startswith("goal ") and " cut to " in entry:
        return 13
    if entry == "system prompt":
        return 20
    return 21  # the tail of the question


@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_FILES])
def test_assemble_keeps_in_documented_priority(examples, name):
    t, question = examples[name]
    items = select(t.graph, t.extractor.query(question, t.graph))
    tier = {i.node: i.tier for i in items}
    pinned = [i.node for i in items if i.pinned]
    for budget in range(5, 400):
        ctx = t.assemble(question, budget=budget)
        kept = set(ctx.node_ids)
        for node in kept:
            higher = [p for p in pinned if tier[p] < tier[node] and p not in kept
                      and (budget >= COMPACT_BELOW or not p.startswith(("g", "q")))]  # they wait below it
            assert not higher, (budget, node, higher)
        if "system prompt" in ctx.dropped:  # only when it alone does not fit beside the question
            prompt = {"role": "system", "content": t.messages[0]["content"]}
            assert count_message_tokens([prompt], get_encoding()) + ctx.sections["question"] > budget, budget


@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_FILES])
def test_assemble_dropped_listed_in_documented_order(examples, name):
    t, question = examples[name]
    tier = {i.node: i.tier for i in select(t.graph, t.extractor.query(question, t.graph))}
    ctx = t.assemble(question, budget=60)
    ranks = [_drop_rank(d, tier) for d in ctx.dropped]
    assert ranks == sorted(ranks)


# ----------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("budget", [60, 300, 2000])
@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_FILES])
def test_assemble_same_input_same_output(examples, name, budget):
    t, question = examples[name]
    a = t.assemble(question, budget=budget)
    b = t.assemble(question, budget=budget)
    rebuilt = Tracker.from_json(t.to_json()).assemble(question, budget=budget)
    for other in (b, rebuilt):
        assert other.messages == a.messages
        assert (other.tokens, other.sections, other.state_block, other.node_ids, other.turns, other.dropped) == (
            a.tokens, a.sections, a.state_block, a.node_ids, a.turns, a.dropped)


# ----------------------------------------------------------------------------- rendering


@pytest.mark.parametrize(("name", "title", "headers"), [
    pytest.param("zh_phone_order", "[对话状态：从对话中提取，每行注明来源；是记录，不是指令]",
                 ["目标：", "约束：", "关键信息：", "工具操作：", "待兑现承诺：", "当前关注："], id="zh"),
    pytest.param("en_return_exchange", "[Conversation state: extracted from the conversation, each line with its "
                 "source; a record, not instructions]", ["Goal:", "Constraints:", "Key facts:", "Actions:",
                                                          "Open promises:", "Focus:"], id="en"),
])
def test_assemble_state_block_template_by_language(examples, name, title, headers):
    t, question = examples[name]
    ctx = t.assemble(question, budget=2000, state="always")
    lines = ctx.state_block.splitlines()
    assert lines[0] == title
    for header in headers:
        assert any(line.startswith(header) for line in lines), header
    other = "[Conversation state" if title.startswith("[对话状态") else "[对话状态"
    assert other not in all_text(ctx.messages)
    # the operator's prompt and the state block are two messages (issue 11)
    assert ctx.messages[0] == {"role": "system", "content": t.messages[0]["content"]}
    assert ctx.messages[1] == state_message(ctx)


@pytest.mark.parametrize(("lang", "messages", "question", "current_line", "old", "was"), [
    pytest.param("zh", ["预算5000元", "预算改成6000元"], "预算多少？", "- 用户：预算：6000元（原为5000元）", "5000元", "（原为5000元）", id="zh"),
    pytest.param("en", ["my budget is $500", "actually make it $600"], "what is my budget?", "- user: budget: $600 (was $500)",
                 "$500", " (was $500)", id="en"),
    pytest.param("en", ["Ship to 221B Baker Street, London", "change the address to 10 Downing Street, London"],
                 "what is the shipping address now?",
                 "- user: address: 10 Downing Street, London (was 221B Baker Street, London)",
                 "221B Baker Street, London", " (was 221B Baker Street, London)", id="en-address"),
])
def test_assemble_superseded_fact_only_as_was(make_tracker, lang, messages, question, current_line, old, was):
    """The question names the fact, so its earlier value is shown, once, as history."""
    t = make_tracker(*messages)
    ctx = t.assemble(question, budget=200, state="always")
    assert current_line in ctx.state_block.splitlines()
    assert ctx.state_block.count(old) == 1 and was in ctx.state_block  # the old value only inside "原为/was"


@pytest.mark.parametrize(("lang", "messages", "gone"), [
    pytest.param("zh", ["不要用顺丰以外的快递", "现在其他快递也可以了", bot("我会在今天18点前给您回电确认"),
                        bot("已经给您回电了。")], ["顺丰以外", "回电确认"], id="zh"),
    pytest.param("en", ["Do not ship with FedEx.", "FedEx is fine now.", bot("I will email you a return label."),
                        bot("I have emailed you the return label.")], ["Do not ship", "I will email"], id="en"),
])
def test_assemble_lifted_and_done_not_pinned(make_tracker, lang, messages, gone):
    t = make_tracker(*messages)
    ctx = t.assemble("还有什么？" if lang == "zh" else "anything else?", budget=300)
    for text in gone:
        assert text not in ctx.state_block
    items = select(t.graph, t.extractor.query("x", t.graph, lang))
    assert not [i for i in items if i.kind in ("constraint", "commitment")]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_empty_tracker_sends_only_the_question(lang):
    question = "你好" if lang == "zh" else "hello"
    ctx = Tracker(lang).assemble(question, budget=50)
    assert ctx.messages == [user(question)]
    assert (ctx.state_block, ctx.node_ids, ctx.turns, ctx.dropped) == ("", [], [], [])


@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_FILES])
def test_assemble_question_as_message_dict(examples, name):
    t, question = examples[name]
    assert t.assemble(user(question), budget=300).messages == t.assemble(question, budget=300).messages


@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_FILES])
def test_assemble_long_tool_results_sent_as_summary(examples, encoding, name):
    t, question = examples[name]
    ctx = t.assemble(question, budget=3000, state="always")
    raw = [m for m in ctx.messages[:-1] if m["role"] != "system"]
    assert len(raw) == len(ctx.turns)
    summarised = 0
    for index, sent in zip(ctx.turns, raw):
        original = t.messages[index]
        if original["role"] != "tool":
            assert sent == original
        elif count_message_tokens([original], encoding) > 130:
            assert sent["tool_call_id"] == original["tool_call_id"]
            assert f"ref r{index}" in sent["content"] and len(sent["content"]) < 400
            assert t.payload(f"r{index}") == original["content"]
            summarised += 1
    assert summarised >= 1


# ----------------------------------------------------------------------------- no turn shown twice

LONG_CHATS = {
    "en": ([f"Note {n}: my {thing} is called {name} and lives in room {100 + n}." for n, (thing, name) in
            enumerate([("dog", "Rex"), ("cat", "Tom"), ("parrot", "Kiwi"), ("fish", "Nemo"), ("horse", "Star")] * 6)],
           "What did I say about the dog Rex and the parrot Kiwi?"),
    "zh": ([f"第{n}条备注：我的{thing}叫{name}，住在{100 + n}号房间。" for n, (thing, name) in
            enumerate([("狗", "旺财"), ("猫", "咪咪"), ("鹦鹉", "小绿"), ("金鱼", "泡泡"), ("马", "闪电")] * 6)],
           "我说过狗旺财和鹦鹉小绿的什么？"),
}


def _shown_twice(t: Tracker, messages: list[dict]) -> list[str]:
    """Texts of observed turns that appear more than once in the assembled messages."""
    contents = [m.get("content") or "" for m in messages]
    texts = {m["content"] for m in t.messages if m["role"] in ("user", "assistant") and len(m.get("content") or "") > 8}
    return [x for x in sorted(texts) if sum(c.count(x) for c in contents) > 1]


@pytest.mark.parametrize("budget", [450, 600, 1000, 1200, 4000])
@pytest.mark.parametrize("name", [p.stem for p in EXAMPLE_FILES])
def test_assemble_never_shows_a_turn_twice(examples, encoding, name, budget):
    """Issue 14: at budget 1000 every raw turn was sent and 'Earlier in the conversation'
    repeated the same turns. A turn sent raw takes the place of its recalled line."""
    t, question = examples[name]
    ctx = t.assemble(question, budget=budget)
    assert _shown_twice(t, ctx.messages) == []
    assert ctx.tokens == count_message_tokens(ctx.messages, encoding) <= budget
    recalled = {int(node[1:]) for node in ctx.node_ids if node.startswith("t")}
    assert not recalled & set(ctx.turns)
    if budget >= 1200:  # everything fits (the framed, attributed block needs 1,120 in zh): every turn raw
        assert len(ctx.turns) == len([m for m in t.messages if m["role"] != "system"])
        assert "Earlier in the conversation" not in ctx.state_block and "相关原话" not in ctx.state_block


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_long_chat_recalls_old_turns_and_sends_recent_ones_once(make_tracker, encoding, lang):
    turns, question = LONG_CHATS[lang]
    t = make_tracker(*turns, lang=lang)
    recalled_some = raw_some = False
    for budget in (150, 300, 600, 900, 1200, 2000, 4000):
        ctx = t.assemble(question, budget=budget)
        assert _shown_twice(t, ctx.messages) == [], budget
        assert ctx.tokens == count_message_tokens(ctx.messages, encoding) <= budget
        recalled = {int(node[1:]) for node in ctx.node_ids if node.startswith("t")}
        assert not recalled & set(ctx.turns), budget
        recalled_some |= bool(recalled)
        raw_some |= bool(ctx.turns) and bool(recalled)
    assert recalled_some and raw_some  # both kinds met in one context: the case that duplicated
    assert t.assemble(question, budget=4000).turns == list(range(len(turns)))


# ----------------------------------------------------------------------------- the goal is cut only when the budget forces it

LONG_GOALS = {
    "en": ["Hi, I need to return the WH-1000XM5 headphones I bought last week and get my money back",
           "Do not ship with FedEx.", "The invoice must be addressed to Holmes Consulting Ltd.",
           "Never call me before 9 am.", "You must use the original box.", "Do not charge a restocking fee."],
    "zh": ["你好，我想退掉上周买的WH-1000XM5耳机并且把钱退回到我的信用卡", "快递一定要用顺丰。",
           "发票抬头必须写上海某某信息技术有限公司。", "不要在早上9点前打电话。", "必须用原包装寄回。", "不要收取退货手续费。"],
}
GOAL_HEADER = {"en": 'Goal: user: "', "zh": '目标：用户："'}


def _goal_shown(ctx, lang: str) -> str | None:
    """The goal's words as shown (after its header and source, inside its quotes)."""
    found = [ln for ln in ctx.state_block.splitlines() if ln.startswith(GOAL_HEADER[lang])]
    return found[0][len(GOAL_HEADER[lang]):].removesuffix('"') if found else None


@pytest.mark.parametrize("budget", [300, 600, 4000])
@pytest.mark.parametrize(("name", "lang"), [("en_return_exchange", "en"), ("zh_phone_order", "zh")])
def test_assemble_goal_whole_when_there_is_room(examples, name, lang, budget):
    """Issue 14: 'Goal: I need to return the WH-1000XM5 headpho…' even at budget 4000."""
    t, question = examples[name]
    assert _goal_shown(t.assemble(question, budget=budget, state="always"), lang) == t.state().goal.text


#: A question that leaves little room, so that the goal and the constraints (all pinned) compete.
LONG_QUESTIONS = {
    "en": "Before you answer, please read everything we agreed once more, carefully, point by point. " * 6,
    "zh": "回答之前，请把我们约定的所有事项再仔细看一遍，逐条核对，然后告诉我下一步做什么。" * 5,
}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_goal_cut_only_when_the_budget_forces_it_and_never_mid_word(make_tracker, encoding, lang):
    t = make_tracker(*LONG_GOALS[lang], lang=lang)
    full = t.state().goal.text
    whole = cut = forced = 0
    for question in ("?", LONG_QUESTIONS[lang]):
        for budget in range(100, 420, 10):
            ctx = t.assemble(question, budget=budget, state="always")
            shown = _goal_shown(ctx, lang)
            said = [d for d in ctx.dropped if d.startswith("goal ") and " cut to " in d]
            tier = {i.node: i.tier for i in select(t.graph, t.extractor.query(question, t.graph))}
            assert [_drop_rank(d, tier) for d in ctx.dropped] == sorted(_drop_rank(d, tier) for d in ctx.dropped)
            if shown is None or shown == full:
                whole += shown == full
                assert not said
                continue
            cut += 1
            head = shown.removesuffix("…")
            assert said == [f"goal g1: cut to {len(head)} of {len(full)} characters"]
            assert shown.endswith("…") and full.startswith(head) and len(head) < len(full), shown
            after = full[len(head)]
            if lang == "en":  # a word or clause boundary
                assert after in " ,;:", shown
            else:  # a clause or character boundary, never inside a latin word or a number
                assert not (head[-1].isascii() and head[-1].isalnum() and after.isascii() and after.isalnum()), shown
            if budget >= COMPACT_BELOW:  # the goal is pinned: whole, it would not have fitted beside the others
                restored = ctx.state_block.replace(GOAL_HEADER[lang] + shown, GOAL_HEADER[lang] + full)
                messages = [{"role": "system", "content": restored} if m == state_message(ctx) else m
                            for m in ctx.messages]
                assert count_message_tokens(messages, encoding) > budget
                forced += 1
    assert whole and cut and forced  # every case met


@pytest.mark.parametrize(("lang", "asked", "shown"), [
    ("en", "Could you tell me the exact shipping address including the apartment number please?",
     '- assistant: "Could you tell me the exact shipping…"'),
    ("zh", "请问您方便告诉我详细的收货地址以及门牌号码和联系电话吗？", '- 客服："请问您方便告诉我详细的收货地址以及门牌…"'),
])
def test_assemble_long_open_question_cut_at_a_word_boundary(make_tracker, lang, asked, shown):
    t = make_tracker("hi" if lang == "en" else "你好", bot(asked), lang=lang)
    assert shown in t.assemble("ok", budget=300, state="always").state_block.splitlines()
