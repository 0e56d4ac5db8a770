"""fix33: a review of the blind27 round's merged code that no reviewer read (prec30, prom31, user34, miss29, prec31zh,
prom32zh, cons31, prec32en, user35). Short chats of my own, in other domains than the lanes' tests.

- prec32en's bare weekday that restates a date held: the held value must name that weekday, not any word that starts
  with its three letters ("Sunnyside Farm, 4 Mill Lane" holds no Sunday).
- prom32zh made 做好了 a done cue; "做好了我给您打电话" (once it is made, I'll call you) is then a promise still ahead,
  not a report: a call after 给您 is a deed to the user as 送 / 寄 / 发 are.
"""

import pytest

from ctxgraph import Tracker


def _state(messages, lang="en"):
    t = Tracker(lang=lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return t.state()


def _current(messages, lang="en"):
    return [(f.key, f.value) for f in _state(messages, lang).facts if f.status == "current"]


def _promises(messages, lang="zh"):
    return [(c.text, c.status) for c in _state(messages, lang).commitments]


# --- a bare weekday restates a held date only when the held value names that weekday

@pytest.mark.parametrize("place, day", [
    ("Please deliver to Sunnyside Farm, 4 Mill Lane.", "Sunday"),
    ("Please collect from Wedmore Hall, 3 Church Lane.", "Wednesday"),
    ("The job is at Saturn House, 12 Dock Road.", "Saturday"),
])
def test_a_word_that_starts_like_a_weekday_holds_no_date(place, day):
    got = _current([("user", place), ("assistant", f"Sure, we can come {day}.")])
    assert ("day", day) in got, got


def test_a_weekday_said_again_of_a_held_date_still_adds_nothing():
    got = _current([("user", "Can the fitter come on Thursday 13th?"), ("assistant", "Yes, Thursday is booked for you.")])
    assert not any(v.casefold() == "thursday" for _, v in got), got


# --- 做好了 before a call to the user: the promise is still ahead

@pytest.mark.parametrize("reply", ["好的，做好了我给您打电话。", "没问题，修好了给您回个电话。"])
def test_a_call_promised_once_the_thing_is_made_stays_open(reply):
    got = _promises([("user", "帮我修一下这把椅子，周六要用"), ("assistant", reply)])
    assert got and all(status == "open" for _, status in got), got


def test_the_thing_reported_made_still_keeps_its_promise():
    got = _promises([("user", "效果图什么时候能看"), ("assistant", "我先出个效果图，明天发您微信。"), ("user", "好"),
                     ("assistant", "效果图出好了，已经发您微信了")])
    assert got and all(status == "done" for _, status in got), got


# --- user35's "must be a/an <kind>": a cause the user guesses is no rule

@pytest.mark.parametrize("problem, guess", [
    ("The washing machine makes a grinding noise.", "The noise must be a loose drum bearing, it started last week."),
    ("The fridge leaks water on the floor.", "The leak must be a blocked drain hose at the back."),
    ("The lights in the hall went off.", "It must be a blown fuse, the rest of the flat is fine."),
])
def test_a_cause_guessed_with_must_be_is_no_rule(problem, guess):
    s = _state([("user", problem), ("assistant", "Thanks, anything else we should know?"), ("user", guess)])
    assert not [c.text for c in s.constraints if "must be" in c.text], [c.text for c in s.constraints]


@pytest.mark.parametrize("said", ["It must be an automatic, I cannot drive manual.", "The guide must be a native French speaker."])
def test_a_kind_required_with_must_be_stays_a_rule(said):
    s = _state([("user", "I need to book one for the trip."), ("assistant", "Sure, any requirements?"), ("user", said)])
    assert [c.text for c in s.constraints if "must be" in c.text], [c.text for c in s.constraints]


# --- prec30's "X then" after a clash: a later value said as a fallback leaves the pick before it

@pytest.mark.parametrize("said, day", [
    ("The Monday slot please. If that one goes, Thursday then.", "Monday"),
    ("Monday please, otherwise Wednesday then.", "Monday"),
])
def test_a_fallback_said_with_then_leaves_the_pick(said, day):
    got = _current([("user", "Which day suits you for the carpet fitting?"), ("user", said)])
    assert ("day", day) in got, got


def test_a_clash_then_another_day_still_takes_the_later_one():
    got = _current([("user", "Monday is fine."), ("user", "Ah wait, his swimming is Monday. Wednesday then.")])
    assert ("day", "Wednesday") in got and ("day", "Monday") not in got, got


# --- prom31's limit said back: the time in the promise must be the limit's window, not the deed's due

def test_a_promise_due_on_a_day_stays_beside_a_rule_of_when():
    got = _promises([("user", "No visits on Fridays please. When can you send the report?"),
                     ("assistant", "We'll only send the report once it is signed off on Tuesday.")], lang="en")
    assert got and all(status == "open" for _, status in got), got


@pytest.mark.parametrize("rule, said", [
    ("Please do not ring me after 8pm, the baby sleeps.", "Of course, we'll only call you before 8pm."),
    ("No deliveries at the weekend please.", "Understood, we won't deliver on Saturdays or Sundays."),
])
def test_a_limit_of_when_said_back_is_still_no_promise(rule, said):
    assert _promises([("user", rule), ("assistant", said)], lang="en") == []


# --- a "\b" written into a non-raw string becomes a backspace: the pattern then never matches

def test_no_source_or_rule_file_holds_a_control_character():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    files = [p for folder in ("ctxgraph", "rules") for ext in ("py", "yml") for p in sorted((root / folder).rglob(f"*.{ext}"))]
    bad = [str(p.relative_to(root)) for p in files if any(ch in p.read_text(encoding="utf-8") for ch in "\x00\x07\x08\x0b\x0c")]
    assert bad == [], bad


@pytest.mark.parametrize("said, count", [
    ("Dinner for 6: two veggies, one coeliac and the rest eat anything.", "one coeliac"),
    ("We need 5 desk phones and 1 cordless but no headsets.", "1 cordless"),
])
def test_a_count_of_one_next_in_a_list_before_and_or_but(said, count):
    got = _current([("user", said)])
    assert any(v == count for _, v in got), got


# --- user34's "ready" told: only a promise to tell the user once it is ready is kept by the word that it is

@pytest.mark.parametrize("lang, ask, promise, told", [
    ("en", "My boiler is broken, can you fix it and send me the invoice?", "Yes, I'll email you the invoice once the repair is done.",
     "Your boiler is fixed now. The engineer replaced the pump."),
    ("zh", "鞋子能修吗？修好了发票寄给我", "可以，修好了我把发票寄给您。", "鞋子修好了，师傅换了鞋底。"),
])
def test_a_thing_sent_once_ready_is_not_sent_by_the_word_that_it_is_ready(lang, ask, promise, told):
    got = _promises([("user", ask), ("assistant", promise), ("user", "好的" if lang == "zh" else "Great, thanks."),
                     ("assistant", told)], lang=lang)
    assert got and all(status == "open" for _, status in got), got


@pytest.mark.parametrize("lang, promise, told", [
    ("en", "Yes, I'll give you a ring once it's repaired.", "Your lawnmower is repaired and ready to collect."),
    ("zh", "好的，修好了我打电话通知您来取。", "割草机修好了。"),
])
def test_a_word_promised_once_ready_is_kept_when_it_is(lang, promise, told):
    got = _promises([("user", "能修割草机吗" if lang == "zh" else "Can you repair my lawnmower?"), ("assistant", promise),
                     ("user", "好的" if lang == "zh" else "Great, thanks."), ("assistant", told)], lang=lang)
    assert got and all(status == "done" for _, status in got), got


# --- prom32zh's deed offered for free: a make-good of this user's order, done again or replaced, is still owed

@pytest.mark.parametrize("reply", ["非常抱歉，我们免费给您重新寄一个新的。", "不好意思，我们免费为您补发一套。"])
def test_a_free_make_good_is_still_a_promise(reply):
    got = _promises([("user", "刚收到的茶具是碎的，怎么办"), ("assistant", reply)])
    assert got and all(status == "open" for _, status in got), got


# --- prec32en's "scratch" (and drop, forget): a deed someone else will or tends to do gives nothing up

@pytest.mark.parametrize("want, said", [
    ("Can you fit a cat flap in the back door?", "Our dog will scratch the back door."),
    ("Can you re-cover the armchair in green velvet?", "Be warned, the cat likes to scratch the armchair."),
])
def test_a_deed_described_gives_nothing_up(want, said):
    s = _state([("user", want), ("assistant", "Sure, anything we should know?"), ("user", said)])
    assert not [f for f in s.facts if f.status == "retracted"], [(f.key, f.value, f.status) for f in s.facts]


def test_the_users_own_drop_still_gives_a_date_up():
    got = _current([("user", "Can you do the 21st or the 30th?"), ("user", "Actually we'll drop the 30th, the 21st is better.")])
    assert not any("30th" in v for _, v in got), got


# --- prom32zh's 做好了 / 出好了 done cue: a question ("做好了没") reports nothing done

@pytest.mark.parametrize("asked", ["效果图做好了没", "效果图出好了没？"])
def test_asking_whether_it_is_made_keeps_the_promise_open(asked):
    got = _promises([("user", "效果图什么时候能看"), ("assistant", "我先出个效果图，明天发您微信。"), ("user", asked)])
    assert got and all(status == "open" for _, status in got), got


# --- prec31zh's words between a free-text slot word and its value: the speaker and a please may stand there

@pytest.mark.parametrize("said", ["帮我寄个包裹到北京，快递我要顺丰", "帮我寄个包裹到北京，快递麻烦用顺丰"])
def test_the_courier_said_with_its_speaker_or_a_please(said):
    got = _current([("user", said)], lang="zh")
    assert ("courier", "顺丰") in got, got


def test_a_courier_refused_is_still_no_value():
    got = _current([("user", "帮我寄个包裹到北京，快递我不要顺丰")], lang="zh")
    assert ("courier", "顺丰") not in got, got


# --- prom31's limit said back: a clock without am / pm is a time of the limit too

def test_a_clock_limit_said_back_is_no_promise():
    got = _promises([("user", "Please don't come before 9:30, school run. Address is 22 Sunbury Lane, Hove."),
                     ("assistant", "Noted: we'll only arrive after 9:30. I'll text you the tuner's name tomorrow.")], lang="en")
    assert [t for t, _ in got if "9:30" in t] == [] and any("tuner" in t for t, _ in got), got
