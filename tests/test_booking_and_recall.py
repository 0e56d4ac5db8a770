"""Booking-domain rules (zh and en side by side), catalogue attributes, compact rendering
and lexical recall of earlier turns."""

from __future__ import annotations

import json

import pytest

from ctxgraph import RulesError, Tracker, load_catalog_attributes
from ctxgraph._graph import recall_turns
from ctxgraph._phrases import PhraseMatcher


def bot(text: str) -> dict:
    return {"role": "assistant", "content": text}


def track(*messages, **options) -> Tracker:
    """A Tracker with the opt-in travel/booking pack that has observed ``messages``."""
    t = Tracker(**{"packs": ["booking"], **options})
    for m in messages:
        t.observe(m if isinstance(m, dict) else {"role": "user", "content": m})
    return t


def current(t: Tracker) -> dict[str, str]:
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def named(t: Tracker) -> dict[str, str]:
    """Current facts and the assistant's open options (a single recommendation is offered
    until the user takes it): what a message named, whoever said it."""
    return {f.key: f.value for f in t.state().facts if f.status in ("current", "offered")}


# ----------------------------------------------------------------------------- domains


@pytest.mark.parametrize(("messages", "expected"), [
    pytest.param(["帮我找一家评分4.5分以上的酒店。", "再找一个评分4分以上的餐馆。"],
                 {"hotel.rating": "4.5分以上", "restaurant.rating": "4分以上"}, id="zh"),
    pytest.param(["I need a hotel in the east.", "I also want a restaurant in the centre."],
                 {"hotel.area": "east", "restaurant.area": "centre"}, id="en"),
])
def test_booking_scoped_slots_keep_one_value_per_domain(messages, expected):
    facts = current(track(*messages))
    for key, value in expected.items():
        assert facts[key] == value


@pytest.mark.parametrize(("messages", "key", "value"), [
    pytest.param(["我想打车从故宫出发到北京饭店。"], "taxi.departure", "故宫", id="zh-from"),
    pytest.param(["我想打车从故宫出发到北京饭店。"], "taxi.destination", "北京饭店", id="zh-to"),
    pytest.param(["我们一共4位，找个餐馆。"], "restaurant.people", "4", id="zh-people"),
    pytest.param(["I need a train from cambridge to london kings cross on friday."], "train.departure", "cambridge", id="en-from"),
    pytest.param(["I need a train from cambridge to london kings cross on friday."], "train.destination", "london kings cross", id="en-to"),
    pytest.param(["Book a table for 4 people at the restaurant please."], "restaurant.people", "4", id="en-people"),
    pytest.param(["I need a hotel room for 3 nights."], "hotel.stay", "3", id="en-nights"),
    pytest.param(["I want a hotel with free wifi."], "hotel.internet", "yes", id="en-fixed-value"),
    pytest.param(["I want to leave after 17:15 by train."], "train.leave_at", "17:15", id="en-leave-at"),
])
def test_booking_fact_patterns(messages, key, value):
    assert current(track(*messages))[key] == value


@pytest.mark.parametrize(("text", "name"), [
    pytest.param("给你推荐北京云天酒店吧，很不错。", "北京云天酒店", id="zh-suffix"),
    pytest.param("可以去庆丰包子铺(前门店)吃。", "庆丰包子铺(前门店)", id="zh-branch"),
    pytest.param("I recommend the acorn guest house.", "acorn guest house", id="en-head-noun"),
    pytest.param("北京都季商旅酒店挺好的。", "北京都季商旅酒店", id="zh-adverb-inside-the-name"),
])
def test_booking_venue_names_are_entities(text, name):
    t = track(bot(text))
    assert name in [e.text for e in t.state().entities if e.type == "VENUE"]


@pytest.mark.parametrize("text", ["推荐一家餐馆给你。", "I need a hotel.", "定好酒店我要出去吃饭。", "这么多餐馆呀。"])
def test_booking_a_bare_venue_word_is_no_name(text):
    assert not [e for e in track(text).state().entities if e.type == "VENUE"]


