"""Lane user28: a new English user's chats, with what the state should hold (written BEFORE running).

Each chat: list of (role, text); expect: dict of what a developer would expect in the state:
  facts: values that must be current (substring checks), gone: values that must not be current,
  cons: constraint texts expected (substring), promises: assistant promises expected open.
"""

CHATS = {
 "pet_grooming": dict(
  msgs=[("user", "hi, need a grooming slot for my dog Biscuit, she's a 30 lb poodle mix"),
        ("assistant", "Sure! We have Tuesday 10am or Thursday 2pm."),
        ("user", "thursday 2pm works"),
        ("user", "oh wait actually tuesday is better, thursday my sister has the car"),
        ("user", "and please no perfume spray, she gets itchy"),
        ("assistant", "Booked Tuesday 10am. I'll text you a reminder the day before.")],
  expect=dict(facts=["Biscuit", "Tuesday", "30 lb"], gone=["Thursday 2pm"],
              cons=["no perfume"], promises=["text you a reminder"])),
 "gym_freeze": dict(
  msgs=[("user", "I want to freeze my membership for 2 months, I broke my ankle"),
        ("assistant", "Sorry to hear that. Can I have your member number?"),
        ("user", "GX-55102"),
        ("user", "start the freeze from march 1 please"),
        ("assistant", "Done, frozen from March 1 to April 30. You won't be charged in that period.")],
  expect=dict(facts=["GX-55102", "2 months", "March 1"], cons=[], promises=[])),
 "car_rental_typo": dict(
  msgs=[("user", "hey i booked a car pick up at the airprot friday 9am, confirmation RK7730"),
        ("user", "can i change the return to sunday insted of saturday"),
        ("assistant", "Yes, return moved to Sunday. Extra day is $45."),
        ("user", "ok fine. also i dont want the GPS addon"),
        ("assistant", "GPS removed.")],
  expect=dict(facts=["RK7730", "Sunday", "$45"], gone=["Saturday"], cons=["GPS"], promises=[])),
 "dry_cleaning_nonnative": dict(
  msgs=[("user", "Hello, I am give you 3 shirts and one suit on Monday, ticket number 4471"),
        ("user", "When it will be ready? I need the suit before Friday because of wedding"),
        ("assistant", "Your items will be ready Thursday after 4pm."),
        ("user", "Thank you. Please do not use starch for the shirts.")],
  expect=dict(facts=["4471", "3 shirts", "Thursday"], cons=["starch", "before Friday"], promises=["ready Thursday"])),
 "bike_repair": dict(
  msgs=[("user", "Rear derailleur is skipping gears. Trek FX 3, bought 2021."),
        ("assistant", "We can look at it. Drop it off any weekday, a tune-up is $80."),
        ("user", "Budget is 100 max incl parts."),
        ("assistant", "Understood, I'll call you before doing anything over $100."),
        ("user", "Make it 120 if the chain needs replacing.")],
  expect=dict(facts=["Trek FX 3", "120"], gone=[], cons=["100"], promises=["call you before"])),
 "moving_quote_chatty": dict(
  msgs=[("user", "Hi there!! So we're finally moving (yay) from a 2-bedroom apartment on the 3rd floor, no elevator unfortunately lol"),
        ("user", "The new place is in Riverside, about 15 miles away. We were thinking June 14th"),
        ("assistant", "Thanks! For a 2-bedroom with stairs, a 3-person crew is about $1,200."),
        ("user", "hmm that's a bit much, my husband says we can't go over $1000"),
        ("user", "actually can we do June 21st instead? cheaper on a later date maybe?"),
        ("assistant", "June 21st is $950. I'll email you the written quote tonight.")],
  expect=dict(facts=["Riverside", "June 21", "3rd floor", "$950"], gone=["June 14"], cons=["$1000"],
              promises=["email you the written quote"])),
 "concert_exchange": dict(
  msgs=[("user", "Can I swap my 2 tickets for the Nov 8 show to the Nov 9 one? Order 88-3310-A"),
        ("assistant", "Nov 9 has seats in section 104 or 112."),
        ("user", "104 please, aisle if possible"),
        ("assistant", "Done, section 104 row F seats 1-2, aisle. New tickets will arrive by email within 24 hours.")],
  expect=dict(facts=["88-3310-A", "Nov 9", "104"], gone=["Nov 8"], cons=["aisle"], promises=["within 24 hours"])),
 "photo_prints_terse": dict(
  msgs=[("user", "order 5521. 40 prints 4x6, matte"),
        ("user", "change to glossy"),
        ("user", "ship to work address not home"),
        ("assistant", "Got it, glossy, shipping to your work address.")],
  expect=dict(facts=["5521", "40", "glossy"], gone=["matte"], cons=["work address"], promises=[])),
 "cake_order": dict(
  msgs=[("user", "I'd like to order a cake for my daughter's 7th birthday, for 20 kids"),
        ("assistant", "Lovely! What flavour and when do you need it?"),
        ("user", "chocolate, pickup Saturday morning. No nuts at all, two kids have allergies"),
        ("user", "Could you write 'Happy Birthday Maya' on it?"),
        ("assistant", "Of course. The total is $65, and we'll have it ready by 9am Saturday.")],
  expect=dict(facts=["chocolate", "Saturday", "20", "$65"], cons=["No nuts"], promises=["ready by 9am Saturday"])),
 "tutoring_subscription": dict(
  msgs=[("user", "I'm subscribed to the Spanish tutoring plan, 8 lessons a month. Can I downgrade to 4?"),
        ("assistant", "Yes. The 4-lesson plan is $79/month, effective next billing cycle on the 15th."),
        ("user", "ok do it. my email is dana.k@mailbox.org"),
        ("user", "is it possible to keep the same tutor, Ms. Alvarez?"),
        ("assistant", "Yes, you'll keep Ms. Alvarez.")],
  expect=dict(facts=["4", "$79", "dana.k@mailbox.org", "Alvarez"], gone=["8 lessons"], cons=[], promises=[])),
 "hotel_checkout": dict(
  msgs=[("user", "Room 1208 here. Any chance of a late checkout tomorrow, like 2pm?"),
        ("assistant", "I can offer 1pm at no charge, 2pm would be $30."),
        ("user", "1pm is fine then"),
        ("user", "also we need a taxi to the airport at 1:30"),
        ("assistant", "Late checkout at 1pm confirmed, and I'll book the taxi for 1:30.")],
  expect=dict(facts=["1208", "1pm", "1:30"], gone=["2pm"], cons=[], promises=["book the taxi"])),
 "phone_claim": dict(
  msgs=[("user", "my phone screen cracked, I have the protection plan. policy no PX-220-981"),
        ("assistant", "Sorry about that. Which model is it?"),
        ("user", "pixel 8, the 128gb one"),
        ("user", "sorry, it's the pixel 8 pro"),
        ("assistant", "Thanks. The deductible is $49. We'll send a prepaid box within 2 business days.")],
  expect=dict(facts=["PX-220-981", "pixel 8 pro", "$49"], gone=[], cons=[], promises=["prepaid box"])),
 "plumber_appt": dict(
  msgs=[("user", "kitchen sink leaking under the cabinet, can someone come today?"),
        ("assistant", "Earliest is tomorrow between 8 and 12."),
        ("user", "tomorrow ok. address is 42 Elm Street apt 5"),
        ("user", "please call 20 min before, I work from home and might be on a call"),
        ("assistant", "Noted, the technician will call 20 minutes before arriving.")],
  expect=dict(facts=["42 Elm Street", "tomorrow"], gone=[], cons=["call 20 min before"], promises=["call 20 minutes before"])),
}
