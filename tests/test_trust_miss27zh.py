"""Trust tests of the miss27zh lane (issue 19, blind25 round): Chinese values the user gives that the state missed."""

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _current(lang, messages):
    t = Tracker(lang)
    t.observe_many(messages)
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


# --- a count of a thing named by one character: "一条狗", "两个灶", "十二台车" -----------------------------------------


def test_zh_count_of_a_one_character_thing_is_kept():
    """"还有一只猫 要能带宠物的": a count's noun had to be two characters, so the cat was lost."""
    facts = _current("zh", [user("想订个农家小院 住三天 还有一只猫 要能带宠物的"), bot("好的，可以带宠物。")])
    assert ("count_猫", "一只猫") in facts


def test_zh_count_whose_noun_jieba_glues_to_the_measure_word_is_kept():
    """jieba reads "十台车" as 十 + 台车: the count ends inside a word, the noun is the word's rest."""
    facts = _current("zh", [user("我们车队要办ETC 一共十台车 都是货车"), bot("好的。")])
    assert ("count_车", "十台车") in facts


def test_zh_one_character_thing_before_a_negation_is_kept():
    facts = _current("zh", [bot("师傅上门做饭，您家需要有两个灶眼。"), user("三个灶没问题 我家厨房大")])
    assert ("count_灶", "三个灶") in facts


def test_zh_one_character_noun_that_names_no_thing_is_no_count():
    """A matter, money, a month: "一件事", "两块钱", "一个月" count no thing the user has or wants."""
    facts = _current("zh", [user("还有一件事 押金两块钱 租一个月")])
    assert not any(k.startswith("count_") for k, _ in facts)


def test_zh_one_character_noun_inside_a_longer_word_is_no_count():
    """"两只猫咪" keeps the whole noun; "三个店面" is counted as before, never cut to 店."""
    facts = _current("zh", [user("家里有两只猫咪 要上门喂")])
    assert not any(k == "count_猫" for k, _ in facts)


def test_en_count_of_a_short_noun_unchanged():
    facts = _current("en", [user("we have 2 dogs and 1 cat, is that ok?"), bot("Yes, pets are welcome.")])
    assert not any(k == "count_猫" for k, _ in facts)


# --- the user's role said before their name: "我是行政 赵悦", "我是项目经理 钱浩" -------------------------------------------


def test_zh_role_before_the_users_name_is_kept():
    """"我是店长 周敏 电话…": the name was kept and the role lost (the copula reader saw a role only at a part's end)."""
    facts = _current("zh", [bot("请留一下联系人和电话。"), user("我是店长 周敏 13512345678 有事打我")])
    assert ("身份", "店长") in facts
    assert ("name", "周敏") in facts


def test_zh_role_before_the_name_after_a_comma_is_kept():
    facts = _current("zh", [user("公司是宏远贸易，我是财务，李静，发票开专票")])
    assert ("身份", "财务") in facts


def test_zh_kin_or_glued_word_before_the_name_is_no_role():
    """"我是他妈妈 李娜" (a pronoun first) is the kin step's; "我是学员王磊" says how the user stands to the shop."""
    facts = _current("zh", [user("我是他妈妈 李娜 电话13600001111")])
    assert not any(k == "身份" for k, _ in facts)
    facts = _current("zh", [user("你好，我是学员王磊，想加约几次练车")])
    assert not any(k == "身份" for k, _ in facts)


def test_zh_role_stated_before_a_question_is_kept():
    facts = _current("zh", [user("我是老板 刘强。能开专票吗？")])
    assert ("身份", "老板") in facts and ("name", "刘强") in facts


def test_en_role_before_the_name_unchanged():
    facts = _current("en", [user("I'm the office manager, Jane Cole, 07700 900123")])
    assert not any(k == "身份" for k, _ in facts)


def test_zh_one_character_thing_answering_a_question_alone_stays_the_answers():
    """"有没有宠物一起来？" - "一只狗": the reply is only the count, and the question's binder keeps it under its key."""
    facts = _current("zh", [user("想订个农家乐"), bot("有没有宠物一起来？"), user("一只狗")])
    assert ("宠物一起来", "一只狗") in facts and not any(k == "count_狗" for k, _ in facts)


# --- a village typed apart from its town: "东坡区崇礼镇 新桥村4组" ---------------------------------------------------


def test_zh_village_after_its_town_and_a_space_is_the_address():
    """"送到鹤岭镇 芙蓉村": the address stopped at the town and the village was lost (or kept alone as a place)."""
    facts = _current("zh", [bot("送到哪里？"), user("后天 送到湘潭县花石镇 梅林村 养鸡场 上午送")])
    assert any(k == "address" and v.endswith("梅林村") and "花石镇" in v for k, v in facts)


def test_zh_village_with_its_group_is_kept_whole():
    facts = _current("zh", [bot("地址是？"), user("宁乡县双江镇 石桥村7组 到了村口打电话")])
    assert any(k == "address" and v.endswith("石桥村7组") for k, v in facts)


def test_zh_village_said_alone_is_no_address():
    facts = _current("zh", [user("我在中关村上班 周末有空")])
    assert not any(k == "address" for k, _ in facts)
