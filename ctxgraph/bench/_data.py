"""Loaders for the evaluation data: CrossWOZ, MultiWOZ and LoCoMo, as published.

Every loader turns a dataset into OpenAI-format chat messages plus the gold
annotations a benchmark needs, and reads the published files directly: a
``.zip`` is opened with :mod:`zipfile` (never extracted to disk), the plain
``.json`` inside it works too. Without a path, data is read from ``<data>/<name>``, where
``<data>`` is ``$CTXGRAPH_DATA`` when set, else ``~/.local/share/ctxgraph/data``
(``$XDG_DATA_HOME/ctxgraph/data``): :func:`default_data_dir`. README.md, "Benchmarks", says
where each dataset comes from.

- :func:`load_crosswoz`, :func:`load_multiwoz` return :class:`Dialogue` objects:
  the messages and one :class:`Checkpoint` per system turn with a gold state.
- :func:`load_locomo` returns :class:`Conversation` objects: the messages, a
  ``dia_id -> message index`` map and the questions (:class:`QA`).

LoCoMo conversations become user messages ``"<speaker>: <text>"`` (a shared
photo appends ``" [shares a photo: <caption>]"``), each with the speaker as its ``name``
(the chat format's field for participants who share a role). Each session starts with a
marker message, also role ``"user"``, carrying its date:
``"[session 3 — 1:56 pm on 8 May, 2023]"``. The marker is a turn like any other
(a method may keep or drop it); it has no ``dia_id``.

>>> msgs, index = locomo_messages({
...     "speaker_a": "Ann", "speaker_b": "Bo",
...     "session_1_date_time": "1:56 pm on 8 May, 2023",
...     "session_1": [{"speaker": "Ann", "dia_id": "D1:1", "text": "Hi!"},
...                   {"speaker": "Bo", "dia_id": "D1:2", "text": "Look.",
...                    "blip_caption": "a photo of a cat"}]})
>>> [m["content"] for m in msgs]
['[session 1 — 1:56 pm on 8 May, 2023]', 'Ann: Hi!', 'Bo: Look. [shares a photo: a photo of a cat]']
>>> index, msgs[1]["name"]
({'D1:1': 1, 'D1:2': 2}, 'Ann')
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "Checkpoint",
    "Conversation",
    "Dialogue",
    "QA",
    "crosswoz_gold",
    "default_data_dir",
    "load_crosswoz",
    "load_locomo",
    "load_multiwoz",
    "locomo_messages",
    "multiwoz_gold",
    "parse_evidence",
]

#: MultiWOZ slot values that mean "no value" (compared lower-cased, stripped).
MULTIWOZ_EMPTY = frozenset({"", "not mentioned", "none", "dontcare"})
_CROSSWOZ_ROLES = {"usr": "user", "sys": "assistant"}
_SESSION_KEY = re.compile(r"session_(\d+)")
_EVIDENCE_ID = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)", re.IGNORECASE)
#: ConvLab-2's MultiWOZ text is tokenized ("I 'd", "do n't", "fine ."); people type "I'd".
_DETOKENIZE = ((re.compile(r"(?<=\w) (n't)\b"), r"\1"), (re.compile(r"(?<=\w) ('(?:s|d|ll|re|ve|m))\b"), r"\1"),
               (re.compile(r"(?<=\S) +([.,?!;:]+)(?=\s|$)"), r"\1"))


@dataclass(frozen=True)
class Checkpoint:
    """A system turn with a gold dialogue state.

    ``index`` is the position of the system turn in :attr:`Dialogue.messages`;
    the history at this point is ``messages[: index + 1]``. ``question`` is the
    next user message ("" after the last turn). ``gold`` maps
    ``"<domain>-<slot>"`` (``"<domain>-book-<slot>"`` for MultiWOZ bookings)
    to the gold value.
    """

    index: int
    question: str
    gold: dict[str, str]


@dataclass(frozen=True)
class Dialogue:
    """A task-oriented dialogue as chat messages, with its gold-state checkpoints."""

    id: str
    messages: list[dict[str, Any]]
    checkpoints: list[Checkpoint] = field(default_factory=list)


@dataclass(frozen=True)
class QA:
    """A LoCoMo question.

    ``answer`` is None for adversarial (category 5) questions without one; an
    int answer (a year) is kept as its string. ``evidence`` holds the clean
    ``dia_id`` values that name a turn of the conversation; ``dropped_evidence``
    what could not be used (unparseable, or naming no turn).
    """

    question: str
    answer: str | None
    category: int
    evidence: tuple[str, ...]
    dropped_evidence: tuple[str, ...] = ()


@dataclass(frozen=True)
class Conversation:
    """A LoCoMo conversation as chat messages, its ``dia_id`` index and questions."""

    id: str
    messages: list[dict[str, Any]]
    dia_index: dict[str, int]
    questions: list[QA]

    def turn_text(self, dia_id: str) -> str:
        """The content of the message for turn ``dia_id``."""
        return self.messages[self.dia_index[dia_id]]["content"]


# --------------------------------------------------------------------------- paths


#: The environment variable naming the folder that holds the datasets (one subfolder each).
DATA_ENV = "CTXGRAPH_DATA"


def default_data_dir() -> Path:
    """The folder of the datasets, one subfolder each (``crosswoz/``, ``multiwoz/``, ``locomo/``,
    ``cs/``): ``$CTXGRAPH_DATA`` when set, else the user's ``$XDG_DATA_HOME/ctxgraph/data``
    (``~/.local/share/ctxgraph/data``). Nothing outside it is looked at.

    >>> import os
    >>> saved = os.environ.pop("CTXGRAPH_DATA", None)
    >>> default_data_dir().parts[-2:]
    ('ctxgraph', 'data')
    >>> os.environ["CTXGRAPH_DATA"] = "/srv/ctxgraph-data"
    >>> str(default_data_dir())
    '/srv/ctxgraph-data'
    >>> _ = os.environ.pop("CTXGRAPH_DATA") if saved is None else os.environ.update(CTXGRAPH_DATA=saved)
    """
    import os

    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "ctxgraph" / "data"


class DataNotFoundError(FileNotFoundError):
    """Benchmark data that is not there. ``what`` says what is missing where; the message adds
    how to pass the data from Python (``ctxgraph bench`` says ``--data PATH`` instead)."""

    def __init__(self, what: str, python_hint: str) -> None:
        super().__init__(f"{what} {python_hint}")
        self.what = what


PUBLISHED = "the published file or folder (a .zip, the .json inside it, or their folder)"


def _resolve(path: str | Path | None, name: str) -> Path:
    resolved = Path(path) if path is not None else default_data_dir() / name
    if not resolved.exists():
        hint = "" if path is not None else f" (the default data folder: set ${DATA_ENV} to the folder of the datasets)"
        raise DataNotFoundError(f"{name} data not found at {resolved}{hint}.", f"Pass {PUBLISHED} as path=...")
    return resolved


def _read_split(path: str | Path | None, name: str, split: str) -> Any:
    """Parse the JSON of a WOZ split from a folder, a .zip or a plain .json file."""
    resolved = _resolve(path, name)
    if resolved.is_dir():
        candidates = [resolved / f"{split}.json.zip", resolved / f"{split}.json", resolved / f"{split}.zip"]
        found = next((c for c in candidates if c.is_file()), None)
        if found is None:
            raise DataNotFoundError(
                f"No {split} split in {resolved}: looked for {', '.join(c.name for c in candidates)}.",
                "Pass the file itself, or split= its name.")
        resolved = found
    if zipfile.is_zipfile(resolved):
        with zipfile.ZipFile(resolved) as archive:
            member = _pick_member(archive, resolved, split)
            return json.loads(archive.read(member))
    with open(resolved, encoding="utf-8") as handle:
        return json.load(handle)


def _pick_member(archive: zipfile.ZipFile, path: Path, split: str) -> str:
    members = [n for n in archive.namelist() if n.endswith(".json") and not n.startswith("__MACOSX")]
    if len(members) == 1:
        return members[0]
    named = [n for n in members if Path(n).name == f"{split}.json"]
    if len(named) == 1:
        return named[0]
    raise ValueError(
        f"{path}: expected one .json file (or {split}.json) in the zip, found {members or 'none'}. "
        f"Pass the .json file itself."
    )


def _as_dict(data: Any, path: str | Path | None, name: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(
            f"{name} data at {path or default_data_dir() / name} is a {type(data).__name__}; "
            f"expected the published format, an object mapping dialogue id to dialogue."
        )
    return data


# --------------------------------------------------------------------------- CrossWOZ


def crosswoz_gold(state: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Gold values of a CrossWOZ ``sys_state_init``: non-empty slots but ``selectedResults``.

    >>> crosswoz_gold({"餐馆": {"名称": "", "推荐菜": "驴杂汤", "selectedResults": ["讲礼驴肉馆"]}})
    {'餐馆-推荐菜': '驴杂汤'}
    """
    gold: dict[str, str] = {}
    for domain, slots in state.items():
        for slot, value in slots.items():
            if slot == "selectedResults":
                continue
            if isinstance(value, list):
                value = " ".join(str(v) for v in value)
            value = str(value).strip()
            if value:
                gold[f"{domain}-{slot}"] = value
    return gold