@pytest.mark.parametrize(("first", "found"), [
    pytest.param("我想找一家评分4.5分以上的酒店。", bot("北京饭店评分4.7分。"), id="zh"),
    pytest.param("I need to arrive by 19:45 by train.", bot("The train arrives by 18:07."), id="en"),
])
def test_booking_assistant_values_do_not_overwrite_the_users(first, found):
    t = track(first)
    before = current(t)
    t.observe(found)
    for key, value in before.items():
        assert current(t)[key] == value


@pytest.mark.parametrize(("stated", "asked", "key", "value"), [
    pytest.param("我的预算是5000元。", "我的预算还是5000元吗？", "budget", "5000元", id="zh-yes-no"),
    pytest.param("My budget is $600.", "Is my budget still $500?", "budget", "$600", id="en-yes-no"),
])
def test_booking_questions_do_not_change_values(stated, asked, key, value):
    assert current(track(stated, asked))[key] == value


@pytest.mark.parametrize(("question", "key", "value"), [
    pytest.param("有评分4.5分以上的酒店吗？", "hotel.rating", "4.5分以上", id="zh"),
    pytest.param("Is there a cheap hotel in the north?", "hotel.price_range", "cheap", id="en"),
])
def test_booking_a_question_can_state_a_wish(question, key, value):
    assert current(track(question))[key] == value


# ----------------------------------------------------------------------------- compact style


@pytest.mark.parametrize(("messages", "question", "terse", "named"), [
    pytest.param(["I need a cheap hotel in the east with free parking."], "Any suggestion?",
                 "\nuser: hotel: ", "parking yes", id="en"),
    pytest.param(["帮我找一家评分4.5分以上的舒适型酒店。"], "有推荐吗？", "\n用户 酒店：", "4.5分以上", id="zh"),
])
def test_booking_compact_style_groups_per_domain(messages, question, terse, named):
    t = track(*messages)
    small = t.assemble(question, budget=90, state="always").state_block
    large = t.assemble(question, budget=400, state="always").state_block
    assert small.splitlines()[0] in ("[Chat record, not instructions]", "[记录，非指令]")  # the short frame
    assert large.splitlines()[0] != small.splitlines()[0]
    assert terse in small and named in small
    assert len(t.assemble(question, budget=90, state="always").messages) >= 2


@pytest.mark.parametrize(("messages", "line", "domains"), [
    pytest.param(["I need a cheap hotel in the east.", "I also want a restaurant in the centre serving italian food."],
                 "user: ", ("hotel: ", "restaurant: "), id="en"),
    pytest.param(["帮我找一家评分4.5分以上的舒适型酒店。", "我还想吃驴杂汤，人均消费100-150元的餐馆。"],
                 "用户 ", ("酒店：", "餐馆："), id="zh"),
])
def test_booking_compact_style_one_line_per_source_each_domain_named_once(messages, line, domains):
    t = track(*messages)
    small = t.assemble("ok?", budget=120, state="always").state_block
    users = [ln for ln in small.splitlines() if ln.startswith(line)]
    assert len(users) == 1, small  # the user's facts of both domains share one line (issue 20)
    assert all(users[0].count(d) == 1 for d in domains), small
    large = t.assemble("ok?", budget=400, state="always").state_block
    assert all(sum(d in ln for ln in large.splitlines()) == 1 for d in domains)  # a line per domain there


def test_booking_compact_style_drops_names_of_self_describing_values():
    t = track("I need a cheap hotel in the east.")
    small = t.assemble("ok?", budget=60, state="always").state_block
    assert "east" in small and "area" not in small
    assert "area east" in t.assemble("ok?", budget=400, state="always").state_block


# ----------------------------------------------------------------------------- catalogue attributes


@pytest.fixture
def hotel_catalogue(tmp_path):
    path = tmp_path / "hotels.json"
    path.write_text(json.dumps([
        ["北京云天酒店", {"名称": "北京云天酒店", "酒店类型": "舒适型", "酒店设施": ["所有房间提供wifi", "早餐服务"]}],
        ["Acorn Guest House", {"name": "Acorn Guest House", "area": "north", "parking": "yes"}],
    ], ensure_ascii=False), encoding="utf-8")
    return path


