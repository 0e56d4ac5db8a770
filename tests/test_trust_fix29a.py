"""fix29a: lead25's new rules reviewed for over-reach on chats a user would write (chats of my own, not from the sets):
a question that only asks whether a date can be changed gave the date up; the installer's or the courier's 王先生 before a
phone number became the user's name; "Name tags are £2 each." asked for the user's name; "Hi, 07700 900123" to "Name and
number?" kept the name "Hi"; "venue name Paris" kept the venue's place as the user's name."""

import pytest

from tests.test_trust_lead23 import _facts  # the current (key, value) pairs after the messages, today 2026-12-04


@pytest.mark.parametrize("ask", ["原来是12月20号 能改吗", "原来是12月20号的 可以改吗？"])
def test_asking_whether_the_old_date_can_change_keeps_it(ask):
    facts = _facts([("user", "预约12月20号"), ("assistant", "好的，已记下"), ("user", ask)], "zh")
    assert ("date", "12月20号") in facts, facts


@pytest.mark.parametrize("ask", ["原来是12月20号的 能改到22号吗", "原来是12月20号 改22号"])
def test_a_change_to_a_new_date_still_gives_the_old_one_up(ask):
    facts = _facts([("user", "预约12月20号"), ("assistant", "好的，已记下"), ("user", ask)], "zh")
    values = [v for _, v in facts]
    assert "22号" in values and "12月20号" not in values, facts


@pytest.mark.parametrize("text, name", [("安装师傅 王先生 13912345678 一直联系不上", "王先生"),
                                        ("快递员 李先生 13812345678 说明天送", "李先生")])
def test_a_workers_title_and_number_is_not_the_users_name(text, name):
    assert ("name", name) not in _facts([("user", text)], "zh")


@pytest.mark.parametrize("text, name", [("朝阳区望京西园三区2号楼1103 刘女士 13912345678", "刘女士"),
                                        ("家长 王女士 13912345678 孩子今年6岁", "王女士")])
def test_a_title_after_an_address_or_the_users_role_is_still_the_users_name(text, name):
    assert ("name", name) in _facts([("user", text)], "zh")


@pytest.mark.parametrize("offer, reply", [("Name tags are £2 each. How many do you need?", "just one, for Sarah Jones"),
                                          ("Name badges are included. Anything else?", "Tom Baker is our keynote speaker")])
def test_a_sentence_about_name_tags_asks_for_no_name(offer, reply):
    facts = _facts([("assistant", offer), ("user", reply)], "en")
    assert not any(k == "name" for k, _ in facts), facts


@pytest.mark.parametrize("reply", ["Hi, 07700 900123", "Hello, 07700 900123", "Tuesday, 07700 900123", "Mum, 07700 900123"])
def test_a_greeting_a_day_or_a_relation_before_the_number_is_no_name(reply):
    facts = _facts([("assistant", "Name and number?"), ("user", reply)], "en")
    assert not any(k == "name" for k, _ in facts), facts


@pytest.mark.parametrize("text, place", [("flights to Lagos, city name Lagos", "Lagos"), ("venue name Paris", "Paris"),
                                         ("street name Victoria, number 12", "Victoria")])
def test_a_places_own_name_is_not_the_users_name(text, place):
    assert ("name", place) not in _facts([("user", text)], "en")


@pytest.mark.parametrize("text", ["table for 4 on saturday, name Paris", "book it under my name is Paris"])
def test_a_name_after_name_is_still_a_name(text):
    assert ("name", "Paris") in _facts([("user", text)], "en")
