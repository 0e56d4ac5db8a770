"""A value the user corrects in the same breath, said as a phrase like the one it replaces (issue 19, miss29).

Users mend a slip as they type: "for the Scout hut roof fund, sorry, the village hall roof fund", "Unit 7 Cobalt
Park Wallsend no sorry its Unit 7 Orion Business Park North Shields", "from 2/1 no sorry flat 3/2", "票是上周五，不对，
上周六在春熙路那个站买的", "花甲15斤 哦不对 花甲要20斤", "十一千瓦 不对不对 我看错了 是Y2-160L-4 十五千瓦". The entity
rules read such a correction when the new value is of a kind they know (a date, a phone number); a free phrase
(a cause, a place's name, a part) they read in part or not at all, and the value the user meant is lost. Such a
phrase is told by its structure, not its words: it stands right after a correction cue and is built like the
phrase before the cue (the two share their first or last word, a Chinese head or measure of two characters, or a
code's shape: "2/1" and "3/2"), so it replaces that phrase.

The replacing phrase becomes the value of the fact that held the old phrase or part of the new one (it
supersedes it), or else a fact of its own (``corrected_t<n>``). A phrase a fact already holds whole adds nothing.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "It's a quiz night for the Scout hut roof fund, sorry, the village hall roof fund."})
>>> [f.value for f in t.state().facts if f.status == "current" and "fund" in f.value]
['the village hall roof fund']
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .asked import _letters
from .context import MessageContext
from .reasons import _DIRECTIVE_EN, _DIRECTIVE_ZH, is_situation
from .registry import step

#: (en) a correction cue between the slip and the value meant ("…, sorry, …", "no sorry its", "no wait it's")
_CUE_EN = re.compile(r"\b(?:no,?\s+sorry|sorry,?\s+no|no,?\s+wait|wait,?\s+no|sorry|i mean)\b[\s,.;:]*"
                     r"(?:it'?s\s+|it is\s+)?", re.I)
#: (zh) 不对 / 哦不是 / 说错了 …, with the "I misread" and the 是 that may follow (not the 不对 of a tag question,
#: "对不对", nor of a word, "不对劲")
_CUE_ZH = re.compile(r"(?:(?:哦|哎|呃|啊)[\s，,]*)?(?:不对不对|(?<!对)不对(?![劲头称外口应付比照手])|哦不是|不是不是|说错了|搞错了|记错了|看错了|弄错了)"
                     r"[\s，,。]*(?:我(?:看|记|说|弄)错了)?[\s，,。]*(?:应该是|是)?")
#: where the phrase before the cue starts and the one after it ends
_BOUND_EN = re.compile(r"[,.;!?\n]|\b(?:for|from|to|at|is|was|in|on|of|with)\b", re.I)
_END_EN = re.compile(r"[,.;!?\n]")
#: (zh) the particles that end a spoken phrase ("明天上午嘛"): no part of it
_PARTICLES = re.compile(r"[嘛吧呢吗啊呀哈]+$")
_BOUND_ZH = re.compile(r"[，,。；;！!？?\n]")
#: a word too common to say two phrases are built alike
_COMMON = re.compile(r"^(?:the|a|an|my|our|his|her|its|it|is|and|no|not|i|we|so)$", re.I)
#: a hedge after the slip ("123-Reg i think") is no part of it
_HEDGE_EN = re.compile(r"\s+(?:i think|i guess|maybe|probably)$", re.I)
#: a new phrase that only says no ("5 trays samosa frozen. no wait, no frozen"): a value given up, not one meant
_NEGATION = re.compile(r"^(?:no|not|none|never|nothing|don'?t)\b|^[不别没莫勿]", re.I)
#: a code's shape: digits and letters as classes ("2/1" and "3/2" are alike)
_SHAPE = re.compile(r"\d+")


def _shape(token: str) -> str:
    return _SHAPE.sub("9", re.sub(r"[A-Za-z]+", "a", token))


def _alike_en(old: str, new: str) -> bool:
    """Whether two English phrases are built alike: the same first or last word (not a function word), a last
    word of the same code shape with a digit in it, or one name for another ("123-Reg" / "Fasthosts").

    >>> _alike_en("the Scout hut roof fund", "the village hall roof fund"), _alike_en("2/1", "flat 3/2")
    (True, True)
    >>> _alike_en("123-Reg", "Fasthosts"), _alike_en("Tuesday", "no"), _alike_en("OK", "I")
    (True, False, False)
    >>> _alike_en("hes year 7 not 6", "no SATs")
    False
    """
    a, b = old.split(), new.split()
    if not a or not b:
        return False
    same = [x for x, y in ((a[0], b[0]), (a[-1], b[-1])) if x.casefold() == y.casefold() and not _COMMON.match(x)]
    coded = any(ch.isdigit() for ch in a[-1]) and _shape(a[-1]) == _shape(b[-1])
    named = len(a) == len(b) == 1 and all(len(w) > 1 and (w[:1].isupper() or w[:1].isdigit()) for w in (a[0], b[0]))
    return bool(same) or coded or named


def _alike_zh(old: str, new: str) -> bool:
    """Whether two Chinese phrases are built alike: the new one starts as the old one or its last word starts, or
    both end in the same two characters (a measure: 千瓦, 平米).

    >>> _alike_zh("票是上周五", "上周六在春熙路那个站买的"), _alike_zh("花甲15斤", "花甲要20斤"), _alike_zh("十一千瓦", "十五千瓦")
    (True, True, True)
    >>> _alike_zh("一个上幼儿园", "老大上小学")
    False
    """
    old, new = old.replace(" ", ""), new.replace(" ", "")
    if len(old) < 2 or len(new) < 2:
        return False
    heads = {old[:2]} | {old[i:i + 2] for i in range(max(0, len(old) - 4), len(old) - 1)}
    return new[:2] in heads and not new[:2].isdigit() or old[-2:] == new[-2:] and not old[-2:].isdigit()


def _says_why(new: str, segmented: bool) -> bool:
    """The words after the cue say why the slip will not do ("Monday I start 7 o'clock on site", "上午孩子要补习")
    or ask for something else ("还是你们派车吧"): a situation or a directive (:mod:`ctxgraph.extract.reasons`), no
    value meant.

    >>> _says_why("Monday I start 7 o'clock on site", False), _says_why("上午孩子要补习", True), _says_why("flat 3/2", False)
    (True, True, False)
    """
    lang = "zh" if segmented else "en"
    return is_situation(new, lang) or bool((_DIRECTIVE_ZH if segmented else _DIRECTIVE_EN).search(new))


#: how far before and after a cue the slip and the phrase meant are looked for (characters)
_WINDOW = 200


def corrected_phrases(text: str, segmented: bool) -> list[tuple[str, str]]:
    """(old, new) for each phrase the message corrects in the same breath with a phrase built like it.

    >>> corrected_phrases("Unit 7 Cobalt Park Wallsend no sorry its Unit 7 Orion Business Park North Shields NE29 7SN.", False)
    [('Unit 7 Cobalt Park Wallsend', 'Unit 7 Orion Business Park North Shields NE29 7SN')]
    >>> corrected_phrases("皖南的 Y2-160M-4 十一千瓦 不对不对 我看错了 是Y2-160L-4 十五千瓦", True)
    [('十一千瓦', 'Y2-160L-4 十五千瓦')]
    >>> corrected_phrases("oh no wait the end of the IBAN is 2847 not 2874", False)
    []
    >>> corrected_phrases("这个是新地址对不对 这个是旧的吧", True)
    []
    >>> corrected_phrases("5 trays samosa frozen. no wait, no frozen", False), corrected_phrases("明天上午嘛 哦不对 明天上午我要拍毕业照", True)
    ([], [])
    """
    found = []
    for cue in (_CUE_ZH if segmented else _CUE_EN).finditer(text):
        # the phrases either side are read within a window: a message of thousands of cues stays linear
        # (the spaces and stops before the cue are no part of the slip; a cue pattern that began with them went quadratic
        # on a message of a million spaces)
        head, tail = text[max(0, cue.start() - _WINDOW):cue.start()], text[cue.end():cue.end() + _WINDOW]
        head = head.rstrip(" \t\n\r，,。" if segmented else " \t\n\r,.;")
        if segmented:
            old = _BOUND_ZH.split(head)[-1].split()[-1:] if head.strip() else []
            old = _PARTICLES.sub("", old[0]) if old else ""
            new = _BOUND_ZH.split(tail)[0].strip()
            alike = _alike_zh(old, new)
        else:
            old = _HEDGE_EN.sub("", _BOUND_EN.split(head)[-1].strip())
            new = _END_EN.split(tail)[0].strip()
            alike = len(new.split()) <= 10 and _alike_en(old, new)
        if old and new and alike and not _NEGATION.match(new) and not new.replace(" ", "").startswith(old.replace(" ", "")) \
                and not _says_why(new, segmented):
            found.append((old, new))
    return found


def _holder(ctx: MessageContext, part: str, *, earlier: bool) -> tuple[str, str] | None:
    """The key and name of a fact of this message (with ``earlier``, else a current one) whose value holds ``part`` or is held
    in it, the one that holds it whole and is longest first; parts of fewer than three letters (a bare "3/2") name no fact."""
    bare = _letters(part)
    if len(bare) < 3:
        return None
    found = [(u.key, u.name, _letters(u.value)) for u in ctx.units_of(FactUnit) if not u.offered]
    if earlier and not any(bare in v or v in bare for _, _, v in found if len(v) >= 3):
        G = ctx.graph
        found = [(str(G.nodes[fid].get("key") or key.split("@")[0]), str(G.nodes[fid].get("name") or key.split("@")[0]),
                  _letters(str(G.nodes[fid]["value"]))) for key, fid in G.graph["current_fact"].items()]
    held = [(bare in v, len(v), key, name) for key, name, v in found if len(v) >= 3 and (bare in v or v in bare)]
    return max(held)[2:] if held else None


@step("corrected_phrases", roles=("user",))
def corrected_phrase_facts(ctx: MessageContext) -> list[_Unit]:
    """(miss29) Each phrase the user's message corrects in the same breath: the value meant, under the key of the
    fact that held the slip (in this message or before) or part of the value meant (in this message), else
    ``corrected_t<n>``; nothing when a fact of this message holds it whole."""
    units: list[_Unit] = []
    held = [_letters(u.value) for u in ctx.units_of(FactUnit) if not u.offered]
    for old, new in corrected_phrases(ctx.text, ctx.profile.segmented):
        if any(_letters(new) in h for h in held):
            continue
        own = f"corrected_t{ctx.index}"
        key, name = _holder(ctx, old, earlier=True) or _holder(ctx, new, earlier=False) or (
            own, "更正" if ctx.profile.segmented else "corrected")
        units.append(FactUnit(key=key, name=name, value=new, correction=True))
    return units
