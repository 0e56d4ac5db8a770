"""Rule packs: the data the rule steps run on, validated on load.

A rule pack is a folder of ``.yml`` files (any split into files; sections are
merged in file-name order) and optional ``.jsonl`` files in spaCy's EntityRuler
format (``{"label": ..., "pattern": ..., "id": ...}``). ``rules/zh`` and
``rules/en`` ship with ctxgraph; a user adds a domain pack with
``Tracker(rules=["my_rules/"])`` (files for one language go in a ``zh``/``en``
subfolder, files at the top level apply to both).

Every problem in a file is reported together, naming file, rule and reason:

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "slots.yml").write_text("slots:\\n  - {id: budget, synonym: [x]}\\n")
>>> load_pack([d], "en")
Traceback (most recent call last):
...
ctxgraph._errors.RulesError: [E010] Invalid rule file .../slots.yml:
  slots[0] (budget): missing field 'name'
  slots[0] (budget): unknown field 'synonym'
"""

from __future__ import annotations

import json
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    StringConstraints,
    ValidationError,
    field_validator,
)

from ._errors import Errors, RulesError

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_regexes(patterns: list[str]) -> list[str]:
    """Every bad regular expression of the list, in one error."""
    bad = []
    for p in patterns:
        try:
            re.compile(p)
        except re.error as err:
            bad.append(f"bad regular expression {p!r}: {err}")
        if p == "":
            bad.append("an empty pattern matches everywhere")
    if bad:
        raise ValueError("; ".join(bad))
    return patterns


class EntityRule(_Strict):
    label: str
    pattern: str | None = None
    phrases: list[Annotated[str, StringConstraints(min_length=1)]] = []
    slot: str | None = None
    id: str | None = None

    @field_validator("pattern")
    @classmethod
    def _regex(cls, v: str | None) -> str | None:
        if v is not None:
            _check_regexes([v])
        return v


class SlotRule(_Strict):
    id: str
    name: str
    synonyms: list[str] = []
    types: list[str] = []
    scoped: bool = False  # one value per domain ("hotel area" and "restaurant area")
    multi: bool = False  # a list: the values one message names are kept together ("wifi 早餐服务")
    terse: bool = False  # the value says what it is ("east", "4.5分以上"): compact style drops the name
    role: bool = False  # filled by the roles step only: a tool result's field of the same name does not fill it
    domains: list[str] = []  # the domains a scoped slot exists in (empty: all): a train has no area


class FactPattern(_Strict):
    """A fact pattern with options: a fixed value ("free wifi" -> internet: yes, given
    ``slot`` and ``value``) and/or the domains it applies in (``domains``); without
    ``slot``, its named groups are slot ids; ``said_by`` (``user`` or ``assistant``) keeps it to one speaker's
    messages (miss16: "卡用建行的" is the user's bank, "工行、建行都可以" the service's list)."""

    pattern: str
    slot: str | None = None
    value: str | None = None
    domains: list[str] = []
    said_by: Literal["user", "assistant"] | None = None

    _c = field_validator("pattern")(classmethod(lambda cls, v: _check_regexes([v])[0]))


class RoleRule(_Strict):
    """A role a value plays: the slot a value of one of ``labels`` fills when a cue stands
    right before it (``before``), right after it (``after``), or in the assistant's open
    question (``asked``); ``value``: the value's own text must match it (a role its shape
    says: "3 nights" is a stay's length). A role with no cue at all is read from ``value``
    alone. ``reference``: the cue names a thing as a reference point ("X附近", "near X"), not
    as the one wanted: the value is read even when it is an offer or another fact's value, its
    slot may be scoped per domain, and naming it decides no offer. See ``ctxgraph/extract/roles.py``."""

    slot: str
    labels: list[str]
    before: list[str] = []
    after: list[str] = []
    asked: list[str] = []
    value: str | None = None
    reference: bool = False

    _c = field_validator("before", "after", "asked")(classmethod(lambda cls, v: _check_regexes(v)))
    _v = field_validator("value")(classmethod(lambda cls, v: v if v is None else _check_regexes([v])[0]))


class DomainRule(_Strict):
    id: str
    name: str
    cues: list[str]


class IntentRule(_Strict):
    """An intent and its cues. Intents are tried by ``priority`` (higher first), then in
    file order: a domain pack gives its intents ``priority: 10`` to precede the core ones."""

    name: str
    cues: list[str]
    priority: int = 0

    _c = field_validator("cues")(classmethod(lambda cls, v: _check_regexes(v)))