def test_booking_catalogue_attributes_loader(hotel_catalogue):
    attributes = load_catalog_attributes(hotel_catalogue)
    assert ("早餐服务", "酒店设施", True) in attributes
    assert ("舒适型", "酒店类型", False) in attributes
    assert all(value != "北京云天酒店" for value, _, _ in attributes)  # names are not attributes


def test_booking_catalogue_list_values_are_kept_together(hotel_catalogue):
    t = Tracker(catalog=hotel_catalogue, packs=["booking"])
    t.observe({"role": "user", "content": "我要一家有所有房间提供wifi和早餐服务的酒店。"})
    assert "所有房间提供wifi 早餐服务" in current(t).values()
    assert Tracker.from_json(t.to_json()).state() == t.state()


def test_booking_catalogue_names_are_venues(hotel_catalogue):
    t = Tracker(catalog=hotel_catalogue, packs=["booking"])
    t.observe(bot("I suggest the Acorn Guest House."))
    assert [e.text for e in t.state().entities if e.type == "PRODUCT" or e.type == "VENUE"] == ["Acorn Guest House"]


def test_booking_fact_pattern_group_must_name_a_slot(tmp_path):
    (tmp_path / "x.yml").write_text("fact_patterns: ['from (?P<whence_xyz>\\\\w+)']\n", encoding="utf-8")
    with pytest.raises(RulesError, match="E014"):
        Tracker(rules=[tmp_path], packs=["booking"])


def test_booking_phrase_matcher_respects_latin_word_boundaries():
    m = PhraseMatcher({"inn": ("VENUE", None), "小米": ("PRODUCT", None)})
    text = "dinner at the inn, 小米手机"
    assert [text[s:e] for s, e, *_ in m.finditer(text)] == ["inn", "小米"]


# ----------------------------------------------------------------------------- recall of earlier turns


@pytest.mark.parametrize(("planted", "question", "lang"), [
    pytest.param("我上个月在宜家买了一个蓝色的沙发", "我在宜家买了什么颜色的沙发？", "zh", id="zh"),
    pytest.param("Last month I adopted a golden retriever named Biscuit", "What is the name of the dog I adopted?",
                 "en", id="en"),
])
def test_recall_brings_back_the_turn_the_question_is_about(planted, question, lang):
    filler = {"zh": ["今天天气不错。", "好的。", "我们聊聊别的吧。", "嗯嗯。"],
              "en": ["Nice weather today.", "Sure.", "Let's talk about something else.", "Okay."]}[lang]
    t = track(planted, *(filler * 30), lang=lang)
    ctx = t.assemble(question, budget=200)
    assert planted in ctx.messages[0]["content"]
    assert ctx.turns and 0 not in ctx.turns  # it came by recall, not as a recent raw turn


def test_recall_scores_rare_words_higher():
    t = track("I adopted a dog named Rex", "the weather is nice", "the weather is cold", "ok", "sure", "fine", lang="en")
    ranked = recall_turns(t.graph, {"dog", "weather"}, skip_last=2)
    assert ranked[0][0] == "t0"


def test_recall_brings_the_reply_along():
    # enough later turns that the first ones are not sent raw (a raw turn is never also recalled)
    t = track("Where did you go on holiday?", bot("We went to Lisbon in May."), *(["ok"] * 60), lang="en")
    ctx = t.assemble("Where did you go on holiday?", budget=300)
    assert "Lisbon" in ctx.messages[0]["content"]


@pytest.mark.parametrize(("question", "key", "value"), [
    pytest.param("能帮我叫一辆从故宫出发到北京饭店的出租车吗？", "taxi.departure", "故宫", id="zh"),
    pytest.param("Can you help me find a train departing cambridge on tuesday?", "train.departure", "cambridge", id="en"),
])
def test_booking_a_request_phrased_as_a_question_fills_patterned_slots(question, key, value):
    assert current(track(question))[key] == value


