"""The echoed-picks step: a zh pick said by repeating a word of the assistant's offer before 那个 / 那班.

The picks, slot_picks and choose steps match a reply against the options they split out of the
assistant's last message. Many offers are prose no reader splits: two rooms described in one
sentence ("小包间坐8人，大包间坐14人"), two courses each with its own dates and price, a single place
("离您最近的是上塘路店"), two departures said twice ("6号那班11号到，8号那班13号到"). The user's reply
picks one the same way whatever the offer's shape: a word of the offer, then 那个 / 那班 / 那趟
("大包间那个", "8号那班吧", "就上塘路那个"). A clause of the reply that is only that (an accepting
word before or after it at most), whose word the assistant's last message says, is the pick: a
``choice_t<turn>`` fact with the user's words and the name the offer gives the thing, unless a
fact of this message already holds the word (another step read the pick, or a value of it that a
later change would leave the pick's copy behind of). A clause that asks ("大号那个多少钱", "河边那个
哪个近？"), declines ("芯片那个太贵了") or goes on about it is no such clause, nor one the message
puts off ("带蓝牙那款吧，我再跟老公商量下"); a word the assistant did not say ("西湖那个小区") picks
nothing.

A booking call whose arguments name another thing of the same offer (the pick "师范大学那个", then
``register(site="洪山区语委")`` where the offer named both sites) leaves the pick behind (step
``echoed_stale``): it is retracted. (miss19) A later user message that takes another option of the offer ("还是芯片那个吧",
"帮我订玻璃房", "换小的吧") moves a pick whose words echo the offer, whichever step made it, to that option.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "assistant", "content": "暑假班7月10号到8月20号，每天上午，3200元；另外有周末班，每周六上课，4800元。"},
...                 {"role": "user", "content": "暑假那个吧。午饭不用管"}])
>>> [(f.name, f.value) for f in t.state().facts if f.status == "current"]
[('choice', '暑假那个 (暑假班)')]
"""

from __future__ import annotations

import re

from .._units import ActionUnit, FactUnit, RetractUnit, _Unit
from .context import MessageContext
from .notchosen import put_off_until
from .registry import step
from .text import sub_clauses

# a clause that is only a pick by an echoed word: accepting words around "<word>(的)那个" (miss28zh: Cantonese "<word>(嘅)嗰个")
_ECHO = re.compile(r"^\W*(?:好的?|嗯|行|那就|那|咁就|咁|就|还是|选|要)*\s*(?P<said>(?P<word>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?:的|嘅)?[那嗰](?:个|班|趟|款|种|套|家|期|场|间))"
                   r"\s*(?:吧|啦|呗|就行|就好|可以)?\W*$")
# where the sentence ends, and words that ask
_SENTENCE_END = re.compile(r"[。.!！?？\n]")
_ASKS = re.compile(r"哪|什么|多少|几|吗|呢|么|是不是|有没有|能不能|可不可以|怎么")
# the parts of speech a name goes on with after the echoed word (nouns, places, localisers, abbreviations)
_NAME_TAGS = ("n", "f", "j", "s")
# a word that points or fills and names nothing of the offer ("这", "就是", "还是"), or asks ("哪", "多少")
_NO_WORD = re.compile(r"^(?:[这那就是还要选的一个好嗯]|还是|就是)+$|哪|什么|多少|几")


def echoed_word(clause: str, offer: str) -> tuple[str, str] | None:
    """(the user's words of the pick, the word echoed) when ``clause`` picks by a word ``offer`` says.

    >>> echoed_word("8号那班吧", "8月6号和8月8号各有一班，6号那班11号到，8号那班13号到。")
    ('8号那班', '8号')
    >>> echoed_word("就上塘路那个", "离大关最近的是我们上塘路店")
    ('上塘路那个', '上塘路')
    >>> echoed_word("大号那个多少钱", "有大号和小号"), echoed_word("西湖那个小区", "请问您家地址是？")
    (None, None)
    """
    m = _ECHO.match(clause.strip())
    if m is None or _NO_WORD.search(m.group("word")) or m.group("word") not in offer:
        return None
    return m.group("said"), m.group("word")


