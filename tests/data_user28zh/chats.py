"""Lane user28zh: short Chinese chats written by hand (not from the sets), with what a
developer expects the state to hold, written BEFORE running them through ctxgraph.

Each chat: (name, [(role, text)...], expectations) where expectations is a dict:
  facts: {label-ish keyword: current value substring} a value the user gave that must be current
  not_current: value substrings that must NOT be a current fact (replaced / a question)
  constraints: substrings of constraints expected (active)
  promises: substrings of agent promises expected open
"""
CHATS = [
 ("宠物美容预约", [
   ("user", "你好 我想给我家狗约个洗澡美容 它是泰迪 八斤左右"),
   ("assistant", "好的，请问想约哪天？"),
   ("user", "周六上午吧 十点"),
   ("assistant", "周六上午十点可以，请留个电话。"),
   ("user", "13912345678 哦不对 周六我有事 改成周日下午两点"),
   ("assistant", "好的，已改到周日下午两点，到时候提前一小时短信提醒您。"),
 ], {"facts": {"电话": "13912345678", "时间": "周日下午两点"}, "not_current": ["周六上午"],
     "promises": ["短信提醒"]}),
 ("健身卡冻结", [
   ("user", "我要冻结健身卡 会员号GY20931"),
   ("assistant", "请问冻结多久？"),
   ("user", "冻结两个月 我出差"),
   ("assistant", "冻结期间不扣费，最长可冻结三个月。"),
   ("user", "那就三个月吧 从下周一开始"),
 ], {"facts": {"会员号": "GY20931", "时长": "三个月"}, "not_current": ["两个月"]}),
 ("钢琴调音", [
   ("user", "师傅你们能上门调钢琴吗 我家是立式的 雅马哈"),
   ("assistant", "可以的，请问地址？"),
   ("user", "朝阳区望京西园三区 5号楼 1202"),
   ("assistant", "上门费150元，调音300元。"),
   ("user", "能不能便宜点 总共不超过400"),
   ("assistant", "给您算400，明天下午师傅联系您。"),
 ], {"facts": {"地址": "望京西园三区", "品牌": "雅马哈"}, "constraints": ["不超过400"],
     "promises": ["明天下午"]}),
 ("鲜花配送", [
   ("user", "订一束花 送给我妈 红色康乃馨 十一支"),
   ("assistant", "好的，送到哪里？"),
   ("user", "送到杭州市西湖区文三路138号 收件人王秀兰 电话15857123456"),
   ("user", "卡片上写 妈妈生日快乐"),
   ("user", "对了 别放百合 我妈过敏"),
   ("assistant", "好的，保证不放百合，今天下午5点前送到。"),
 ], {"facts": {"数量": "十一支", "收件人": "王秀兰", "电话": "15857123456", "地址": "文三路138号"},
     "constraints": ["百合"], "promises": ["5点前"]}),
 ("搬家公司", [
   ("user", "我要搬家 从天河区搬到番禺区 大概一车东西"),
   ("assistant", "请问搬家日期和楼层？"),
   ("user", "十五号 老房子六楼没电梯 新房子有电梯"),
   ("assistant", "六楼无电梯需加收楼层费每层20元。"),
   ("user", "行 那个日子改一下 改到十六号 十五号下雨"),
 ], {"facts": {"日期": "十六号"}, "not_current": ["十五号"]}),
 ("配眼镜", [
   ("user", "我在你们店配的眼镜 订单号YJ88123 镜片有划痕"),
   ("assistant", "抱歉，请问什么时候配的？"),
   ("user", "上个月二十号配的 才戴了一周"),
   ("user", "我要换新镜片 不要退款"),
   ("assistant", "好的给您免费换镜片，三个工作日内做好通知您。"),
 ], {"facts": {"订单号": "YJ88123"}, "constraints": ["不要退款"], "promises": ["三个工作日"]}),
 ("净水器滤芯订阅", [
   ("user", "我家净水器滤芯是订阅的 每三个月寄一次"),
   ("assistant", "您好，请提供手机号。"),
   ("user", "18600001111"),
   ("user", "我想改成每半年寄一次 三个月用不完"),
   ("assistant", "已修改为每六个月寄送一次。"),
 ], {"facts": {"手机": "18600001111", "周期": "半年"}, "not_current": ["三个月"]}),
 ("蛋糕定制", [
   ("user", "定个蛋糕 八寸的 巧克力味"),
   ("assistant", "好的，需要写字吗？"),
   ("user", "写 小宝三岁生日快乐"),
   ("user", "要不还是换成六寸吧 人不多"),
   ("assistant", "好的六寸巧克力，周六上午11点前送达。"),
   ("user", "不要放坚果 孩子小"),
 ], {"facts": {"尺寸": "六寸", "口味": "巧克力"}, "not_current": ["八寸"], "constraints": ["坚果"],
     "promises": ["11点前"]}),
 ("手机套餐", [
   ("user", "我想改套餐 现在是59的 流量不够用"),
   ("assistant", "有89元30G和129元60G两档。"),
   ("user", "89的吧"),
   ("user", "下个月生效就行 号码是13700137000"),
 ], {"facts": {"套餐": "89", "号码": "13700137000"}, "not_current": ["59"]}),
 ("家具安装", [
   ("user", "买的衣柜啥时候来装啊 等了一礼拜了"),
   ("assistant", "请提供订单号。"),
   ("user", "JJ-20260311-77"),
   ("assistant", "查到了，安装师傅明天上午九点到十二点上门。"),
   ("user", "明天上午不行我要上班 晚上七点以后可以吗"),
   ("assistant", "可以，给您改到明天晚上七点以后。"),
 ], {"facts": {"订单号": "JJ-20260311-77"}, "promises": ["晚上七点"]}),
 ("语音转文字_洗衣", [
   ("user", "喂你好我想预约上门取衣服洗两件羽绒服一件大衣"),
   ("user", "地址是南京市鼓楼区中山北路二百号三单元四零一"),
   ("user", "明天下午三点来取吧不对后天下午三点"),
   ("assistant", "好的后天下午三点上门取件。"),
 ], {"facts": {"地址": "中山北路", "时间": "后天下午三点"}, "not_current": ["明天下午三点"]}),
 ("火车票改签", [
   ("user", "我买的G1234 北京到上海 明天早上八点的 能改签吗"),
   ("assistant", "可以，想改到什么时间？"),
   ("user", "改到后天同一趟"),
   ("user", "座位还是要靠窗的"),
   ("assistant", "已为您改签到后天G1234，靠窗座位。"),
 ], {"facts": {"车次": "G1234", "日期": "后天"}, "constraints": ["靠窗"]}),
 ("错别字_宽带维修", [
   ("user", "我家宽待断了 一直连不上网 账好是KD5566"),
   ("assistant", "请问是光猫亮红灯吗？"),
   ("user", "是的 红等一直闪"),
   ("user", "师傅能今天来吗 我下午四点后在家"),
   ("assistant", "今天下午五点安排师傅上门。"),
 ], {"facts": {"账号": "KD5566"}, "promises": ["五点"]}),
 ("方言_退货", [
   ("user", "侬好 我买额鞋子尺码小了 要退"),
   ("assistant", "请问订单号？"),
   ("user", "TH7788990 42码的 我要换43码"),
   ("user", "勿要退款了 换货就好"),
   ("assistant", "好的，给您换43码，快递员明天上门取件。"),
 ], {"facts": {"订单号": "TH7788990", "尺码": "43"}, "not_current": ["42码"], "constraints": ["退款"],
     "promises": ["明天上门取件"]}),
]