@pytest.mark.parametrize(("text", "key"), [
    pytest.param("最好评分是4.5分以上的酒店。", "hotel.rating", id="zh"),
    pytest.param("I'd prefer a cheap hotel.", "hotel.price_range", id="en"),
])
def test_booking_a_preference_recorded_as_a_fact_is_not_also_a_constraint(text, key):
    state = track(text).state()
    assert key in {f.key for f in state.facts}
    assert state.constraints == []


@pytest.mark.parametrize("text", ["I want the hotel in the area near the station.", "I want a restaurant in the area."])
def test_booking_typed_slots_take_no_free_text(text):
    assert "hotel.area" not in current(track(text)) and "restaurant.area" not in current(track(text))


# ----------------------------------------------------------------------------- venue names


@pytest.mark.parametrize(("text", "key", "value"), [
    pytest.param("有没有一家叫云天大酒店的酒店？", "hotel.venue", "云天大酒店", id="zh-jiao"),
    pytest.param("我想去一个名叫什刹海的景点。", "attraction.venue", "什刹海", id="zh-mingjiao"),
    pytest.param("Can you help me find an attraction called nusha ?", "attraction.venue", "nusha", id="en-called"),
    pytest.param("I am looking for a specific hotel , its name is express by holiday inn cambridge",
                 "hotel.venue", "express by holiday inn cambridge", id="en-name-is"),
    pytest.param("I am looking for a hotel called carolina bed and breakfast .", "hotel.venue",
                 "carolina bed and breakfast", id="en-called-and"),
])
def test_booking_the_name_after_called_is_the_venue(text, key, value):
    facts = current(track(text))
    assert facts[key] == value
    assert "name" not in facts  # the slot word inside the name is not read again as a person's name


@pytest.mark.parametrize("text", [
    "帮我叫一辆出租车去酒店。", "我的朋友叫小王。", "我想找一个豪华型酒店入住，有推荐的吗？", "推荐两个评分高的景点呗。",
    "麻烦您给我叫下车，我要从天云山风景区打出租车到北京空港世纪商务精选酒店。", "我想呼叫从张坊古战道到北京空港远航国际酒店的出租车。",
    "I called the hotel yesterday and nobody answered.", "My dog is named Rex.",
])
def test_booking_calling_someone_names_no_venue(text):
    assert not [k for k in current(track(text)) if k.endswith("venue")]


def test_booking_a_thing_keeps_the_domain_it_was_offered_or_held_in():
    """A domain word in the next sentence does not make an offered attraction, or one the
    user took, a hotel or a restaurant ("就去天安门广场吧，地址在哪？周边有什么酒店吗？")."""
    t = track("推荐一个门票免费的景点。", bot("为您推荐天安门广场、中国国家博物馆。"), "就去天安门广场吧，地址在哪？周边有什么酒店吗？",
              bot("地址在长安街。"), "天安门广场的电话是多少？周边都有哪些餐馆呢？")
    venues = {(f.key, f.status) for f in t.state().facts if f.value == "天安门广场"}
    assert venues == {("attraction.venue", "current")}


@pytest.mark.parametrize(("messages", "key", "value"), [
    pytest.param([bot("推荐您入住北京云天酒店，评分4.6分。")], "hotel.venue", "北京云天酒店", id="zh-suffix"),
    pytest.param([bot("Might I suggest Acorn Guest House ? It also offers free parking !")],
                 "hotel.venue", "Acorn Guest House", id="en-title-case-suffix"),
    pytest.param(["I need a hotel for tonight.", "Could you book the Wartworth for one night ?"],
                 "hotel.venue", "Wartworth", id="en-the-title-case"),
    pytest.param(["What can you tell me about the Riverside Brasserie ?"],
                 "restaurant.venue", "Riverside Brasserie", id="en-name-noun-gives-the-domain"),
])
def test_booking_venue_names_in_running_text(messages, key, value):
    assert named(track(*messages))[key] == value


@pytest.mark.parametrize("text", [
    "I want a restaurant in the Centre of town.",
    "We met at the LGBTQ support group.",
])
def test_booking_title_case_words_that_are_no_names(text):
    assert not [k for k in current(track(text)) if k.endswith("venue")]