def _asks_on(rest: str) -> bool:
    """The sentence goes on asking right after the pick ("大号那个？", "河边那个 哪个离停车场近？"); a question of a
    later clause that asks nothing of the options ("大包间那个 10个人 大概7点到11点？": a time proposed) is none.

    >>> _asks_on("？"), _asks_on(" 哪个离停车场近？"), _asks_on(" 大概7点到11点？不过别太晚")
    (True, True, False)
    """
    m = _SENTENCE_END.search(rest)
    if m is None or m.group(0) not in "?？":
        return False
    said = rest[:m.start()].strip()
    return not said or bool(_ASKS.search(said))


def offered_name(word: str, offer: str) -> str:
    """The name the offer gives the thing ``word`` echoes: the word and the nouns that go on from it ("河畔" in
    "阳朔河畔度假酒店 亲子家庭房" names "河畔度假酒店"; a verb goes on only into a noun), "" when it is the word alone.

    >>> offered_name("河畔", "②阳朔河畔度假酒店 亲子家庭房860元/晚"), offered_name("最低", "最低基数每月约1250元")
    ('河畔度假酒店', '最低基数')
    >>> offered_name("大包间", "大包间坐14人"), offered_name("8号", "6号那班11号到，8号那班13号到")
    ('', '')
    """
    from .._nlp import chinese_doc

    at = offer.find(word)
    end = at + len(word)
    tokens = [t for t in chinese_doc(offer) if t.idx + len(t.text) > at]
    for n, t in enumerate(tokens):
        if t.idx < at + len(word):
            end = max(end, t.idx + len(t.text))
            continue
        after = tokens[n + 1].tag_ if n + 1 < len(tokens) else ""
        if not (t.tag_.startswith(_NAME_TAGS) or t.tag_ == "v" and after.startswith("n")):
            break
        end = t.idx + len(t.text)
    return offer[at:end] if end > at + len(word) else ""


@step("echoed_picks", roles=("user",))
def echoed_picks(ctx: MessageContext) -> list[_Unit]:
    """The user's pick by a word of the assistant's last message, as a ``choice_t<turn>`` fact."""
    offer = ctx.assistant_before
    if not offer or ctx.lang != "zh":
        return []
    turn = ctx.graph.nodes[ctx.graph.graph["last_turn"]]["index"]
    facts = ctx.units_of(FactUnit)
    if any(u.key == f"choice_t{turn}" for u in facts):
        return []
    # (a space after Latin or digits parts clauses too: "大包间那个 10个人小的坐不下")
    pieces = [(offset + m.start(), m.group(0)) for offset, clause in sub_clauses(ctx.text) for m in re.finditer(r"\S+", clause)]
    until = put_off_until(ctx.text, ctx.lang)  # "带蓝牙那款吧，我再跟老公商量下": put off, no pick yet
    for offset, clause in pieces:
        if offset < until:
            continue
        found = echoed_word(clause, offer)
        if found is None or _asks_on(ctx.text[offset + len(clause):]):
            continue
        said, word = found
        if any(word in u.value for u in facts):
            return []  # another step read this pick, or a value of it another step keeps
        name = offered_name(word, offer)
        value = f"{said} ({name})" if name else said
        return [FactUnit(key=f"choice_t{turn}", name="choice", value=value, correction=ctx.correcting, stressed=ctx.stressed)]
    return []


def _echoed(value: str, offer: str) -> str | None:
    """The word an echoed pick's value repeats, None for a pick another step made of ``offer`` (choose's "周日那个 (周日)"
    and slot_picks' keep the option as they said it; settle.py settles those).

    >>> offer = "寒假集训7800元；另外有周末班，9600元。"
    >>> _echoed("寒假那个 (寒假集训)", offer), _echoed("寒假那个 (寒假集训7800元)", offer)
    ('寒假', None)
    """
    m = _ECHO.match(value.split(" (")[0])
    found = echoed_word(m.group(0), offer) if m else None
    if found is None:
        return None
    said, word = found
    name = offered_name(word, offer)
    return word if value == (f"{said} ({name})" if name else said) else None


