"""user30zh's own Chinese chats, written with their expected state BEFORE running ctxgraph.

Each chat: messages (role, text) and what a developer would expect in the state:
``current`` values that must be current facts, ``not_current`` values that must not be current,
``constraints`` / ``promises`` substrings expected among the constraints / promises."""

CHATS = [
    dict(name="gym_freeze", msgs=[
        ("user", "你好 我想把健身卡停一下 卡号是GY20881"),
        ("assistant", "好的，请问要停多久？"),
        ("user", "停两个月吧 下个月一号开始"),
        ("assistant", "可以，冻结期间不扣费。"),
        ("user", "哦对了 不要再给我打推销电话了"),
    ], current=["GY20881", "两个月"], constraints=["推销电话"]),
    dict(name="pet_grooming", msgs=[
        ("user", "约个洗澡美容 我家狗是泰迪 八斤左右"),
        ("assistant", "好的，您想约哪天？"),
        ("user", "周六下午三点可以不"),
        ("assistant", "周六下午三点满了，四点可以吗？"),
        ("user", "那就四点吧"),
    ], current=["泰迪", "八斤", "四点"], not_current=["三点"]),
    dict(name="car_rental_voice", msgs=[
        ("user", "我想租一辆车 从十二号到十五号 在虹桥机场取车"),
        ("assistant", "好的，想要什么车型？"),
        ("user", "七座的 商务车那种 预算一天五百以内"),
        ("assistant", "有一台别克GL8，每天480元。"),
        ("user", "行 就这个 还车改到浦东机场"),
    ], current=["虹桥机场", "浦东机场", "七座", "500"], constraints=["五百"]),
    dict(name="broadband_dialect", msgs=[
        ("user", "屋头宽带又断了噻 都两天了"),
        ("assistant", "非常抱歉，请提供宽带账号。"),
        ("user", "账号是028123456 地址成华区建设路18号"),
        ("assistant", "已派单，师傅明天上午上门。"),
        ("user", "要得 师傅来之前打个电话嘛 我电话13688886666"),
    ], current=["028123456", "建设路18号", "13688886666"], promises=["上门"]),
    dict(name="cake_order_nopunct", msgs=[
        ("user", "订个生日蛋糕八寸的要芒果味的"),
        ("assistant", "好的，需要写字吗？"),
        ("user", "写生日快乐小宝 不要放坚果孩子过敏"),
        ("assistant", "好的，什么时候取？"),
        ("user", "后天中午十二点来拿"),
        ("user", "算了改成六寸吧人不多"),
    ], current=["六寸", "芒果"], not_current=["八寸"], constraints=["坚果"]),
    dict(name="glasses_typo", msgs=[
        ("user", "我配的眼镜度数好像不对 左眼300右眼350"),
        ("assistant", "请问您的订单号是多少？"),
        ("user", "订单号YJ7788 是上周配的"),
        ("assistant", "好的，我们安排重新验光。"),
        ("user", "不好意思说错了 右眼是375"),
    ], current=["YJ7788", "375"], not_current=["350"]),
    dict(name="train_change", msgs=[
        ("user", "我要改签 原来是G1234 明天早上八点的"),
        ("assistant", "请问改到什么时候？"),
        ("user", "改成后天同一个时间 二等座就行"),
        ("assistant", "已为您改签成功。"),
    ], current=["G1234", "二等座"]),
    dict(name="laundry_pickup", msgs=[
        ("user", "有件羽绒服要干洗 能上门取件吗"),
        ("assistant", "可以，地址是？"),
        ("user", "望京西园三区 5号楼 1201"),
        ("assistant", "好的，明天下午取件。"),
        ("user", "下午我不在家 能不能晚上七点以后"),
    ], current=["羽绒服", "1201"], constraints=["七点以后"]),
    dict(name="moving_company", msgs=[
        ("user", "下周三搬家 从三楼搬到六楼 都没有电梯"),
        ("assistant", "大概有多少东西？"),
        ("user", "一个冰箱一个洗衣机 还有二十来个箱子"),
        ("assistant", "好的，报价800元。"),
        ("user", "能不能便宜点 七百行不行"),
    ], current=["下周三", "冰箱"], not_current=["800"]),
    dict(name="tutoring_class", msgs=[
        ("user", "孩子上三年级 想报个数学辅导班"),
        ("assistant", "好的，线上还是线下？"),
        ("user", "线下吧 最好是周末 离家近点 我们住在南山区"),
        ("assistant", "南山校区周日上午有班。"),
        ("user", "周日上午不行 孩子要学游泳"),
    ], current=["三年级", "南山区"], constraints=["周日上午"]),
    dict(name="phone_plan", msgs=[
        ("user", "我想把套餐从129的换成59的"),
        ("assistant", "好的，下月生效可以吗？"),
        ("user", "可以 流量至少要三十个G"),
        ("assistant", "59元套餐含30G流量。"),
        ("user", "那行 帮我办一下"),
    ], current=["59"], not_current=["129"], constraints=["三十个G"]),
    dict(name="furniture_repair", msgs=[
        ("user", "买的沙发坏了 扶手那里裂开了 订单是SF20240511"),
        ("assistant", "非常抱歉，能拍张照片吗？"),
        ("user", "发你了 你们看看是换还是修"),
        ("assistant", "我们会在48小时内给您回复。"),
        ("user", "好 尽快啊 我周五有客人来"),
    ], current=["SF20240511"], promises=["48小时"]),
    dict(name="hotel_pet", msgs=[
        ("user", "你们酒店能带猫入住吗"),
        ("assistant", "可以，需要加收100元清洁费。"),
        ("user", "好 订一间大床房 3月8号入住 住两晚"),
        ("assistant", "好的，请问入住人姓名？"),
        ("user", "陈小明 手机号15012345678"),
    ], current=["大床房", "两晚", "陈小明", "15012345678"]),
    dict(name="subscription_cancel_asr", msgs=[
        ("user", "那个我要取消自动续费 就是那个视频会员"),
        ("assistant", "请问绑定的手机号是？"),
        ("user", "一三九零零一二三四五六"),
        ("assistant", "已为您关闭自动续费。"),
        ("user", "已经扣的二十五块能退吗"),
    ], current=["视频会员"]),
]