class ConstraintRule(_Strict):
    polarity: Literal["must", "must_not", "prefer"]
    cues: list[str]

    _c = field_validator("cues")(classmethod(lambda cls, v: _check_regexes(v)))


class CommitmentRules(_Strict):
    make: list[str] = []
    done: list[str] = []
    cancel: list[str] = []
    #: reports of a deed done for the user ("your e-ticket has been emailed"): kept as a promise
    #: done when no open promise named it (a subset of ``done``'s meaning, without "done", "got it")
    deeds: list[str] = []
    #: groups of words that name one deed: "email" in a promise and "sent" in its report
    same_deed: list[list[str]] = []
    #: a question after a promise that asks for a detail the deed needs ("I'll send you the
    #: checklist - which email?", "资料发您邮箱，您邮箱是多少？"): the promise stands; a yes/no
    #: question after it ("…, shall I?", "…吗？") makes it an offer
    asks_detail: list[str] = []
    #: where a second deed is joined to a promise ("… until Friday and email the contract today")
    joins: list[str] = []
    #: a promise to look something up ("let me check", "我帮您查一下"): kept when a tool call
    #: made in the same message comes back
    checks: list[str] = []
    #: the assistant asks the user for what a check needs ("请提供IMEI，我查一下保修状态",
    #: "please send me the order number and I'll check"): the next tool call keeps the check
    asks_input: list[str] = []
    #: what a yes/no question after a promise says when it offers the deed rather than asks
    #: something else ("…, is that ok?", "…，可以吗？"): the promise waits for the user's yes
    offer_tails: list[str] = []
    #: a question that offers a deed with no promise cue ("Shall I set up a reminder?",
    #: "要不要我帮您预约？"): a promise once the user says yes
    offer_cues: list[str] = []
    #: a promise to tell the user when something happens ("I'll let you know as soon as he
    #: approves it"): group ``event``; kept when the assistant reports that it happened
    waits_for: list[str] = []
    #: the user turns down what the assistant just promised ("no need, I've got one", "不用发了"):
    #: the promise of the message before is cancelled even when it asked nothing
    declines: list[str] = []

    _c = field_validator("make", "done", "cancel", "deeds", "asks_detail", "joins", "checks", "asks_input",
                         "offer_tails", "offer_cues", "waits_for", "declines")(classmethod(lambda cls, v: _check_regexes(v)))


class ReferenceRules(_Strict):
    pronouns: list[str] = []
    nouns: dict[str, str] = {}

    _c = field_validator("pronouns")(classmethod(lambda cls, v: _check_regexes(v)))


class NameRules(_Strict):
    """How a name is built from segmented words (languages whose names have no spaces):
    verbs that stand before a name and never start it (``lead``), verbs that end a run
    of name words (``stop``), and the suffix of a bracketed branch that belongs to the
    name before it (``branch_suffix``: "外婆家(北京apm店)")."""

    lead: list[str] = []
    stop: list[str] = []
    branch_suffix: str | None = None

    _c = field_validator("lead")(classmethod(lambda cls, v: _check_regexes(v)))


#: What a label's entities are: things can be referred to ("that one") and are in focus;
#: values fill slots; ids are merged by their text like things but never "that one".
LabelKind = Literal["thing", "value", "id"]

#: Sections whose items a pack may switch off with ``disable:`` and how an item is named.
DISABLE_KEYS = {
    "intents": "name", "slots": "id", "entities": "label", "domains": "id", "constraints": "polarity",
    "fact_patterns": "pattern", "lifts": None, "corrections": None, "retractions": None,
    "selections": None, "goals": None, "questions": None, "question_words": None,
    "history_words": None, "stress": None, "make": None, "done": None, "cancel": None, "deeds": None,
    "asks_detail": None, "joins": None, "checks": None, "asks_input": None, "choices": None, "reversals": None,
    "offer_tails": None, "offer_cues": None, "waits_for": None, "declines": None,
    "pronouns": None, "name_suffixes": None, "tool_fields": None,
    "steps": None,  # extraction steps by name (see ctxgraph.extract.STEPS)
    "accepts": None, "rejects": None, "goal_changes": None,
    "roles": "slot", "service_questions": None, "proposals": None, "id_shapes": None, "vague_values": None,
    "same_as": None, "confirms": None, "inquiries": None, "alternatives": None, "self_corrections": None,
    "take_backs": None, "amount_changes": None, "problems": None, "wants": None, "parties": None,
    "unmet": None, "none_found": None, "searches": None, "kind_refs": None, "pair_refs": None, "booked_refs": None,
    "change_acts": None, "relations": None, "change_marks": None,
}