def _echo_of(value: str, offer: str) -> str | None:
    """The word of ``offer`` a pick's words echo, whichever step made the pick ("大包间那个 (大包间坐14人，最低消费)").

    >>> _echo_of("大包间那个 (大包间坐14人，最低消费)", "小包间坐8人；大包间坐14人，最低消费1500元。")
    '大包间'
    """
    found = echoed_word(value.split(" (")[0], offer)
    return found[1] if found else None


def _named_apart(arg: str, offer: str, word: str) -> bool:
    """``arg`` (a call's argument) is a name ``offer`` says and that is not the echoed thing's.

    >>> offer = "本市有两个考点：江城师范大学考点（5月15日）和洪山区语委考点（5月22日）。"
    >>> _named_apart("洪山区语委", offer, "师范大学"), _named_apart("师范大学考点", offer, "师范大学")
    (True, False)
    """
    if len(arg) < 2 or re.search(r"[^\u4e00-\u9fff]", arg) or word in arg or arg not in offer:
        return False
    return arg not in offered_name(word, offer)


# a word that takes what follows it ("帮我订玻璃房", "换9号那班", "还是芯片那个吧"), one that adds a second thing beside the
# first ("琴叶榕也来一盆"), and the pronoun an echo ends in
_TAKE = re.compile(r"换成?|改成?|改订|还是|那就|订|选|要")
_ADDS = re.compile(r"也|再|还要|另外|加")
_ECHO_END = re.compile(r"(?:的|嘅)?[那嗰](?:个|班|趟|款|种|套|家|期|场|间)")
# where an offer's parts end: one option each in prose ("草坪区能坐40人，玻璃房能坐25人")
_PART_END = re.compile(r"[，,；;。：:！!\n]")


def _parallel(offer: str, word: str, other: str) -> bool:
    """Another option is said like the echoed one: a part of ``offer`` names ``other`` and not ``word``, a part names
    ``word`` and not ``other``, and the two parts share two Chinese characters besides their names (an add-on said
    after the options, "住宿每月800元另算", shares only 月 with "寒假集训1月18号到2月8号").

    >>> offer = "周日有两个场地：草坪区能坐40人，玻璃房能坐25人，都含布置。"
    >>> _parallel(offer, "草坪", "玻璃房"), _parallel(offer, "草坪", "周日")
    (True, False)
    >>> _parallel("寒假集训1月18号到2月8号，7800元。住宿每月800元另算。", "寒假", "住宿")
    False
    """
    parts = [p for p in _PART_END.split(offer) if p]
    mine = [set(re.findall(r"[\u4e00-\u9fff]", p.replace(word, ""))) for p in parts if word in p and other not in p]
    theirs = [set(re.findall(r"[\u4e00-\u9fff]", p.replace(other, ""))) for p in parts if other in p and word not in p]
    return any(len(a & b) >= 2 for a in mine for b in theirs)


def _longest_in(text: str, offer: str, *, tail: bool) -> str:
    """The longest piece (2-8 characters) of ``text``'s end (``tail``) or start that ``offer`` says, "" when none.

    >>> _longest_in("想想还是芯片", "防盗芯片钥匙80元", tail=True), _longest_in("玻璃房吧", "玻璃房能坐25人", tail=False)
    ('芯片', '玻璃房')
    """
    for n in range(min(8, len(text)), 1, -1):
        piece = text[-n:] if tail else text[:n]
        if piece in offer and not re.search(r"\s", piece):
            return piece
    return ""


