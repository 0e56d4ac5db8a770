"""What makes a reply that names an offered option no choice (issue 19, fix12).

Three steps read a pick of the options the assistant offered (``picks``, ``choose``, ``slot_picks``);
each asked whether the clause declines what it names. A user also names an option without taking it,
and these acts say so by their structure, in either language:

- **deferring the decision**: the speaker says they will think, ask, check, talk it over or come back
  ("hmm the thermal one sounds pricey, let me ask my wife", "I'll think about the thermal one", "full block
  sounds good but I need to sleep on it", 我考虑一下带蓝牙那款, 带蓝牙那款吧，我再跟老公商量下): what the message
  says up to the deferral picks nothing; a pick after it stands ("我再想想……还是轻奢吧") (:func:`put_off_until`);
- **a third party's experience**: a person of the user's (a possessive and a relation noun) is the subject
  of a past deed ("my brother did the thermal one last year", "the double one was what my dad had",
  我朋友买的带蓝牙那种, 我姐用的就是带蓝牙的): the clause tells what they had, not what the user takes
  (:func:`others_experience`); a person who wants one now ("my wife wants the thermal one") still picks;
- **asking about the options** with no question mark: an English clause opening with a question word and
  a verb ("what's the difference between…", "how long is the thermal one"), a Chinese clause with an
  interrogative (差在哪, 多重, 能便宜点不, 好不好) (:func:`asks`);
- **a fear, not a hedge**: 怕 declines what it names, but 恐怕 ("I'm afraid, probably") and 哪怕 ("even if")
  do not, and "I'm afraid it'll have to be the deep one" is a reluctant yes (:func:`fears`).

>>> defers("hmm the thermal one sounds pricey, let me ask my wife", "en"), defers("deep one I think", "en")
(True, False)
>>> defers("我考虑一下带蓝牙那款", "zh"), defers("考虑到孩子小，普通款吧", "zh")
(True, False)
>>> others_experience("my brother did the thermal one last year", "en"), others_experience("my wife wants the thermal one", "en")
(True, False)
>>> others_experience("我朋友买的带蓝牙那种", "zh"), others_experience("我老婆要带蓝牙的", "zh")
(True, False)
>>> asks("what's the difference between the standard and thermal ones", "en"), asks("带蓝牙那款多重", "zh"), asks("带蓝牙的吧", "zh")
(True, True, False)
>>> fears("恐怕得要全面版吧"), fears("I'm afraid it'll have to be the deep one"), fears("带蓝牙的怕坏"), fears("I'm afraid the silk one will crease")
(False, False, True, True)
"""

from __future__ import annotations

import re

from .kin import _EN_KIN, _ZH_KIN

# ---------------------------------------------------------------- deferring the decision

#: the speaker puts the decision off: a first-person lead-in, then a verb of deliberating ("I'll think about",
#: "let me sleep on it", "I'll get back to you") or of consulting someone of theirs ("let me ask my wife", "I need to
#: check with the landlord"; not "let me ask you", "can I ask")
_DEFERS_EN = re.compile(
    r"\b(?:let me|lemme|let us|i'?ll|i will|i need to|i'?d (?:like|have) to|i want to|i have to|i'?ve got to|i gotta|we'?ll|"
    r"we need to|we'?d (?:like|have) to|need to|have to)\s+(?:(?:just|first|quickly|properly|go and|maybe|probably|double)\s+)*"
    r"(?:think|have a think|sleep on|get back|come back|mull|consider|discuss it|talk it over"
    r"|(?:ask|check with|talk to|talk with|speak to|speak with|discuss (?:it |this )?with|run (?:it|this|that) by|confirm with|"
    r"chat (?:to|with))\s+(?:my|our|the|his|her|their)\b)\b"
    r"|\b(?:not sure yet|haven'?t decided|undecided|think about it|sleep on it|get back to you)\b", re.I)