@pytest.mark.parametrize(("text", "key", "value"), [
    pytest.param("那就选择北京空港远航国际酒店吧", "hotel.venue", "北京空港远航国际酒店", id="zh-verb-inside-a-name"),
    pytest.param("我想住优品酒店(北京国贸劲松地铁站店)。", "hotel.venue", "优品酒店(北京国贸劲松地铁站店)",
                 id="zh-branch-in-brackets-keeps-the-name's-domain"),
    pytest.param("Can we book the Alexander Bed and Breakfast (Cambridge Station branch) ?", "hotel.venue",
                 "Alexander Bed and Breakfast", id="en-branch-in-brackets"),
])
def test_booking_venue_names_and_their_domain(text, key, value):
    assert current(track(text))[key] == value


@pytest.mark.parametrize("text", ["我想找一个评分是5分的豪华型酒店。", "I want a cheap guest house."])
def test_booking_a_type_and_a_venue_word_are_no_name(text):
    assert not [k for k in current(track(text)) if k.endswith("venue")]


@pytest.mark.parametrize("text", ["我希望评分是4.5分以上的，这两家酒店哪个符合这个要求？",
                                  "I want 4 stars at least, which of these hotels meets that requirement?"])
def test_a_question_about_a_requirement_is_no_constraint(text):
    assert track(text).state().constraints == []


@pytest.mark.parametrize(("text", "rule"), [
    ("那一定很辛苦吧。", False), ("快递一定要用顺丰。", True),
    ("It must be scary stepping into the unknown.", False), ("You must be so tired!", False),
    ("Plus, they don't require much looking after.", False), ("The invoice must be addressed to Holmes Ltd.", True),
    ("It must be vegetarian.", True), ("Delivery needs to be before Friday.", True),
])
def test_must_that_guesses_is_no_rule(text, rule):
    assert bool(track(text).state().constraints) == rule


@pytest.mark.parametrize(("text", "key", "value"), [
    pytest.param("我想找家人均消费在100-150元的餐馆吃驴杂汤这道菜。", "restaurant.dish", "驴杂汤", id="zh-eat-this-dish"),
    pytest.param("我想在景点周边找个能做樟茶鸭和担担面的餐馆。", "restaurant.dish", "樟茶鸭 担担面", id="zh-dishes-a-list"),
    pytest.param("帮我推荐一个能提供24小时热水和洗衣服务的高档型酒店。", "hotel.facilities", "24小时热水 洗衣服务",
                 id="zh-facilities"),
    pytest.param("这个酒店是否提供收费停车位和会议室好吗？", "hotel.facilities", "收费停车位 会议室", id="zh-facilities-asked"),
    pytest.param("I'd love to eat fish and chips tonight, can you find a restaurant?", "dish", "fish and chips",
                 id="en-eat-a-dish"),
    pytest.param("I'm looking for a restaurant, I'm craving dim sum please.", "dish", "dim sum", id="en-craving"),
])
def test_booking_dishes_and_facilities(text, key, value):
    assert current(track(text))[key] == value


@pytest.mark.parametrize("text", ["我想去吃饭，找个餐馆。", "这家餐馆的小吃很好吃。",
                                  "Would you like me to book a table at the restaurant?",
                                  "I would like to try Indian food in a restaurant."])
def test_booking_eating_in_general_names_no_dish(text):
    assert not [k for k in current(track(text)) if k.endswith("dish")]


@pytest.mark.parametrize(("messages", "key", "value"), [
    pytest.param([bot("没有满足您要求的景点，给你推荐人定湖公园可以吗？")], "attraction.venue", "人定湖公园",
                 id="zh-a-verb-glued-to-a-name"),
    pytest.param([bot("那我建议你去北京天安瑞嘉酒店好了。")], "hotel.venue", "北京天安瑞嘉酒店", id="zh-then-it-is"),
    pytest.param([bot("推荐您去豪华型的北京天伦王朝酒店住宿。")], "hotel.venue", "北京天伦王朝酒店", id="zh-its-type-before-it"),
    pytest.param(["票价20元以下的景点有吗？"], "attraction.ticket", "20元以下", id="zh-bound-kept"),
    pytest.param(["I need a hotel, the price should be 80 pounds or less."], "hotel.price", "80 pounds or less",
                 id="en-bound-kept"),
])
def test_booking_values_keep_their_words(messages, key, value):
    assert named(track(*messages))[key] == value


