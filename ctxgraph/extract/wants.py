"""The wants step: what the user came for, said in the opening, as a fact.

A customer-service chat opens with the deed the user wants done and the thing it is about:
"想拍婚纱照", "空调要清洗，家里三台挂机", "年检快到期了，想找你们代办", "I need a DJ for my parents'
40th". Annotators write these down ("婚纱照", "年检", "40th"), yet no slot word names them. Every
sentence of the user's opening that holds one of the pack's ``wants`` cues (a verb of wanting or
needing, an imperative "帮我…", a want asked of the service: "你们能代办吗", "could you…?") becomes
one ``want`` fact, the sentence as said, with its greeting, its plain questions ("周末有班吗？") and the
values said in it masked (they are facts of their own and may change). Clauses taken back or
corrected in the same message are left out. Later, a change of what the user wants (the pack's
``goal_changes``, said with no value and no negation) replaces the want, and the want follows a
value the user gives up or changes as a change.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "你好，我想给儿子报个游泳课，他九岁，周末有班吗？"})
>>> [(f.key, f.value) for f in t.state().facts if f.key == "want"]
[('want', '我想给儿子报个游泳课')]
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "有条裙子要改短3公分"})
>>> [(f.key, f.value) for f in t.state().facts if f.key == "want"]
[('want', '有条裙子要改短')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import ConstraintUnit, DecisionUnit, FactUnit, RetractUnit, _Unit
from .context import MessageContext
from .estimates import guessed
from .measures import dimension_at
from .registry import step
from .text import HAN_SPACE, SENTENCE_END, clauses, cut_at_boundary, first_match, in_spans, mask, unmarked_question

#: the key of the want fact; its name as the state block shows it, by language
WANT_KEY = "want"
WANT_NAMES = {"zh": "来意"}
#: a want is kept up to this many characters, cut at a clause or word boundary
WANT_CHARS = 200
#: a clause that held a value and keeps no more than this many characters once it is masked said
#: the value alone ("车牌苏A·7K2M9", "7岁"): the value's own fact has it
VALUE_LEFT = 4
# a greeting before the want is no part of it ("你好 想找个…", "hi there, looking to …")
# (a bare day part greets only before a comma or "all": "afternoon ideally" says when)
_GREETING = re.compile(r"^\W*(?:(?:hi|hello|hey|heya|hiya|hoi|yo|(?:morning|evening|afternoon)(?=\s*[,.!~]|\s+all\b|\s*$)|good (?:morning|afternoon|evening))\b(?:\s+there\b)?|(?:你|您|老师|师傅|医生|大家)好|在吗|哈喽|嗨)[\s,，!！.。~～-]*", re.I)
# a number with its unit the entity rules did not read ("内存要16G的", "改到3号"): a value, not
# the want's; a number glued to a name stays ("流浪地球3的票", "小米13"), and (fix15) one after letters and a hyphen,
# part of a code ("the WH-1000XM5 headphones")
_NUMBER = re.compile(r"(?<![A-Za-z0-9.])(?<![A-Za-z]-)[0-9][0-9.:：/-]*(?:(?!(?:st|nd|rd|th)\b)[A-Za-z]+|[号个杯件张台位名人天晚点元块岁])"
                     r"|[一二两三四五六七八九十]+(?:点半?|号|岁|块|元|位|天|晚)")
#: an earlier user message this short (punctuation aside) is a greeting, not the opening
GREETING_CHARS = 4
_PUNCT = re.compile(r"[\W_]+")
_GLUED = re.compile(r"\w")
#: (lead19) the bound word after a zh day or time that makes it a bound ("周五前", "8点以后"): masked with the day,
#: so the want reads "我老公要交报告", not "我老公前要交报告"
_ZH_BOUND_AFTER = re.compile(r"(?:之前|以前|之后|以后|前|后|左右)")
# a negation: a change of want said with one wants nothing new
_NEGATED = re.compile(r"n't\b|\b(?:not|no longer|never)\b|[不别没]", re.I)
# the parts of a clause a comma joins: one said alone is left out on its own
_PART = re.compile(r"[^,，]+")
#: what masking the values leaves: a symbol that joined them ("12+256G" -> "+"), a 的 whose value is gone
_SYMBOLS = re.compile(r"(?<![\w])[^\w\s，,、]+(?![\w])")
_DANGLING = re.compile(r"的(?=$|[，,、\s])")


#: (wants10) the opening says it only asks, for later ("just wondering", "先问一下"): what it asks about is no want yet
_ONLY_ASKING = {"en": re.compile(r"\bjust (?:wondering|asking|curious|checking)\b|\bout of (?:interest|curiosity)\b|\bfor (?:future|later) reference\b", re.I),
                "zh": re.compile(r"先(?:问|咨询)(?:一?下|问)|随便问问|只是问问|问问而已")}


#: (wants11) a part that says what is not wanted ("I don't want a long contract", 我不想要纸质发票) or only sets a
#: condition (只要…就行): a rule, not what the user came for
_NOT_WANTING = re.compile(r"(?:n't|\bnot|\bnever|\bno)\s+(?:\w+\s+)?(?:want|need|like|wanting|needing)\b|不(?:想|要|需要|用)|别|只要.*就行", re.I)
#: (wants11) a part that asks with no question mark: a final particle or a question word at its end (zh), a question
#: word or an inverted auxiliary at its start (en: "whats your returns policy", "do you deliver on sundays")
#: and a tag that asks to confirm (zh): 吧 after a negation ("地址没变吧", "不会再收费吧") or 对吧/是吧 — a bare 吧 is a
#: suggestion ("全面版吧") and stays
_ASKS_END = re.compile(r"(?:[吗么呢]|(?:没|不)[^，,。\s]{0,5}吧|[对是]的?吧)[\s。.!！~～]*$|(?:怎么办|怎么回事|多少钱|什么价)[\s。.!！~～]*$")
_ASKS_START = re.compile(r"^\W*(?:what|whats|how|where|when|which|who|why|is there|are there|(?:do|does|did|can|could|would|will|should)"
                         r" (?:you|u|it|they|someone|anyone|somebody|i|we)|any chance)\b", re.I)


def _covered_elsewhere(ctx: MessageContext, key: str = ""):
    """(wants11) ``covered(part) -> bool``: a rule or another fact of this message (a problem, a condition) already
    holds the part, all but a few characters of it: the want made of it would say it twice. (wantfb12) With ``key``,
    only a fact whose key starts with it ("problem")."""
    held = [_PUNCT.sub("", u.value).casefold() for u in ctx.units if isinstance(u, FactUnit) and not u.offered
            and not u.key.startswith(WANT_KEY) and u.key.startswith(key) and len(u.value.strip()) > 3]
    held += [] if key else [_PUNCT.sub("", u.text).casefold() for u in ctx.units if isinstance(u, ConstraintUnit)]

    def covered(part: str) -> bool:
        bare = _PUNCT.sub("", part).casefold()
        return bool(bare) and any(bare in h or (len(h) * 4 >= len(bare) * 3 and h in bare) for h in held)

    return covered


def _answers_assistant(ctx: MessageContext) -> bool:
    """(wants11) The assistant spoke before this message: a reply ("雾霾蓝吧" to "… which colour?") states no want,
    and a greeting's "How can I help?" is not told from a question by its words, so neither keeps the fallback want."""
    G = ctx.graph
    return any(G.nodes[n]["role"] == "assistant" and G.nodes[n]["index"] < ctx.index and (G.nodes[n].get("text") or "").strip()
               for n in G.graph["kinds"].get("turn", ()))


def _opening(ctx: MessageContext) -> bool:
    """No earlier user message said more than a greeting ("你好", "在吗？"): this is the user's opening. (fix14c) A want
    said already ("想学陶笛", as short as a greeting) was the opening: a later message is none."""
    G = ctx.graph
    if g.current_with_key(G, WANT_KEY):
        return False
    for node in G.graph["kinds"].get("turn", ()):  # in order: the first user message that says more decides
        d = G.nodes[node]
        if d["index"] >= ctx.index:
            return True
        if d["role"] == "user" and len(_PUNCT.sub("", str(d.get("text") or ""))) > GREETING_CHARS:
            return False
    return True


@step("wants", roles=("user",))
def wants(ctx: MessageContext) -> list[_Unit]:
    """The opening's sentences that say what the user wants, as one ``want`` fact; later, a
    change of what the user wants replaces it, and a value the user gives up leaves it."""
    rules = getattr(ctx.pack, "wants", ())
    if not rules:
        return []
    name = WANT_NAMES.get(ctx.lang, WANT_KEY)
    later: list[_Unit] = []
    if _opening(ctx):
        value = "" if _ONLY_ASKING.get(ctx.lang) and _ONLY_ASKING[ctx.lang].search(ctx.text) else _opening_want(ctx, rules)
    else:
        value = _changed_want(ctx) or _want_without_given_up(ctx)
        if not value:
            more = _added_want(ctx, rules) or _taken_up(ctx)
            if more:  # beside the first want; the first one when the opening said none ("Oh and we need the certificate")
                key = f"{WANT_KEY}_t{ctx.index}" if g.current_with_key(ctx.graph, WANT_KEY) else WANT_KEY
                later.append(FactUnit(key=key, name=name, value=cut_at_boundary(more, WANT_CHARS), stressed=ctx.stressed))
    value = cut_at_boundary(value, WANT_CHARS) if value and not _BARE_DEED_ZH.fullmatch(value) else ""
    return [FactUnit(key=WANT_KEY, name=name, value=value, stressed=ctx.stressed)] if value else later


#: (lead24) a verb of sending or putting left alone once the place after it is its own fact ("送到3号楼": the address
#: holds 3号楼; "送到" says no more than that)
_BARE_DEED_ZH = re.compile(r"[送寄放搬拿带运][到去在给]?")


def _wanting(ctx: MessageContext, rules, start: int, clause: str, *, opening: bool = False, ask: bool = False,
             masked: str | None = None) -> bool:
    """A clause that says a want: a statement holding a want cue, after a greeting or not ("hey,
    want a …"), or a question asking the service to do a deed (a cue with an ``ask`` group:
    "你们能代办吗", "can you fit one?"); in the opening, a Chinese clause that opens with a verb
    and says what it is done to ("在吗 订两套汉服", "周六来家里给鱼缸换个水": an imperative)."""
    greeting = _GREETING.match(clause)
    if greeting and greeting.end():  # "在吗 订两套汉服": the greeting asks, the want after it does not
        start, clause = start + greeting.end(), clause[greeting.end():]
    m = first_match(rules, clause)
    if m is not None and ctx.lang == "zh" and (_ZH_ASKED_AFTER.match(clause, m.end()) or _ZH_SAID_BEFORE.search(clause, 0, m.start())):
        return False  # (wants13) "要多久", "要带什么过去吗": the verb is asked about; "天气预报说要下雨": said of another
    if m is not None and ctx.lang == "en" and _asked_cue_part(rules, clause) == 0:
        return False  # (wants13) "…, how many apples would we need": the comma part holding the verb asks
    if m is None and opening and masked is not None and _unsaid_subject(ctx, start, clause, masked) >= 0:
        # (wants13) "now then, need my ewes shearing", "I run a shop and need a safe"; (fix14) asked where the verb is:
        # "we had it done last year, want it done again?" asks in its want part
        return not ctx.asking(start) and not any(ctx.asking(start + v.start("verb")) for v in _EN_UNSAID.finditer(clause))
    if m is None:
        if ask and ctx.lang in _OPENING_ASK and _OPENING_ASK[ctx.lang].search(clause):
            return True  # (wants10) "do you hire 1920s stuff", "how much for a hot tub", "年夜饭还有包间吗"
        return opening and not ctx.asking(start) and _imperative(ctx, clause)
    return not ctx.asking(start) or bool(m.groupdict().get("ask"))


#: (redo13) a plan of the user's own: a first-person subject and a verb in the progressive ("we're emigrating",
#: "me and my wife are going on safari", "I'm walking the Camino"): it says what the user came for; the verb needs a
#: word after it ("I'm wondering, what do I need", "we're struggling, …": a state of mind, no plan)
_EN_PLAN = re.compile(r"\b(?:i'?m|i am|we'?re|we are|(?:me|i) and (?:my |our )?\w+ are|(?:my |our )?\w+ and (?:i|me) are)"
                      r"\s+(?:\w+ly\s+|also\s+|just\s+|both\s+|all\s+)?\w+ing\s+\w", re.I)