class RuleFile(_Strict):
    """The sections one ``.yml`` file may hold; every section is optional."""

    labels: dict[str, LabelKind] = {}
    label_groups: dict[str, list[str]] = {}  # labels a reference may mix ("那家" -> PLACE or VENUE)
    disable: dict[Literal[tuple(DISABLE_KEYS)], list[str]] = {}  # type: ignore[valid-type]
    tool_fields: list[str] = []  # words naming a tool result's key fields ("order_id", "status")
    render_labels: dict[str, str] = {}  # overrides of the language profile's template labels
    name_rules: NameRules = NameRules()
    entities: list[EntityRule] = []
    not_entities: list[str] = []
    slots: list[SlotRule] = []
    domains: list[DomainRule] = []
    fact_patterns: list[str | FactPattern] = []
    name_suffixes: list[str] = []
    label_slots: dict[str, str] = {}
    intents: list[IntentRule] = []
    constraints: list[ConstraintRule] = []
    lifts: list[str] = []
    # the user takes an option ("go with the 18-month contract", "那就线上吧"): an active
    # must_not rule that names what the option names is lifted
    choices: list[str] = []
    # the user wants after all what a must_not rule ruled out ("do the garden one as well", "收纳盒还是你们带吧"): the
    # active must_not rule the clause names is lifted (cons10)
    reversals: list[str] = []
    commitments: CommitmentRules = CommitmentRules()
    corrections: list[str] = []
    retractions: list[str] = []
    references: ReferenceRules = ReferenceRules()
    selections: list[str] = []
    goals: list[str] = []
    questions: list[str] = []
    question_words: list[str] = []
    history_words: list[str] = []  # a question with one asks how a value was before ("原来", "before")
    stress: list[str] = []
    # the user's answer to options the assistant offered: cues that accept or decline one,
    # ordinal words that pick one by position ("the second one": 2, "最后": -1)
    accepts: list[str] = []
    rejects: list[str] = []
    ordinals: dict[str, int] = {}
    goal_changes: list[str] = []  # the user changes what they want: "cancel the order", "不买了"
    offer_slots: dict[str, str] = {}  # label -> slot: things the assistant lists are options of it
    answer_fillers: list[str] = []  # words around a bare answer that are not the value ("就行", "please")
    assistant_own: list[str] = []  # labels whose bare values the assistant says are its own (a shop's phone)
    # values with roles (issue 19): a value the user states fills the slot of the role it plays
    # (``roles``), else the slot of its type (``type_roles``: label -> slot)
    roles: list[RoleRule] = []
    type_roles: dict[str, str] = {}
    value_tagger: bool | None = None  # the roles step binds the learned tagger's spans (ctxgraph.models)
    vague_values: list[str] = []  # values too vague to be a fact by their shape or type alone ("yesterday")
    # a question about what the service does ("do you deliver on Sundays?"): its values are
    # asked about, not wished for
    service_questions: list[str] = []
    # a question that proposes a value ("how about 16:15?", "2 nights instead?"): its values are
    # the user's wish, they may change a slot
    proposals: list[str] = []
    # shapes of an identifier the statistical pipeline may take for a product ("RL-3391")
    id_shapes: list[str] = []
    # a value named by another domain's ("in the same area as the hotel"): groups ``slot`` (a
    # slot word) and ``domain`` (a domain word), see ctxgraph/extract/domains.py
    same_as: list[str] = []
    # a place named by the kind of a thing the dialogue already holds ("a taxi from the hotel to
    # the restaurant"): each group is named after a slot and holds a domain word; the slot takes
    # that domain's thing (its current fact of a "thing" label's slot), see ctxgraph/extract/domains.py
    kind_refs: list[str] = []
    # the two places a trip joins, named together ("between the two places"): when the message or
    # the state gives one end (a slot of ``kind_refs``), the other is the one other place held
    pair_refs: list[str] = []
    # a trip timed by a booking the dialogue holds ("a taxi to get us there in time for our reservation"):
    # each group is named after the trip's slot (``arrive_by``); it takes the time the booking holds,
    # see ctxgraph/extract/booked.py
    booked_refs: list[str] = []
    # the assistant asks the user to confirm what it is about to do ("Please confirm: a table for
    # 2 at 7 pm"): a "yes" takes every value it names
    confirms: list[str] = []
    # the user asks how to reach or visit the one thing just offered ("what is their address?"):
    # asking for it takes it, as annotators of booking dialogues read it
    inquiries: list[str] = []
    # words that make the assistant's message a list of alternatives ("A or B", "可以A，也可以B"):
    # the user's short reply that repeats one of them picks it (the picks step)
    alternatives: list[str] = []
    # words with which a speaker takes back the value just said in the same message ("88310.
    # Sorry, 88301", "E928306471，不对，是E928306417"): the value after them replaces it
    self_corrections: list[str] = []
    # words with which a speaker takes back what they just said without a new value of its kind
    # ("delivery to 22 Larch Court. Actually no, I'll pick it up"): those values are no state
    take_backs: list[str] = []
    # words right before a bare number that move the user's amount to it ("budget is max £100" ...
    # "ok go up to 110 then"): the number is that amount, in its currency
    amount_changes: list[str] = []
    # a fault said in general words ("keeps skipping", "won't connect", "charged twice"): the
    # user's clause holding one is a ``problem`` fact (the problems step)
    problems: list[str] = []
    # what the user came for, said in the opening message ("想拍婚纱照", "空调要清洗"): the
    # opening's clauses holding one are a ``want`` fact (the wants step)
    wants: list[str] = []
    # words naming whose a phone the user gives is ("收件人…，电话…", "打他家座机…"; a match with a
    # group ``self`` is the user): another party's phone is a fact beside the user's, not a change of it
    parties: list[str] = []
    # the assistant says its option does not meet a wish ("抱歉，没有符合…", "但是它家的人均消费是64元"):
    # a user who goes on with the option gives up the wishes its stated values break (extract/unmet.py)
    unmet: list[str] = []
    # the assistant says it found nothing that meets a wish ("Unfortunately, there are no parks in the west"):
    # the user's question right after it for another value of the slot searches anew (extract/unmet.py)
    none_found: list[str] = []
    # the user asks to find a thing ("再给我推荐一个…的景点"): in a domain where they already chose
    # one, the new search starts over and the domain's earlier values end (extract/searches.py)
    searches: list[str] = []
    # words right before a value that make it the new value of its kind ("make it 4", "改周日"):
    # it replaces the other values of that kind in the message, or the user's latest (extract/changes.py)
    change_acts: list[str] = []
    # words right after a value that make it the new value of its kind ("the tuesday instead"): read as
    # a change act (extract/changes.py), even when the reason names the old value ("friday is his dentist")
    change_marks: list[str] = []
    # a person named with their relation ("my sister Rachel", "I'm Helen, her daughter", "我姓欧阳，欧阳静"):
    # groups ``name`` and optionally ``rel``; the name is a fact keyed by the relation (extract/relations.py)
    relations: list[str] = []

    _c = field_validator(
        "lifts", "choices", "reversals", "corrections", "retractions", "selections", "goals", "questions", "question_words",
        "history_words", "stress", "tool_fields", "accepts", "rejects", "goal_changes", "answer_fillers",
        "service_questions", "id_shapes", "vague_values", "proposals", "same_as", "confirms", "alternatives",
        "self_corrections", "inquiries", "take_backs", "amount_changes", "problems", "wants", "parties", "unmet", "none_found",
        "searches", "kind_refs", "pair_refs", "booked_refs", "change_acts", "relations", "change_marks",
    )(classmethod(lambda cls, v: _check_regexes(v)))