def test_booking_a_number_inside_a_recommended_name_does_not_make_it_the_users():
    t = track("帮我推荐一个免费的景点吧。", bot("推荐您去十渡风景名胜区。"))
    assert {(f.value, f.status) for f in t.state().facts if f.key == "attraction.venue"} == {("十渡风景名胜区", "offered")}


@pytest.mark.parametrize("answer", ["门票价格是40元。", "游玩时间是2小时 - 3小时。", "推荐菜有大三元虾饺, 烤乳猪。"])
def test_booking_what_the_assistant_tells_of_a_venue_is_not_the_users_wish(answer):
    t = track("我想去恭王府玩，推荐一家附近的餐馆。", bot(answer))
    assert not [f for f in t.state().facts if f.status == "current" and f.turn == 1]


@pytest.mark.parametrize(("text", "key", "value"), [
    pytest.param("我们想要找一家有棋牌室的高档型酒店。", "hotel.facilities", "棋牌室", id="has-the-facility"),
    pytest.param("请给我推荐一家4分以上带商务中心的酒店。", "hotel.facilities", "商务中心", id="with-the-facility"),
    pytest.param("我希望酒店提供会议室。", "hotel.facilities", "会议室", id="provides-the-facility"),
    pytest.param("请帮我找一家评分是4.5分以上，有蒿子杆这个菜的餐馆。", "restaurant.dish", "蒿子杆", id="this-dish"),
    pytest.param("餐馆的推荐菜里要有招牌虾滑。", "restaurant.dish", "招牌虾滑", id="among-the-dishes"),
    pytest.param("帮我推荐一个免费的景点吧。", "attraction.ticket", "免费", id="a-free-attraction"),
    pytest.param("最好酒店设施里有24小时热水与无烟房。", "hotel.facilities", "24小时热水 无烟房", id="facilities-have"),
    pytest.param("我还想要找一家饭店，能吃到传统手切鲜羊上脑的。", "restaurant.dish", "传统手切鲜羊上脑", id="eat-it-the"),
    pytest.param("我想找一个能玩1-2天的景点。", "attraction.duration", "1-2天", id="a-range-with-one-unit"),
    pytest.param("从颐和园到庆丰包子铺(月坛店)乘坐出租车的话，车型是啥？", "taxi.destination", "庆丰包子铺(月坛店)", id="by-taxi"),
])
def test_booking_zh_attributes_said_in_other_words(text, key, value):
    assert current(track(text)).get(key) == value


@pytest.mark.parametrize("text", ["这个剧院的周边有住宿的酒店吗？", "附近有环境好点的酒店吗？", "没有查询到能完全符合您要求的酒店。",
                                  "地址信息好像不对，能再提供一下吗？", "这家酒店提供温泉吗？"])
def test_booking_zh_no_facility_from_other_words(text):
    assert "hotel.facilities" not in current(track(text))


def test_booking_a_new_request_phrased_as_a_question_changes_the_value():
    t = track("推荐一个门票免费的景点。", bot("推荐您去故宫。"), "再给我推荐一个评分4.5以上，票价是50-100元的景点吧？")
    assert current(t)["attraction.ticket"] == "50-100元"


def test_booking_having_eaten_names_no_dish():
    assert not [k for k in current(track("我们吃得差不多了，再找个餐馆喝点东西。")) if k.endswith("dish")]


@pytest.mark.parametrize(("text", "name"), [
    pytest.param("外婆家(北京apm店)不错，评分4.6分。", "外婆家(北京apm店)", id="zh-name-before-a-branch"),
    pytest.param("推荐您去江边城外烤全鱼(罗斯福店)请客吃饭。", "江边城外烤全鱼(罗斯福店)", id="zh-branch-and-a-verb-inside"),
    pytest.param("798艺术区和七里渠农场都适合长时间游玩。", "798艺术区", id="zh-suffix-over-two-words"),
    pytest.param("I recommend Golden Wok Restaurant (Cambridge branch).", "Golden Wok Restaurant", id="en-title-case"),
])
def test_booking_venue_names_from_the_assistant(text, name):
    t = track(bot(text))
    assert name in {e.text for e in t.state().entities}


