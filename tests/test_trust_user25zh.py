"""A new user's rough edges in Chinese (issue 19, user25zh round): a part of an address corrected with the room
said again ("是3单元801，不是2单元" kept "…3单元801801"); a change of pick said after a clause naming the same option
("其实我爸说外景也行，那还是换外景吧" kept the first clause as the pick) and with the change's verb kept in the
value ("换成外景吧" -> "换成外景")."""

from ctxgraph import Tracker


def _facts(messages):
    t = Tracker("zh")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


def _current(facts, key):
    return [v for k, v, status in facts if k == key and status == "current"]


def test_a_corrected_unit_with_its_room_said_again():
    facts = _facts([("user", "想约调音师上门，地址是海淀区清河花园7号楼2单元602"),
                    ("assistant", "好的，已登记，周六上午上门。"),
                    ("user", "哦地址说错了，是4单元602，不是2单元")])
    assert _current(facts, "address") == ["海淀区清河花园7号楼4单元602"], facts


def test_a_corrected_part_with_nothing_said_again_still_changes():
    facts = _facts([("user", "地址是海淀区清河花园7号楼2单元602"),
                    ("assistant", "好的，已登记。"),
                    ("user", "是3单元，不是2单元")])
    assert _current(facts, "address") == ["海淀区清河花园7号楼3单元602"], facts


def _pick(facts):
    return [v for k, v, status in facts if k.startswith("choice") and status == "current"]


def test_a_change_of_pick_after_a_clause_naming_it():
    facts = _facts([("user", "想给孩子拍一组写真"),
                    ("assistant", "我们有室内套餐699元和公园套餐999元"),
                    ("user", "室内吧"),
                    ("assistant", "好的，需要我们准备服装吗？"),
                    ("user", "孩子他妈说公园也不错，那还是换公园吧")])
    picks = _pick(facts)
    assert len(picks) == 1 and picks[0].startswith("公园"), facts


def test_a_change_of_pick_keeps_no_change_verb():
    facts = _facts([("user", "想给孩子拍一组写真"),
                    ("assistant", "我们有室内套餐699元和公园套餐999元"),
                    ("user", "室内吧"),
                    ("assistant", "好的"),
                    ("user", "换成公园吧")])
    picks = _pick(facts)
    assert len(picks) == 1 and picks[0].startswith("公园"), facts


def test_an_option_beginning_with_a_change_verb_keeps_it():
    facts = _facts([("user", "耳机一边没声音了"),
                    ("assistant", "可以为您换新或者维修，您选哪种？"),
                    ("user", "换新吧")])
    assert any(v.startswith("换新") and "吧" not in v for v in _pick(facts)), facts


def test_options_of_a_priced_pair_before_a_remark():
    facts = _facts([("user", "想给孩子拍一组写真"),
                    ("assistant", "我们有室内套餐699元和公园套餐999元，公园要看天气"),
                    ("user", "室内吧"),
                    ("assistant", "好的"),
                    ("user", "那还是换公园吧")])
    picks = _pick(facts)
    assert len(picks) == 1 and picks[0].startswith("公园"), facts


def test_a_brand_before_its_model_code_is_no_place():
    facts = _facts([("user", "我儿子的山地车变速器坏了，能修吗"),
                    ("assistant", "可以的，是什么牌子的车？"),
                    ("user", "捷安特ATX 830，买了一年多")])
    assert not [v for k, v, status in facts if k == "place" and status == "current" and "捷安特" in v], facts


def test_a_city_before_a_mall_floor_stays_a_place():
    facts = _facts([("user", "我想约周六下午看房"),
                    ("assistant", "好的，请问在哪里见面？"),
                    ("user", "在成都IFS3楼门口见吧")])
    assert any("成都" in str(v) for k, v, status in facts if status == "current"), facts


def test_a_pick_with_a_want_verb_keeps_no_verb():
    facts = _facts([("user", "配老花镜"),
                    ("assistant", "我们有普通镜片和防蓝光镜片两种，普通的298元，防蓝光的468元"),
                    ("user", "要防蓝光的吧")])
    assert _pick(facts) == ["防蓝光的"], facts  # a guard: the change-verb trim must not undo the want verb's


def test_a_pronouns_phone_belongs_to_the_person_named_before_it():
    facts = _facts([("user", "钥匙落屋里了，能上门开锁吗"),
                    ("assistant", "需要房东证明，您能联系到房东吗？"),
                    ("user", "我让房东王先生给你们打电话，他电话是13566667777")])
    assert _current(facts, "phone_房东") == ["13566667777"], facts