def _describe(data: Any, loc: tuple) -> str:
    """'slots[0] (budget).synonyms[0]' for an error location inside a rule file."""
    out, node = "", data
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
        if isinstance(node, dict) and ("id" in node or "name" in node or "label" in node):
            out += f" ({node.get('id') or node.get('name') or node.get('label')})"
    return out or "top level"


def _format_errors(data: Any, err: ValidationError) -> str:
    lines = []
    for e in err.errors():
        loc = tuple(e["loc"])
        if e["type"] == "extra_forbidden":
            lines.append(f"  {_describe(data, loc[:-1])}: unknown field {loc[-1]!r}")
        elif e["type"] == "missing":
            lines.append(f"  {_describe(data, loc[:-1])}: missing field {loc[-1]!r}")
        else:
            lines.append(f"  {_describe(data, loc)}: {e['msg'].removeprefix('Value error, ')}")
    return "\n".join(sorted(set(lines), key=lines.index))


def read_rule_file(path: Path) -> RuleFile:
    """Parse and validate one ``.yml`` or EntityRuler ``.jsonl`` rule file."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise RulesError(Errors.E011.format(path=path, reason="not UTF-8 text; save the file as UTF-8")) from None
    if path.suffix == ".jsonl":
        return _read_entity_ruler(path, text)
    try:
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as err:
        raise RulesError(Errors.E011.format(path=path, reason=err)) from None
    if not isinstance(data, dict):
        raise RulesError(Errors.E011.format(path=path, reason="the top level must be a mapping of sections"))
    try:
        return RuleFile.model_validate(data)
    except ValidationError as err:
        raise RulesError(Errors.E010.format(path=path, problems=_format_errors(data, err))) from None


def _read_entity_ruler(path: Path, text: str) -> RuleFile:
    rules, problems = [], []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            label, pattern = item["label"], item["pattern"]
        except (json.JSONDecodeError, KeyError, TypeError) as err:
            problems.append(f"  line {n}: not an EntityRuler pattern ({err})")
            continue
        if isinstance(pattern, str):
            try:
                rules.append(EntityRule(label=label, phrases=[pattern], id=item.get("id")))
            except ValidationError as err:
                problems.append(f"  line {n} ({label}): " + "; ".join(
                    f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in err.errors()))
        else:
            problems.append(f"  line {n} ({label}): token patterns are not supported; use a phrase string or a regex rule in a .yml file")
    if problems:
        raise RulesError(Errors.E010.format(path=path, problems="\n".join(problems)))
    return RuleFile(entities=rules)


#: the cue lists of a rule file's ``commitments:`` section that the pack keeps as its own flat lists
_COMMITMENT_LISTS = ("asks_detail", "joins", "checks", "asks_input", "offer_tails", "offer_cues", "waits_for", "declines",
                     "make", "done", "cancel", "deeds", "same_deed")


@dataclass
class RulePack:
    """All rules for one language, merged and with regexes compiled."""

    lang: str
    labels: dict[str, str] = field(default_factory=dict)
    label_groups: dict[str, list[str]] = field(default_factory=dict)
    disable: dict[str, set[str]] = field(default_factory=dict)
    tool_fields: list[str] = field(default_factory=list)
    render_labels: dict[str, str] = field(default_factory=dict)
    name_lead: list[str] = field(default_factory=list)
    name_stop: list[str] = field(default_factory=list)
    branch_suffix: str | None = None
    entities: list[EntityRule] = field(default_factory=list)
    not_entities: set[str] = field(default_factory=set)
    slots: list[SlotRule] = field(default_factory=list)
    domains: list[DomainRule] = field(default_factory=list)
    fact_patterns: list[str | FactPattern] = field(default_factory=list)
    name_suffixes: list[str] = field(default_factory=list)
    label_slots: dict[str, str] = field(default_factory=dict)
    intents: list[IntentRule] = field(default_factory=list)
    constraints: list[ConstraintRule] = field(default_factory=list)
    lifts: list[str] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)
    reversals: list[str] = field(default_factory=list)
    asks_detail: list[str] = field(default_factory=list)
    joins: list[str] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)
    asks_input: list[str] = field(default_factory=list)
    offer_tails: list[str] = field(default_factory=list)
    offer_cues: list[str] = field(default_factory=list)
    waits_for: list[str] = field(default_factory=list)
    declines: list[str] = field(default_factory=list)
    make: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)
    cancel: list[str] = field(default_factory=list)
    deeds: list[str] = field(default_factory=list)
    same_deed: list[list[str]] = field(default_factory=list)
    corrections: list[str] = field(default_factory=list)
    retractions: list[str] = field(default_factory=list)
    pronouns: list[str] = field(default_factory=list)
    nouns: dict[str, str] = field(default_factory=dict)
    selections: list[str] = field(default_factory=list)
    goals: list[str] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    question_words: list[str] = field(default_factory=list)
    history_words: list[str] = field(default_factory=list)
    stress: list[str] = field(default_factory=list)
    accepts: list[str] = field(default_factory=list)
    rejects: list[str] = field(default_factory=list)
    ordinals: dict[str, int] = field(default_factory=dict)
    goal_changes: list[str] = field(default_factory=list)
    offer_slots: dict[str, str] = field(default_factory=dict)
    answer_fillers: list[str] = field(default_factory=list)
    assistant_own: list[str] = field(default_factory=list)
    roles: list[RoleRule] = field(default_factory=list)
    type_roles: dict[str, str] = field(default_factory=dict)
    vague_values: list[str] = field(default_factory=list)
    value_tagger: bool = False
    service_questions: list[str] = field(default_factory=list)
    proposals: list[str] = field(default_factory=list)
    same_as: list[str] = field(default_factory=list)
    kind_refs: list[str] = field(default_factory=list)
    pair_refs: list[str] = field(default_factory=list)
    booked_refs: list[str] = field(default_factory=list)
    confirms: list[str] = field(default_factory=list)
    inquiries: list[str] = field(default_factory=list)
    id_shapes: list[str] = field(default_factory=list)
    alternatives: list[str] = field(default_factory=list)
    self_corrections: list[str] = field(default_factory=list)
    take_backs: list[str] = field(default_factory=list)
    amount_changes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    wants: list[str] = field(default_factory=list)
    parties: list[str] = field(default_factory=list)
    unmet: list[str] = field(default_factory=list)
    none_found: list[str] = field(default_factory=list)
    searches: list[str] = field(default_factory=list)
    change_acts: list[str] = field(default_factory=list)
    relations: list[str] = field(default_factory=list)
    change_marks: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    def add(self, rf: RuleFile, source: str) -> None:
        self.files.append(source)
        self.labels.update(rf.labels)
        for group, labels in rf.label_groups.items():
            self.label_groups[group] = list(dict.fromkeys(self.label_groups.get(group, []) + labels))
        for section, names in rf.disable.items():
            self.disable.setdefault(section, set()).update(names)
        self.tool_fields += rf.tool_fields
        self.render_labels.update(rf.render_labels)
        self.name_lead += rf.name_rules.lead
        self.name_stop += rf.name_rules.stop
        self.branch_suffix = rf.name_rules.branch_suffix or self.branch_suffix
        self.entities += rf.entities
        self.not_entities.update(rf.not_entities)
        self._add_slots(rf.slots)
        self.domains += rf.domains
        self.fact_patterns += rf.fact_patterns
        self.name_suffixes += rf.name_suffixes
        self.label_slots.update(rf.label_slots)
        self.intents += rf.intents
        self.constraints += rf.constraints
        self.lifts += rf.lifts
        self.choices += rf.choices
        self.reversals += rf.reversals
        for name in _COMMITMENT_LISTS:  # the commitments section's cue lists, each kept flat here
            getattr(self, name).extend(getattr(rf.commitments, name))
        self.corrections += rf.corrections
        self.retractions += rf.retractions
        self.pronouns += rf.references.pronouns
        self.nouns.update(rf.references.nouns)
        self.selections += rf.selections
        self.goals += rf.goals
        self.questions += rf.questions
        self.question_words += rf.question_words
        self.history_words += rf.history_words
        self.stress += rf.stress
        self.accepts += rf.accepts
        self.rejects += rf.rejects
        self.ordinals.update(rf.ordinals)
        self.goal_changes += rf.goal_changes
        self.offer_slots.update(rf.offer_slots)
        self.answer_fillers += rf.answer_fillers
        self.assistant_own += rf.assistant_own
        self.roles += rf.roles
        self.type_roles.update(rf.type_roles)
        self.vague_values += rf.vague_values
        if rf.value_tagger is not None:  # a later pack turns it on or off
            self.value_tagger = rf.value_tagger
        self.service_questions += rf.service_questions
        self.proposals += rf.proposals
        self.same_as += rf.same_as
        self.kind_refs += rf.kind_refs
        self.pair_refs += rf.pair_refs
        self.booked_refs += rf.booked_refs
        self.confirms += rf.confirms
        self.inquiries += rf.inquiries
        self.id_shapes += rf.id_shapes
        self.alternatives += rf.alternatives
        self.self_corrections += rf.self_corrections
        self.take_backs += rf.take_backs
        self.amount_changes += rf.amount_changes
        self.problems += rf.problems
        self.wants += rf.wants
        self.parties += rf.parties
        self.unmet += rf.unmet
        self.none_found += rf.none_found
        self.searches += rf.searches
        self.change_acts += rf.change_acts
        self.relations += rf.relations
        self.change_marks += rf.change_marks

    def _add_slots(self, slots: list[SlotRule]) -> None:
        """Append ``slots``; a later file's slot with an id already known extends that slot."""
        known = {s.id: i for i, s in enumerate(self.slots)}
        for slot in slots:
            if slot.id in known:
                old = self.slots[known[slot.id]]
                self.slots[known[slot.id]] = SlotRule(
                    id=slot.id,
                    name=slot.name,
                    synonyms=list(dict.fromkeys(old.synonyms + slot.synonyms)),
                    types=list(dict.fromkeys(old.types + slot.types)),
                    scoped=slot.scoped or old.scoped,
                    multi=slot.multi or old.multi,
                    terse=slot.terse or old.terse,
                    role=slot.role and old.role,
                    domains=list(dict.fromkeys(old.domains + slot.domains)),
                )
            else:
                known[slot.id] = len(self.slots)
                self.slots.append(slot)

    def finish(self) -> "RulePack":
        """Switch off what ``disable:`` names and order intents by priority (stable)."""
        for section, names in self.disable.items():
            if section == "steps":
                continue  # the extractor reads these
            key = DISABLE_KEYS[section]
            items = getattr(self, section)
            if isinstance(items, dict):
                continue
            kept = [item for item in items
                    if (getattr(item, key, None) if key else item) not in names
                    and not (key == "pattern" and item in names)]
            setattr(self, section, kept)
        self.intents = sorted(self.intents, key=lambda i: -i.priority)
        return self


