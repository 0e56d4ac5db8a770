"""Chats written by the user26 helper (issue 19, blind22 round) as a new English user would plug ctxgraph into a bot.

Each chat lists what I expect the state to hold, written before running it:
``has``: values that should be current facts (any key, the value contains the text);
``not_current``: values that should not be current (a question, an old value, an offer not taken);
``cons``: (text piece, polarity, status) of constraints; ``comm``: (text piece, status) of promises.
"""

CHATS = [
    dict(name="return_shoes_terse", msgs=[
        ("user", "return. order 88213. shoes too small"),
        ("assistant", "Sorry about that! Would you like a refund or an exchange for a bigger size?"),
        ("user", "exchange, size 10"),
        ("assistant", "Done. I'll email you a prepaid label within the hour."),
    ], has=["88213", "10", "exchange"], not_current=["refund"], comm=[("email", "open")]),

    dict(name="dentist_chatty", msgs=[
        ("user", "Hi there! So I've had this awful toothache since Sunday and I was wondering if Dr Patel has anything this week?"),
        ("assistant", "Dr Patel has Thursday at 9:30am or Friday at 2pm."),
        ("user", "Ooh Friday please, mornings are impossible for me with the school run"),
        ("assistant", "Lovely, can I take your name and date of birth?"),
        ("user", "Jenny Walsh, 3rd of March 1986"),
    ], has=["Friday", "2pm", "Jenny Walsh", "1986"], not_current=["Thursday"], cons=[("morning", "must_not", "active")]),

    dict(name="broadband_change", msgs=[
        ("user", "I want to downgrade my broadband to the 100Mb plan, the 500 one is too expensive"),
        ("assistant", "Sure. The 100Mb plan is £28 a month. Shall I switch it from your next bill?"),
        ("user", "Actually make it the 200Mb one, I work from home"),
        ("assistant", "No problem, 200Mb is £33 a month from your next bill."),
        ("user", "ok go ahead"),
    ], has=["200Mb"], not_current=["100Mb"]),

    dict(name="pizza_typos", msgs=[
        ("user", "hi can i get 2 large pepperoni pizzas delivred to 12 hight street"),
        ("assistant", "Sure! Anything to drink?"),
        ("user", "no thanks. how long will it take?"),
        ("assistant", "About 40 minutes."),
        ("user", "ok and pay by card on delivery pls"),
    ], has=["2", "pepperoni", "12 hight street", "card"], not_current=["40 minutes"]),

    dict(name="hotel_nonnative", msgs=[
        ("user", "Hello, I want book one room for 2 person from 14 july until 17 july in your hotel"),
        ("assistant", "We have a double room at 120 euros per night or a twin room at 105 euros."),
        ("user", "The twin is ok. Is breakfast include?"),
        ("assistant", "Breakfast is included. May I have your name?"),
        ("user", "My name is Kenji Sato"),
    ], has=["2", "14 july", "17 july", "twin", "Kenji Sato"], not_current=["breakfast", "double"]),

    dict(name="washing_machine_repair", msgs=[
        ("user", "My washing machine is leaking from the bottom, it's a Bosch Serie 4, about 3 years old"),
        ("assistant", "I can send an engineer on Tuesday between 8 and 12 or Wednesday between 12 and 5."),
        ("user", "Wednesday afternoon is better"),
        ("assistant", "Booked for Wednesday 12-5. The callout fee is £65."),
        ("user", "fine. please don't call my landline, use my mobile 07700 900123"),
    ], has=["Bosch Serie 4", "Wednesday", "07700 900123"], not_current=["Tuesday"], cons=[("landline", "must_not", "active")]),

    dict(name="gym_cancel", msgs=[
        ("user", "I'd like to cancel my gym membership please. Member number GYM-4471"),
        ("assistant", "I'm sorry to hear that. Can I ask why you're leaving?"),
        ("user", "moving to Leeds next month"),
        ("assistant", "We have a branch in Leeds, would you like to transfer instead?"),
        ("user", "oh really? yeah transfer then"),
    ], has=["GYM-4471", "Leeds", "transfer"], not_current=["cancel"]),

    dict(name="parcel_missing", msgs=[
        ("user", "where is my parcel?? tracking JD014600006281 it said delivered yesterday but nothing here"),
        ("assistant", "I'm sorry. I will open an investigation with the courier and get back to you within 48 hours."),
        ("user", "ok. can you leave it with my neighbour at number 14 if it turns up"),
    ], has=["JD014600006281"], comm=[("investigation", "open")]),

    dict(name="car_rental_budget", msgs=[
        ("user", "Need a car in Lisbon airport from the 2nd to the 9th of August, automatic, budget max 300 euros"),
        ("assistant", "A Fiat 500 automatic is 260 euros, or a VW Golf automatic is 340 euros."),
        ("user", "Fiat then"),
        ("assistant", "Would you like full insurance for 70 euros extra?"),
        ("user", "no, my credit card covers it"),
    ], has=["Lisbon", "automatic", "Fiat 500"], not_current=["VW Golf"], cons=[("300", "must", "active")]),

    dict(name="subscription_pause", msgs=[
        ("user", "Can I pause my meal kit subscription for 3 weeks? Going on holiday"),
        ("assistant", "Yes, I can pause it from next Monday for 3 weeks. Your account email?"),
        ("user", "it's mark.h@example.com"),
        ("assistant", "Paused. Your deliveries resume on 30 June."),
    ], has=["3 weeks", "mark.h@example.com"]),

    dict(name="vet_appointment", msgs=[
        ("user", "Hi, my cat Biscuit has been sneezing a lot, can I bring him in?"),
        ("assistant", "Of course. How old is Biscuit?"),
        ("user", "He's 7"),
        ("assistant", "We can see him tomorrow at 11:15 or 4:40."),
        ("user", "4:40 please, I finish work at 4"),
    ], has=["Biscuit", "7", "4:40"], not_current=["11:15"]),

    dict(name="flight_change_corrected", msgs=[
        ("user", "I need to change my flight booking ABC123 from the 5th to the 6th of May"),
        ("assistant", "The 6th of May has a flight at 07:10 and one at 18:45."),
        ("user", "sorry I meant the 7th not the 6th"),
        ("assistant", "On the 7th there is 09:30 or 20:15."),
        ("user", "9:30 is good"),
    ], has=["ABC123", "7th", "9:30"], not_current=["6th", "07:10"]),

    dict(name="phone_repair_question", msgs=[
        ("user", "do you fix cracked screens on iPhone 13?"),
        ("assistant", "Yes, a screen replacement for an iPhone 13 is £129 and takes about an hour."),
        ("user", "great, can I come in Saturday morning?"),
        ("assistant", "Saturday we open at 9. I'll reserve 9:30 for you."),
        ("user", "perfect thanks"),
    ], has=["iPhone 13"], comm=[("reserve", "open")]),

    dict(name="insurance_claim_chatty", msgs=[
        ("user", "Hello! Someone reversed into my car in a car park on Tuesday, I'd like to make a claim. My policy number is PL-55210-X"),
        ("assistant", "Sorry to hear that. Was anyone hurt, and do you have the other driver's details?"),
        ("user", "nobody hurt thank god, and yes his reg is KX19 ABC"),
        ("assistant", "Thanks. I'll register the claim now and a handler will call you within 2 working days."),
    ], has=["PL-55210-X", "KX19 ABC"], comm=[("call", "open")]),

    dict(name="restaurant_booking_change", msgs=[
        ("user", "table for 4 tonight at 8 please"),
        ("assistant", "We have 8pm available. Name please?"),
        ("user", "Rossi. oh wait can we make it 6 people"),
        ("assistant", "Sure, a table for 6 at 8pm under Rossi."),
        ("user", "one of us is vegan btw"),
    ], has=["6", "8", "Rossi", "vegan"], not_current=["4"]),

    dict(name="electricity_meter", msgs=[
        ("user", "I want to give a meter reading. Account 5503 2219. Reading is 04512"),
        ("assistant", "Thanks, I've recorded 04512. Anything else?"),
        ("user", "yes, I'd like to switch to paperless billing, but no text messages please"),
    ], has=["5503 2219", "04512", "paperless"], cons=[("text", "must_not", "active")]),

    dict(name="furniture_delivery_reschedule", msgs=[
        ("user", "Hi my sofa delivery is booked for Thursday but I won't be home, can we move it"),
        ("assistant", "We can do Saturday 10 May or Monday 12 May."),
        ("user", "monday"),
        ("assistant", "Moved to Monday 12 May. The driver will text you an hour before."),
    ], has=["Monday 12 May"], not_current=["Thursday", "Saturday"], comm=[("text", "open")]),

    dict(name="bank_card_lost", msgs=[
        ("user", "I lost my debit card, please block it asap"),
        ("assistant", "I've blocked the card ending 4821. Would you like a replacement sent to your home address?"),
        ("user", "yes but send it to my work address instead, 22 Canal Street, Manchester M1 3HE"),
    ], has=["22 Canal Street", "4821"]),

    dict(name="hairdresser_rebook", msgs=[
        ("user", "hiya can I book a cut and colour with Megan?"),
        ("assistant", "Megan is free next Tuesday at 10 or Thursday at 3."),
        ("user", "neither works tbh, does she do weekends?"),
        ("assistant", "She works Saturdays, 9 to 5. Saturday at 1pm is free."),
        ("user", "saturday 1pm is perfect"),
    ], has=["Megan", "Saturday", "1pm", "cut and colour"], not_current=["Tuesday", "Thursday", "weekends"]),

    dict(name="moving_quote", msgs=[
        ("user", "Hi, I need a quote for moving a 2 bedroom flat from Bristol to Cardiff on 21 September"),
        ("assistant", "Is there a lift at either address?"),
        ("user", "no lift in Bristol, we're on the 3rd floor. Cardiff is a house"),
        ("assistant", "Thanks, I'll send you a written quote by email tomorrow."),
    ], has=["2 bedroom", "Bristol", "Cardiff", "21 September"], comm=[("quote", "open")]),
]