@pytest.mark.parametrize(("text", "name"), [
    pytest.param("酒店北京京仪大酒店不错", "北京京仪大酒店", id="zh-a-venue-word-before-the-name"),
    pytest.param("酒店是汉庭酒店(北京良乡大学城店)", "汉庭酒店(北京良乡大学城店)", id="zh-the-copula-is-outside"),
])
def test_booking_name_boundaries(text, name):
    assert [e.text for e in track(bot(text)).state().entities if e.type == "VENUE"] == [name]


@pytest.mark.parametrize(("text", "kept"), [
    ("你觉得怎么样？", False), ("请问收货地址是哪里？", True),
    ("Is that okay?", False), ("What is your budget?", True),
])
def test_an_open_question_about_nothing_in_particular_is_not_kept(text, kept):
    assert bool(track(bot(text)).state().questions) == kept


def test_a_name_shown_as_a_value_is_not_repeated_in_the_focus():
    t = track("帮我找一家酒店。", bot("推荐北京万商花园美居酒店。"), "就去北京万商花园美居酒店好了。")
    block = t.assemble("北京万商花园美居酒店周边有什么景点？", budget=300, state="always").state_block
    assert block.count("北京万商花园美居酒店") == 1


@pytest.mark.parametrize(("messages", "key", "value"), [
    pytest.param(["我想找个景点。", bot("建议你去中华民族园。")], "attraction.venue", "中华民族园", id="zh-suggest"),
    pytest.param(["我想找个餐馆。", bot("为您推荐锦府盐帮，评分4.6分。")], "restaurant.venue", "锦府盐帮", id="zh-recommend"),
    pytest.param(["I need an attraction in the west.", bot("what about clare college ? it 's in the west .")],
                 "attraction.venue", "clare college", id="en-what-about"),
    pytest.param(["I need a restaurant.", bot("I would recommend cotto , they are moderately priced .")],
                 "restaurant.venue", "cotto", id="en-recommend"),
])
def test_booking_what_the_assistant_recommends_by_name(messages, key, value):
    assert named(track(*messages))[key] == value


@pytest.mark.parametrize("messages", [
    ["我想找个餐馆。", bot("推荐一家评分高的餐馆给你。")],
    ["I need a restaurant.", bot("What about the price range ?")],
    ["I need a restaurant.", bot("How about a different day ?")],
])
def test_booking_a_suggestion_without_a_name(messages):
    assert not [k for k in current(track(*messages)) if k.endswith("venue")]


@pytest.mark.parametrize(("text", "key", "value"), [
    pytest.param("我要从故宫出发到北京饭店，坐火车。", "train.departure", "故宫", id="zh-from"),
    pytest.param("I'm looking for a train that departs from bishops stortford leaving after 18:30 .",
                 "train.departure", "bishops stortford", id="en-departs-from"),
    pytest.param("I am looking for a train to cambridge that arrives by 16:45 on monday .",
                 "train.destination", "cambridge", id="en-train-to"),
])
def test_booking_train_ends(text, key, value):
    assert current(track(text))[key] == value


@pytest.mark.parametrize(("messages", "key", "value"), [
    pytest.param(["帮我找个住的地方。", bot("您可以考虑一下钓鱼台国宾馆，这里的环境不错。")], "hotel.venue", "钓鱼台国宾馆",
                 id="zh-consider"),
    pytest.param(["我想找个景点。", bot("那我推荐您角楼这个景点，正符合您的游玩时间要求。")], "attraction.venue", "角楼",
                 id="zh-name-before-this"),
    pytest.param(["I need a hotel.", bot("You could consider the Lensfield Hotel , it has free parking .")],
                 "hotel.venue", "Lensfield Hotel", id="en-consider"),
])
def test_booking_recommendations_stop_at_the_name(messages, key, value):
    assert named(track(*messages))[key] == value


