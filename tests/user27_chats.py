"""Chats written by the user27 helper (issue 19, blind23 round) as a new English user would plug ctxgraph into a bot.

Each chat lists what I expect the state to hold, written before running it:
``has``: values that should be current facts (any key, the value contains the text, case-insensitive);
``not_current``: values that should not be current (a question, an old value, an offer not taken);
``cons``: (text piece, polarity, status) of constraints; ``comm``: (text piece, status) of promises.
"""

CHATS = [
    dict(name="streaming_cancel_terse", msgs=[
        ("user", "cancel my subscription. email is dan.h@mailbox.com"),
        ("assistant", "Sorry to see you go! Would you like to pause it for 3 months instead?"),
        ("user", "no just cancel"),
        ("assistant", "Done, your subscription ends on 14 June. I'll send a confirmation email."),
    ], has=["dan.h@mailbox.com", "cancel"], not_current=["pause", "3 months"], comm=[("confirmation", "open")]),

    dict(name="airport_taxi_chatty", msgs=[
        ("user", "Hiya! I need a taxi to Gatwick on Saturday morning, my flight is at 11:40 so I guess pick up around 8?"),
        ("assistant", "Of course. What's the pickup address and how many passengers?"),
        ("user", "14 Elm Grove, Crawley. It's me and my husband and we have 3 big suitcases"),
        ("assistant", "An estate car at 8am from 14 Elm Grove will be £38. Shall I book it?"),
        ("user", "yes please!"),
    ], has=["Gatwick", "Saturday", "8", "14 Elm Grove", "3"], not_current=[]),

    dict(name="grocery_substitution_typos", msgs=[
        ("user", "hi my grocery order 4471902 is tommorow, can you not substitue anything pls"),
        ("assistant", "Sure, I've turned off substitutions for order 4471902."),
        ("user", "also can i add 2 bags of rice? basmati"),
        ("assistant", "Added 2 x basmati rice 1kg to your order."),
    ], has=["4471902", "basmati"], cons=[("substitu", "must_not", "active")]),

    dict(name="optician_nonnative", msgs=[
        ("user", "Hello, I would like make appointment for eye test, my glasses is broken also"),
        ("assistant", "We have Monday at 10am or Wednesday at 4pm. Which suits you?"),
        ("user", "Wednesday is more good for me"),
        ("assistant", "Booked Wednesday at 4pm. Can I have your name and phone number?"),
        ("user", "Ahmed Karimi, 07812 445566"),
    ], has=["Wednesday", "4pm", "Ahmed Karimi", "07812 445566"], not_current=["Monday", "10am"]),

    dict(name="plumber_urgent", msgs=[
        ("user", "URGENT pipe burst under kitchen sink water everywhere"),
        ("assistant", "Please turn off your stopcock now. What's your postcode?"),
        ("user", "M14 5RT. done turned it off"),
        ("assistant", "An engineer can be there within 2 hours. The emergency callout is £95."),
        ("user", "ok send them. dont ring the doorbell baby sleeping, text me instead"),
    ], has=["M14 5RT"], cons=[("doorbell", "must_not", "active")]),

    dict(name="bike_repair", msgs=[
        ("user", "Hi, can you service my bike this week? It's a Trek FX 2, gears are slipping"),
        ("assistant", "We can take it in on Thursday, ready Friday afternoon. Basic service is £45, full service £85."),
        ("user", "basic is fine"),
        ("assistant", "Great, see you Thursday. I'll text you when it's ready."),
    ], has=["Trek FX 2", "Thursday", "basic"], not_current=["full service"], comm=[("text", "open")]),

    dict(name="vet_cat", msgs=[
        ("user", "my cat Mittens hasn't eaten in 2 days, can I bring her in today?"),
        ("assistant", "Yes, we have 3:20pm or 5:45pm today."),
        ("user", "5:45 please, I finish work at 5"),
        ("assistant", "Booked for 5:45pm with Dr Shah."),
    ], has=["Mittens", "5:45"], not_current=["3:20"]),

    dict(name="bank_card_freeze", msgs=[
        ("user", "I think I left my debit card in a shop. Can you freeze it? Card ends 4821"),
        ("assistant", "I've frozen the card ending 4821. Do you want us to send a replacement?"),
        ("user", "not yet, I'll call the shop first"),
        ("assistant", "No problem. You can unfreeze it in the app anytime."),
    ], has=["4821", "freeze"], not_current=["replacement"]),

    dict(name="travel_insurance", msgs=[
        ("user", "Need travel insurance for a ski trip to Austria, 2 adults, 10-17 February"),
        ("assistant", "Our Essential cover is £42 and Premium is £68, both include winter sports."),
        ("user", "what's the difference?"),
        ("assistant", "Premium has higher medical cover and covers lost ski equipment."),
        ("user", "ok go with premium"),
    ], has=["Austria", "2 adults", "10-17 February", "Premium"], not_current=["Essential"]),

    dict(name="hotel_late_checkout", msgs=[
        ("user", "Hi I'm in room 512, can I have a late checkout tomorrow? like 2pm"),
        ("assistant", "Late checkout until 2pm is £25, or until 12 noon is free."),
        ("user", "noon is fine then"),
        ("assistant", "Done, your checkout is now 12 noon tomorrow."),
    ], has=["512", "noon"], not_current=["2pm"]),

    dict(name="car_mot", msgs=[
        ("user", "need an MOT for my car reg LM67 XYZ, any slots next Tuesday?"),
        ("assistant", "Next Tuesday we have 8:30am or 1pm."),
        ("user", "8.30 and I'll wait for it"),
        ("assistant", "Booked. It takes about an hour."),
    ], has=["LM67 XYZ", "Tuesday", "8.30"], not_current=["1pm"]),

    dict(name="furniture_delivery_change", msgs=[
        ("user", "Hello, my wardrobe is meant to be delivered on the 12th but I won't be home. Order WD-99321"),
        ("assistant", "I can move it to the 14th or the 16th."),
        ("user", "16th please, and can they assemble it too?"),
        ("assistant", "Assembly is £30 extra. Shall I add it?"),
        ("user", "yes add it"),
    ], has=["WD-99321", "16th", "assembl"], not_current=["12th", "14th"]),

    dict(name="pharmacy_repeat", msgs=[
        ("user", "hi can I order my repeat prescription, it's amlodipine 5mg, date of birth 12/04/1958"),
        ("assistant", "Thanks. Would you like to collect it or have it delivered?"),
        ("user", "delivered please, I can't get out much"),
        ("assistant", "It will be delivered on Thursday between 10 and 2."),
    ], has=["amlodipine", "12/04/1958", "deliver"], not_current=["collect"]),

    dict(name="electricity_switch", msgs=[
        ("user", "I want to switch to your fixed tariff. I'm currently on the variable one, account no 88120045"),
        ("assistant", "Our 12-month fix is 24p/kWh and the 24-month fix is 23p/kWh. Exit fees are £50 per fuel."),
        ("user", "12 month one. I don't want to be locked in too long"),
        ("assistant", "Switched you to the 12-month fix from the 1st of next month."),
    ], has=["88120045", "12-month"], not_current=["24-month", "variable"]),

    dict(name="lost_luggage_nonnative", msgs=[
        ("user", "Good evening. My suitcase not arrive with flight BA 2491 from Lisbon. Is black Samsonite, medium size"),
        ("assistant", "I'm sorry. I've opened a report, reference LHR-58812. Where should we deliver it when found?"),
        ("user", "To my hotel please, Park Plaza Westminster, until friday"),
        ("assistant", "Noted. We'll call you as soon as it's located."),
    ], has=["BA 2491", "Lisbon", "Samsonite", "LHR-58812", "Park Plaza Westminster"], comm=[("call", "open")]),

    dict(name="cake_order", msgs=[
        ("user", "Hi! I'd love to order a birthday cake for my daughter's 7th on the 3rd of August, chocolate please, for about 20 kids"),
        ("assistant", "Lovely! Would you like a message on it?"),
        ("user", "Happy Birthday Lily, in pink icing"),
        ("assistant", "Perfect. A 20-portion chocolate cake with 'Happy Birthday Lily' in pink, ready on 3 August. It's £55."),
        ("user", "actually can we make it vanilla, she's gone off chocolate haha"),
    ], has=["3rd of August", "vanilla", "20", "pink"], not_current=["chocolate"]),

    dict(name="tutor_booking", msgs=[
        ("user", "Looking for a maths tutor for my son, he's in year 10, GCSE. Weekday evenings only"),
        ("assistant", "We have Mr Osei on Mondays at 6pm or Ms Clarke on Wednesdays at 7pm, both online."),
        ("user", "Mr Osei please. Can it be in person?"),
        ("assistant", "Mr Osei only teaches online, sorry."),
        ("user", "ok online is fine"),
    ], has=["maths", "year 10", "Osei", "online"], not_current=["Clarke"], cons=[("evening", "must", "active")]),

    dict(name="parking_fine_appeal", msgs=[
        ("user", "I got a parking fine PCN ZX40211987 but I had a valid ticket, I have a photo of it"),
        ("assistant", "You can appeal online. Would you like me to start the appeal and email you the form?"),
        ("user", "yes please, my email is priya.n@outlook.com"),
        ("assistant", "Done, the appeal form is on its way to priya.n@outlook.com."),
    ], has=["ZX40211987", "priya.n@outlook.com"]),

    dict(name="courier_redelivery", msgs=[
        ("user", "missed my parcel today, card says tracking 3SKAB0004471. can u redeliver monday"),
        ("assistant", "Monday is full, I can do Tuesday or leave it with a neighbour."),
        ("user", "tuesday then. not with neighbour"),
        ("assistant", "Rebooked for Tuesday."),
    ], has=["3SKAB0004471", "Tuesday"], not_current=["monday", "neighbour"]),

    dict(name="gym_freeze_typo", msgs=[
        ("user", "Hey can I freez my gym membership for a month? broke my ankle 🙁"),
        ("assistant", "Sorry to hear that! You can freeze for 1 or 2 months, it's £5 a month while frozen."),
        ("user", "make it 2 months to be safe"),
        ("assistant", "Frozen for 2 months from today."),
    ], has=["freeze", "2 months"], not_current=["1 month"]),

    dict(name="restaurant_allergy", msgs=[
        ("user", "table for 6 on friday at 7:30, one of us has a severe nut allergy"),
        ("assistant", "Booked for 6 on Friday at 7:30pm. I've noted the nut allergy for the kitchen."),
        ("user", "great. can we sit outside if it's warm?"),
        ("assistant", "I'll request a terrace table, but it can't be guaranteed."),
    ], has=["6", "friday", "7:30"], not_current=["outside"], cons=[("nut", "must_not", "active")]),

    dict(name="phone_screen_repair", msgs=[
        ("user", "Hi, cracked screen on my Pixel 8, how much to fix?"),
        ("assistant", "A Pixel 8 screen is £129 with original parts or £89 with compatible parts."),
        ("user", "original please. can I drop it off at the Oxford Street shop?"),
        ("assistant", "Yes, it will be ready in 2 hours."),
    ], has=["Pixel 8", "original", "Oxford Street"], not_current=["compatible"]),
]