def builtin_rules_dir() -> Path:
    """Folder of the shipped rule packs, in an installed wheel or a source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "rules", here.parent / "rules"):
        if (candidate / CORE_PACK).is_dir():
            return candidate
    raise RulesError(Errors.E012.format(path=here / "rules"))


#: The pack every conversation loads: people, money, dates, ids, contacts, constraints,
#: commitments, corrections, references, tool actions.
CORE_PACK = "core"


def available_packs() -> list[str]:
    """Names of the domain packs that ship with ctxgraph (opt-in with ``packs=[...]``).

    >>> "booking" in available_packs()
    True
    """
    root = builtin_rules_dir()
    return sorted(p.name for p in root.iterdir() if p.is_dir() and p.name != CORE_PACK and not p.name.startswith(("_", ".")))


def pack_dir(name: str) -> Path:
    """The folder of a shipped domain pack; an unknown name is a :class:`RulesError`."""
    if name not in available_packs():
        raise RulesError(Errors.E015.format(name=name, known=", ".join(available_packs()) or "none"))
    return builtin_rules_dir() / name


def _files_for(folder: Path, lang: str) -> list[Path]:
    files = [p for p in sorted(folder.iterdir()) if p.suffix in (".yml", ".yaml", ".jsonl") and p.is_file()]
    sub = folder / lang
    if sub.is_dir():
        files += [p for p in sorted(sub.iterdir()) if p.suffix in (".yml", ".yaml", ".jsonl") and p.is_file()]
    return files


def load_pack(extra_dirs: list[Path | str] = (), lang: str = "en", *, builtin: bool = True,
              packs: list[str] = ()) -> RulePack:
    """Merge the core pack for ``lang``, the named domain ``packs`` and the user's folders,
    validating every file. Later folders extend earlier ones; ``disable:`` applies last."""
    pack = RulePack(lang=lang)
    folders = [builtin_rules_dir() / CORE_PACK] if builtin else []
    folders += [pack_dir(name) for name in packs]
    for d in extra_dirs:
        d = Path(d)
        if not d.is_dir():
            raise RulesError(Errors.E012.format(path=d))
        folders.append(d)
    for folder in folders:
        # a later pack's entity rules come first: at equal span the more specific pack's
        # label wins ("3天" is a booking DURATION before it is a core QUANTITY)
        earlier, pack.entities = pack.entities, []
        for path in _files_for(folder, lang):
            pack.add(read_rule_file(path), str(path))
        pack.entities += earlier
    if not pack.files:
        warnings.warn(f"ctxgraph: no rule files found for language {lang!r}; extraction will find little", stacklevel=2)
    return pack.finish()
