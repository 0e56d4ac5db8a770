"""(cons27) Constraints and promises in the right status, on chats of our own: a deadline said with "gotta", a standing
reminder to the person the user named, a send promised within a span said in Chinese numerals, and a call joined on to
a booked visit."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _state(lang: str, said: list[dict]):
    t = Tracker(lang)
    t.observe_many(said)
    return t.state()


def _rules(lang: str, said: list[dict]) -> list[tuple[str, str]]:
    return [(c.text, c.status) for c in _state(lang, said).constraints]


def _promises(lang: str, said: list[dict]) -> list[tuple[str, str]]:
    return [(c.text, c.status) for c in _state(lang, said).commitments]


def _has(items, word: str, status: str) -> bool:
    return any(word.lower() in text.lower() and st == status for text, st in items)


# --- a deadline said with "gotta" -------------------------------------------------------------------------------------

@pytest.mark.parametrize("said, word", [
    ("the tuesday then. gotta be finished before 4 tho, the kids come home at 4", "before 4"),
    ("ok. we gotta be back at the marina by 6pm, the harbour closes", "by 6pm"),
])
def test_a_deadline_said_with_gotta_is_a_rule(said, word):
    rules = _rules("en", [user("hi, can someone jet-wash our drive this week?"), bot("Sure, Tuesday or Thursday?"),
                          user(said)])
    assert _has(rules, word, "active")


def test_gotta_without_a_bound_makes_no_deadline():
    rules = _rules("en", [user("hi, can someone jet-wash our drive this week?"), bot("Sure, Tuesday or Thursday?"),
                          user("tuesday. i gotta say your last guy was great")])
    assert not rules


# --- a standing reminder to the person the user named ----------------------------------------------------------------

def test_zh_a_reminder_every_time_to_the_named_contact_is_a_promise():
    said = [user("孩子打疫苗的事以后联系他奶奶吧，刘桂芬，13911112222"),
            bot("好的，联系人改成刘桂芬，13911112222。每次接种前一天会短信提醒她。")]
    assert _has(_promises("zh", said), "短信提醒她", "open")


def test_en_a_text_every_time_to_the_named_contact_is_a_promise():
    said = [user("please deal with my son from now on, Tom, 07700 900123"),
            bot("Done, Tom is the contact now. The driver will always text him when the van leaves the depot.")]
    assert _has(_promises("en", said), "text him", "open")


@pytest.mark.parametrize("lang, said, word", [
    ("zh", "营地每次出发前都会提醒她们带好水杯。", "提醒她们"),
    ("zh", "营地每天晚上都会在家长群里发照片。", "发照片"),
    ("en", "Our drivers will always text them before the drop.", "text them"),
])
def test_a_habit_to_everyone_stays_no_promise(lang, said, word):
    first = "好的" if lang == "zh" else "ok"
    assert not _has(_promises(lang, [user(first), bot(said)]), word, "open")


# --- a send promised within a span said in Chinese numerals ----------------------------------------------------------

@pytest.mark.parametrize("said, word", [
    ("登记表已经填好，办好后证件一周内寄到家。", "寄到家"),
    ("收到材料后三天内寄回原件。", "寄回"),
])
def test_zh_a_send_within_a_span_in_chinese_numerals_is_a_promise(said, word):
    assert _has(_promises("zh", [user("好的"), bot(said)]), word, "open")


@pytest.mark.parametrize("said", ["礼拜一周内都能来办。", "这个套餐三天内有效。", "一般一周内寄到。"])
def test_zh_a_weekday_a_validity_or_a_habit_is_no_promise(said):
    assert not _promises("zh", [user("好的"), bot(said)])


# --- a call joined on to a booked visit ------------------------------------------------------------------------------

def test_a_call_joined_on_to_a_booked_visit_is_a_promise():
    said = [user("can someone empty the grease trap today?"),
            bot("Booked, job GT-40021: Ade and Sam will come today between 1 and 3pm and phone 15 minutes before they "
                "arrive. Can I take a name?")]
    assert _has(_promises("en", said), "phone 15 minutes", "open")


def test_a_booked_visit_said_again_stays_no_promise():
    said = [user("can someone empty the grease trap today?"),
            bot("Booked, job GT-40021: Ade and Sam will come today between 1 and 3pm. Can I take a name?")]
    assert not _promises("en", said)


# --- a promise reported done in the passive with its own verb --------------------------------------------------------

@pytest.mark.parametrize("report", [
    "It's switched over: the 14 contacts including the two pagers are migrated, so nothing rings out.",
    "Good news, the two contacts are now migrated.",
])
def test_a_promise_reported_in_the_passive_with_its_own_verb_is_done(report):
    said = [user("we're moving the switchboard to you"),
            bot("Understood. I'll migrate all contacts before the switch so no calls drop."),
            user("great, thanks"), bot(report)]
    assert _has(_promises("en", said), "migrate all contacts", "done")


@pytest.mark.parametrize("report", [
    "Your booking is confirmed for Monday.",
    "The contacts will be migrated tonight.",
    "The contacts aren't migrated yet.",
    "Once the contacts are migrated, you'll get a text.",
])
def test_no_passive_report_of_the_promise_leaves_it_open(report):
    said = [user("we're moving the switchboard to you"),
            bot("Understood. I'll migrate all contacts before the switch so no calls drop."),
            user("great, thanks"), bot(report)]
    assert _has(_promises("en", said), "migrate all contacts", "open")



# --- a bare "Done" keeps no promise of someone else's deed -----------------------------------------------------------

def test_a_bare_done_after_the_users_details_keeps_no_third_party_promise():
    said = [user("yes go ahead with the annual contract"),
            bot("Set up: contract KW-771, 1 Dec to 31 March. Our site manager will send you a floor plan to mark the "
                "cupboards. Who should we invoice?"),
            user("invoice to Hollins Ltd, PO 4412, contact me Sam Reid"),
            bot("Done.")]
    assert _has(_promises("en", said), "floor plan", "open")


def test_a_bare_done_still_keeps_the_assistants_own_promise():
    said = [user("can you send me the floor plan?"), bot("Sure, I'll send you the floor plan now."),
            user("thanks"), bot("Done.")]
    assert _has(_promises("en", said), "floor plan", "done")


# --- a zh deadline set by an event of the user's -----------------------------------------------------------------------

@pytest.mark.parametrize("said, word", [
    ("我们下个月8号搬走 得搬走之前修好", "搬走之前"),
    ("下周三出国 要出国之前办好", "出国之前"),  # a need, not a busy time (must_not) as before
])
def test_zh_a_deadline_set_by_an_event_is_a_rule(said, word):
    t = Tracker("zh")
    t.observe_many([user("想约个师傅上门关暖气阀门"), bot("好的，您什么时候方便？"), user(said)])
    assert any(word in c.text and c.polarity == "must" and c.status == "active" for c in t.state().constraints)


@pytest.mark.parametrize("said", ["得走之前弄完吗", "上次走之前弄完了"])
def test_zh_an_event_deadline_asked_or_done_is_no_rule(said):
    assert not _rules("zh", [user("想约个师傅上门关暖气阀门"), bot("好的，您什么时候方便？"), user(said)])


def test_en_a_deadline_set_by_an_event_is_already_a_rule():
    """The English form ("it has to be done before we leave") is read by the existing need-with-a-bound cues; a guard."""
    rules = _rules("en", [user("can someone turn the heating valves off?"), bot("Sure, when suits?"),
                          user("we fly out on the 5th, it has to be done before we leave")])
    assert _has(rules, "before we leave", "active")


# --- what the user will have back, within a span said in words ---------------------------------------------------------

@pytest.mark.parametrize("said, word", [
    ("Understood, the reels go in as they are. You'll have the reels back with a USB stick in about four weeks.", "reels back"),
    ("Fine. You'll get the frames back in a couple of weeks.", "frames back"),
])
def test_what_the_user_will_have_back_in_a_span_in_words_is_a_promise(said, word):
    assert _has(_promises("en", [user("please digitise the cine reels as they are"), bot(said)]), word, "open")


def test_the_users_own_span_asked_about_is_no_promise():
    said = [user("please digitise the cine reels"), bot("Sure. Do you know if you'll have the other reels in two weeks?")]
    assert not _promises("en", said)


def test_what_the_user_will_have_to_do_is_no_promise():
    said = [user("can you fit a cowl"), bot("Yes, but you'll have to get the scaffold up in about two weeks first.")]
    assert not _promises("en", said)


def test_zh_an_event_deadline_denied_is_no_must_rule():
    rules = [(c.text, c.polarity) for c in _state("zh", [user("想约个师傅上门关暖气阀门"), bot("好的，您什么时候方便？"),
                                                          user("不用非得搬走之前修好 慢慢来")]).constraints]
    assert not any(pol == "must" and "搬走之前" in text for text, pol in rules)
