"""The bare-picks step: a zh reply that opens with one word of the choices the assistant just gave (issue 19, miss31zh).

The pick steps read a reply that names an option with a pointer ("大包间那个"), a place in a list ("第二个"), or a
clause the option lists split cleanly. Many replies do none of that: they open with the word alone, an accepting
lead before it and a particle after ("常规。", "线装 宣纸那种", "半盔就行，要粉色的", "大包嘛 第二轮", "就第一种嘛",
"用718的那个吧", "包钢个好 牢一点"), answering a message that offered choices in prose no reader split ("常规5个
工作日出证书…加急3个工作日需加30%", "请问是线装还是精装？", "我们常用两种：1. P20 钢…；2. 718H 钢…"). Here the
first clause of the reply, when it is only such a word and the assistant's last message says the word among
choices (an alternatives cue in the message, or a part of it said like another part: "包钢加固约1.2万元，碳纤维加固
约8500元"), is the pick: a ``choice_t<turn>`` fact holding the user's words, as the other pick steps key it.

Not read: a pick the message puts off ("加厚款吧，我再跟老公商量下"), a clause that asks or is asked about right after
it ("大号？", "加急 哪个快？"), a yes or no ("确认", "没有", "可以"), a word that denies ("不用"), a day or a time (the
slot and date steps read those), a kind of detail the assistant asked for ("订单号", "邮箱": a request to give, no
choice), a message that takes it back later ("下午的吧 不对 …"), a word a fact of this message holds already (another
step read the pick), and a message another pick step made a pick of this offer in.

A later message that leaves such a pick behind retracts it (step ``bare_stale``): a fact that held the picked word
takes another value ("零担" booked, then changed to "4.2米整车"), or a fact takes a word the same offer said for
another choice ("中房啦" …, then the booking's ``room: 大房`` of "中房…，或者大房…").

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "assistant", "content": "合计1460元，常规5个工作日出证书，7月20日前来得及。加急3个工作日需加30%。"},
...                 {"role": "user", "content": "常规。卡尺那边我再数一下"}])
>>> [(f.name, f.value) for f in t.state().facts if f.status == "current"]
[('choice', '常规')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, RetractUnit, _Unit
from .context import MessageContext
from .notchosen import put_off_until
from .registry import step

# the reply's first clause: an accepting lead, the word, a particle or an accepting tail
_BARE = re.compile(r"^\s*(?:(?:好的|好|嗯|哦|行|对|那就|咁就|那|就要|就|用|选|来)\s*)*"
                   r"(?P<said>(?P<word>[\u4e00-\u9fff]{2,5}?|[A-Za-z0-9][A-Za-z0-9+.-]{0,7}|[A-Za-z0-9]{1,6}[\u4e00-\u9fff]{1,3})"
                   r"(?:的那个|的那种|的|那个|那种)?(?:就行|就好|就可以|也行|也可以|好了|个好)?)"
                   r"(?:吧|嘛|啦|呗|呀)?\s*$")
#: an offer is read for parts said alike up to this many parts (a choice is offered early in a message)
MAX_PARTS = 40
# where the first clause ends
_CLAUSE_END = re.compile(r"[，,。！!？?；;…\s~～]")
# what the assistant's message says to offer choices: "A还是B", "或者", "有两种", "两款", a numbered list
_CHOICES = re.compile(r"[两三四几]种|[两三四几]款|[两三四几]档|[两三四几]类|[①②③]|(?:^|[\s：:；;，,。])[1-3][.．)）、]")
#: (fix36) "A还是B", "A或者B": the word must stand in the alternatives (the part holding the cue, or the part right
#: before one opening with it: "要线装，还是精装？"), not elsewhere in the message ("您好，请问您是自取还是送货？")
_ALTERNATIVES = re.compile(r"还是|或者")
#: (fix36) a greeting or a form of address opens a reply, it picks nothing ("您好，我想先问一下", "师傅，能早点来吗")
_ADDRESS = re.compile(r"^(?:您好|你好|你们好|大家好|师傅|老师|老板|医生|大夫|亲|客服|小姐|先生|美女|帅哥|同志)$")
# an offer's parts (one option each, in prose)
_PART_END = re.compile(r"[，,；;。：:！!？?\n]")
# a yes, a no, a denial, a filler: no pick
_NOT_A_PICK = re.compile(r"^(?:确认|确定|可以|没有|没|有|是|是的|对的|好的|不用|不要|要的|需要|能|定了|提交|取消|接受|能接受|知道|"
                         r"明白|收到|谢谢|这个|那个|一样|都行|随便|都可以)$|^[不没别无]")
# a day, a date or a time: the slot and date steps read these
_WHEN = re.compile(r"\d+\s*[号日月点:：]|[周礼拜星期][一二三四五六日天末]|礼拜|星期|今天|明天|后天|大后天|上午|下午|晚上|中午|早上|凌晨|"
                   r"傍晚|[上下]半天|[上下]昼|朝早|[一二三四五六七八九十两]+[号日点]")
# a part of the assistant's message that asks the user to give a detail (订单号, 邮箱), not to choose
_ASKS_TO_GIVE = re.compile(r"提供|发一下|发给我|发我|告诉我|留一下|留个|留一个|请留|填写|报一下|发到您|发您")
# a take-back or change later in the message: another step reads what it settles on
_TAKEN_BACK = re.compile(r"不对|不是|算了|哦不|改成|改到|换成|还是")
# words that ask ("电话多少", "哪个好")
_ASKING = re.compile(r"哪|什么|多少|几|吗|呢|么|咋|怎")
# the sentence goes on to ask which or how much right after the pick
_ASKS_WHICH = re.compile(r"哪|什么|多少|几|区别|还是")


def bare_word(clause: str) -> tuple[str, str] | None:
    """(the user's words, the word picked) when ``clause`` is only a word with an accepting lead and tail.

    >>> bare_word("就第一种嘛"), bare_word("半盔就行"), bare_word("用718的那个吧"), bare_word("包钢个好")
    (('第一种', '第一种'), ('半盔就行', '半盔'), ('718的那个', '718'), ('包钢个好', '包钢'))
    >>> bare_word("确认"), bare_word("不用"), bare_word("周六上午吧"), bare_word("电话多少")
    (None, None, None, None)
    """
    m = _BARE.match(clause)
    if m is None or _NOT_A_PICK.search(m.group("word")) or _WHEN.search(m.group("said")) or _ASKING.search(m.group("said")):
        return None
    return m.group("said"), m.group("word")


def named_in(word: str, offer: str) -> str:
    """The name ``offer`` gives the thing ``word`` picks: the word and the nouns (or nouns of a verb, "评估") that go on
    from it, "" when it is the word alone or a Latin word (a letter is in many names: "套餐B" beside "B超").

    >>> o = "简易咨询报告300元，正式评估报告按评估值0.1%收费。"
    >>> named_in("正式", o), named_in("常规", "常规5个工作日出证书"), named_in("B", "腹部B超；套餐B480元")
    ('正式评估报告', '', '')
    """
    from .._nlp import chinese_doc

    at = offer.find(word)
    if at < 0 or not re.search(r"[\u4e00-\u9fff]", word):
        return ""
    end = at + len(word)
    for t in chinese_doc(offer[at:at + 20]):
        if t.idx < len(word):
            end = max(end, at + t.idx + len(t.text))
            continue
        if not t.tag_.startswith(("n", "f", "j", "s", "vn")):
            break
        end = at + t.idx + len(t.text)
    return offer[at:end] if end > at + len(word) else ""


def _parallel_part(offer: str, word: str) -> bool:
    """A part of ``offer`` holding ``word`` is said like another part: the two share two Chinese characters besides
    the word ("包钢加固约1.2万元" and "碳纤维加固约8500元": 加固约元).

    >>> _parallel_part("开一个门洞：包钢加固约1.2万元，碳纤维加固约8500元。", "包钢")
    True
    >>> _parallel_part("好的，维修结束后把书面报告发到您邮箱。", "邮箱")
    False
    """
    parts = [p for p in _PART_END.split(offer, maxsplit=MAX_PARTS) if p.strip()][:MAX_PARTS]
    mine = [set(re.findall(r"[\u4e00-\u9fff]", p.replace(word, ""))) for p in parts if word in p][:3]
    theirs = [set(re.findall(r"[\u4e00-\u9fff]", p)) for p in parts if word not in p]
    return any(len(a & b) >= 2 for a in mine for b in theirs)


def offers_word(offer: str, word: str) -> bool:
    """``offer`` (the assistant's last message) says ``word`` among choices it gives, not as a detail it asks for.

    >>> offers_word("请问是线装还是精装？", "线装"), offers_word("我们常用两种：1. P20 钢；2. 718H 钢。", "718")
    (True, True)
    >>> offers_word("请提供手机的IMEI或者SN。", "IMEI"), offers_word("您好，请问是续订吗？", "续订")
    (False, False)
    """
    at = offer.find(word)
    if at < 0 or word.isdigit() and (at > 0 and offer[at - 1].isdigit() or offer[at + len(word):at + len(word) + 1].isdigit()):
        return False  # (a piece of a longer number names nothing)
    if _ADDRESS.match(word) or any(word in sentence and _ASKS_TO_GIVE.search(sentence)
                                   for sentence in re.split(r"[。！!？?\n]", offer)):
        return False
    return bool(_CHOICES.search(offer)) or _parallel_part(offer, word) or _among_alternatives(offer, word)


def _among_alternatives(offer: str, word: str) -> bool:
    """(fix36) Whether ``word`` stands in the alternatives ``offer`` gives with 还是 / 或者: in the part holding the cue
    (or the part right before a part that opens with it) or a part after it, where the choices are told on ("单位是国企
    还是民营企业？…，民企的话存到人才市场"); not in a part before them (a greeting: "您好，请问…自取还是送货？").

    >>> _among_alternatives("您要线装，还是精装？", "线装"), _among_alternatives("您好，请问您是到店自取还是送货上门？", "您好")
    (True, False)
    >>> _among_alternatives("师傅明天上午或下午上门，请保持电话畅通。", "电话")
    False
    """
    parts = [p for p in _PART_END.split(offer, maxsplit=MAX_PARTS) if p.strip()][:MAX_PARTS]
    first = next((i for i, part in enumerate(parts) if _ALTERNATIVES.search(part)), None)
    if first is None:
        return False
    if _ALTERNATIVES.match(parts[first].strip()):
        first = max(0, first - 1)  # "您要线装，还是精装？": the part before holds the first alternative
    return any(word in part for part in parts[first:])


def _opening(text: str) -> str:
    """The first clause of ``text`` (up to a comma, a stop, a question mark or a space)."""
    end = _CLAUSE_END.search(text)
    return text[:end.start()] if end else text


def _opening_pick(text: str) -> tuple[str, str] | None:
    """(the user's words, the word) a message opening with a bare pick says, as :func:`bare_word` reads its first clause.

    >>> _opening_pick("半盔就行，要粉色的。"), _opening_pick("粉色的要不要加钱")
    (('半盔就行', '半盔'), None)
    """
    return bare_word(_opening(text))


@step("bare_picks", roles=("user",))
def bare_picks(ctx: MessageContext) -> list[_Unit]:
    """The pick a zh reply opens with by a bare word of the assistant's choices, as a ``choice_t<turn>`` fact."""
    offer = ctx.assistant_before
    if not offer or ctx.lang != "zh":
        return []
    clause = _opening(ctx.text)
    found = bare_word(clause)
    if found is None:
        return []
    said, word = found
    lead = clause[:clause.find(said)].rstrip()
    if lead and lead[-1] + word in offer:
        return []  # the lead was the word's first letter ("对讲机": not 对 + 讲机)
    rest = ctx.text[len(clause):]
    if put_off_until(ctx.text, ctx.lang) > 0:
        return []  # "加厚款吧，我再跟老公商量下": put off, no pick yet
    given = rest.lstrip()[:1]
    if given in ("?", "？") or given.isascii() and given.isalnum() or _TAKEN_BACK.search(rest) or not offers_word(offer, word):
        return []  # (a question; a detail given right after its kind, "邮箱 a@b.com"; a take-back later)
    sentence = re.split(r"[。！!？?\n]", rest, maxsplit=1)[0]
    if re.search(r"[？?]", rest[len(sentence):len(sentence) + 1]) and _ASKS_WHICH.search(sentence):
        return []
    turn = ctx.graph.nodes[ctx.graph.graph["last_turn"]]["index"]
    facts = ctx.units_of(FactUnit)
    if any(u.key == f"choice_t{turn}" or word in u.value for u in facts):
        return []  # another step read this pick, or a value of it
    name = named_in(word, offer)  # the name the offer gives it ("正式的 (正式评估报告)")
    value = f"{said} ({name})" if name and name not in said else said
    return [FactUnit(key=f"choice_t{turn}", name="choice", value=value, correction=ctx.correcting, stressed=ctx.stressed)]


def _bare_word_of(value: str, offer: str) -> str | None:
    """The word of ``offer`` a bare pick's ``value`` holds (the user's words, before the offer's name in brackets),
    None for a value that is no bare pick.

    >>> _bare_word_of("半盔就行", "头盔有两款：半盔89元，全盔159元"), _bare_word_of("大包间那个吗", "小包间和大包间")
    ('半盔', None)
    """
    found = bare_word(value.split(" (")[0])
    return found[1] if found and found[1] in offer else None


def _other_choice(value: str, offer: str, word: str) -> bool:
    """``value`` is a word ``offer`` says for another choice than ``word``'s: no digit in it, said in the sentence of the
    word, once in the offer, at most 40 characters away with a choice mark between ("…中房（6到10人），或者大房（10到15人）"), and not as
    a modifier of the lead-in ("内外景套系的外景可选玄武湖、紫金山或者老门东").

    >>> offer = "8人可以订中房（6到10人，398元），或者大房（10到15人，598元）。"
    >>> _other_choice("大房", offer, "中房"), _other_choice("598元", offer, "中房"), _other_choice("中房", offer, "中房")
    (True, False, False)
    >>> _other_choice("内外景套系", "内外景套系的外景可选玄武湖、紫金山或者老门东，三选一。", "老门东")
    False
    """
    if not 2 <= len(value) <= 8 or re.search(r"\d|\s", value) or word in value or value in word or offer.count(value) != 1:
        return False  # (a word every option says, "二等座", is no other choice)
    for sentence in re.split(r"[。！!？?\n]", offer):
        at, mine = sentence.find(value), sentence.find(word)
        if at < 0 or mine < 0 or sentence[at + len(value):at + len(value) + 1] == "的":
            continue
        between = sentence[min(at + len(value), mine + len(word)):max(at, mine)]
        if len(between) <= 40 and re.search(r"或者|还是|或|[、，,；;]", between):
            return True
    return False


@step("bare_stale", roles=("user", "assistant"), needs_text=False)
def bare_stale(ctx: MessageContext) -> list[_Unit]:
    """Bare picks the messages since have left behind: a fact made since whose value was the picked word took another
    value, or a fact made since holds a word the pick's offer said for another choice; the pick is retracted (a tool's
    result is read at the next message: no step runs after it on a tool message)."""
    if ctx.lang != "zh":
        return []
    G, out = ctx.graph, []
    picks = []
    for key, fid in G.graph["current_fact"].items():
        if str(key).startswith("choice_t"):
            d = G.nodes[fid]
            offer = G.nodes.get(f"t{str(d['key'])[len('choice_t'):]}", {}).get("text") or ""
            word = _bare_word_of(str(d.get("value") or ""), offer)
            said = str(G.nodes.get(f"t{d.get('turn')}", {}).get("text") or "")
            if word and _opening_pick(said) == (str(d.get("value")).split(" (")[0], word):  # a pick this step made
                picks.append((fid, d.get("turn") or 0, offer, word))
    if not picks:
        return []
    since = [(n, d) for n, d in g.nodes_of(G, "fact") if not str(d.get("key")).startswith("choice_t")]
    for fid, turn, offer, word in picks:
        for n, d in since:
            if (d.get("turn") or 0) <= turn:
                continue
            value = str(d.get("value") or "")
            if d.get("status") == "superseded" and value.strip() == word and not _kept_by_successor(G, n, word) or \
                    d.get("status") == "current" and _other_choice(value.strip(), offer, word):
                out.append(RetractUnit(fact=fid))
                break
    return out


def _kept_by_successor(G, fact: str, word: str) -> bool:
    """A fact that superseded ``fact`` still holds ``word`` (the value restated with more: "感统亲子课" -> "感统亲子课 周三")."""
    return any(k == "supersedes" and word in str(G.nodes[new].get("value") or "") for new, _, k in G.in_edges(fact, keys=True))