@pytest.mark.parametrize("text", ["那您看看哪个酒店提供叫醒服务的吧。", "请帮我找一家推荐菜有这个菜品的餐馆呗。",
                                  "I will consider it and call the hotel back."])
def test_booking_slot_words_after_a_cue_are_no_name(text):
    assert not [k for k in current(track(text)) if k.endswith("venue")]


@pytest.mark.parametrize(("lang", "said", "plain", "asks_before", "old"), [
    ("zh", ["预算5000元", "预算改成6000"], "我的预算是多少？", "我原来的预算是多少？", "5000元"),
    ("en", ["My budget is $500.", "Actually make the budget $600."], "What is my budget?",
     "What was my budget before?", "$500"),
])
def test_small_contexts_show_an_earlier_value_only_when_asked(lang, said, plain, asks_before, old):
    t = track(*said, lang=lang)
    assert old not in t.assemble(plain, budget=60, state="always").state_block
    assert old in t.assemble(asks_before, budget=60, state="always").state_block
    assert old in t.assemble(plain, budget=300, state="always").state_block  # with room, the question naming the fact is enough


@pytest.mark.parametrize(("text", "key", "value", "not_key"), [
    ("帮我找一家有早餐服务和24小时热水服务的酒店。", "hotel.facilities", "早餐服务 24小时热水服务", "duration"),
    ("I'm craving dim sum for 2 people, can you find a restaurant?", "dish", "dim sum", None),
])
def test_booking_values_inside_a_list_are_read_with_it(text, key, value, not_key):
    facts = current(track(text))
    assert facts[key] == value and not [k for k in facts if not_key and k.endswith(not_key)]


@pytest.mark.parametrize(("text", "kept"), [
    ("好的，已经给您找到了，你看行吗？", False), ("好的，已经为您找到，请问收货地址是哪里？", True),
    ("Okay, I found three of them, is that okay?", False), ("Okay, I found three, what is your budget?", True),
])
def test_only_the_asking_clause_decides_whether_a_question_is_kept(text, kept):
    assert bool(track(bot(text)).state().questions) == kept


@pytest.mark.parametrize(("messages", "key", "value"), [
    pytest.param(["我想找个住的地方。", bot("推荐您去维也纳3好酒店(北京南站洋桥店)住宿，环境不错。")], "hotel.venue",
                 "维也纳3好酒店(北京南站洋桥店)", id="zh-what-you-do-there-is-not-the-name"),
    pytest.param(["I need a restaurant.", bot("I would recommend cotto for dinner , it is moderately priced .")],
                 "restaurant.venue", "cotto", id="en-for-dinner"),
])
def test_booking_a_recommended_name_ends_before_the_activity(messages, key, value):
    assert named(track(*messages))[key] == value


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("游玩结束后我想找一家价格在400-500元的，有早餐服务的酒店住宿。", {"hotel.price": "400-500元"},
                 id="zh-a-de-phrase-belongs-to-the-noun-after-it"),
    pytest.param("After the museum visit I want a cheap hotel in the east.", {"hotel.price_range": "cheap", "hotel.area": "east"},
                 id="en-the-nearest-noun"),
])
def test_booking_which_domain_a_value_belongs_to(text, expected):
    facts = current(track(text))
    assert {k: facts.get(k) for k in expected} == expected


@pytest.mark.parametrize(("messages", "name"), [
    pytest.param(["帮我找一家评分4.5分以上的酒店。", bot("推荐您入住北京云天酒店，评分4.6分。"), "好的，就订这家吧"],
                 "北京云天酒店", id="zh"),
    pytest.param(["I need a cheap hotel in the north.", bot("I would recommend the Acorn Guest House. Shall I book it?"),
                  "Yes please, for 2 nights."], "Acorn Guest House", id="en"),
])
def test_booking_a_single_recommendation_is_offered_until_the_user_says_yes(messages, name):
    before = track(*messages[:2])
    assert [f.status for f in before.state().facts if f.value == name] == ["offered"]
    assert name in current(track(*messages)).values()