def other_option(clause: str, offer: str, word: str) -> str | None:
    """The value of the pick ``clause`` makes of another option of ``offer`` than the echoed ``word``'s: the option
    echoed ("还是芯片那个吧"), asked for after a taking word ("帮我订玻璃房", when it is said like the echoed one), or
    a size word for it ("换小的吧" where the offer says 小号 beside the picked 大号); None when the clause takes nothing
    else of the offer (the same option, a second one added, another word).

    >>> other_option("还是芯片那个吧", "普通铜钥匙10元一把，防盗芯片钥匙80元一把。", "普通")
    '芯片那个 (芯片钥匙)'
    >>> other_option("换小的吧", "有大号和小号，大号能装60升。", "大号")
    '小的 (小号)'
    >>> other_option("帮我订玻璃房", "周日有两个场地：草坪区能坐40人，玻璃房能坐25人。", "草坪")
    '玻璃房'
    >>> offer = "周日有两个场地：草坪区能坐40人，玻璃房能坐25人。"
    >>> other_option("就周日吧", offer, "草坪"), other_option("不要玻璃房", offer, "草坪"), other_option("对 就周二那趟", "周二那趟早上8点出发，周四那趟下午3点出发", "周二")
    (None, None, None)
    """
    name = offered_name(word, offer) or word
    for m in _ECHO_END.finditer(clause):
        other = _longest_in(clause[:m.start()], offer, tail=True)
        if other and _cut_number(clause, m.start() - len(other), m.start()):
            continue  # (miss30zh) "1480那个" holds the "80" of the offer's "1680元": a piece of a number names nothing
        if other and not _same(other, word, name):
            found = offered_name(other, offer)
            return f"{other}{m.group(0).lstrip('的')} ({found})" if found else f"{other}{m.group(0).lstrip('的')}"
    for m in _TAKE.finditer(clause):
        rest = clause[m.end():]
        if clause[:m.start()].endswith(("不", "别", "没")):
            continue  # "不要住宿" declines
        if re.match(r"[\u4e00-\u9fff]的", rest) and rest[0] != word[0] and rest[0] + word[1:] in offer:
            return f"{rest[:2]} ({rest[0]}{word[1:]})"
        other = _longest_in(rest, offer, tail=False)
        if other and not _same(other, word, name) and _parallel(offer, word, other):
            found = offered_name(other, offer)
            return f"{other} ({found})" if found else other
    return None


def _cut_number(text: str, start: int, end: int) -> bool:
    """(miss30zh) Whether ``text[start:end]`` begins or ends inside a number (a digit beside its edge digit).

    >>> _cut_number("1480那个", 2, 4), _cut_number("1480那个", 0, 4), _cut_number("芯片那个", 0, 2)
    (True, False, False)
    """
    return bool(start > 0 and text[start].isdigit() and text[start - 1].isdigit()
                or end < len(text) and text[end - 1].isdigit() and text[end].isdigit())


def _same(other: str, word: str, name: str) -> bool:
    """``other`` names the echoed option again, or nothing ("就是", "哪")."""
    return other in name or word in other or bool(_NO_WORD.search(other))


def _taken_instead(ctx: MessageContext, offer: str, word: str) -> str | None:
    """The value of the pick a user's message makes of another option of the offer (see :func:`other_option`), None
    when no clause does or the clause asks about it or adds it beside the first ("小教室有白板吗？", "琴叶榕也来一盆")."""
    for offset, clause in sub_clauses(ctx.text):
        if _ADDS.search(clause) or ctx.asking(offset):
            continue
        for at, piece in ((offset + m.start(), m.group(0)) for m in re.finditer(r"\S+", clause)):
            value = other_option(piece, offer, word)
            if value and not ctx.asking(at):
                return value
    return None


@step("echoed_stale", roles=("user", "assistant"), needs_text=False)
def echoed_stale(ctx: MessageContext) -> list[_Unit]:
    """Echoed picks a later message leaves behind: the user takes another option of the same offer (the pick moves
    to it), or a booking call's arguments name another thing of the offer (the pick is retracted)."""
    args = [v.strip() for a in ctx.units_of(ActionUnit) for v in a.arguments.values() if isinstance(v, str)]
    user = ctx.role == "user" and ctx.lang == "zh" and bool(ctx.text) \
        and bool(_TAKE.search(ctx.text) or _ECHO_END.search(ctx.text))  # (cheap: most messages take nothing)
    if not args and not user:
        return []
    G, out = ctx.graph, []
    for key, fid in G.graph["current_fact"].items():
        d = G.nodes[fid]
        if not str(d.get("key")).startswith("choice_t"):
            continue  # only a pick holds an option of an offer
        offer = G.nodes.get(f"t{str(d['key'])[len('choice_t'):]}", {}).get("text") or ""
        word = _echoed(str(d["value"]), offer)
        if word and any(_named_apart(a, offer, word) for a in args):
            out.append(RetractUnit(fact=fid))
        word = word or _echo_of(str(d["value"]), offer)
        if word and user and (value := _taken_instead(ctx, offer, word)):
            out.append(FactUnit(key=str(d["key"]), name="choice", value=value, correction=True))
    return out
