"""Trust tests of the miss22a lane (issue 19): phones of the user's people, children named by 'girl'/'boy',
names that open a reply to the question for a name."""

from ctxgraph import Tracker


def _facts(lang, messages):
    t = Tracker(lang)
    for role, content in messages:
        t.observe({"role": role, "content": content})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def test_relative_phone_keeps_users_own():
    facts = _facts("en", [("assistant", "What number should we call you on?"),
                          ("user", "01632 960 118, I don't do email."),
                          ("user", "Actually my daughter says put her number down as well, Priya, 07700 900 321.")])
    assert facts["phone"] == "01632 960 118"
    assert "07700 900 321" in facts.values()


def test_relative_phone_in_one_message():
    facts = _facts("en", [("user", "my brother is Ollie 07700 900 654, he's coming with me"),
                          ("user", "and mine is 07700 900 777")])
    assert facts["phone"] == "07700 900 777"
    assert facts.get("phone_my_brother") == "07700 900 654"


def test_named_persons_number_then_mine():
    facts = _facts("en", [("user", "toms number is 07700 900 111. mine 07700 900 222")])
    assert facts["phone"] == "07700 900 222"
    assert "07700 900 111" in facts.values()


def test_own_number_still_plain():
    facts = _facts("en", [("user", "Thanks, my number is 07700 900 333")])
    assert facts == {"phone": "07700 900 333"}


def test_little_girl_with_name():
    facts = _facts("en", [("user", "it's for me and my little girl Poppy, she's six")])
    assert any("Poppy" in v for v in facts.values())


def test_boy_without_name_is_no_person():
    facts = _facts("en", [("user", "my boy loves the pool")])
    assert not any(k.startswith("person_") for k in facts)


def test_zh_reply_opens_with_the_asked_name_before_a_parent():
    facts = _facts("zh", [("assistant", "宝宝叫什么名字？"),
                          ("user", "韩语桐 韩国的韩 我是她妈妈 沈丽 13900002222")])
    assert "韩语桐" in facts.values()
