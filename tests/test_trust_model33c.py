"""model33c: the promise verifier (ctxgraph/extract/verify_promises.py, a classifier trained on the rule readers' own
promises on the open chats, listed against unlisted) drops a promise a rule reader made that is no promise to keep: the
user's rule said back, a look taken there and then, two times offered for the user to choose from. A real promise stays,
and the verifier stays out of a pack with domains. Short chats of my own, both languages. The constraint veto the lane
also measured did not meet its bar (docs/quality.md, model33c), so no rule is vetoed."""

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.registry import DEFAULT_STEPS


def _state(messages, lang="en", **options):
    t = Tracker(lang=lang, **options)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return t.state()


MADE_UP = [
    ("en", "I want the CV short and plain, no fancy words.", "We'll keep it short and plain"),
    ("en", "My parcel still hasn't come, it's been ten days.", "No worries, let me take a look"),
    ("zh", "想咨询一下出国读研的事", "给您安排老师面谈：5月3日周六上午10点，或者5月4日周日下午3点，线上线下都可以"),
]
REAL = [
    ("en", "Can you send me a quote for the gutters?", "I'll email you the quote by Friday."),
    ("zh", "能发个报价吗？", "我明天上午把报价单发您微信"),
]


@pytest.mark.parametrize("lang,user,reply", MADE_UP)
def test_a_made_up_promise_is_dropped(lang, user, reply):
    state = _state([("user", user), ("assistant", reply)], lang)
    assert not state.commitments, state.commitments


@pytest.mark.parametrize("lang,user,reply", MADE_UP)
def test_the_rule_readers_make_it_without_the_verifier(lang, user, reply):
    t = Tracker(lang=lang)
    t.extractor.steps[:] = [s for s in DEFAULT_STEPS if s != "verify_promises"]
    t.observe_many([{"role": "user", "content": user}, {"role": "assistant", "content": reply}])
    assert t.state().commitments  # what the verifier has to drop (the case is no case without it)


@pytest.mark.parametrize("lang,user,reply", REAL)
def test_a_real_promise_is_kept(lang, user, reply):
    state = _state([("user", user), ("assistant", reply)], lang)
    assert [c.status for c in state.commitments] == ["open"], state.commitments


def test_the_verifier_stays_out_of_a_pack_with_domains():
    # (booking: the learned readers stay out there, issue 21; so does the verifier)
    state = _state([("user", MADE_UP[0][1]), ("assistant", MADE_UP[0][2])], "en", packs=["booking"])
    assert [c.text for c in state.commitments] == [MADE_UP[0][2]]
