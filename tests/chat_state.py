"""The state of a short chat of (role, text) pairs, for the trust tests of the user lanes (one tracker per chat, the same
fixed ``today`` so dates said as weekdays resolve the same on any day the suite runs).

>>> sorted(current_of([("user", "Table for 4 please")]))[:1]
[('people', '4')]
"""

from __future__ import annotations

from ctxgraph import Tracker
from ctxgraph import State

#: the day the chats are said on
TODAY = "2027-05-20"


def state_of(messages: list[tuple[str, str]], lang: str = "en") -> State:
    """The state after ``messages`` ((role, text) pairs) in ``lang``."""
    t = Tracker(lang, today=TODAY)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return t.state()


def current_of(messages: list[tuple[str, str]], lang: str = "en") -> set[tuple[str, str]]:
    """The (key, value) of every current fact."""
    return {(f.key, f.value) for f in state_of(messages, lang).facts if f.status == "current"}


def rules_of(messages: list[tuple[str, str]], lang: str = "en") -> dict[str, str]:
    """Each constraint's text and its status."""
    return {c.text: c.status for c in state_of(messages, lang).constraints}


def promises_of(messages: list[tuple[str, str]], lang: str = "en") -> list[tuple[str, str]]:
    """Each commitment's text and its status, in order."""
    return [(c.text, c.status) for c in state_of(messages, lang).commitments]


def user(text: str) -> dict:
    """A user message in the OpenAI format.

    >>> user("hi")
    {'role': 'user', 'content': 'hi'}
    """
    return {"role": "user", "content": text}


def assistant(text: str) -> dict:
    """An assistant message in the OpenAI format."""
    return {"role": "assistant", "content": text}


def current_pairs(lang: str, messages: list[dict], today: str = "2026-12-05") -> list[tuple[str, str]]:
    """The (key, value) of every current fact, in the state's order, after ``messages`` (OpenAI-format dicts) said on
    ``today`` (a Saturday by default: the user lanes of the blind28 and blind29 rounds wrote their weekdays against it)."""
    t = Tracker(lang, today=today)
    t.observe_many(messages)
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]