def _asked_cue_part(rules, clause: str) -> int:
    """(wants13, redo13) Where the English comma part holding the clause's want cue starts when that part asks ("…, how
    many apples would we need", "…, what jabs do we need"): 0 when the clause is then no want, the start of the asking
    part when a plan of the user's own comes before it (:data:`_EN_PLAN`; the plan is the want, the question what it
    needs is not); -1 when the cue's part does not ask (or the cue asks the service for a deed: an ``ask`` group).

    >>> from ctxgraph.extract.asked import _demo_ctx
    >>> rules = _demo_ctx("en").pack.wants
    >>> [_asked_cue_part(rules, c) for c in ("we've got three old trees, how many apples would we need",
    ...  "we're emigrating in March, what paperwork do we need", "we need a skip, small one")]
    [0, 26, -1]
    """
    m = first_match(rules, clause)
    if m is None or m.groupdict().get("ask"):
        return -1
    cut = clause.rfind(",", 0, m.start()) + 1
    if not _ASKS_START.match(clause[cut:]):
        return -1
    return cut if cut and _EN_PLAN.search(clause, 0, cut) else 0


#: (wants13) an English want verb whose subject is left out, as hurried users write: a comma part that opens with it
#: ("now then, need my ewes shearing", "I'm organising a team social, thinking a private life drawing session",
#: "we're a band, want 300 LPs"), or "and need / and want" after a first-person clause ("I run a small jewellery
#: repair shop and need a proper safe bolted down"); not "need to know / ask / check" (that asks), not "thinking about it",
#: not (fix14) "need I say more" (the auxiliary before its subject: a question)
_EN_UNSAID = re.compile(r"(?P<lead>,\s*|\s+and\s+)(?:also\s+|really\s+|just\s+)?(?P<verb>need|want|wanna|thinking(?!\s+(?:(?:about|of|over)\s+)?(?:it|that|this|so)\b))\b"
                        r"(?!\s+(?:to\s+)?(?:know|ask|check|confirm|understand|find out|make sure)\b)"
                        # (fix14) not the auxiliary put before its subject: "need I say more", "need we worry" ask
                        r"(?!\s+(?:i|we)\s+(?!to\b)[a-z])", re.I)
#: (wants13) the first person as the subject of the clause before "and need": "I run …", "we've got …", "I'm …"
_EN_FIRST_PERSON = re.compile(r"(?:^|\W)(?:i|we|i'm|im|we're|i've|ive|we've|i'd|we'd)(?=\W)", re.I)
#: (wants13) zh: a want cue with a question word right after it asks about the deed ("一节课要多久", "要带什么过去吗",
#: "需要几天"); a cue after a verb of saying reports another's word ("天气预报说要下雨", "师傅说要换")
_ZH_ASKED_AFTER = re.compile(r"[\u4e00-\u9fff]?(?:多久|多长时间|多少|什么|啥|哪|几[天个次号点位]|怎么)")
_ZH_SAID_BEFORE = re.compile(r"说[\u4e00-\u9fff]{0,3}$")


def _unsaid_subject(ctx: MessageContext, start: int, clause: str, masked: str) -> int:
    """(wants13) Where the English want of ``clause`` (at ``start``; ``masked``: the message with its values masked)
    starts when its want verb's subject is left out: a comma part opening with the want verb, or "and need" after a
    first-person clause, the part before it no question, the want part whole (nothing cut off by masking:
    :data:`_FRAGMENT_END`); at the verb when the clause before it is cut ("moved to [address] and need …"); -1: none.

    >>> from ctxgraph.extract.asked import _demo_ctx
    >>> ctx = _demo_ctx("en")
    >>> [_unsaid_subject(ctx, 0, c, c) for c in ("now then, need my ewes shearing", "I run a shop and need a safe bolted down",
    ...  "my son plays and need", "I run a newsletter and need to know the times", "how often, need it done", "show's soon, need them for the")]
    [0, 0, -1, -1, -1, -1]
    >>> _unsaid_subject(ctx, 0, "I just moved to and need a parking permit", "I just moved to and need a parking permit")
    20
    """
    if ctx.lang != "en":
        return -1
    for m in _EN_UNSAID.finditer(clause):
        before = clause[:m.start()]
        if _ASKS_START.match(before.strip()) or _ASKS_START.match(before.rsplit(",", 1)[-1].strip()):
            continue  # "how often, need …": the part before asks
        if m.group("lead").strip() != "," and not _EN_FIRST_PERSON.search(before.rsplit(",", 1)[-1]):
            continue  # "and need" only after the user's own clause
        lo = start + m.start("verb")
        part = masked[lo:start + len(clause)].split(",")[0]
        said = _clean(part).strip(" .。!！~～")
        if len(said.split()) >= 2 and not _FRAGMENT_END["en"].search(said):
            # "I've just moved to [address] and need a permit": the clause before is cut by a masked value, so the
            # want starts at its verb
            return lo if _FRAGMENT_END["en"].search(_clean(masked[start:start + m.start()]).strip(" .,!~")) else start
    return -1


#: (wants10) the opening asks for the service as a question, with no verb of wanting: the thing asked for is what
#: the user came for ("how much to clean my bins?", "do you hire 1920s stuff", "can i get a room friday night",
#: "年夜饭还有包间吗", "你们能租舞台灯光吗 学校汇演用"); read in an opening that says no want otherwise ("my son wants riding
#: lessons. do you do kids?": who they take is asked, not wanted; "do you do / offer / run X" asks what they do, not
#: for a thing), and in the opening only (later, "can I have X?" is as
#: often a plain question). A price asked of a named thing ("What is the price of the MacBook Air M3?") is no request.
_OPENING_ASK = {
    "en": re.compile(r"^\W*(?:(?:hi|hello|hey|hiya|heya|so|and|also|ok|okay)\W+)*(?:how much (?:would it be |is it |does it cost |do you charge |could i \w+ |can i \w+ )?(?:for|to|against)\b"
                     r"|(?:can|could|may) (?:i|we) (?:get|have|book|hire|rent|borrow|order|arrange)\b"
                     r"|do (?:you|u|ya) (?:guys )?(?:hire|rent|sell|stock|make|supply)\b)", re.I),
    "zh": re.compile(r"^\W*[\u4e00-\u9fff]{0,8}还有[\u4e00-\u9fff]{1,8}(?:吗|么)|^\W*(?:你们|您|贵店|店里|这边)(?:能|可以|能不能|可不可以)(?!问|说|告诉|确认|查一?下|看一?下)[\u4e00-\u9fff]{1,8}(?:吗|么)"),
}


#: jieba tags of what may come before an imperative's verb: a time, a place, an adverb ("周六来家里…", "先…")
_BEFORE_VERB = ("t", "f", "s", "d", "m", "q")
#: verbs that state, not ask for a deed ("是", "有", "叫"), the marks of a deed done ("了", "过") and of
#: one not done ("一直没有发货": a fault reported, not a deed asked for) or declined ("擦玻璃不用")
_NOT_IMPERATIVE = re.compile(r"^(?:是|有|在|叫|姓|像|觉得|感觉|知道|听说)$")
#: the word before the person a deed is done for ("给女儿约…", "为老人订…", "替我妈办…")
_FOR_WHOM = ("给", "为", "替")
_DONE = re.compile(r"[了过没]|不用|不要|不需要|别")


def _imperative(ctx: MessageContext, clause: str) -> bool:
    """A Chinese clause that opens with a verb (after a time, place or adverb) and names a thing:
    a deed asked for ("订两套汉服", "来家里给鱼缸换个水"), not a state or a deed done ("买了个冰箱").

    >>> from ctxgraph.extract.asked import _demo_ctx
    >>> [_imperative(_demo_ctx("zh"), c) for c in ("订两套汉服", "周六来家里给鱼缸换个水", "买了个冰箱", "是这样的",
    ...                                          "买的耳机一直没有发货", "擦玻璃不用", "给女儿约hpv疫苗", "给他添麻烦了")]
    [True, True, False, False, False, False, True, False]
    """
    if ctx.lang != "zh" or _DONE.search(clause):
        return False
    tokens = [t for t in ctx.profile.doc(clause, ctx.en_models) if t.text.strip()]
    i = 0
    while i < len(tokens) and tokens[i].tag_.startswith(_BEFORE_VERB) and not tokens[i].tag_.startswith("v"):
        i += 1
    if i + 2 < len(tokens) and tokens[i].text in _FOR_WHOM and tokens[i + 1].tag_.startswith(("r", "n")):
        # (wants10) "给女儿约hpv疫苗", "给我爸妈订奶": the person the deed is for, then the deed and its thing (jieba
        # tags the verb after a person as anything: 约/d, 订奶/n), so what follows the person is taken as the deed
        j = i + 1
        while j < len(tokens) and tokens[j].tag_.startswith(("r", "n")) and j < i + 3:
            j += 1
        rest = tokens[j:]
        return bool(rest) and not _NOT_IMPERATIVE.match(rest[0].text) and rest[0].text != "的" and (
            len(rest) > 1 or len(rest[0].text) > 1)
    if i >= len(tokens) or tokens[i].tag_ != "v" or _NOT_IMPERATIVE.match(tokens[i].text):
        return False
    if i + 1 < len(tokens) and tokens[i + 1].text == "的":  # "买的耳机…": the verb describes a thing
        return False
    return any(t.tag_.startswith(("n", "eng", "nz", "vn")) for t in tokens[i + 1:])


#: (prec16) a part that refuses a thing ("no plastic please", "not the red one", "别是塑料那种", "不要太甜的"): the thing is
#: refused, the want holds it as if wanted; a rule keeps it. "no rush", "no problem", "not fussed" refuse nothing
#: and "no later than / no more than" bound a value
_REFUSING = {"en": re.compile(r"^\W*(?:no|not|nothing|never|none)\s+(?!(?:problem|problems|worries|worry|rush|hurry|idea|pressure|"
                              r"preference|matter|longer|need|more|less|later|earlier|sooner|than|sure|fussed|bothered|much|big|"
                              r"too|at all|way|one|doubt|chance|joke|kidding)\b)\w", re.I),
             "zh": re.compile(r"^(?:千万|可|也|但|就|请)?(?:别|不要|不能要|甭)")}
#: (prec16) a part that ends by refusing the thing it is contrasted with: "it has to be a hat not a fascinator"
_REFUSED_TAIL = re.compile(r",?\s+not\s+(?:a|an|the|any)\s+[\w-]+(?:\s+[\w-]+)?\s*$", re.I)


def _unrefused(ctx: MessageContext, part: str) -> str:
    """(prec16) ``part`` of the opening less what it refuses: "" for a part that refuses a thing, the part without its
    refused tail ("a lever harp not a pedal harp" -> "a lever harp"), else the part as said.

    >>> from ctxgraph.extract.asked import _demo_ctx
    >>> [_unrefused(_demo_ctx("en"), p) for p in ("no plastic please", "no rush", "it has to be a hat not a fascinator")]
    ['', 'no rush', 'it has to be a hat']
    >>> [_unrefused(_demo_ctx("zh"), p) for p in ("别是塑料那种", "要有证书的")]
    ['', '要有证书的']
    """
    refusing = _REFUSING.get(ctx.lang)
    if refusing is None:
        return part
    if refusing.match(part):
        return ""
    return _REFUSED_TAIL.sub("", part) if ctx.lang == "en" else part