#: 考虑一下 / 想想 / 商量 / 问问老公 / 回头再… / 再看看 / 还没定 (考虑到… is a reason; 顺便问下 asks the agent; 再说
#: puts off what it follows, often another thing: "营销版 但是双语加30%有点贵 英文先不做了 明年再说")
_DEFERS_ZH = re.compile(r"考虑(?:一下|下|考虑|看看)|再考虑|我考虑|想想|想一想|商量|回头再|再看看|再定|还没[定想]|没想好|犹豫|"
                        rf"(?:问问|问一下|问下)(?:我|家里|家人|{_ZH_KIN}|[爸妈哥姐弟妹])")


def defers(text: str, lang: str) -> bool:
    """The message puts the decision off (the speaker will think, ask, check or come back)."""
    return put_off_until(text, lang) > 0


def put_off_until(text: str, lang: str, options: tuple[str, ...] | list[str] = ()) -> int:
    """Where the message's last deferral ends (0 when none): what is said before it is put off, what follows it
    is decided ("我再想想……还是轻奢吧": 轻奢 is the pick). (fix13) With the offered ``options``, a deferral that
    names a topic of its own that names no option puts off that topic only, not the pick said before it ("the
    thermal one please, I need to check with my landlord about the delivery day", 加厚款吧，送货时间我再跟老公商量下).

    >>> text = "我再想想……还是轻奢吧"
    >>> text[put_off_until(text, "zh"):]
    '……还是轻奢吧'
    >>> text = "the thermal one please, I'll get back to you on the fitting date"
    >>> put_off_until(text, "en", ["the standard cover", "the thermal cover"]), put_off_until(text, "en") > 0
    (0, True)
    >>> put_off_until("I'll think about the thermal one", "en", ["the standard cover", "the thermal cover"]) > 0
    True
    """
    rx = _DEFERS_ZH if lang == "zh" else _DEFERS_EN
    return max((m.end() for m in rx.finditer(text) if not (options and _other_topic(text, m, lang, options))
                and not _DENIED[lang if lang == "zh" else "en"].search(text, 0, m.start())), default=0)


#: (fix13) a deferral denied just before it: "no need to ask my wife", "I don't need to think about it", 不用跟老公商量
_DENIED = {"en": re.compile(r"\b(?:no|don'?t|do not|won'?t|not|never|without)\s+(?:\w+\s+){0,1}$", re.I),
           "zh": re.compile(r"(?:不用|不必|不需要|无需|没必要|用不着)[^，,。！？!?；;\s]{0,4}$")}


#: (fix13) the topic a deferral names after it ("… about the delivery day", "get back to you on the fitting date"); a
#: pronoun ("about it", "on that") points back at what was offered
_TOPIC_EN = re.compile(r"(?:(?!\b(?:about|on|regarding|re|over)\b)[^,.;!?])*\b(?:about|on|regarding|re|over)\s+(?!(?:it|this|that|them|these|those|which|both|either)\b)"
                       r"(?P<topic>[^,.;!?]+)", re.I)
#: (fix13) zh: the topic opens the deferral's clause, before the speaker or the adverb ("送货时间我再跟老公商量下")
_CLAUSE_START_ZH = re.compile(r"[，,。！!？?；;\s]")
_TOPIC_END_ZH = re.compile(r"我们|我|再|跟|和|还|先|回头|要|得")
_STOP_EN = {"this", "that", "with", "about", "them", "those", "these", "ones", "option", "options", "which", "though",
            "then", "first", "there", "when", "what"}


def _other_topic(text: str, m: re.Match, lang: str, options) -> bool:
    """The deferral ``m`` names a topic of its own, and the topic names none of the ``options``."""
    said = " ".join(options).casefold()
    if lang == "zh":
        begin = max((c.end() for c in _CLAUSE_START_ZH.finditer(text, 0, m.start())), default=0)
        head = text[begin:m.start()]
        cut = _TOPIC_END_ZH.search(head)
        topic = head[:cut.start()] if cut else head
        if len(topic) < 2:
            return False
        return not any(topic[i:i + 2] in said for i in range(len(topic) - 1))
    t = _TOPIC_EN.match(text, m.end())
    if not t:
        return False
    words = [w for w in re.findall(r"[a-z]{4,}", t.group("topic").casefold()) if w not in _STOP_EN]
    return bool(words) and not any(w in said or w.rstrip("s") in said for w in words)


# ---------------------------------------------------------------- a third party's experience