def load_crosswoz(
    path: str | Path | None = None, *, split: str = "val", limit: int | None = None
) -> list[Dialogue]:
    """Load CrossWOZ dialogues: role ``usr`` -> ``"user"``, ``sys`` -> ``"assistant"``.

    ``path`` is the published ``<split>.json.zip``, the ``.json`` inside it, or
    their folder (default ``<data>/crosswoz``, see :func:`default_data_dir`). A checkpoint is made at
    each system turn whose ``sys_state_init`` has a gold value
    (:func:`crosswoz_gold`). ``limit`` keeps the first N dialogues in file order.
    """
    data = _as_dict(_read_split(path, "crosswoz", split), path, "crosswoz")
    dialogues = []
    for dialogue_id, dialogue in _first(data.items(), limit):
        messages, checkpoints = [], []
        raw = dialogue["messages"]
        for i, turn in enumerate(raw):
            role = _CROSSWOZ_ROLES.get(turn["role"])
            if role is None:
                raise ValueError(
                    f"CrossWOZ dialogue {dialogue_id}, turn {i}: unknown role {turn['role']!r}; "
                    f"expected 'usr' or 'sys'."
                )
            messages.append({"role": role, "content": turn["content"]})
            if role == "assistant":
                gold = crosswoz_gold(turn.get("sys_state_init") or {})
                if gold:
                    checkpoints.append(Checkpoint(i, _next_user(raw, i, "usr"), gold))
        dialogues.append(Dialogue(str(dialogue_id), messages, checkpoints))
    return dialogues


