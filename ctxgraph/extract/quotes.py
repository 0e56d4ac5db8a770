"""The quotes step: words the user gives to be used as said are a fact (issue 19, miss7).

A customer often dictates a text the service will write, print or say: a card message, an
engraving, a banner, a name on a cake ("yes. 'Forever in our hearts, love Janet, Colin and the
grandchildren'", "the bottle green one, 'Moss 14'", 蛋糕上写「生日快乐，小雨」). No slot word names it and
no entity rule reads it; the quote marks show where it starts and ends. Here the quoted words of a
user's message are one ``wording`` fact (zh ``文字``), whole, when the message answers the assistant's
question or the assistant or the user speaks of writing, printing or saying it. Not read: a single
word in quotes ("the 'deluxe' one" is a pick's), words the assistant quotes, quotes inside a word
("it's", "don't").

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "Your order is placed. Would you like a card message?"},
...                 {"role": "user", "content": "yes. 'Forever in our hearts, love Janet'"}])
>>> [(f.key, f.value) for f in t.state().facts if f.key == "wording"]
[('wording', 'Forever in our hearts, love Janet')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step

# a quoted text: opened after the start, a space or punctuation, closed before the end, a space or
# punctuation, no quote mark inside ("it's" and "don't" open nothing)
_QUOTED = re.compile(r"(?:^|(?<=[\s(:,.!?;，。：！？；]))['\"](?P<text>[^'\"‘’“”「」『』\n]{2,120}?)['\"](?=$|[\s,.!?;:)，。！？；、])"
                     # curly and corner quotes mark a text wherever they stand: 写「生日快乐，小雨」吧
                     r"|[‘“「『](?P<text2>[^'\"‘’“”「」『』\n]{2,120}?)[’”」』]")
# writing, printing or saying a text, in the question or the reply
_WRITES = {"en": re.compile(r"\b(?:say|says|saying|said|write|writes|written|writing|read|reads|put|print|printed|engrave|engraved|"
                            r"engraving|inscri\w+|message|wording|words|text|caption|banner|card|label|name)\b", re.I),
           "zh": re.compile(r"写|印|刻|绣|祝福|内容|文字|卡片|贺卡|横幅|字样|名字")}
#: in the user's own message only writing counts: "my son said 'no way'" reports speech
_SAID = re.compile(r"\b(?:say|says|saying|said|read|reads)\b", re.I)
_KEY = {"en": "wording", "zh": "文字"}


def _enough(text: str, lang: str) -> bool:
    """A text, not a single word: two words (en) or two characters (zh)."""
    return len(text.split()) >= 2 if lang == "en" else len(text.strip()) >= 2


@step("quotes", roles=("user",))
def quotes(ctx: MessageContext) -> list[_Unit]:
    """The user's quoted words, as one ``wording`` fact (see the module docstring)."""
    lang = ctx.lang if ctx.lang in _KEY else "en"
    found = [t.strip() for m in _QUOTED.finditer(ctx.text) if _enough(t := m.group("text") or m.group("text2"), lang)]
    if not found:
        return []
    asked = ctx.assistant_before
    own = _WRITES[lang].search(_SAID.sub(" ", ctx.text))
    if not (asked.rstrip().endswith(("?", "？")) or _WRITES[lang].search(asked) or own):
        return []
    held = [u.value for u in ctx.units if isinstance(u, FactUnit)]
    value = "; ".join(t for t in found if not any(t in h for h in held))
    if not value:
        return []
    return [FactUnit(key=_KEY[lang], name=_KEY[lang], value=value, stressed=ctx.stressed)]