#: a person of the user's, then (within a few words) a past deed: "my brother did", "what my dad had"
_OTHERS_EN = re.compile(
    rf"\b(?:my|our|his|her|their)\s+(?:(?:best|older|younger|little|big|elder)\s+)?{_EN_KIN}(?:'s)?\s+"
    r"(?:\w+\s+){0,2}?(?:did|had|went|got|bought|took|used|tried|booked|chose|picked|wore|rode|flew|loved|liked|hated|"
    r"enjoyed|had done|has done|has had|has been|did it|was on)\b", re.I)
#: 我朋友买的 / 我姐用的 / 我同事约的 / 她妈上次做过: a relation noun, then a verb of getting or using with 的/过/了
_OTHERS_ZH = re.compile(rf"(?:我|他|她|我的|我家)(?:{_ZH_KIN}|[爸妈哥姐弟妹])(?:[^，,。！!？?\s]{{0,4}}?)"
                        r"(?:买|用|约|上|做|装|订|选|报|试|办|弄|换|去|拿|租)(?:过|了|的)")


def others_experience(clause: str, lang: str) -> bool:
    """The clause tells what another person of the user's had or did (their past deed)."""
    return bool((_OTHERS_ZH if lang == "zh" else _OTHERS_EN).search(clause))


# ---------------------------------------------------------------- asking with no question mark

#: an English clause opening with a question word and its verb ("what's the difference", "how long is"); not "which
#: is", a relative clause as often ("the concert hall, which is in Kingsbridge")
_ASKS_EN = re.compile(r"^\W*(?:(?:so|and|but|ok|hmm+|um+)\W+)?(?:what(?:'s|s| is| are| does| do)|how(?:'s| is| are| does| do| much| long| big| many| heavy)|"
                      r"why(?:'s| is| are| does| do)|is there|are there"
                      # (fix14) the verb before its subject: "is thursday the later one", "does friday run late" (not "do
                      # thursday", an imperative pick); (fix15) not a participle after it, the subject left out of a
                      # statement: "was thinking the wednesday", "was hoping for the 10am"
                      r"|(?:is|are|was|were)\s+(?!\w+(?:ing|ed)\b)(?:\w+\s+){1,2}?(?:the|a|an)\s+\w+|(?:does|did)\s+\w+\s+\w+)\b", re.I)
#: a Chinese interrogative: a question word (哪, not 哪怕), 多 + an adjective, a particle at the end, A-not-A
_ASKS_ZH = re.compile(r"哪(?!怕)|什么|啥|怎么|为什么|为啥|多少|多[重大长久高宽远贵沉厚]|几[个天点位次种款岁年]|"
                      r"[吗呢么嘛][\s。.!！~～]*$|(?:能|可以|可|会|有|要|是|行|好)[^，,。！!]{0,10}[不没][\s。.~～]*$|([\u4e00-\u9fff])不\1")


def asks(clause: str, lang: str) -> bool:
    """The clause asks (with or without a question mark)."""
    if clause.rstrip().endswith(("?", "？")):
        return True
    return bool((_ASKS_ZH if lang == "zh" else _ASKS_EN).search(clause.strip()))


# ---------------------------------------------------------------- a fear, not a hedge

#: "I'm afraid" before a modal of necessity is a reluctant yes ("I'm afraid it'll have to be the deep one")
_RELUCTANT = (r"(?!\s+(?:(?:it|that|we|i|this)(?:'ll| will|'s| has| is going)?\s+)?"
              r"(?:have to|has to|got to|need to|needs to|must)\b)")
#: fearing or worrying about what the clause names ("石膏那个怕孩子哭闹", "worried the silk one will crease"):
#: 怕 but not 恐怕 / 哪怕; a part of the choose step's declining words (choose._DECLINES)
FEAR_PATTERN = rf"(?<![恐哪])怕|担心|\b(?:worried|scared)\b|\bafraid\b{_RELUCTANT}"
_FEARS = re.compile(FEAR_PATTERN, re.I)


def fears(clause: str) -> bool:
    """The clause fears or worries about what it names (not 恐怕 / 哪怕, not a reluctant "I'm afraid it has to be")."""
    return bool(_FEARS.search(clause))
