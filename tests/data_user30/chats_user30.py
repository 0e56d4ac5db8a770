"""Chats of the user30 helper (issue 19, blind24 round), written with what I expect the state to hold BEFORE running
them through ctxgraph.Tracker(lang="en"). Each chat is (name, messages, expectations); an expectation is a line of
plain English about the current state (key names are not fixed, the value is)."""

CHATS = [
    ("gym_freeze", [
        ("user", "hi i want to freeze my gym membership, member no is GM-55120"),
        ("assistant", "Sure. For how long would you like to freeze it?"),
        ("user", "2 months starting june 1st"),
        ("assistant", "Freezing costs $5 per month. Shall I go ahead?"),
        ("user", "ok fine. actually make it 3 months"),
    ], ["member id GM-55120", "duration current 3 months (2 months superseded)", "start june 1st",
        "fee $5 per month offered by the assistant"]),
    ("car_rental", [
        ("user", "Hello, I'd like to rent a car in Lisbon from 12 to 15 August."),
        ("assistant", "What type of car do you need?"),
        ("user", "Something automatic, we are 5 people with 3 big suitcases."),
        ("assistant", "I can offer a VW Touran automatic for 64 euros per day."),
        ("user", "Ok but no diesel please, and I need child seat for my daughter, she is 4."),
    ], ["city Lisbon", "dates 12 to 15 August", "people 5", "luggage 3 suitcases", "constraint: no diesel",
        "child seat wanted", "the daughter's age 4 is no party size"]),
    ("dog_grooming", [
        ("user", "can I book a grooming for my dog? he's a golden retriever, 30 kg"),
        ("assistant", "Of course! We have Tuesday at 10am or Thursday at 2pm."),
        ("user", "thursday pls"),
        ("assistant", "Booked for Thursday at 2pm. The price is $75."),
        ("user", "great, my number is 555-201-8890 in case"),
    ], ["breed golden retriever", "weight 30 kg", "day Thursday 2pm chosen", "price $75", "phone 555-201-8890"]),
    ("dentist", [
        ("user", "I have a toothache since 3 days, can I see the dentist today?"),
        ("assistant", "Today we are full. Tomorrow at 9:30 is available."),
        ("user", "Tomorrow is not possible, I work. What about Saturday?"),
        ("assistant", "Saturday at 11:00 works."),
        ("user", "Perfect. Name is Olena Kovalenko, date of birth 14/03/1988."),
    ], ["name Olena Kovalenko", "date of birth 14/03/1988", "appointment Saturday 11:00",
        "tomorrow 9:30 rejected", "question: what about Saturday is not a fact"]),
    ("internet_outage", [
        ("user", "my internet has been down since yesterday evening. account 88812345"),
        ("assistant", "I'm sorry. Is the router light red or orange?"),
        ("user", "its blinking orange"),
        ("assistant", "I'll send a technician. The earliest slot is Monday between 8 and 12."),
        ("user", "monday is ok but i'm only home after 10"),
    ], ["account 88812345", "router light blinking orange", "technician Monday 8-12 promised",
        "constraint: home only after 10"]),
    ("flight_bag", [
        ("user", "I need to add a checked bag to my booking ABX7Q2"),
        ("assistant", "Sure, is it for the outbound flight, return, or both?"),
        ("user", "both. and the bag is around 23kg"),
        ("assistant", "That will be 45 GBP per direction, 90 GBP total."),
        ("user", "hmm ok. can I pay with paypal?"),
    ], ["booking ABX7Q2", "bag 23kg", "both directions", "price 90 GBP total", "question about paypal open"]),
    ("hotel_checkout", [
        ("user", "Good morning, I am in room 412 and I would like a late checkout tomorrow."),
        ("assistant", "We can offer checkout at 2pm for free or 6pm for 40 dollars."),
        ("user", "2pm is enough thanks"),
        ("assistant", "Done, your checkout is moved to 2pm tomorrow."),
    ], ["room 412", "checkout 2pm tomorrow", "6pm option rejected or offered"]),
    ("phone_contract", [
        ("user", "Hey. I want to cancel my phone contract. Number 07700 900123."),
        ("assistant", "I'm sorry to hear that. May I ask why?"),
        ("user", "too expensive, I pay 35 pounds a month and I barely use data"),
        ("assistant", "I can offer you a plan at 15 pounds per month with 5GB."),
        ("user", "15 is better. but make it 10GB and I stay"),
    ], ["phone 07700 900123", "current price 35 pounds a month", "offered plan 15 pounds 5GB",
        "user wants 10GB (not 5GB)"]),
    ("furniture_assembly", [
        ("user", "I bought a wardrobe, order 5521-887, and need someone to assemble it"),
        ("assistant", "We can send an assembler on Wednesday or Friday."),
        ("user", "wednesday. address is 18 Rosewood Lane, flat 3"),
        ("user", "oh wait, sorry, friday is better. wednesday i have doctor"),
    ], ["order 5521-887", "address 18 Rosewood Lane, flat 3", "day Friday current (Wednesday superseded)"]),
    ("grocery_substitution", [
        ("user", "Hi my grocery delivery is tomorrow, order G-30991. Please no substitutions for the milk."),
        ("assistant", "Noted. Anything else?"),
        ("user", "yes, change delivery time to 6-7pm instead of 8-9pm"),
        ("assistant", "Changed to 6-7pm tomorrow."),
    ], ["order G-30991", "delivery time 6-7pm current (8-9pm superseded)", "constraint: no substitutions for milk"]),
    ("concert_refund", [
        ("user", "The concert on 22 March got cancelled, I want my money back. I paid 120 euro for 2 tickets."),
        ("assistant", "I'm sorry. Could you give me your order reference?"),
        ("user", "its TK-448190"),
        ("assistant", "Thank you. The refund of 120 euro will be on your card within 5 working days."),
    ], ["order TK-448190", "amount 120 euro", "tickets 2", "promise: refund within 5 working days"]),
    ("insurance_claim", [
        ("user", "I want to report a claim. Someone hit my parked car yesterday. Policy number is PL 7734 221."),
        ("assistant", "Sorry to hear. Do you have the other driver's details?"),
        ("user", "No, they drove away. The damage is on the rear bumper."),
        ("assistant", "Please send photos; I will open the claim and an adjuster will call you within 48 hours."),
    ], ["policy PL 7734 221", "damage rear bumper", "promise: adjuster calls within 48 hours"]),
    ("bike_repair", [
        ("user", "my ebike battery dont charge anymore. its a Gazelle, bought 2023"),
        ("assistant", "Is it still under warranty? Warranty is 2 years."),
        ("user", "yes bought in may 2023, receipt number R-99123"),
        ("assistant", "Then bring it to the shop, we will check it for free."),
        ("user", "can i come saturday morning?"),
    ], ["brand Gazelle", "receipt R-99123", "bought may 2023", "question: saturday morning open, not a fact"]),
    ("language_course", [
        ("user", "Hello! I'd like to sign up my son for the Spanish course for kids. He's 9."),
        ("assistant", "We have a group on Mondays 5pm and one on Wednesdays 4pm."),
        ("user", "Mondays pls. Is the price still 180 for the term?"),
        ("assistant", "It's 195 now for the term."),
        ("user", "ok 195 then. his name is Leo Martin"),
    ], ["course Spanish for kids", "son age 9", "group Mondays 5pm", "price 195 current", "name Leo Martin"]),
]