def _next_user(turns: list[dict[str, Any]], i: int, user_role: str, key: str = "content") -> str:
    if i + 1 < len(turns) and turns[i + 1].get("role", user_role) == user_role:
        return turns[i + 1][key]
    return ""


def _check_limit(limit: int | None) -> None:
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise ValueError(f"limit must be a non-negative int or None (all), got {limit!r}.")


def _first(items: Any, limit: int | None) -> Iterator[Any]:
    _check_limit(limit)
    for n, item in enumerate(items):
        if limit is not None and n >= limit:
            return
        yield item


# --------------------------------------------------------------------------- MultiWOZ


def multiwoz_gold(metadata: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Gold values of a MultiWOZ belief state: ``semi`` and ``book`` slots with a value.

    ``booked`` and the values ``not mentioned``, ``none``, ``dontcare`` and ""
    are skipped.

    >>> multiwoz_gold({"hotel": {"book": {"booked": [], "people": "2"},
    ...                          "semi": {"area": "east", "parking": "not mentioned"}}})
    {'hotel-area': 'east', 'hotel-book-people': '2'}
    """
    gold: dict[str, str] = {}
    for domain, state in metadata.items():
        for part, prefix in (("semi", ""), ("book", "book-")):
            for slot, value in (state.get(part) or {}).items():
                if slot == "booked" or not isinstance(value, str):
                    continue
                value = value.strip()
                if value.lower() not in MULTIWOZ_EMPTY:
                    gold[f"{domain}-{prefix}{slot}"] = value
    return gold


def load_multiwoz(
    path: str | Path | None = None, *, split: str = "val", limit: int | None = None
) -> list[Dialogue]:
    """Load MultiWOZ dialogues (ConvLab-2 copy): ``log`` alternates user and system.

    Even positions become ``"user"`` messages, odd ones ``"assistant"``. A
    checkpoint is made at each system turn whose ``metadata`` has a gold value
    (:func:`multiwoz_gold`). ``path`` and ``limit`` as in :func:`load_crosswoz`
    (default folder ``<data>/multiwoz``).
    """
    data = _as_dict(_read_split(path, "multiwoz", split), path, "multiwoz")
    dialogues = []
    for dialogue_id, dialogue in _first(data.items(), limit):
        log = dialogue["log"]
        messages, checkpoints = [], []
        for i, turn in enumerate(log):
            system = i % 2 == 1
            messages.append({"role": "assistant" if system else "user", "content": detokenize(turn["text"].strip())})
            if system:
                gold = multiwoz_gold(turn.get("metadata") or {})
                if gold:
                    question = detokenize(log[i + 1]["text"].strip()) if i + 1 < len(log) else ""
                    checkpoints.append(Checkpoint(i, question, gold))
        dialogues.append(Dialogue(str(dialogue_id), messages, checkpoints))
    return dialogues


def detokenize(text: str) -> str:
    """MultiWOZ's tokenized text as people type it: contractions and punctuation attached.

    >>> detokenize("I 'd like that . Do n't book Rosa 's Bed and Breakfast , please !")
    "I'd like that. Don't book Rosa's Bed and Breakfast, please!"
    """
    for pattern, repl in _DETOKENIZE:
        text = pattern.sub(repl, text)
    return text


# --------------------------------------------------------------------------- LoCoMo


def parse_evidence(raw: list[Any] | str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Clean LoCoMo evidence ids: ``(ids, dropped)``.

    Items holding several ids are split, ids with a stray colon are repaired,
    items with no id are dropped; duplicates are removed, order kept.

    >>> parse_evidence(["D8:6; D9:17", "D:11:26", "D", "D1:3", "d1:3"])
    (('D8:6', 'D9:17', 'D11:26', 'D1:3'), ('D',))
    """
    items = [raw] if isinstance(raw, str) else list(raw or [])
    ids: list[str] = []
    dropped: list[str] = []
    for item in items:
        found = [f"D{m.group(1)}:{m.group(2)}" for m in _EVIDENCE_ID.finditer(str(item))]
        if not found:
            dropped.append(str(item))
        ids.extend(found)
    return tuple(dict.fromkeys(ids)), tuple(dropped)


_NAME_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def locomo_messages(conversation: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Chat messages of a LoCoMo conversation and its ``dia_id -> message index`` map.

    Sessions come in numeric order, each opened by a date marker message (see the
    module docstring); ``session_N_date_time`` keys without a session are ignored.
    """
    sessions = sorted(
        (int(m.group(1)), key)
        for key in conversation
        if (m := _SESSION_KEY.fullmatch(key)) and isinstance(conversation[key], list)
    )
    messages: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    for number, key in sessions:
        date = conversation.get(f"{key}_date_time")
        marker = f"[session {number} — {date}]" if date else f"[session {number}]"
        messages.append({"role": "user", "content": marker})
        for turn in conversation[key]:
            content = f"{turn['speaker']}: {turn['text']}"
            if turn.get("blip_caption"):
                content += f" [shares a photo: {turn['blip_caption']}]"
            if turn.get("dia_id"):
                index[turn["dia_id"]] = len(messages)
            message = {"role": "user", "content": content}
            if name := _NAME_UNSAFE.sub("_", str(turn.get("speaker") or "")).strip("_")[:64]:
                message["name"] = name  # the chat format's participant name: [A-Za-z0-9_-], at most 64
            messages.append(message)
    return messages, index


def _locomo_files(path: str | Path | None) -> Iterator[tuple[str, Any]]:
    """(name, parsed JSON) for each file of a LoCoMo folder, .json or .zip."""
    resolved = _resolve(path, "locomo")
    if resolved.is_dir():
        files = sorted(resolved.glob("*.json"), key=_natural)
        if not files:
            raise DataNotFoundError(f"No *.json LoCoMo files in {resolved}.", "Pass a folder of them or one file.")
        for file in files:
            with open(file, encoding="utf-8") as handle:
                yield file.stem, json.load(handle)
    elif zipfile.is_zipfile(resolved):
        with zipfile.ZipFile(resolved) as archive:
            for member in sorted((n for n in archive.namelist() if n.endswith(".json")), key=_natural):
                yield Path(member).stem, json.loads(archive.read(member))
    else:
        with open(resolved, encoding="utf-8") as handle:
            yield resolved.stem, json.load(handle)


def _natural(name: Any) -> list[Any]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", str(name))]


def load_locomo(path: str | Path | None = None, *, limit: int | None = None) -> list[Conversation]:
    """Load LoCoMo conversations with their questions.

    ``path`` is a folder of ``*.json`` files (default ``<data>/locomo``),
    one ``.json`` file, or a ``.zip`` of them. A file holds one conversation in
    the flat shape (``speaker_a``, ``session_N``, ..., ``qa``) or the upstream
    ``locomo10.json`` shape, a list of ``{"sample_id", "conversation", "qa"}``.
    Evidence ids are cleaned by :func:`parse_evidence`; ids naming no turn of the
    conversation move to :attr:`QA.dropped_evidence`.
    """
    _check_limit(limit)
    conversations: list[Conversation] = []
    for name, data in _locomo_files(path):
        records = data if isinstance(data, list) else [data]
        for n, record in enumerate(records):
            if limit is not None and len(conversations) >= limit:
                return conversations
            if not isinstance(record, dict) or "qa" not in record:
                raise ValueError(
                    f"LoCoMo file {name}, record {n}: expected an object with 'qa' and sessions "
                    f"(flat, or under 'conversation'), got {type(record).__name__}."
                )
            body = record.get("conversation", record)
            cid = str(record.get("sample_id", name if len(records) == 1 else f"{name}-{n}"))
            messages, index = locomo_messages(body)
            conversations.append(Conversation(cid, messages, index, [_qa(q, index) for q in record["qa"]]))
    return conversations


def _qa(raw: dict[str, Any], index: dict[str, int]) -> QA:
    ids, dropped = parse_evidence(raw.get("evidence"))
    known = tuple(i for i in ids if i in index)
    dropped += tuple(i for i in ids if i not in index)
    answer = raw.get("answer")
    return QA(
        question=str(raw["question"]),
        answer=None if answer is None else str(answer),
        category=int(raw.get("category", 0)),
        evidence=known,
        dropped_evidence=dropped,
    )
