"""user34's own chats (issue 19, blind27 round): 8 English and 8 Chinese everyday service chats written BEFORE
the first run of ctxgraph on them, in the voices of real users (terse, chatty, typos, acting for someone else).

Each chat has values given, changed and picked, a standing rule of the user's (some lifted later) and a promise
of the assistant's (some kept later). ``expect`` holds what a careful reader says the state should hold at the end:
``facts`` (a role description -> a substring the current fact should contain), ``not_facts`` (values that must not
be current: superseded values, offers not taken), ``constraints`` (the rule's words -> active | lifted) and
``commitments`` (the promise's words -> open | kept)."""

from __future__ import annotations

CHATS: list[dict] = [
    # ------------------------------------------------------------------ English
    {"name": "en_fridge_for_mum", "lang": "en", "turns": [
        ("user", "hi, buying a fridge freezer for my mum, she's 78. budget is under £700 and it has to fit a 60cm gap"),
        ("assistant", "Two that fit: the Bosch Serie 4 at £649 or the Bosch Serie 6 at £689."),
        ("user", "the Serie 6 one. can you deliver it on Saturday?"),
        ("assistant", "Saturday is full, the earliest is Monday 14 June. I'll email you the delivery slot tomorrow."),
        ("user", "monday then. and don't ring the bell, she has a dog that goes mad. knock instead"),
        ("assistant", "Noted. The delivery slot is Monday 14 June, 8am to 12pm; I've emailed it to you."),
    ], "expect": {
        "facts": {"model": "Bosch Serie 6", "budget": "700", "date": "14 June"},
        "not_facts": ["Bosch Serie 4", "Saturday"],
        "constraints": {"under £700": "active", "don't ring the bell": "active"},
        "commitments": {"email you the delivery slot": "kept"}}},
    {"name": "en_bike_repair_typos", "lang": "en", "turns": [
        ("user", "my bike's rear brake is shot and the gears slip. can u fix by thrusday?"),
        ("assistant", "Yes. Brake pads and a gear tune come to £55. Your job reference is ref QX7TLM."),
        ("user", "ok. pls only use shimano parts, no cheap stuff"),
        ("assistant", "Will do. I'll text you when it's ready for collection."),
        ("user", "actualy can it be wednesday? i need it for a ride thursday morning"),
        ("assistant", "Wednesday is fine."),
        ("assistant", "Your bike is ready for collection, see you soon."),
    ], "expect": {
        "facts": {"reference": "QX7TLM", "price": "55", "date": "Wednesday"},
        "not_facts": ["thrusday"],
        "constraints": {"only use shimano parts": "active"},
        "commitments": {"text you when it's ready": "kept"}}},
    {"name": "en_gym_for_daughter", "lang": "en", "turns": [
        ("user", "Hello! I'd like to sign my daughter Priya up for a gym membership, she's 17 and just started uni."),
        ("assistant", "Lovely. We have Off-Peak at £19 a month and Anytime at £29 a month."),
        ("user", "Off-Peak please. She can only go after 6pm on weekdays, she has lectures all day."),
        ("assistant", "Off-peak ends at 4pm, so evenings need Anytime."),
        ("user", "Oh. Then Anytime it is."),
        ("assistant", "Done. I'll send Priya a welcome pack by post this week."),
        ("user", "Actually her timetable changed and she's free in the mornings now, so the evening thing doesn't matter anymore."),
    ], "expect": {
        "facts": {"name": "Priya", "plan": "Anytime", "price": "29"},
        "not_facts": ["Off-Peak"],
        "constraints": {"only go after 6pm": "lifted"},
        "commitments": {"welcome pack": "open"}}},
    {"name": "en_prescription_dad", "lang": "en", "turns": [
        ("user", "I need to reorder my dad's blood pressure tablets, amlodipine 5mg, 28 tablets. His name is George Hill."),
        ("assistant", "Thanks. Do you want the generic or the branded version?"),
        ("user", "Branded only please, the generic upset his stomach last time."),
        ("assistant", "I'll check with his GP surgery and get back to you by Friday."),
        ("user", "make that 56 tablets, he's going abroad for a month"),
        ("assistant", "The surgery approved 56 tablets; they'll be ready to collect on Thursday."),
    ], "expect": {
        "facts": {"name": "George Hill", "dose": "5mg", "quantity": "56", "date": "Thursday"},
        "not_facts": ["28 tablets"],
        "constraints": {"Branded only": "active"},
        "commitments": {"check with his GP surgery": "kept"}}},
    {"name": "en_tailor_terse", "lang": "en", "turns": [
        ("user", "trousers need hemming. 2cm shorter."),
        ("assistant", "Sure, that's £12. Ready by Friday."),
        ("user", "make it 3cm. need them thursday"),
        ("assistant", "Thursday works. I'll call you when they're done."),
        ("user", "no steam press, they're wool"),
    ], "expect": {
        "facts": {"length": "3cm", "price": "12", "date": "Thursday"},
        "not_facts": ["2cm", "Friday"],
        "constraints": {"no steam press": "active"},
        "commitments": {"call you when they're done": "open"}}},
    {"name": "en_broadband_switch", "lang": "en", "turns": [
        ("user", "I'm switching broadband. No contract longer than 12 months please."),
        ("assistant", "We have Fibre 150 at £30 a month and Fibre 500 at £45 a month, both on 12-month contracts."),
        ("user", "the faster one. postcode is LS6 2AB"),
        ("assistant", "Fibre 500 is available at LS6 2AB. Installation can be on 3 July; I'll send an engineer confirmation by email."),
        ("user", "3 July is no good, i'm away. 10 July?"),
        ("assistant", "Booked for 10 July. Engineer confirmation sent to your email."),
    ], "expect": {
        "facts": {"plan": "Fibre 500", "postcode": "LS6 2AB", "date": "10 July"},
        "not_facts": ["Fibre 150", "3 July"],
        "constraints": {"No contract longer than 12 months": "active"},
        "commitments": {"engineer confirmation": "kept"}}},
    {"name": "en_car_rental", "lang": "en", "turns": [
        ("user", "Need a rental car from Glasgow airport, 5 to 9 August, for me and my brother."),
        ("assistant", "We have a Ford Focus at £38 a day or a VW Golf at £42 a day."),
        ("user", "no diesel please. is the golf petrol?"),
        ("assistant", "Yes, the Golf is petrol."),
        ("user", "golf then. and can we drop it back on the 10th instead"),
        ("assistant", "Done: VW Golf, 5 to 10 August. I'll email the confirmation within the hour."),
    ], "expect": {
        "facts": {"car": "VW Golf", "pickup": "Glasgow", "end date": "10"},
        "not_facts": ["Ford Focus"],
        "constraints": {"no diesel": "active"},
        "commitments": {"email the confirmation": "open"}}},
    {"name": "en_piano_tuning_for_aunt", "lang": "en", "turns": [
        ("user", "Booking a piano tuning for my aunt, Margaret Cole, 41 Elm Road. Please don't come before 10am, she's slow in the mornings."),
        ("assistant", "We can do Tuesday 11am or Thursday 2pm."),
        ("user", "Tuesday 11 is good."),
        ("assistant", "Booked. I'll send your aunt a reminder the day before."),
        ("user", "Change of plan, make it Thursday 2pm please. And the 10am thing is fine to ignore, she's up early these days."),
    ], "expect": {
        "facts": {"name": "Margaret Cole", "address": "41 Elm Road", "day": "Thursday", "time": "2pm"},
        "not_facts": ["Tuesday"],
        "constraints": {"don't come before 10am": "lifted"},
        "commitments": {"reminder the day before": "open"}}},
    # ------------------------------------------------------------------ Chinese
    {"name": "zh_aircon_for_parents", "lang": "zh", "turns": [
        ("user", "想给我爸妈买台空调，卧室用，预算4000以内。"),
        ("assistant", "推荐两款：格力云佳3599元，美的酷省电3299元。"),
        ("user", "格力的吧，我爸认这个牌子。"),
        ("assistant", "好的，下单后我把安装时间发短信给您。"),
        ("user", "安装别安排在周末，我周末要加班。"),
        ("assistant", "安装时间定在下周三上午，已经短信发给您了。"),
    ], "expect": {
        "facts": {"型号": "格力云佳", "预算": "4000", "安装日": "周三"},
        "not_facts": ["美的酷省电"],
        "constraints": {"别安排在周末": "active"},
        "commitments": {"安装时间发短信": "kept"}}},
    {"name": "zh_fruit_gift", "lang": "zh", "turns": [
        ("user", "帮我同事订个水果礼盒，她下周生日，送到公司。"),
        ("assistant", "有两种：芒果礼盒和车厘子礼盒，芒果礼盒128元，车厘子礼盒198元。"),
        ("user", "芒果的"),
        ("assistant", "好的，配送地址是？发货后我会把快递单号发给您。"),
        ("user", "浦东新区张江路88号，不要放前台，一定要本人签收。"),
        ("assistant", "已发货，快递单号SF1234567890。"),
    ], "expect": {
        "facts": {"礼盒": "芒果礼盒", "价格": "128", "地址": "张江路88号"},
        "not_facts": ["车厘子礼盒"],
        "constraints": {"不要放前台": "active"},
        "commitments": {"快递单号发给您": "kept"}}},
    {"name": "zh_broadband_install", "lang": "zh", "turns": [
        ("user", "新家要装宽带，地址是朝阳区望京西路12号3单元502。"),
        ("assistant", "有300M每年980元和1000M每年1580元两种套餐。"),
        ("user", "300M就够了"),
        ("assistant", "好的，师傅上门前会先给您打电话。"),
        ("user", "只能周末上门，平时我不在家。"),
        ("assistant", "那就安排本周六上午。"),
        ("user", "哦对了，我妈这周在家帮我看房子，工作日也可以了，越早越好。"),
    ], "expect": {
        "facts": {"地址": "望京西路12号", "套餐": "300M", "价格": "980"},
        "not_facts": ["1000M"],
        "constraints": {"只能周末上门": "lifted"},
        "commitments": {"上门前会先给您打电话": "open"}}},
    {"name": "zh_glasses_typos", "lang": "zh", "turns": [
        ("user", "配眼镜，左眼350度右眼400度，不要金属框，我过敏"),
        ("assistant", "有板材框两款：A款299元，B款459元。"),
        ("user", "A款吧"),
        ("assistant", "好的，做好了我短信通知您来取。"),
        ("user", "右眼写错了，是425度"),
        ("assistant", "已改成右眼425度。眼镜做好了，您可以来店里取了。"),
    ], "expect": {
        "facts": {"左眼": "350", "右眼": "425", "镜框": "A款"},
        "not_facts": ["400度", "B款"],
        "constraints": {"不要金属框": "active"},
        "commitments": {"短信通知您来取": "kept"}}},
    {"name": "zh_pet_grooming", "lang": "zh", "turns": [
        ("user", "给我家狗狗约个洗澡美容，它叫豆豆，是只泰迪，约周六下午三点。"),
        ("assistant", "好的，洗澡加修剪一共150元。"),
        ("user", "毛别剃太短，冬天怕它冷。"),
        ("assistant", "明白。洗完我拍照片发给您看看。"),
        ("user", "周六有事，改到周日下午三点吧"),
    ], "expect": {
        "facts": {"名字": "豆豆", "品种": "泰迪", "日期": "周日", "时间": "三点", "价格": "150"},
        "not_facts": ["周六"],
        "constraints": {"毛别剃太短": "active"},
        "commitments": {"拍照片发给您": "open"}}},
    {"name": "zh_express_for_mom", "lang": "zh", "turns": [
        ("user", "替我妈寄个快递到成都，大概5公斤，是些衣服。"),
        ("assistant", "普通快递35元，3天到；特快58元，次日达。"),
        ("user", "普通的就行"),
        ("assistant", "好的，快递员一小时内上门取件，到了会给您打电话。"),
        ("user", "不好意思称了一下是7公斤"),
        ("assistant", "7公斤普通快递是45元。快递员已经到楼下了。"),
    ], "expect": {
        "facts": {"目的地": "成都", "重量": "7公斤", "价格": "45"},
        "not_facts": ["5公斤", "特快"],
        "constraints": {},
        "commitments": {"一小时内上门取件": "kept"}}},
    {"name": "zh_checkup_for_mom", "lang": "zh", "turns": [
        ("user", "帮我妈妈预约体检，她62岁，要约女医生。"),
        ("assistant", "有基础套餐680元和全面套餐1280元。"),
        ("user", "全面套餐"),
        ("assistant", "可以约3月8日或3月15日，我帮您查一下女医生的排班，明天回复您。"),
        ("user", "3月15日吧"),
        ("assistant", "查好了，3月15日上午有女医生坐诊，已经给您约上了。"),
        ("user", "对了女医生不强求了，哪个医生都行。"),
    ], "expect": {
        "facts": {"年龄": "62", "套餐": "全面套餐", "日期": "3月15日"},
        "not_facts": ["基础套餐", "3月8日"],
        "constraints": {"要约女医生": "lifted"},
        "commitments": {"查一下女医生的排班": "kept"}}},
    {"name": "zh_phone_repair", "lang": "zh", "turns": [
        ("user", "我的iPhone 13屏幕摔碎了，换屏多少钱？"),
        ("assistant", "原装屏1299元，国产屏599元。您的工单号是WX20240517。"),
        ("user", "原装的，不要副厂屏。"),
        ("assistant", "好的，修好了我给您打电话。"),
        ("user", "电池也顺便换一下吧"),
        ("assistant", "电池加换是299元，合计1598元。"),
    ], "expect": {
        "facts": {"型号": "iPhone 13", "屏幕": "原装屏", "工单号": "WX20240517", "合计": "1598"},
        "not_facts": ["国产屏"],
        "constraints": {"不要副厂屏": "active"},
        "commitments": {"修好了我给您打电话": "open"}}},
]