# A second batch, written after mending the first one's defects (expectations again written before running).
CHATS += [
    dict(name="dry_cleaning", msgs=[
        ("user", "hi can you clean a wool coat and 2 shirts by thursday? collection from 8 Mill Road pls"),
        ("assistant", "Yes. Coat £18, shirts £3.50 each. We can collect tomorrow 9-11am or 2-4pm."),
        ("user", "2-4 is better"),
        ("assistant", "Booked for collection tomorrow 2-4pm at 8 Mill Road."),
    ], has=["wool coat", "2 shirts", "thursday", "8 Mill Road", "2-4"], not_current=["9-11"]),

    dict(name="broadband_fault_nonnative", msgs=[
        ("user", "Hello, internet not working since yesterday evening, the light on router is red. Account 77120931"),
        ("assistant", "Sorry about that. I can book an engineer for Friday morning or Saturday afternoon."),
        ("user", "Saturday please, friday I am at work"),
        ("assistant", "Booked for Saturday 1-5pm. You'll get a text the day before."),
    ], has=["77120931", "Saturday"], not_current=["Friday"], comm=[("text", "open")]),

    dict(name="concert_refund", msgs=[
        ("user", "the concert on 9 august got cancelled, I want my money back. booking ref TKT-55821, 2 tickets"),
        ("assistant", "Sorry! You can have a full refund or swap to the new date, 20 September."),
        ("user", "refund pls"),
        ("assistant", "Done, £96 will be back on your card in 5-7 working days."),
    ], has=["TKT-55821", "2 tickets", "refund"], not_current=["20 September"]),

    dict(name="window_cleaner", msgs=[
        ("user", "How much for window cleaning, 3 bed semi, front and back?"),
        ("assistant", "That's £22 every 4 weeks, or £25 for a one-off clean."),
        ("user", "every 4 weeks is good. we have a side gate, code is 1942"),
        ("assistant", "Great, first visit next Wednesday."),
    ], has=["3 bed semi", "every 4 weeks", "1942"], not_current=["one-off"]),
]
