"""The booking pack's state values (issue 10, state accuracy): values said in other words
kept in the domains' usual vocabulary, and place and dish slots that do not take function
words ("sometimes", "or arrive", "什么好吃", "给我")."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def track(lang: str, *messages: str) -> Tracker:
    t = Tracker(packs=["booking"], lang=lang)
    for m in messages:
        t.observe({"role": "user", "content": m})
    return t


def current(t: Tracker) -> dict[str, str]:
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


# ----------------------------------------------------------------------------- value wording


@pytest.mark.parametrize(("message", "key", "value"), [
    ("I want a moderately priced restaurant.", "restaurant.price_range", "moderate"),
    ("Is there an upscale hotel around?", "hotel.price_range", "expensive"),
    ("Do you know an inexpensive place to eat?", "restaurant.price_range", "cheap"),
    ("I need a hotel in the eastern part of town.", "hotel.area", "east"),
    ("A restaurant in the city centre, please.", "restaurant.area", "centre"),
    ("Are there any museums I could visit?", "attraction.venue_type", "museum"),
    ("I'd like a hotel, not a guesthouse.", "hotel.venue_type", "hotel"),
    ("Find me a place to stay; I do n't want a guesthouse.", "hotel.venue_type", "hotel"),
])
def test_en_values_said_in_other_words_keep_the_usual_vocabulary(message, key, value):
    assert current(track("en", message))[key] == value


def test_en_a_hotel_names_the_domain_not_its_type():
    facts = current(track("en", "I need to book a hotel in the north with free parking."))
    assert facts["hotel.area"] == "north"
    assert "hotel.venue_type" not in facts


@pytest.mark.parametrize(("message", "key", "value"), [
    ("帮我找一家高档型的酒店。", "hotel.venue_type", "高档型"),
    ("有能做北京烤鸭的餐馆吗？", "restaurant.dish", "北京烤鸭"),  # a zh dish is the restaurant's
])
def test_zh_values_keep_their_wording(message, key, value):
    assert current(track("zh", message))[key] == value


# ----------------------------------------------------------------------------- places and dishes


@pytest.mark.parametrize(("message", "expected"), [
    ("I need a train going to Ely to arrive by 18:15.", {"train.destination": "Ely", "train.arrive_by": "18:15"}),
    ("I'm taking the train from norwich going to london on Friday.",
     {"train.departure": "norwich", "train.destination": "london"}),
])
def test_en_place_names_stop_before_the_next_phrase(message, expected):
    facts = current(track("en", message))
    assert {k: facts.get(k) for k in expected} == expected


@pytest.mark.parametrize("message", [
    "I need the train to leave after 09:15 on Saturday.",
    "For the train, I need to leave sometimes after 11:30.",
    "What time would you like the train to leave or arrive by?",
])
def test_en_no_place_from_function_words(message):
    facts = current(track("en", message))
    assert not {k: v for k, v in facts.items() if k.endswith(("departure", "destination"))}, facts


@pytest.mark.parametrize("message", [
    "这个景点的附近有什么好吃的餐馆吗？",
    "我还想吃别的东西，它周边还有什么其它的餐馆吗？",
    "有没有能提供这道菜的餐馆推荐给我？",
])
def test_zh_no_dish_or_name_from_function_words(message):
    facts = current(track("zh", message))
    assert "dish" not in facts and "restaurant.dish" not in facts and "restaurant.venue" not in facts, facts


# ----------------------------------------------------------------------------- tickets, types, addresses


@pytest.mark.parametrize(("messages", "value"), [
    (["I need a train to Ely on Monday.", "Yes, I'll need 3 tickets please."], "3"),
    (["I need a train to Ely on Monday.", "Great, I would like to book a ticket."], "1"),
])
def test_en_tickets_and_seats_are_for_that_many_people(messages, value):
    assert current(track("en", *messages))["train.people"] == value


@pytest.mark.parametrize("text", ["How much does one ticket cost?", "Would you like to book a ticket?"])
def test_en_a_ticket_asked_about_is_no_party_size(text):
    t = track("en", "I need a train to Ely on Monday.")
    t.observe({"role": "assistant", "content": text})
    assert "train.people" not in current(t)


def test_zh_tickets_are_for_that_many_people():
    assert current(track("zh", "我要坐火车去天津。", "帮我订两张火车票。"))["train.people"] == "两"


def test_en_preferring_a_hotel_over_a_guesthouse_is_the_type():
    facts = current(track("en", "Any places to stay in the north? I would prefer a hotel rather   than a guest house ."))
    assert facts["hotel.venue_type"] == "hotel"


@pytest.mark.parametrize("text", [
    "My favourite is a college at Saint Andrew 's Street .",
    "They are in the area of Centre at Market Hill City Centre .",
    "Tell me the type of hotel and its phone number .",
])
def test_en_addresses_and_question_words_are_no_venue_names(text):
    t = track("en", "I'm looking for a restaurant or a hotel or a college.")
    t.observe({"role": "assistant", "content": text})
    assert not {k: v for k, v in current(t).items() if k.endswith("venue")}


def test_en_a_title_case_name_after_the_is_still_a_venue():
    assert current(track("en", "I need a hotel.", "Could you book the Wartworth for one night?"))["hotel.venue"] == "Wartworth"


# ----------------------------------------------------------------------------- dishes


@pytest.mark.parametrize(("lang", "message", "dish"), [
    ("zh", "你好，我想吃葱油饼了，能帮我找一家评分4分以上的餐馆吗？", "葱油饼"),
    ("zh", "我不喜欢吃那个，想找一家有酸菜鱼的餐馆。", "酸菜鱼"),
    ("zh", "附近有没有能吃着炸酱面的餐馆呢？", "炸酱面"),
    ("en", "I need a restaurant. I'd love to eat fish and chips tonight.", "fish and chips"),
])
def test_dishes_the_user_wants(lang, message, dish):
    assert current(track(lang, message))["restaurant.dish" if lang == "zh" else "dish"] == dish


@pytest.mark.parametrize(("lang", "message"), [
    ("zh", "奶奶很喜欢吃各种美食，附近有餐馆吗？"),
    ("en", "I don't want to eat pizza again, any restaurant nearby?"),
    ("en", "I do n't want to have curry , any restaurant in the north ?"),
])
def test_no_dish_from_what_the_user_does_not_want_or_any_food(lang, message):
    assert not [k for k in current(track(lang, message)) if k.endswith("dish")]


def test_zh_what_the_assistant_has_recommended_before_is_no_venue():
    t = track("zh", "帮我找个餐馆。")
    t.observe({"role": "assistant", "content": "这家我推荐了不少人去呢，评分是4.6分。"})
    assert "restaurant.venue" not in current(t)


def test_en_a_recommended_venue_is_still_read():
    t = track("en", "I'm looking for a restaurant in the centre.")
    t.observe({"role": "assistant", "content": "I would recommend the Golden Wok ."})
    facts = {f.key: f.value for f in t.state().facts}
    assert facts.get("restaurant.venue") == "Golden Wok"


@pytest.mark.parametrize("message", [
    "I need a taxi from the hotel to the restaurant.",
    "I also need a taxi to commute between the two places.",
])
def test_en_a_reference_to_a_venue_is_no_place_name(message):
    facts = current(track("en", message))
    assert not {k: v for k, v in facts.items() if k.endswith(("departure", "destination"))}, facts


def test_en_a_day_after_the_destination_is_not_part_of_it():
    facts = current(track("en", "I need a train from Ely to Cambridge Friday."))
    assert (facts["train.destination"], facts["train.day"]) == ("Cambridge", "Friday")


def test_zh_from_to_still_reads_both_places():
    facts = current(track("zh", "我要打车从北京饭店到故宫。"))
    assert (facts["taxi.departure"], facts["taxi.destination"]) == ("北京饭店", "故宫")


@pytest.mark.parametrize("message", ["我要打车从酒店到餐馆。", "帮我叫辆出租车，从这家餐馆去那个景点。"])
def test_zh_a_reference_to_a_venue_is_no_place_name(message):
    facts = current(track("zh", message))
    assert not {k: v for k, v in facts.items() if k.endswith(("departure", "destination"))}, facts