# A second batch, written after mending the first one's defects (expectations again written before running).
CHATS += [
    dict(name="boiler_service", msgs=[
        ("user", "Hi, I'd like to book an annual boiler service. It's a Worcester Bosch combi"),
        ("assistant", "Sure. What's the postcode?"),
        ("user", "BS7 8QT"),
        ("assistant", "We can come Tuesday 9 June, morning or afternoon?"),
        ("user", "afternoon pls. and could the engineer ring 30 mins before, I work from home but might be on calls"),
        ("assistant", "No problem, I'll add a note for the engineer to call ahead."),
    ], has=["Worcester Bosch", "BS7 8QT", "Tuesday 9 June", "afternoon"], comm=[("note", "open")]),

    dict(name="cinema_tickets", msgs=[
        ("user", "3 tickets for Dune on saturday evening pls, 2 adults 1 child"),
        ("assistant", "Saturday we have 6:15pm and 9:00pm. Which one?"),
        ("user", "6:15, the kid will be asleep by 9 lol"),
        ("assistant", "Great, 3 tickets for 6:15pm. Would you like to choose seats?"),
        ("user", "somewhere in the middle, not too close to the screen"),
    ], has=["Dune", "6:15", "2 adults", "1 child"], not_current=["9:00pm"]),

    dict(name="laptop_warranty", msgs=[
        ("user", "My laptop stopped charging. It's a Dell XPS 13 bought in March, serial 7HX2KQ3"),
        ("assistant", "That's covered under warranty. Would you prefer a courier pickup or to drop it at a store?"),
        ("user", "pickup. I'm at 5 Rose Lane, Leeds LS6 2AB"),
        ("assistant", "Booked a pickup for tomorrow between 9 and 1. You'll get a confirmation email shortly."),
    ], has=["Dell XPS 13", "7HX2KQ3", "pickup", "5 Rose Lane"], comm=[("confirmation", "open")]),

    dict(name="train_refund_typos", msgs=[
        ("user", "my train was cancled yesterday, i want a refund. ticket ref TRN44821"),
        ("assistant", "Sorry about that. Was it an advance ticket or an anytime ticket?"),
        ("user", "advance, it cost 47.50"),
        ("assistant", "Thanks. I've submitted a full refund of £47.50 to your original card, it takes 5-7 days."),
    ], has=["TRN44821", "advance", "47.50"], not_current=["anytime"]),

    dict(name="nonnative_dentist_cancel", msgs=[
        ("user", "Good morning, I must to cancel my appointment of tomorrow at 10, my son is sick"),
        ("assistant", "I'm sorry to hear that. Shall I rebook you for another day?"),
        ("user", "Yes please, maybe next week Wednesday or Thursday, only after 3pm"),
        ("assistant", "Thursday 18th at 3:30pm is available."),
        ("user", "Perfect, thank you very much"),
    ], has=["Thursday 18th", "3:30pm"], cons=[("3pm", "must", "active")]),

    dict(name="mobile_plan_upgrade", msgs=[
        ("user", "hey, want to upgrade my phone. number is 07911 123456"),
        ("assistant", "Thanks! We have the iPhone 16 at £45/month or the Galaxy S24 at £39/month, both with unlimited data."),
        ("user", "the samsung one. can I keep my current number?"),
        ("assistant", "Yes, your number stays the same. The Galaxy S24 will be delivered on Friday."),
    ], has=["07911 123456", "Galaxy S24"], not_current=["iPhone 16"]),
]