def _with_bound_words(ctx: MessageContext, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """(lead19) The masked spans, a zh day's or time's over the bound word glued after it ("周五前").

    >>> from types import SimpleNamespace as NS
    >>> ctx = NS(lang="zh", text="我老公周五前要交报告", mentions=[NS(start=3, end=5, label="DATE")], pack=NS(synonym_rx=None))
    >>> _with_bound_words(ctx, [(3, 5)])
    [(3, 6)]
    """
    if ctx.lang != "zh":
        return spans
    timed = {(m.start, m.end) for m in ctx.mentions if m.label in ("DATE", "TIME")}
    labels = {(m.start, m.end): m.label for m in ctx.mentions}
    out = []
    for lo, hi in spans:
        glued = _ZH_BOUND_AFTER.match(ctx.text, hi) if (lo, hi) in timed else None
        out.append((_label_start(ctx, lo, hi, labels.get((lo, hi))), glued.end() if glued else hi))
    return out


#: (user32zh) what joins a slot word to its value: "订单号是 HT…", "车牌沪B…", "单号：SF…"; the end of a value's piece
_PIECE_END = re.compile(r"\s|$|[，,。.！!？?；;、]")
_ZH_LABEL_JOIN = re.compile(r"\s*(?:是|为|[:：])?\s*")


def _label_start(ctx: MessageContext, lo: int, hi: int, label: str | None) -> int:
    """(user32zh) Where a zh value's slot word starts when the word is said right before it, its slot takes the value
    and the value ends its piece ("订单号是 HT8837261", "车牌沪B88K21"): the want keeps neither ("…想改一下日期订单号是"
    kept the label with its value out); ``lo`` when no such word is there, or when the sentence runs on glued after the
    value ("我有个快递单号是SF…我想改一下地址": the label is a part of what is said).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "我定的酒店想改一下入住时间 订单号是 HT8837261"})
    >>> [f.value for f in t.state().facts if f.key == "want"]
    ['我定的酒店想改一下入住时间']
    """
    if ctx.pack.synonym_rx is None or label is None or not _PIECE_END.match(ctx.text, hi):
        return lo
    for start in range(max(0, lo - 12), lo):  # the longest word joined to it: "订单号是", not its "单号是"
        m = ctx.pack.synonym_rx.match(ctx.text, start, lo)
        slot = ctx.pack.slots.get(ctx.pack.synonym_slot.get(m.group(0).casefold(), "")) if m else None
        if slot is not None and label in slot.types and _ZH_LABEL_JOIN.fullmatch(ctx.text, m.end(), lo):
            # a 的 the user ended the piece before on stays theirs ("想换个新的 订单号DF…": masking the word too would
            # leave the 的 hanging, and a hanging 的 is dropped with its masked value)
            return lo if re.search(r"的\s+$", ctx.text[:m.start()]) else m.start()
    return lo


#: (lead20) a preposition left hanging at a part's end once the value after it is out ("my gym membership for, ..."):
#: dropped from the want as written (the value's own fact keeps it); (lead24) "every" once "6 weeks" is out, "but" once "wednesday" is ("any day but")
_HANGING_PREP = re.compile(r"(?:\s+\b(?:of|for|in|at|on|by|with|from|to|about|around|until|till|every|but|except))+(?:\s+(?:the|a|an|my|our))?"
                           r"(?=\s*(?:[,.;]|$))", re.I)  # (lead21d) "… from the" once "3rd of March" is out


#: (user25) a statement beside the want left as its subject and verb once its value is out ("She lives" of "She lives
#: at 14 Elm Road, Bath", "We're staying" of "We're staying at the Grand"): nothing the state lacks
_BARE_CLAUSE = re.compile(r"\s*(?:i|we|you|he|she|they|it|(?:my|our|his|her|their) \w+)(?:['’](?:m|re|s))?(?:\s+(?:also|still|now|currently))?"
                         r"\s+\w+\W*", re.I)


def _without_hanging(want: str, said: str) -> str:
    """The want without a preposition left hanging by a value masked after it; (fix23) one the user
    ended a clause on ("a bench to sit on", "a tutor he can practise with") is the user's own and stays.

    >>> _without_hanging("freeze my membership for, I broke my ankle", "freeze my membership for 3 months, I broke my ankle")
    'freeze my membership, I broke my ankle'
    >>> _without_hanging("I need a new bench to sit on", "I need a new bench to sit on")
    'I need a new bench to sit on'
    >>> _without_hanging("move my broadband to my new flat from the", "move my broadband to my new flat from the 3rd of March")
    'move my broadband to my new flat'
    """
    def drop(m: re.Match) -> str:
        before = re.search(r"(\w+)\W*$", want[:m.start()])
        own = before and re.search(rf"\b{re.escape(before.group(1))}{re.escape(m.group())}\s*(?:[,.;!?]|$)", said, re.I)
        return m.group() if own else ""
    return _without_hanging_label(_HANGING_PREP.sub(drop, want), said)


#: (user29) an id's or a contact's label left with its copula at a part's end once the value after it is out
#: ("..., order number is" of "order number is 55120934", "booking ref is" of "booking ref is QX7Y2L")
_HANGING_LABEL = re.compile(r"(?:,\s*|\s+)(?:(?:my|our|the|his|her|their|your)\s+)?(?:[a-z]+\s+){0,2}"
                            r"(?:number|no|ref|reference|id|code|plate|reg|registration|email|e-mail|phone|mobile|postcode|"
                            r"zip|address|name)\s+(?:is|was)(?=\s*(?:[,.;!?]|$))", re.I)


def _without_hanging_label(want: str, said: str) -> str:
    """(user29) The want without a value's label and copula left hanging at a part's end ("I need to return a kettle,
    order number is"); one the user ended a clause on stays ("what my order number is").

    >>> said = "I need to return a kettle I bought, order number is 55120934"
    >>> _without_hanging_label("I need to return a kettle I bought, order number is", said)
    'I need to return a kettle I bought'
    >>> _without_hanging_label("I forgot what my order number is", "I forgot what my order number is")
    'I forgot what my order number is'
    """
    def drop(m: re.Match) -> str:
        own = re.search(rf"{re.escape(m.group().strip(' ,'))}\s*(?:[,.;!?]|$)", said, re.I)
        return m.group() if own else ""
    return _HANGING_LABEL.sub(drop, want)




def _opening_want(ctx: MessageContext, rules) -> str:
    """Every sentence of the opening that holds a want, whole: the situation said before the
    want ("年检快到期了，想找你们代办"), the want and what it is for; its values masked, its
    greeting, plain questions, values said alone and clauses taken back left out. (wants10) When the
    opening says a want, its other statements go with it: they describe the thing or the person the
    want is for ("1962 semi, artex ceilings", "back garden", "its a rented flat in leyton").
    A value is masked only when a fact of its own keeps it: "2 storeys", "afternoon ideally",
    "两晚" said in the opening and read by no other step stay in the want, as said.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "hi need new fence panels for the back garden. 1960s bungalow, clay soil"})
    >>> [f.value for f in t.state().facts if f.key == "want"]
    ['need new fence panels for the back garden. 1960s bungalow, clay soil']
    """
    corrected = [m.start() for rx in ctx.pack.self_corrections for m in rx.finditer(ctx.text)]
    # the values said with the want are facts of their own, which may change later ("要订15杯…"
    # then "改成12杯"): the want keeps the deed and the things, not them
    # (a number said as a word of its own, "two MALM chests", is a count that may change; one glued to a
    # name, "小米13", is part of the name)
    kept_by = _kept_elsewhere(ctx)
    values = [(m.start, m.end) for m in ctx.mentions if m.kind in ("value", "id") and (
        m.kind == "id" or m.label not in COUNT_LABELS or kept_by(m.text)) and (
        m.label != "NUMBER" or not _GLUED.search(ctx.text[max(m.start - 1, 0):m.start] + ctx.text[m.end:m.end + 1]))]
    text = mask(ctx.text, _with_bound_words(ctx, values))
    bounds = [0] + [m.end() for m in SENTENCE_END.finditer(ctx.text)] + [len(ctx.text)]
    parts, beside, stated = [], [], []
    ask = not any(first_match(rules, clause) for _, clause in clauses(ctx.text))  # no want said: a request asked is one
    for lo, hi in zip(bounds, bounds[1:]):
        kept, wanting = [], False
        for offset, clause in clauses(ctx.text[lo:hi]):
            offset += lo
            start = offset + len(clause) - len(clause.lstrip())
            if in_spans(start, ctx.taken_back) or any(c >= start for c in corrected):
                continue
            said = ", ".join(_clean(part, kept_by) for a, b in _parts(ctx.text, offset, offset + len(clause))
                             if not _said_alone(ctx.text[a:b], text[a:b], kept_by) and (part := _unrefused(ctx, text[a:b])).strip())
            said = said.replace(", ", "，") if ctx.lang == "zh" else said
            if _wanting(ctx, rules, start, clause, opening=True, ask=ask, masked=text):
                at = _unsaid_subject(ctx, start, clause, text) if ctx.lang == "en" and not first_match(rules, clause) else -1
                if at > start:  # (wants13) "moved to [address] and need a permit": the want starts at its verb
                    said = _clean(text[at:offset + len(clause)], kept_by)
                asked = _asked_cue_part(rules, clause) if ctx.lang == "en" else -1
                if asked > 0:  # (redo13) "we're going on safari in Kenya, what jabs do we need": the plan, not the question
                    said = ", ".join(_clean(text[a:b], kept_by) for a, b in _parts(ctx.text, offset, offset + asked)
                                     if not _said_alone(ctx.text[a:b], text[a:b], kept_by))
                if not said and not first_match(rules, clause):  # "订两套汉服": the deed and its thing, its count masked
                    said = _clean(text[offset:offset + len(clause)], kept_by)
                if not said or first_match(ctx.pack.vague_values, said):
                    continue  # "想约个时间": nothing the state lacks
                wanting = True
            elif ctx.asking(start):
                continue  # "周末有班吗？": asked, not wanted
            else:  # beside a want: a part that asks ("…, can you do that too?", "do you do kids?") is no statement
                stated += _parts(ctx.text, offset, offset + len(clause))
                said = ("，" if ctx.lang == "zh" else ", ").join(
                    _clean(part, kept_by) for a, b in _parts(ctx.text, offset, offset + len(clause))
                    if not _said_alone(ctx.text[a:b], text[a:b], kept_by) and not _QUESTION_END.match(ctx.text, b)
                    and (part := _unrefused(ctx, text[a:b])).strip()
                    and not (ctx.lang == "en" and _IF.search(ctx.text[a:b]))  # (wants13) "maybe 12 if P's back": a hypothesis
                    and not guessed(ctx.text[a:b]))  # (cons31) "得有二十来箱": an amount guessed, which may be put right
            if said:
                kept.append(said)
        joined = ("，" if ctx.lang == "zh" else ", ").join(kept)
        if wanting:
            parts.append(joined)
        elif joined and len(_PUNCT.sub("", joined)) > GREETING_CHARS and not (ctx.lang == "en" and _BARE_CLAUSE.fullmatch(
                _without_hanging(joined, ctx.text)) and len(ctx.text[lo:hi].strip(" .!")) > len(joined) + 3):
            beside.append((len(parts), joined))  # a statement of the opening: kept if the opening wants something
    if parts and not _CHANGE_DEED[ctx.lang if ctx.lang in _CHANGE_DEED else "en"].search(" ".join(parts)):
        for n, (at, said) in enumerate(beside):
            parts.insert(at + n, said)
    elif not parts and not _answers_assistant(ctx):  # (wantfb12) no want said: a fault reported or a thing asked
        parts = _fallback_want(ctx, text, kept_by, stated)  # for, whole and unmasked, is the want
    joined = ("，" if ctx.lang == "zh" else ". ").join(parts)
    return joined if ctx.lang == "zh" else _without_hanging(joined, ctx.text)


#: (wants10) the labels of counts and things: said in the opening and kept by no fact of their own, they stay in
#: the want ("2 storeys", "四个大人两个小孩"); a day, a clock, a sum or an id no fact keeps was left out on purpose
#: (a day ruled out, a past visit)
COUNT_LABELS = ("QUANTITY", "NUMBER", "PRODUCT")
#: a number with a unit that says when ("三点", "3号", "7pm", "10:30"): masked whether kept or not
_WHEN = re.compile(r"[点号时]|\d\s*(?:am|pm)\b|[:：]\d", re.I)
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")


#: a want to change or undo what the user has ("I want to downgrade", "想换大一号"): the statements beside it
#: describe the old thing ("I have the monthly unlimited plan"), not the want
_CHANGE_DEED = {"en": re.compile(r"\b(?:change|changing|switch|swap|replace|downgrade|upgrade|cancel|exchange|return|refund|move|transfer|"
                                 r"reschedule|postpone|amend|update)\b", re.I),
                "zh": re.compile(r"换|改|退|取消|延期|推迟")}


_QUESTION_END = re.compile(r"\s*[?？]")
#: (wants13) a part said on a condition ("maybe 12 if Priyanka's back from leave"): a hypothesis, no statement
_IF = re.compile(r"\b(?:if|unless)\b", re.I)


#: (wantfb12) the closed class of words a whole clause does not end with: a preposition, an article, a possessive, a
#: copula or a conjunction (en); a particle, a preposition or a copula (zh). A part ending in one is a fragment
#: ("Ship it to", "her birthday's the", 公司年会定在): something was cut or masked after it.
_FRAGMENT_END = {"en": re.compile(r"(?:^|\s)(?:to|on|at|in|into|onto|for|of|from|with|by|about|till|until|than|as|via|per|"
                                  r"the|a|an|my|our|your|his|her|their|its|it's|is|are|was|were|be|been|and|or|but|"
                                  r"\w+['’]s)$", re.I),
                 "zh": re.compile(r"(?:[的在到于和跟给是为从对把被让与及或向往叫姓]|以及|关于)$")}
#: (wantfb12) an English part that reports a fault: a thing named by a determiner or a possessive and a noun
#: phrase, then a verb group (a negation, a verb in -s or -ed, a copula or "has" only before a participle or a
#: negation): "my dishwasher is leaking from the door", "the app keeps logging me out", "our electric gate stopped
#: closing", "the screen has cracked"; not a description ("the depot is miles away", "the sofa is the most comfortable")
_EN_FAULT = re.compile(r"^(?:my|our|the|his|her|their|this|these|those|its|your)\s+(?:(?!(?:is|are|was|were|has|have|had)\b)"
                       r"[a-z][\w-]*\s+){0,3}?(?!(?:is|are|was|were|has|have|had)\b)[a-z][\w-]*\s+"
                       r"(?:(?:is|are|was|were)(?:n['’]?t|\s+not)?\s+(?:still\s+|now\s+|just\s+|completely\s+|totally\s+)?"
                       r"(?:not\b|[a-z]+(?:ing|ed|en|wn)\b)"  # a copula only before a negation or a participle: "is leaking",
                       r"|(?:has|have|had)(?:n['’]?t)?\s+(?:just\s+|suddenly\s+|now\s+)?(?:no\b|been\s+[a-z]+ing\b|(?!been\b)[a-z]+(?:ed|en|wn|ne)\b)"  # "is
                       r"|keeps?|kept|will|won['’]?t|wont|do(?:es)?n['’]?t|didn['’]?t|can['’]?t|cant|couldn['’]?t|"  # cracked",
                       r"doesnt|dont|didnt|just|still|suddenly|always|never|[a-z]+ed|[a-z]{2,}[^s\W]s)\b", re.I)  # not "is the most X"
#: (wantfb12) an English part that asks for a thing by naming it, no verb: a noun phrase for a thing or a person
#: ("replacement battery for a makita drill please", "service for a grandfather clock", "quote for driveway clean
#: pls"), or a noun phrase closed by "please" / "pls"; (fix13) with no finite verb after it ("the quote for the decking
#: was too high" tells, it asks for nothing); "has been" + an adjective describes (_EN_FAULT: "has been fine since")
_EN_REQUEST = re.compile(r"^(?![^.!?]*\b(?:is|are|was|were|has|have|had|isn['’]?t|wasn['’]?t|aren['’]?t|weren['’]?t)\b)(?!(?:thanks?|thank you|sorry|ready|waiting|good|great|perfect|happy|sure|ok|okay|yes|no|"
                         r"just|only|also|same|all|more|looking|here|there)\b)(?:an?\s+|the\s+)?[a-z][\w-]*"
                         r"(?:\s+(?!(?:is|are|was|were|be|has|have|had)\b)[a-z][\w-]*){0,3}"
                         r"\s+for\s+(?:an?|the|my|our|his|her|their|\w+)\b"
                         r"|^(?:an?\s+|the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){1,5}\s+(?:please|pls|plz)$", re.I)
#: (wantfb12) people named as the subject ("the kids loved it last time", "the guests are arriving at 6"): who, not a
#: thing; kin's relation nouns are left out by :func:`_about_person` already
_EN_PEOPLE = re.compile(r"^(?:the|my|our|his|her|their|these|those)\s+(?:\w+\s+)?(?:kids?|children|child|bab(?:y|ies)|people|"
                        r"guests?|staff|team|family|boys?|girls?|students?|pupils?|class|group|guys|lads|ladies|men|women|"
                        r"customers?|clients?|members?|players?)\b", re.I)
#: jieba tags of what may open a Chinese part before its subject: a place, a time, a pronoun with 的 / 家 after it
_ZH_BEFORE_SUBJECT = ("s", "t", "f", "r", "uj")
_ZH_COPULA = re.compile(r"^(?:是|叫|姓|为)$")


def _fallback_want(ctx: MessageContext, text: str, kept_by, stated: list[tuple[int, int]]) -> list[str]:
    """(wantfb12) The opening says no want: its parts that report a fault of a thing or ask for a thing by naming it
    are the want ("the rowing machine seat sticks halfway along the rail", "扫地机器人回不了充电座了", "按摩椅上门安装",
    "service for a grandfather clock"), each only when it is whole: nothing masked out of it (a value another step
    took leaves a hole: "Ship it to …", "it's my wife's birthday on the 14th"), not ending in a word that needs more
    after it (:data:`_FRAGMENT_END`), not asked, not a greeting, not said already by another fact of the message (a
    problem the pack's cues read). Not after the assistant spoke (an answer, or a reply to its greeting).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "the rowing machine seat sticks halfway along the rail"})
    >>> [f.value for f in t.state().facts if f.key == "want"]
    ['the rowing machine seat sticks halfway along the rail']
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "Ship it to 22 Marlow Crescent, Leeds LS6 2QT"})
    >>> [f.value for f in t.state().facts if f.key == "want"]
    []
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "扫地机器人回不了充电座了"})
    >>> [f.value for f in t.state().facts if f.key == "want"]
    ['扫地机器人回不了充电座了']
    """
    covered, reported = _covered_elsewhere(ctx), _covered_elsewhere(ctx, "problem")
    if ctx.lang == "zh":  # a space parts Chinese clauses as a comma does ("车门被人蹭了 右后门 凹进去一块")
        stated = [(a + m.start(), a + m.end()) for a, b in stated for m in re.finditer(r"\S+", ctx.text[a:b])]
    whole, faults = [], []
    for a, b in stated:
        part = ctx.text[a:b]
        if text[a:b] != part or any(kept_by(n.group(0)) or _WHEN.search(n.group(0)) for n in _NUMBER.finditer(part)) \
                or any(kept_by(d) for d in _DIGITS.findall(part)):
            continue  # a value masked out of it, or a number another fact keeps: a hole
        if _about_person(ctx, part) or _holds_value(ctx, part):
            continue  # a statement about a person (kin keeps them) or one that gives a value another fact keeps
        said = _clean(part).strip(" .。!！~～")
        fragment = _FRAGMENT_END.get(ctx.lang)
        if not said or (fragment is not None and fragment.search(said)) or _ASKS_END.search(said) or _ASKS_START.match(said):
            continue
        if _NOT_WANTING.search(said) or len(_PUNCT.sub("", said)) <= GREETING_CHARS // 2:
            continue
        if covered(said):  # said already by another fact; a fault the problems step read ("car wont start this
            if reported(said):  # morning") is reported: the opening's other whole parts are about it
                faults.append((len(whole), said))
            continue
        whole.append(said)
    # the want is there when one whole part reports a fault of a thing or asks for it (or the problems step read the
    # fault); the opening's other whole parts go with it, as they go with a want said with a verb (wants10): "block
    # paving", "left big toe", "2015 ford focus 1.6 diesel"; with no such part the problem fact says it all
    if not whole or not faults and not any(_names_thing(ctx, said) for said in whole):
        return []
    for n, (at, said) in enumerate(faults):
        whole.insert(at + n, said)
    return [("，" if ctx.lang == "zh" else ", ").join(whole)]


def _about_person(ctx: MessageContext, part: str) -> bool:
    """(wantfb12) ``part`` names a person by relation ("the booking is for my Mum", "我姐夫下午过来取"): it says who,
    not a thing's fault or a thing asked for; the kin step keeps the person."""
    from .kin import _EN_POSSESSED, _EN_SELF, _ZH_RUN, _ZH_SHORT

    found = (_EN_POSSESSED, _EN_SELF) if ctx.lang == "en" else (_ZH_RUN, _ZH_SHORT) if ctx.lang == "zh" else ()
    return any(rx.search(part) for rx in found)


def _holds_value(ctx: MessageContext, part: str) -> bool:
    """(wantfb12) ``part`` holds the value of another fact of this message, not a problem ("the invoice title is
    Holmes Ltd", 发票抬头写上海某某公司): it gives a value, which that fact keeps."""
    return any(isinstance(u, FactUnit) and not u.offered and not u.key.startswith((WANT_KEY, "problem"))
               and len(u.value.strip()) > 1 and u.value.casefold() in part.casefold() for u in ctx.units)


#: (fix14) a deed done to the thing in the past, said as a passive with its doer or its time ("the sauna heater was
#: fixed last year by someone else", "the kiln was serviced in 2019"): what happened to it, no fault it has now;
#: (fix15) the doer or time within 60 characters of the verb, so a long clause is not read again from every passive
_EN_DONE_BEFORE = re.compile(r"\b(?:was|were|had been)\s+(?:\w+ly\s+)?[a-z]+(?:ed|en|wn|ne)\b(?=[^,;.!?]{0,60}?\b(?:by\s+(?!now\b|then\b)\w|"
                             r"last\s+(?:year|month|week|time|spring|summer|autumn|winter)|in\s+(?:19|20)\d\d|\w+\s+ago\b|"
                             r"years?\s+ago|when\s+we\s+(?:moved|bought)))", re.I)


def _names_thing(ctx: MessageContext, said: str) -> bool:
    """(wantfb12) ``said`` is a whole clause about a thing: a subject naming it and a predicate (a fault reported: "the
    app keeps logging me out", 洗衣机不脱水了), or a noun phrase that asks for it (a noun and its complement: "service
    for a grandfather clock", 按摩椅上门安装).

    >>> from ctxgraph.extract.asked import _demo_ctx
    >>> [_names_thing(_demo_ctx("en"), s) for s in ("the app keeps logging me out", "service for a grandfather clock",
    ...                                            "thanks for your help", "good morning")]
    [True, True, False, False]
    >>> [_names_thing(_demo_ctx("zh"), s) for s in ("洗衣机不脱水了", "发票开错了抬头", "我是老客户了", "周末有空")]
    [True, True, False, False]
    """
    if ctx.lang == "en":
        return not _EN_PEOPLE.match(said) and not _EN_DONE_BEFORE.search(said) \
            and bool(_EN_FAULT.match(said) or _EN_REQUEST.match(said))
    if ctx.lang != "zh":
        return False
    tokens = [t for t in ctx.profile.doc(said, ctx.en_models) if t.text.strip() and not re.fullmatch(r"\W+", t.text)]
    i = 0
    while i < len(tokens) and tokens[i].tag_.startswith(_ZH_BEFORE_SUBJECT) and not tokens[i].tag_.startswith(("n", "v")):
        i += 1
    if i >= len(tokens) or not tokens[i].tag_.startswith(("n", "eng")) or tokens[i].tag_.startswith("nr"):
        return False  # no thing named first ("我是老客户了", "周末有空"; a person's name is no thing)
    rest = tokens[i + 1:]
    return any(t.tag_.startswith("v") and not _ZH_COPULA.match(t.text) for t in rest)  # a verb, not an adjective: "天气太热了"


def _kept_elsewhere(ctx: MessageContext):
    """``kept_by(value) -> bool``: a fact of this message other than the want holds ``value`` (or
    ``value`` holds the fact's value): masked out of the want, it is not lost."""
    held = [u.value.casefold() for u in ctx.units if isinstance(u, FactUnit) and not u.offered
            and not u.key.startswith((WANT_KEY, "count_")) and len(u.value.strip()) > 1]
    held += [u.text.casefold() for u in ctx.units if isinstance(u, ConstraintUnit)]  # a rule is lifted when it changes
    # (counts18) a thing's count ("一辆轮椅") stays in the want as before: masked, "想租一辆轮椅" says too little to be one

    digits = {d.replace(",", "") for h in held for d in _DIGITS.findall(h)}

    def kept_by(value: str) -> bool:
        v = value.casefold().strip(" ,，.")
        if not v:
            return False
        # a number a fact keeps in another form ("15杯" -> 15, "£1500" -> "1,500 GBP")
        return any(v in h or (len(h) > 2 and h in v) for h in held) or bool({d.replace(",", "") for d in _DIGITS.findall(v)} & digits)

    return kept_by


def _parts(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """The (start, end) of the parts of ``text[lo:hi]`` a comma joins."""
    return [(lo + m.start(), lo + m.end()) for m in _PART.finditer(text[lo:hi])]


def _said_alone(part: str, masked: str, kept_by=None) -> bool:
    """A part of a clause that held a value and says little else once it is masked ("车牌苏A·7K2M9",
    "7岁", "7pm till midnight"): the value's own fact has it. With ``kept_by`` (see
    :func:`_kept_elsewhere`), a number no fact keeps is no value masked.

    >>> _said_alone("7pm till midnight", "    till midnight"), _said_alone("想找你们代办", "想找你们代办")
    (True, False)
    >>> _said_alone("2 storeys", "2 storeys", lambda v: False)
    False
    """
    kept = _clean(masked, kept_by)
    numbers = [m.group(0) for m in _NUMBER.finditer(part)]
    held = masked != part or any(kept_by is None or kept_by(n) or _WHEN.search(n) for n in numbers)
    return not kept or held and (len(kept.split()) <= 2 or _only_function_words(kept) if kept.isascii()
                                 else len(_PUNCT.sub("", kept)) <= VALUE_LEFT)


def _only_function_words(kept: str) -> bool:
    """(lead24c) Whether an English part masked of its values says only function words ("we are 2 adult and 1 child"
    leaves "we are and"): spaCy's stop words, so nothing of the want is left.

    >>> _only_function_words("we are and"), _only_function_words("flight arrive terminal")
    (True, False)
    """
    from spacy.lang.en.stop_words import STOP_WORDS

    return all(w.casefold().strip(".,;:!?'") in STOP_WORDS for w in kept.split())


def _clean(said: str, kept_by=None) -> str:
    """A clause with its values masked: numbers with units out (with ``kept_by``, only those a fact of their
    own keeps), no greeting, no hanging symbols."""
    kept = _NUMBER.sub(lambda m: " " if kept_by is None or kept_by(m.group(0)) or _WHEN.search(m.group(0)) else m.group(0), said)
    kept = _SYMBOLS.sub(" ", kept)
    kept = _DANGLING.sub("", HAN_SPACE.sub("", " ".join(kept.split()))).strip(" ,，、…~～")
    return _GREETING.sub("", kept).strip(" ,，、…~～")


def _changed_want(ctx: MessageContext) -> str:
    """A later statement that changes what the user wants ("actually, cancel the order", "不买了，
    退款吧"; the pack's ``goal_changes``): the new want, replacing the opening's."""
    if not g.current_with_key(ctx.graph, WANT_KEY):
        return ""
    for offset, clause in clauses(ctx.text):
        start = offset + len(clause) - len(clause.lstrip())
        if any(offset <= m.start < offset + len(clause) for m in ctx.mentions if m.kind in ("value", "id")):
            continue  # "actually can she come at 10 instead of half 9": a value changes, not the want
        if _NEGATED.search(clause):
            continue  # "爆米花还是不要了", "I'd rather not come back": a part given up, or nothing new wanted
        if not ctx.asking(start) and not in_spans(start, ctx.taken_back) and first_match(ctx.pack.goal_changes, clause):
            end = next((m.start() for m in SENTENCE_END.finditer(ctx.text, start)), len(ctx.text))
            return _clean(ctx.text[start:end])  # the rest of its sentence says what is wanted now
    return ""


def changed_values(ctx: MessageContext, said: str) -> list[tuple[str, str]]:
    """(old, new) for each value this message changes or gives up that a sentence the user said before (``said``:
    the want, a problem) may hold: a value retracted or declined (new: " "), a value changed as a change ("改成",
    "actually"), a count said again, a thing switched for another of its kind. The sentence follows its values."""
    G = ctx.graph
    gone = [u.fact for u in ctx.units if isinstance(u, RetractUnit)]
    gone += [u.fact for u in ctx.units if isinstance(u, DecisionUnit) and u.decision == "rejected"]
    swaps = [(str(G.nodes[f]["value"]), " ") for f in gone if f in G and G.nodes[f].get("value")]
    for u in ctx.units:
        # a change the user says as one ("改成", "actually"), not a later value that only shares a key by its type
        if isinstance(u, FactUnit) and not u.offered and u.key != WANT_KEY and (u.correction or u.supersedes):
            for old in [u.supersedes] if u.supersedes else g.current_with_key(G, u.key):
                if old in G and G.nodes[old].get("value") and _meant_count(ctx, said, str(G.nodes[old]["value"])):
                    swaps.append((str(G.nodes[old]["value"]), u.value))
    restated = [m for m in (_RESTATED[ctx.lang].finditer(ctx.text) if ctx.lang in _RESTATED else ()) if not ctx.asking(m.start())]
    if ctx.correcting:
        swaps += _changed_counts(ctx, said) + [(old, " ") for old in _named_old(ctx, said)]
    elif _MIND.get(ctx.lang) and _MIND[ctx.lang].search(ctx.text):  # (wants10) "还是三个月的吧", "the 3 day one then"
        swaps += _changed_counts(ctx, said)
    elif restated:  # (prec11, wants11) "so 3 stumps in total", "桌数可能要加…估计10桌", "一共7个"
        swaps += _changed_counts(ctx, said, stated=True, near=restated[0].end())
    else:  # (wrong15) "亲戚多，要10桌" after "大概8桌": the same thing counted again, no word of change
        swaps += _changed_counts(ctx, said, stated=True, strict=True)
    swaps += _switched(ctx, said)
    return swaps


def _meant_count(ctx: MessageContext, said: str, old: str) -> bool:
    """(user37) Whether a count fact's old value ``old`` ("20 boxes") is the count of ``said`` this message changes:
    when ``said`` holds other counts of its word, only the one :func:`_count_changes` picks is ("make the paper 12
    boxes" after "paper, 10 boxes, and hand towels 20 boxes" changes the paper's, though the count fact held the
    towels'). Any other old value is.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "we want printer paper, 10 boxes, and hand towels 20 boxes"},
    ...                 {"role": "user", "content": "make the paper 12 boxes actually"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['we want printer paper, 12 boxes, and hand towels 20 boxes']
    """
    whole = _counted(old)
    if len(whole) != 1 or whole[0][0] != old.strip():
        return True
    counts = [c for c in _counted(said) if not _FUNCTION_WORD.fullmatch(c[2])]
    mine = next((c for c in counts if c[0] == whole[0][0]), None)
    news = [(c, ctx.text.find(c[0])) for c in _counted(ctx.text) if c[2] == whole[0][2]]
    return mine is None or _count_changes(ctx, said, mine, counts, news)


def _want_without_given_up(ctx: MessageContext) -> str:
    """The current want less a value this message retracts or declines (a wish given up: "我想找一家有
    桑拿的酒店" after the user goes on with one without a sauna), and with a value this message
    changes changed in it too ("目标是华中科技大学" then "目标改成武汉大学了"): the want follows its values."""
    G = ctx.graph
    current = g.current_with_key(G, WANT_KEY)
    if not current:
        return ""
    want = G.nodes[current[-1]]["value"]
    swaps = changed_values(ctx, want)
    kept = _without_given_up(ctx, _substituted(ctx, want))
    for old, new in swaps:
        if len(old.strip()) > 1 and old != new and old in kept:
            kept = _swapped(kept, old, new)
    if kept == want:
        return ""
    return _DANGLING.sub("", HAN_SPACE.sub("", " ".join(kept.split()))).strip(" ,，、")


def _swapped(text: str, old: str, new: str) -> str:
    """(prec27) ``text`` with ``old`` put as ``new`` where it stands as a token: a Latin word or number is not
    swapped inside another ("not to Rosewood Court" takes back "to", not the "to" of "power of attorney").

    >>> _swapped("I have power of attorney, post to me", "to", " "), _swapped("改成7寸", "7寸", "6寸")
    ('I have power of attorney, post   me', '改成6寸')
    """
    head = r"(?<![A-Za-z0-9])" if old[:1].isascii() and old[:1].isalnum() else ""
    tail = r"(?![A-Za-z0-9])" if old[-1:].isascii() and old[-1:].isalnum() else ""
    return re.sub(head + re.escape(old) + tail, lambda _: new, text)


#: (prec9) a number with the word it counts: "two MALM", "500 cards", "6寸", "3个人"
_COUNTED = re.compile(r"(?<![A-Za-z0-9.])(?P<n>\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)"
                      r"(?:\s*(?P<unit>(?!(?:st|nd|rd|th)\b)[a-z][a-z-]+)\b|(?P<glued>[a-z])(?![a-z]))"
                      r"|(?P<cur>[£$€¥￥])\s?(?P<amount>\d[\d,]*(?:\.\d+)?)"
                      r"|(?P<zn>\d+|[一二两三四五六七八九十]+)(?P<zunit>[个位名][\u4e00-\u9fff]|[\u4e00-\u9fff])", re.I)


def _counted(text: str, start: int = 0) -> list[tuple[str, str, str]]:
    """(the whole, the number, its word, casefolded) of each counted thing of ``text`` from ``start``
    ("the 6th", "20th june": an ordinal counts nothing)."""
    return [(m.group(0), m.group("n") or m.group("amount") or m.group("zn"),
             (m.group("unit") or m.group("glued") or m.group("cur") or m.group("zunit")).casefold())
            for m in _COUNTED.finditer(text, start)]


#: (wants10) a change of mind said without the pack's correction words: the want's count follows it too
_MIND = {"en": re.compile(r"\b(?:instead|rather|make it|then)\b", re.I), "zh": re.compile(r"还是|算了|改成|改为|换成")}
#: (prec11, wants11) the want's count restated as the whole there is now or as grown or shrunk, with no word of
#: change: "so 3 stumps in total", "that makes 4 players altogether", "its 14 now", "一共7个", "估计有40斤" (an estimate
#: said again), "桌数可能要加…估计10桌", "一共120盒"; the same thing counted (the same word after the number) with another
#: number replaces the want's count, a count of another thing changes nothing
_RESTATED = {"en": re.compile(r"\b(?:in total|total(?:ling)?|total of|altogether|all together|all in|in all|all told|now)\b", re.I),
             "zh": re.compile(r"一共|总共|总计|合计|加起来|估计|可能要|(?:要|再|多|得)加|加到|增加|减到|减少|变成|现在")}
#: a count said as not wanted: "12 gb not required", "3个不要"
_NOT_WANTED = re.compile(r"\s*(?:(?:is |are )?not (?:required|needed|necessary)\b|不要|不用|不需要)", re.I)


#: (prec27) a word after a number that counts nothing: "sons of 14 and 16" counts no "and" ("Shoes 46, 44 and 42")
_FUNCTION_WORD = re.compile(r"and|or|to|of|the|a|an|for|with|in|on|at|by|but|then|so|is|are|was|were|plus|each|now|too|pls|please")


def _changed_counts(ctx: MessageContext, want: str, *, stated: bool = False, near: int | None = None,
                    strict: bool = False) -> list[tuple[str, str]]:
    """(old, new): a change (a message with the pack's ``corrections`` words) that counts the same thing as
    the want with another number (the same word after it; "7个人": the measure word and its noun) ("actually three malm" after "two MALM chests", "改成7寸吧" after "冲印成6寸"):
    the want's count follows it.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "修复好的照片想冲印成6寸"}, {"role": "user", "content": "等下，改成7寸吧"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['修复好的照片想冲印成7寸']
    """
    text = ctx.text
    at = {c: max(text.find(c[0]), 0) for c in _counted(text)}  # where each count is said
    said = [c for c, i in at.items() if not _NOT_WANTED.match(text, i + len(c[0]))
            and not (stated and _asked_at(ctx, i))]  # (prec11) a recount asked about changes nothing
    if strict:  # (wrong15) said with no word of change: not a count added ("再要20份", "2 more chairs"), not per thing
        said = [c for c in said if not _ADDED_COUNT.search(text[:at[c]]) and not _MORE_AFTER.match(text, at[c] + len(c[0]))
                and (c[2].isascii() or c[2][0] in _MEASURES and not _WEEKDAY_BEFORE.search(text[:at[c]]))
                and not _OTHER_TIME.search(text[:at[c]]) and not _another_thing_too(text, at[c])]
    out = []
    counts = [c for c in _counted(want) if not _FUNCTION_WORD.fullmatch(c[2])]
    counts = [c for c in counts if _count_changes(ctx, want, c, counts, [(c2, at[c2]) for c2 in said])]
    for whole, n, unit in counts:
        # (wants11) a bare measure word stands for the want's one count by it ("一共7个" for "6个吊顶灯")
        alone = not strict and len(unit) == 2 and unit[0] in "个位名" and sum(u.startswith(unit[0]) for _, _, u in counts) == 1
        found = {w: (whole.replace(n, n2, 1) if alone and u2 != unit else w) for w, n2, u2 in said
                 if (u2 == unit or alone and u2 == unit[0]) and n2.casefold() != n.casefold()}
        if len(found) > 1 and near is not None:  # (wants11) the count said with the word that restates it
            w = min(found, key=lambda w: abs(ctx.text.find(w) - near))
            found = {w: found[w]}
        found = _after_change_word(text, found, at)
        new = set(found.values())
        if new:  # (wants10) two new counts of the thing ("改成12杯拿铁加3杯美式"): the old one goes, unsure which is new
            out.append((whole, new.pop() if len(new) == 1 else " "))
    if not out and ctx.correcting:
        out = _changed_bare_number(ctx, want)
    return out


def _count_changes(ctx: MessageContext, want: str, count: tuple[str, str, str], counts: list[tuple[str, str, str]],
                   said: list[tuple[tuple[str, str, str], int]]) -> bool:
    """(user37) Whether the want's ``count`` may follow a new count of its word said in this message (``said``: each
    with where it stands). When the message names the old number ("是525度不是500") only the count of that number
    does. When the want holds other numbers of the same word ("左眼450度右眼500度散光75度", "paper, 10 boxes … gloves
    20 boxes") only the one the words before the new count name does ("右眼改成525度", "make the paper 12 boxes":
    every count of the word followed it), and none when no words tell which.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "我想配眼镜左眼450度右眼500度"},
    ...                 {"role": "user", "content": "右眼我记错了是525度不是500"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['我想配眼镜左眼450度右眼525度']
    """
    named = {d for rx in ctx.pack.corrections for m in rx.finditer(ctx.text) if m.groupdict().get("old")
             for d in re.findall(r"\d+(?:\.\d+)?", m.group("old"))}
    if named & {n for _, n, _ in counts}:
        return count[1] in named
    alike = [c for c in counts if c[2] == count[2]]
    if len({c[1] for c in alike}) < 2:
        return True
    for new, at in said:
        if new[2] != count[2]:
            continue
        label = ctx.text[_clause_start(ctx.text, at):at][-_LABEL_CHARS:]
        if ctx.lang == "en":  # (fix36) the words after the count name the thing too ("15 boxes of gloves")
            label += " " + _after_count(ctx.text, at + len(new[0]), [])
        shared = [(_shared_words(label, _before_count(want, c, alike)
                                 + (" " + _after_count(want, want.find(c[0]) + len(c[0]), alike) if ctx.lang == "en" else "")), c)
                  for c in alike]
        best = max(n for n, _ in shared)
        if best >= (2 if ctx.lang == "zh" else 1) and [n for n, _ in shared].count(best) == 1:
            return next(c for n, c in shared if n == best) == count
    return False


#: (user37) how much of the words before a count name the thing it counts ("直径20的改成", "make the paper")
_LABEL_CHARS = 24
_CLAUSE_MARK = re.compile(r"[,.;:!?，。；：！？、\n]")
#: (user37) words that name no thing counted: a change's words, function words
_NOT_LABEL = re.compile(r"改成|改为|换成|变成|改到|加到|减到|不过|但是|还是|那个|就是|\b(?:make|change|actually|instead|"
                        r"and|or|to|of|the|for|with|in|on|at|by|but|then|so|is|are|it|now|just|please|pls|can|you|we|need)\b", re.I)


def _clause_start(text: str, at: int) -> int:
    """Where the clause holding position ``at`` of ``text`` starts (after the last mark before it)."""
    lo = max(0, at - 200)
    return max((m.end() for m in _CLAUSE_MARK.finditer(text, lo, at)), default=lo)


def _before_count(want: str, count: tuple[str, str, str], alike: list[tuple[str, str, str]]) -> str:
    """The words of ``want`` right before ``count``, after the count before it of the same word."""
    at = want.find(count[0])
    prev = max((want.find(c[0]) + len(c[0]) for c in alike if 0 <= want.find(c[0]) < at), default=0)
    return want[max(prev, at - _LABEL_CHARS):at]


def _after_count(text: str, end: int, alike: list[tuple[str, str, str]]) -> str:
    """(fix36) The words of ``text`` right after a count ending at ``end``, to its clause's end or the next count of
    ``alike`` ("10 boxes of paper and 20 boxes of gloves": " of paper and " after the 10).

    >>> _after_count("10 boxes of paper and 20 boxes of gloves, Monday", 8, [("20 boxes", "20", "boxes")])
    ' of paper and '
    """
    rest = text[end:end + _LABEL_CHARS]
    mark = _CLAUSE_MARK.search(rest)
    stop = min([mark.start()] if mark else [len(rest)])
    for c in alike:
        i = rest.find(c[0])
        if 0 <= i < stop:
            stop = i
    return rest[:stop]


def _shared_words(label: str, segment: str) -> int:
    """How strongly ``label`` names what ``segment`` names: the longest run of Chinese characters or digits both hold
    (Chinese), or the number of Latin words of three or more letters both hold (no change or function word).

    >>> _shared_words("不过直径20的改成", " 直径20的"), _shared_words("不过直径20的改成", "螺纹钢 HRB400E 直径16的")
    (5, 2)
    >>> _shared_words("make the paper ", "order. Copier paper, "), _shared_words("make the paper ", "and gloves size M ")
    (1, 0)
    """
    label, segment = _NOT_LABEL.sub(" ", label.casefold()), segment.casefold()
    if re.search(r"[\u4e00-\u9fff]", label):
        best = 0
        for i in range(len(label)):
            for j in range(i + best + 1, len(label) + 1):
                if label[i:j].strip() != label[i:j] or label[i:j] not in segment:
                    break
                best = j - i
        return best
    return len({w for w in re.findall(r"[a-z]{3,}", label)} & set(re.findall(r"[a-z]{3,}", segment)))


#: (user31zh) the words that say what a count is changed to, right before the new count ("改成6本", "make it 6")
_CHANGED_TO = re.compile(r"(?:改成|改为|换成|变成|加到|减到|改到|\bmake it|\bchange (?:it )?to)\s*$", re.I)


def _after_change_word(text: str, found: dict[str, str], at: dict[tuple[str, str, str], int]) -> dict[str, str]:
    """(user31zh) Of two or more new counts of the want's thing, the one said right after a word of change ("改成6本
    导师也要一本": 6本, not the one the tutor wants); all of them when none or more than one is (unsure which is new).

    >>> _after_change_word("改成6本 导师也要一本", {"6本": "6本", "一本": "一本"}, {("6本", "6", "本"): 2, ("一本", "一", "本"): 10})
    {'6本': '6本'}
    >>> _after_change_word("12杯拿铁加3杯美式", {"12杯": "12杯", "3杯": "3杯"}, {("12杯", "12", "杯"): 0, ("3杯", "3", "杯"): 6})
    {'12杯': '12杯', '3杯': '3杯'}
    """
    if len(found) < 2:
        return found
    starts = {c[0]: i for c, i in at.items()}
    named = [w for w in found if w in starts and _CHANGED_TO.search(text[:starts[w]])]
    return {named[0]: found[named[0]]} if len(named) == 1 else found


#: (user37) a thing said to be wanted as well: "yes the sleeves too, maybe 2 cm", "袖子也改短2公分". English "too" / "as well"
#: after a word and ending its phrase ("too long" is no thing added), or "also" inside the sentence (not its opener: "Also, make it 8" recounts); Chinese 也 only between a thing
#: and a verb of wanting or changing in the count's own clause ("饮料也要8份"), never 也可以 / 也行 / 人数也改成8个 (lead,
#: blind29 round: a bare 也 anywhere in the sentence held back real recounts)
#: (fix37) "too" before one of these general words of degree says "excessively" ("too long", "too much", "too late"),
#: no thing added; before any other word ("the sleeves too if possible", "too please") it adds one
_DEGREE_WORDS = (r"long|short|big|small|large|tight|loose|wide|narrow|high|low|much|many|few|little|late|early|soon|"
                 r"far|close|near|expensive|cheap|pricey|dear|hot|cold|warm|heavy|light|slow|fast|quick|busy|full|"
                 r"tall|deep|shallow|thick|thin|bright|dark|loud|quiet|strong|weak|old|young|difficult|hard|easy|"
                 r"complicated|bad|good|risky|tiring|noisy|spicy|sweet|salty|often")
_TOO = re.compile(r"\w\s+(?:too|as well)\b(?![ \t]+(?:" + _DEGREE_WORDS + r")\b)|\w[ ,]*\balso\b", re.I)
#: (fix37) 也 then any verb-like character but these (也是 / 也可以 / 也行 / 也好 / 也没 / 也不 / 也就 / 也都 stay recounts;
#: "另外饮料也准备8份", "也需要", "也得" add a thing)
_ZH_TOO = re.compile(r"([\u4e00-\u9fff])也(?![是可行好没不就都])[\u4e00-\u9fff]")
_ZH_NOT_A_THING = frozenset("我你他她它们人数这那就都却倒")
_SENTENCE_MARK = re.compile(r"[.!?。！？\n]")
_TOO_CLAUSE_MARK = re.compile(r"[.!?。！？\n,，;；]")  # not _CLAUSE_MARK above: that one also ends at : and 、


def _another_thing_too(text: str, at: int) -> bool:
    """(user37) Whether the sentence holding the count at ``at`` adds another thing ("too", "also", "饮料也要"): its count
    is that thing's, no recount of the want's ("take them up about 4 cm" then "yes the sleeves too, maybe 2 cm" made
    the trousers' 4 cm 2 cm). Chinese reads only the count's own clause, and only a thing before 也 ("人数也改成8个"
    recounts).

    >>> _another_thing_too("Oh good idea, yes the sleeves too, maybe 2 cm. Thanks", 35), _another_thing_too("so 3 cm then", 3)
    (True, False)
    >>> _another_thing_too("饮料也要8份", 4), _another_thing_too("人数也改成8个", 5), _another_thing_too("这样也可以，改成8个", 9)
    (True, False, False)
    """
    start = max((m.end() for m in _SENTENCE_MARK.finditer(text, max(0, at - 120), at)), default=max(0, at - 120))
    end = next((m.start() for m in _SENTENCE_MARK.finditer(text, at, at + 120)), min(len(text), at + 120))
    if _TOO.search(text, start, end):
        return True
    start = max((m.end() for m in _TOO_CLAUSE_MARK.finditer(text, start, at)), default=start)
    end = next((m.start() for m in _TOO_CLAUSE_MARK.finditer(text, at, end)), end)
    return any(m.group(1) not in _ZH_NOT_A_THING for m in _ZH_TOO.finditer(text, start, end))


#: (wrong15) the words before a count that add to the want's, count per thing or count a part of it ("再要20份", "另加5份",
#: "another 2 tables", "每桌10人", "each 2", "有两个干粉的过期了"): such a count is no recount of the want's
_ADDED_COUNT = re.compile(r"(?:再|多|加|另外?|还|每|各|其中|有)[要订买加来]?\s*$|\b(?:more|extra|another|additional|add|plus|each|per|every)\s+$", re.I)
#: (wrong15) the zh measure words a count said again with no word of change is read by ("要10桌", "是135份"); not "一下",
#: not "周四下午" (a weekday, :data:`_WEEKDAY_BEFORE`)
_MEASURES = "桌份个件位名人套箱盒只张台间晚天本瓶杯斤条棵辆支双把块串束袋包罐"
_WEEKDAY_BEFORE = re.compile(r"(?:周|星期|礼拜)$")
#: (fix17) a count said of another time than the want's ("去年是12桌", "上次才10桌", "last year we had 15 chairs"): no recount
_OTHER_TIME = re.compile(r"(?:去年|前年|往年|上次|上回|那次)[^，,。；;！？!?]*$|\b(?:last (?:year|time|week|month)|in the past|used to)\b[^.,;!?]*$", re.I)
#: (wrong15) "2 more", "3 extra": a count added
_MORE_AFTER = re.compile(r"\s*(?:more|extra|additional)\b", re.I)


#: (prec11) a sentence that asks: a question mark or a final question particle ends it
_ASKS = re.compile(r"(?:[?？]|[吗呢嘛]\W*)$")


def _asked_at(ctx: MessageContext, pos: int) -> bool:
    """``pos`` is in a clause that asks, or in a sentence that ends as a question ("如果一共6个房间的话会便宜点吗")."""
    if ctx.asking(pos):
        return True
    end = next((m.end() for m in SENTENCE_END.finditer(ctx.text, pos)), len(ctx.text))
    return bool(_ASKS.search(ctx.text[pos:end].rstrip()))


#: (wantfb12) a number in a run of digit groups ("07911 555 204") is part of a phone number or an id, no count
_BARE = re.compile(r"(?<!\d )(?<![\w.,:/£$€¥￥-])\d+(?:\.\d+)?(?![\w.,:/%-]|\.\d| \d)")


#: (prec27) right before a bare number: a clock's word ("after 10 ok?", "afternoons after 1", "the 1st at 10") or a label
#: the number names a thing by ("pitch 3 that week is fine", "room 12", "shoes 46"): no count the want's number follows
_NOT_COUNT_BEFORE = re.compile(r"\b(?:after|before|at|by|from|until|till|til|past|pitch|court|room|table|gate|platform|flat|"
                               r"unit|no|number|size|sizes|shoes?|age|aged|year|page|level|floor)\s+$", re.I)


def _changed_bare_number(ctx: MessageContext, want: str) -> list[tuple[str, str]]:
    """(wants10) A correction that says a number with no word after it ("might need 700 actually", "its probly 6
    panels" after "took out 5 of them") while the want holds one number as said: the want's number follows it (one
    new number) or goes (more than one). Numbers inside a day, a clock, an address, a sum or an id are none of these.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "need about 600 quid til end of feb"},
    ...                 {"role": "user", "content": "might need 700 actually"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['need about 700 quid til end of feb']
    """
    old = _BARE.findall(want)
    if len(old) != 1:
        return []
    spans = [(m.start, m.end) for m in ctx.mentions if m.kind == "id" or m.label not in COUNT_LABELS]
    # (wantfb12) the old side of a correction ("07911 555 240 not 204") is no new number
    spans += [m.span("old") for rx in ctx.pack.corrections for m in rx.finditer(ctx.text) if m.groupdict().get("old")]
    at = _BARE.search(want)
    held = dimension_at(want, at.start(), ctx.lang) if at else None
    # (lead20d) "make it 40 litres" after "3 bags of potting compost": a measure moves no number of another kind
    new = {m.group(0) for m in _BARE.finditer(ctx.text) if not in_spans(m.start(), spans) and m.group(0) != old[0]
           and not _WHEN.match(ctx.text, m.end()) and dimension_at(ctx.text, m.start(), ctx.lang) == held
           and not _NOT_COUNT_BEFORE.search(ctx.text, 0, m.start())}
    if not new:
        return []
    value = new.pop() if len(new) == 1 else ""
    m = re.compile(_BARE.pattern + r"\s*\w*").search(want)  # with the word after it: the swap needs more than one character
    return [(m.group(0), m.group(0).replace(old[0], value, 1).strip() or " ")] if m else []


def _named_old(ctx: MessageContext, want: str) -> list[str]:
    """The old parts of this message's corrections ("X not Y", "不是Y是X") standing as a token in the want:
    a value the user takes back, cut from the want as the values said in it are.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "I need 200 letterpress business cards on cotton card"},
    ...                 {"role": "user", "content": "actually make it 500 not 200, my partner wants some"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['I need 500 letterpress business cards on cotton card']
    """
    out = []
    for rx in ctx.pack.corrections:
        for m in rx.finditer(ctx.text):
            old = (m.groupdict().get("old") or "").strip(" ,.;!?，。")
            head = r"(?<![A-Za-z0-9])" if old[:1].isascii() and old[:1].isalnum() else ""
            tail = r"(?![A-Za-z0-9])" if old[-1:].isascii() and old[-1:].isalnum() else ""
            found = re.search(head + re.escape(old) + tail, want, re.I) if old else None
            if found and not _modifies(want, found):
                out.append(found.group(0))
    return out


#: (miss28en) what may follow a word at its item's end in a want: a mark, a function word, the want's end
_ITEM_END = re.compile(r"\s*(?:$|[,;.!?)]|(?:and|or|with|for|to|from|in|on|at|by|please|pls|as|so|but|that|which|too|"
                       r"then|now|if|because|cos|before|after)\b)", re.I)


def _modifies(want: str, found: re.Match) -> bool:
    """(miss28en) Whether the word ``found`` in ``want`` qualifies the word after it, as a possessive or the first word
    of a compound ("my dad's 60th", "a hospital grade breast pump"): the user's "post it to me, not dad" or "deliver
    home not the hospital" takes back a recipient or a place, not the want's thing, whose words stay whole (cutting
    "dad" left "my 's 60th"). A number is a count of the thing after it and stays cut ("500 not 200").

    >>> w = "buy a cask for my dad's 60th, a hospital grade pump for the hospital"
    >>> [_modifies(w, re.search(x, w)) for x in ("dad", "hospital", "hospital$")]
    [True, True, False]
    """
    if any(c.isdigit() for c in found.group(0)):
        return False
    return not _ITEM_END.match(want, found.end())


#: (wrong15) a thing the user gives up later: "forget the lean-to", "skip the photos", "the moving doesnt matter anymore",
#: "no need for the dumper", "don't need the stand any more", "洗澡先不要了", "不要会员了", "英文先不做了", "剧本杀不用了"
#: (fix17) not a thing kept in mind ("don't forget the fountain"), one taken somewhere ("drop the kids off") or one the user
#: fears to lose ("I don't want to lose the trailer deposit")
_GIVEN_UP = {"en": re.compile(r"(?<!n't )(?<!n’t )(?<!dont )(?<!not )(?<!never )\b(?:forget|skip|drop|scrap|ditch|(?<!to )lose|scratch) (?:about )?(?:the |that |my |our )?(?P<thing>[a-z][\w-]*)\b(?! off\b)"
                              r"|\b(?:no need for|(?:do|does) ?n[o'’]?t need|won'?t need) (?:the |that |a |an |my )?(?P<thing2>[a-z][\w-]*)(?=[^.,;!?]*\b(?:any ?more|after all|now)\b)?"
                              r"|\b(?:the |that )?(?P<thing3>[a-z][\w-]*) (?:does ?n[o'’]?t|do ?n[o'’]?t|wo ?n[o'’]?t) matter any ?more\b", re.I),
             "zh": re.compile(r"(?:不要|取消|去掉|删掉|不做|不用)(?:那个|这个)?(?P<thing>[\u4e00-\u9fff]{2,6}?)了"
                              r"|(?P<thing2>[\u4e00-\u9fff]{2,6}?)(?:先|就|也|暂时)?(?:不要|不用|不做|不需要)了")}
#: (wrong15) the words that name no thing given up ("forget it", "skip that", "先不要了")
_NO_THING = re.compile(r"^(?:it|that|this|them|those|these|about|everything|all|one|ones|the|a|an|me|us)$|^(?:那|这|先|就|也|我|你)", re.I)
#: (wrong15) where a want's item begins and ends: a comma, a list mark, "and" / "or" / "with", a sentence end; (zh) 和/跟/及 and 的
_ITEM_SEP = {"en": re.compile(r"\s*(?:[,;.]|\band\b|\bor\b|\bwith\b|\bplus\b)\s*", re.I),
             "zh": re.compile(r"[，,、。；;]|和|跟|及|还有|的")}


def _given_up_words(ctx: MessageContext) -> list[str]:
    """(wrong15) The things this message gives up (:data:`_GIVEN_UP`), not asked about, not taken back."""
    rx = _GIVEN_UP.get(ctx.lang)
    out = []
    for m in (rx.finditer(ctx.text) if rx else ()):
        thing = next((v for k, v in m.groupdict().items() if k.startswith("thing") and v), "")
        if thing and not _NO_THING.search(thing) and not ctx.asking(m.start()) and not unmarked_question(ctx.text, m.start()):
            out.append(thing)
    return out


def _without_given_up(ctx: MessageContext, want: str) -> str:
    """(wrong15) The want less the items naming a thing this message gives up ("forget the lean-to" drops "and a lean-to"
    from "a water butt and a lean-to"; "洗澡先不要了" drops "、洗澡那种"). An English thing is found by its stem (its first
    four letters: "driving" finds "drive"), a Chinese one by its longest tail of two or more characters. An item that is
    the whole want stays: the want is not emptied by one word.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "need a shed built, with a water butt and a lean-to"},
    ...                 {"role": "user", "content": "forget the lean-to, too dear"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['need a shed built, with a water butt']
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "想把猫寄养，要单间、每天拍视频、洗澡那种"}, {"role": "user", "content": "洗澡先不要了"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['想把猫寄养，要单间、每天拍视频']
    """
    for thing in _given_up_words(ctx):
        at = _found_in(ctx.lang, thing, want)
        if at is not None:
            want = _cut_item(ctx.lang, want, *at)
    return _with_restored(ctx, want)


#: (wrong15) zh: a change of mind to another thing of a kind: "还是次卡吧", "算了 还是报半马吧", "还是合租的吧"
_SWITCHED = {"zh": re.compile(r"还是(?:报|要|选|订|办|做|换|用|来|买|租)?(?:个|那个|那种)?(?P<new>[\u4e00-\u9fff]{2,3}?)的?吧")}


def _switched(ctx: MessageContext, want: str) -> list[tuple[str, str]]:
    """(wrong15) (old, new): a thing of the want switched by "还是X吧" for another of its kind: the same length, the same
    last character (年卡 / 次卡, 全马 / 半马, 整租 / 合租), both named by the assistant before (the options it gave).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "想给我妈报个瑜伽的年卡"}, {"role": "assistant", "content": "年卡2980元，次卡1280元。"},
    ...                 {"role": "user", "content": "想了想还是次卡吧"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['想给我妈报个瑜伽的次卡']
    """
    rx = _SWITCHED.get(ctx.lang)
    G = ctx.graph
    out: list[tuple[str, str]] = []
    said = None  # what the assistant has said, read once and only when a switch is said
    for m in (rx.finditer(ctx.text) if rx else ()):
        new = m.group("new")
        if ctx.asking(m.start()):
            continue
        if said is None:
            said = " ".join(str(G.nodes[n].get("text") or "") for n in G.graph["kinds"].get("turn", ())
                            if G.nodes[n]["role"] == "assistant")
        kind = re.compile(r"[\u4e00-\u9fff]{%d}%s" % (len(new) - 1, re.escape(new[-1])))
        out += [(o.group(0), new) for o in kind.finditer(want) if o.group(0) != new and o.group(0) in said and new in said]
    return out


#: (lead19) a thing of the want replaced by another, said as such: "可乐换成雪碧", "可乐不要了，换成雪碧", "把大床房改成双床",
#: "swap the chocolate cake for a carrot cake", "change the roses to lilies"
_SUBSTITUTED = {"zh": re.compile(r"(?:把)?(?P<old>[\u4e00-\u9fff]{1,6}?)(?:不要了?[，,\s]*|不要[，,\s]+)?(?:换成|改成|换为|改为)"
                                 r"(?P<new>[\u4e00-\u9fff]{1,6}?)(?=吧|了|啊|哈|呢|$|[，,。！!\s])"),
                "en": re.compile(r"\b(?:swap|change|switch|replace) (?:the |my |our )?(?P<old>[a-z][a-z-]*(?: [a-z][a-z-]*)?) "
                                 r"(?:for|to|with|into) (?:a |an |the |some )?(?P<new>[a-z][a-z-]*(?: (?!(?:please|then|instead|thanks|now|too)\b)[a-z][a-z-]*)?)\b",
                                 re.I)}


def _substituted(ctx: MessageContext, want: str) -> str:
    """(lead19) ``want`` with a thing the message replaces by another ("可乐换成雪碧") replaced; a thing the want does
    not hold, a question ("可乐能换成雪碧吗？") or a value another step reads (a day, a time) changes nothing here.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "我要订两箱矿泉水，一箱可乐"}, {"role": "assistant", "content": "好的。"},
    ...                 {"role": "user", "content": "可乐不要了，换成雪碧"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['我要订两箱矿泉水，一箱雪碧']
    """
    rx = _SUBSTITUTED.get(ctx.lang)
    for m in (rx.finditer(ctx.text) if rx else ()):
        old, new = m.group("old"), m.group("new")
        if ctx.asking(m.start()) or old == new or any(x.kind == "value" and m.start("new") <= x.start < m.end("new") for x in ctx.mentions):
            continue
        found = list(re.finditer(rf"(?<![\w-]){re.escape(old)}(?![\w-])" if ctx.lang == "en" else re.escape(old), want, re.I))
        if found:
            want = want[:found[-1].start()] + new + want[found[-1].end():]
    return want


#: (wrong15) a thing given up and taken back: "can we add the linkedin after all", "put the lean-to back", "洗澡还是要"
_RESTORED = {"en": re.compile(r"\b(?:add|put|include|keep|do|want|need) (?:the |that |my )?(?P<thing>[a-z][\w-]*)(?: \w+)? (?:back|after all|again)\b", re.I),
             "zh": re.compile(r"(?P<thing>[\u4e00-\u9fff]{2,6}?)还是(?:要|做|加上?)|还是(?:要|做|加上?)(?P<thing2>[\u4e00-\u9fff]{2,6}?)(?:吧|了|$)")}


def _with_restored(ctx: MessageContext, want: str) -> str:
    """(wrong15) The want with a thing taken back again: the item of an earlier want naming it, added at the end.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "need a shed built, with a water butt and a lean-to"},
    ...                 {"role": "user", "content": "forget the lean-to, too dear"},
    ...                 {"role": "user", "content": "ok put the lean-to back after all"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['need a shed built, with a water butt, a lean-to']
    """
    rx = _RESTORED.get(ctx.lang)
    G = ctx.graph
    for m in (rx.finditer(ctx.text) if rx else ()):
        thing = m.group("thing") or m.groupdict().get("thing2") or ""
        if not thing or _NO_THING.search(thing) or ctx.asking(m.start()) or _found_in(ctx.lang, thing, want):
            continue
        node = (g.current_with_key(G, WANT_KEY) or [None])[-1]
        while node is not None:  # the earlier wants, newest first
            node = next((v for _, v, k in G.out_edges(node, data="kind") if k == "supersedes"), None)
            at = _found_in(ctx.lang, thing, G.nodes[node]["value"]) if node else None
            if at:
                old = G.nodes[node]["value"]
                want += ("，" if ctx.lang == "zh" else ", ") + _item(ctx.lang, old, *at)
                break
    return want


def _item(lang: str, text: str, lo: int, hi: int) -> str:
    """(wrong15) The item of ``text`` around ``text[lo:hi]``, between the marks of :data:`_ITEM_SEP`.

    >>> _item("en", "a table and a gazebo, you hire them", 14, 20)
    'a gazebo'
    """
    before, after = _marks_around(lang, text, lo, hi)
    return text[before[-1].end() if before else 0:after[0].start() if after else len(text)].strip(" ,，、")


def _marks_around(lang: str, text: str, lo: int, hi: int) -> tuple[list[re.Match], list[re.Match]]:
    """(wrong15) The item marks of :data:`_ITEM_SEP` in ``text`` before ``lo`` and after ``hi``."""
    seps = list(_ITEM_SEP[lang].finditer(text))
    return [m for m in seps if m.end() <= lo], [m for m in seps if m.start() >= hi]


def _found_in(lang: str, thing: str, want: str) -> tuple[int, int] | None:
    """(wrong15) Where the want names ``thing``: by its stem (en, a word of three or more letters), by its longest tail (zh)."""
    if lang == "zh":
        for lo in range(len(thing) - 1):
            at = want.find(thing[lo:])
            if at >= 0:
                return at, at + len(thing) - lo
        return None
    if len(thing) < 3:
        return None
    m = re.search(r"(?<![\w-])" + re.escape(thing[:4]) + r"[\w-]*", want, re.I)
    return (m.start(), m.end()) if m else None


def _cut_item(lang: str, want: str, lo: int, hi: int) -> str:
    """(wrong15) ``want`` less the item around ``want[lo:hi]`` and the mark before it (the one after it when it comes
    first); the want whole when the item is all of it.

    >>> _cut_item("en", "a table and a gazebo, you hire them", 14, 20)
    'a table, you hire them'
    >>> _cut_item("zh", "要剧本杀和狼人杀两种", 1, 4)
    '要狼人杀两种'
    """
    before, after = _marks_around(lang, want, lo, hi)
    start = before[-1].end() if before else 0
    end = after[0].start() if after else len(want)
    if start == 0 and end == len(want):
        return want
    if lang == "zh" and after and end == hi and after[0].group(0) in ("和", "跟", "及", "、"):
        return want[:lo] + want[after[0].end():]  # "要剧本杀和狼人杀": the thing and its 和
    cut = want[:before[-1].start()] + want[end:] if before else want[after[0].end():]
    return cut.strip(" ,，、")


#: a want said later as an addition: "oh and we also need…", "one more thing", "另外还想…", "还要…"
_ADDED = {"en": re.compile(r"\b(?:also|too|as well|another|one more thing|oh and|and also|plus)\b", re.I),
          "zh": re.compile(r"另外|还(?:要|想|需要|得)|也(?:要|想|需要)|顺便|再(?:要|加)")}


#: a question about the price: what it asks to add is weighed, not yet wanted
_PRICE_ASKED = re.compile(r"多少钱|什么价|价格|怎么收费|收费|\bhow much\b|\bwhat(?:'s| is| does| would) (?:the )?(?:price|cost)|\bcost\b", re.I)
#: (miss7) a later question that asks for a thing to be added to the order or hired: "and can we hire wetsuits there?",
#: "能再加一份小吃拼盘吗？" (the packs' ``wants`` read the same act in the opening)
_ASKED_ADDITION = {"en": re.compile(r"^\W*(?:(?:yes|yeah|yep|ok|okay|great|perfect|fine|thanks|please|and|also|oh|so)\W+)*(?:can|could|may) (?:we|i) "
                                    r"(?:also |please |still )?(?:add|hire|rent|borrow|include)\b", re.I),
                   # (miss16) also an extra the user asks to bring or to have printed, after the place it goes on: "能自带酒吗",
                   # "能带宝宝来吗", "盒子上能印我们logo吗"; not a thing taken into a venue ("能带相机进去吗": its rule asked about);
                   # and in any space-separated piece of the clause ("b那个吧 … 对了能自带蛋糕吗")
                   "zh": re.compile(r"(?:^|(?<=\s))\W*(?:(?:好的?|行|嗯|对了|另外)\W*)*(?:[\u4e00-\u9fff]{1,3}上)?(?:能|可以|能不能|可不可以)(?:再|也|帮我|给我|多)*"
                                    r"(?:加|租|借|配|自带|印|带(?![^，。？?！!\s]{0,8}(?:进去|进场|入场|上车|上飞机|过安检)))")}


#: (miss16) zh: a piece of the message that names a thing and takes it with 要 ("摄影要", "35类要", "来电显示倒是要的")
_TAKEN_UP = re.compile(r"(?:^|(?<=[\s，,。！!；;]))(?P<thing>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?:也|都|倒是|还是)?要(?:的|啊|吧|呀)?(?=[\s，,。！!；;~]|$)")
#: (miss16) zh: a first step taken with 先 ("先上门评估吧", "先上个体验课看看", "先试听吧"): the step after the verb and count
_FIRST_STEP = re.compile(r"(?:^|(?<=[\s，,。！!；;]))(?:那|那就|那我)?先(?:上|来|做|约|试|报|预约|办)?(?:个|一?次|一节|一下)?"
                         r"(?P<thing>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:吧|看看|试试)")
#: words that are no thing taken: who takes it, "都", "这个", and a negation or a wish inside the thing
_NOT_A_THING = re.compile(r"^(?:我|你|他|她|我们|咱|都|也|还|这个|那个|这|那)|[不别没想]")
#: the assistant's message asks whether the user wants something ("摄影需要吗？", "要加上吗？", "要不要顺便…？")
_OFFER_ASKED = re.compile(r"(?:需要|要|加)[^。！!]{0,8}吗|要不要|需不需要|[？?]")


def _taken_up(ctx: MessageContext) -> str:
    """(miss16) zh: things the assistant's last message named and asked about, taken up by the user with 要 ("摄影需要吗？"
    -> "摄影要"; "要不要顺便注册第35类和第43类？" -> "35类要 43类先不用"), or named as a first step and taken with 先
    ("可以先免费上门评估" -> "先上门评估吧"): the pieces that take them, joined.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "想办同学会"}, {"role": "assistant", "content": "摄影需要吗？跟拍半天1200元。"},
    ...                 {"role": "user", "content": "摄影要 还有纪念品别太贵"}])
    >>> [f.value for f in t.state().facts if f.key.startswith("want_t")]
    ['摄影要']
    """
    if ctx.lang != "zh":
        return ""
    last = ctx.graph.graph.get("last_turn")
    said = str(ctx.graph.nodes[last].get("text") or "") if last and ctx.graph.nodes[last].get("role") == "assistant" else ""
    if not said:
        return ""
    taken = [m.group(0) for m in (_TAKEN_UP.finditer(ctx.text) if _OFFER_ASKED.search(said) else ())
             if not _NOT_A_THING.search(m.group("thing")) and m.group("thing") in said]
    taken += [m.group(0) for m in _FIRST_STEP.finditer(ctx.text)
              if not _NOT_A_THING.search(m.group("thing")) and m.group("thing") in said]
    return "，".join(taken)


#: (miss16) the question forms of "can" hold a 不 that negates nothing ("能不能印logo", "可不可以加一份")
_ASKING_NOT = re.compile(r"能不能|可不可以|行不行|好不好")


def _negatable(clause: str, asked_for: re.Match | None) -> str:
    """The part of ``clause`` a negation must not be in for a want to be added: the whole clause, or for an addition
    asked for, its own space-separated piece without the 不 of "能不能" (miss16: "能带宝宝来吗 万一老公搞不定",
    "礼盒上能不能印我们公司logo").

    >>> import re
    >>> _negatable("周六吧 能带宝宝来吗 万一老公搞不定", re.search("能带", "周六吧 能带宝宝来吗 万一老公搞不定"))
    '能带宝宝来吗'
    >>> _negatable("别加了", None)
    '别加了'

    An addition given up after it in the same message is negated whole (fix18: "能自带酒吗 算了 那就不要了",
    "能加一个投影吗 哦不用了 我们自己带"):

    >>> _negatable("能自带酒吗 算了 那就不要了", re.search("能自带", "能自带酒吗 算了 那就不要了"))
    '能自带酒吗 算了 那就不要了'
    """
    if asked_for is None:
        return clause
    if _GIVEN_UP_AFTER.search(clause, asked_for.end()):
        return clause
    piece = clause[asked_for.start():].split(maxsplit=1)
    return _ASKING_NOT.sub("", piece[0] if piece else "")


#: (fix18) the addition asked for given up after it: 算了, 不用了, 不要了, 不带了, 不印了
_GIVEN_UP_AFTER = re.compile(r"算了|不(?:用|要|需要)?[\u4e00-\u9fff]?了")


def _count_unkept(ctx: MessageContext, kept_by, m) -> bool:
    """(user27) A count said in an added want that no fact or rule of the message keeps ("also can i add 2 bags of
    rice?", "can you make it two rails"): it stays in the want, as in the opening (wants10, the same ``kept_by`` of
    :func:`_kept_elsewhere`), instead of leaving "add of rice" and the count nowhere. A day, a clock, a sum or an id is
    masked as before, and so is a number said as a bound or a rate ("人均150以内", "under 200", "£5 each"): a limit, which
    changes or is lifted, not a count of the want."""
    if m.kind != "value" or m.label not in COUNT_LABELS or kept_by(m.text):
        return False
    return not (_BOUND_BEFORE.search(ctx.text[max(0, m.start - 12):m.start]) or _BOUND_AFTER.match(ctx.text, m.end))


#: (user27) words that make the number beside them a bound or a rate, not a count: before it, and right after it
_BOUND_BEFORE = re.compile(r"(?:\b(?:under|over|below|above|up to|at most|at least|max|min|no more than|less than|more than|"
                           r"per)\s*|人均|每人|不超过|别超过|最多|至少)$", re.I)
_BOUND_AFTER = re.compile(r"\s*(?:以内|以下|以上|之内|左右|上下|\bor (?:less|more|under|over)\b|\bmax\b|\btops\b|\beach\b|"
                          r"\ba (?:head|person|night|month|week)\b|\bper\b)", re.I)


def _added_want(ctx: MessageContext, rules) -> str:
    """A want said later as an addition to what the user came for ("Oh and we need the
    certificate for our insurer", "另外还想顺便给他洗个耳朵", "对了，还要开个发票"): a statement
    holding a want cue and a word of addition, naming a thing rather than only a value ("I also
    need it by Friday": the date's own fact has it); not a pick, not negated, not asked."""
    added = _ADDED.get(ctx.lang)
    if added is None:
        return ""
    taken = [u.value for u in ctx.units if isinstance(u, FactUnit) and u.key != WANT_KEY and len(u.value) > 2
             and not re.fullmatch(r"[\d\s.,:-]+", u.value)]
    kept_by = _kept_elsewhere(ctx)
    values = [(m.start, m.end) for m in ctx.mentions if m.kind in ("value", "id") and not _count_unkept(ctx, kept_by, m)]
    text = mask(ctx.text, values)
    for offset, clause in clauses(ctx.text):
        start = offset + len(clause) - len(clause.lstrip())
        asked_for = _ASKED_ADDITION[ctx.lang].search(clause) if ctx.lang in _ASKED_ADDITION else None
        if asked_for and _PRICE_ASKED.search(ctx.text):
            asked_for = None  # "可以加个小熊吗多少钱", "can we add X, how much?": a price asked, nothing added yet
        if (ctx.asking(start) and not asked_for) or in_spans(start, ctx.taken_back) or _NEGATED.search(_negatable(clause, asked_for)):
            continue
        if any(v.casefold() in clause.casefold() for v in taken):
            continue  # "oh and also the blue one": a value of this message's own fact, picked or said
        if not asked_for and (not (first_match(rules, clause) or first_match(rules, re.sub(r"^\W*(?:oh|and|also|so|plus)\W+", "", clause, flags=re.I)))
                              or not added.search(clause)):
            continue
        said = ", ".join(_clean(text[a:b]) for a, b in _parts(ctx.text, offset, offset + len(clause))
                         if not _said_alone(ctx.text[a:b], text[a:b]))
        said = said.replace(", ", "，") if ctx.lang == "zh" else said
        if said and not first_match(ctx.pack.vague_values, said) and len(_PUNCT.sub("", said)) > GREETING_CHARS:
            return said
    return ""
