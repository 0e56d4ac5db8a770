"""Twenty short English customer-service chats written by lane user32 BEFORE running ctxgraph on them.

Each chat is a list of (role, text) pairs and an ``expect`` dict written from a careful reader's view of
what the state should hold at the end: ``facts`` are values the user settled on (the key is a role
description, not ctxgraph's key name; the value is a substring the current fact should contain),
``not_facts`` are values that must not be current facts (questions, the assistant's offers the user did
not take, superseded values), ``constraints`` are the user's rules with their expected status and
``commitments`` are the assistant's promises with their expected status.
"""

from __future__ import annotations

CHATS: list[dict] = [
    {
        "name": "dry_cleaning_terse",
        "turns": [
            ("user", "need a pickup. 3 shirts and 1 suit"),
            ("assistant", "Sure. What address and when?"),
            ("user", "14 Birch Lane, tomorrow after 5pm"),
            ("assistant", "Got it. Starch on the shirts?"),
            ("user", "no starch pls"),
            ("assistant", "Noted. Our driver will text you 30 minutes before arriving."),
        ],
        "expect": {
            "facts": {"address": "14 Birch Lane", "date": "tomorrow", "time": "after 5pm",
                      "items": "3 shirts"},
            "constraints": {"no starch": "active"},
            "commitments": {"driver will text": "open"},
        },
    },
    {
        "name": "piano_lessons_chatty",
        "turns": [
            ("user", "Hi there! My daughter Emma is 9 and she's been begging me for piano lessons, "
                     "so here I am haha. Do you have anything on weekday afternoons?"),
            ("assistant", "We'd love to have Emma! We have Tuesday at 4pm with Ms. Park or Thursday at 5pm "
                          "with Mr. Reyes."),
            ("user", "Thursday works better for us, we have soccer on Tuesdays."),
            ("assistant", "Great. 30-minute or 45-minute lessons?"),
            ("user", "Let's start with 30 minutes, she's little."),
            ("assistant", "Perfect, I'll send the registration form to your email tonight."),
        ],
        "expect": {
            "facts": {"student name": "Emma", "age": "9", "day": "Thursday", "time": "5pm",
                      "teacher": "Reyes", "length": "30"},
            "not_facts": ["Tuesday", "Park", "45"],
            "commitments": {"send the registration form": "open"},
        },
    },
    {
        "name": "gym_freeze_nonnative",
        "turns": [
            ("user", "Hello, I want to freeze my membership because I go to abroad for work."),
            ("assistant", "Sorry to hear you'll be away. How long will you be gone?"),
            ("user", "Two months, from 1 March until end of April."),
            ("assistant", "A freeze costs $10 per month. Is that ok?"),
            ("user", "Yes is ok. But please not charge my card during freeze."),
            ("assistant", "Understood, no membership charges while frozen. Your freeze is set from March 1 "
                          "to April 30."),
        ],
        "expect": {
            "facts": {"request": "freeze", "duration": "two months", "start": "1 March"},
            "constraints": {"not charge my card": "active"},
        },
    },
    {
        "name": "windshield_typos",
        "turns": [
            ("user", "hi i got a crack in my windsheild, its a 2019 honda civic"),
            ("assistant", "Sorry about that! Is the crack longer than 6 inches?"),
            ("user", "no its like 3 inchs"),
            ("assistant", "Then we can usually repair it instead of replacing. Would you like a mobile "
                          "technician or come to our shop?"),
            ("user", "mobile pls, im at work all day"),
            ("assistant", "Sure. What's the address?"),
            ("user", "500 Market st, suite 200"),
        ],
        "expect": {
            "facts": {"car": "Honda Civic", "year": "2019", "crack length": "3", "service": "mobile",
                      "address": "500 Market"},
            "not_facts": ["6 inches"],
        },
    },
    {
        "name": "dog_grooming",
        "turns": [
            ("user", "Hi, I'd like to book a grooming for my dog Max, he's a golden retriever."),
            ("assistant", "Of course! Full groom or just a bath?"),
            ("user", "Full groom please. And he's nervous with loud dryers so please hand dry him."),
            ("assistant", "No problem. We have Saturday 10am or Sunday 2pm."),
            ("user", "Saturday 10 is good."),
            ("assistant", "Booked: Max, full groom, Saturday 10am. We'll call you when he's ready for pickup."),
        ],
        "expect": {
            "facts": {"pet name": "Max", "breed": "golden retriever", "service": "full groom",
                      "day": "Saturday", "time": "10"},
            "not_facts": ["Sunday", "2pm"],
            "constraints": {"hand dry": "active"},
            "commitments": {"call you when he's ready": "open"},
        },
    },
    {
        "name": "internet_outage",
        "turns": [
            ("user", "my internet has been down since last night. account 88123476"),
            ("assistant", "I'm sorry. Have you tried restarting the router?"),
            ("user", "yes twice. lights are red"),
            ("assistant", "I see an outage in your area. It should be fixed by 6pm today. I'll credit "
                          "your account for the day."),
            ("user", "ok. please dont call me, text only"),
        ],
        "expect": {
            "facts": {"account": "88123476", "problem": "down"},
            "constraints": {"dont call": "active"},
            "commitments": {"credit your account": "open"},
        },
    },
    {
        "name": "concert_refund",
        "turns": [
            ("user", "The Saturday show at the Riverside Arena got cancelled and I want my money back. "
                     "Order number is TK-55102."),
            ("assistant", "I'm sorry about that. You can get a full refund or credit for a future show. "
                          "Which would you prefer?"),
            ("user", "refund to my card please"),
            ("assistant", "Done, the refund of $148 has been issued. It takes 5-7 business days."),
        ],
        "expect": {
            "facts": {"order": "TK-55102", "request": "refund", "venue": "Riverside Arena"},
            "not_facts": ["credit"],
        },
    },
    {
        "name": "sofa_delivery_reschedule",
        "turns": [
            ("user", "Hi, my sofa delivery is scheduled for Monday but I won't be home. Can we move it?"),
            ("assistant", "Sure, what's the order number?"),
            ("user", "It's 4471920."),
            ("assistant", "Thanks. We can do Wednesday or Friday, both between 8am and noon."),
            ("user", "Friday please"),
            ("assistant", "Your delivery is now Friday between 8am and noon."),
            ("user", "Actually could it be Wednesday instead? My neighbour can't let them in Friday."),
            ("assistant", "No problem, changed to Wednesday 8am-noon."),
        ],
        "expect": {
            "facts": {"order": "4471920", "delivery day": "Wednesday"},
            "not_facts": ["Friday", "Monday"],
        },
    },
    {
        "name": "pharmacy_refill",
        "turns": [
            ("user", "Hi I need a refill on my lisinopril 10mg. Name is Robert Chen, DOB 03/14/1962."),
            ("assistant", "Thanks Mr. Chen. Pickup at the Oak Street store as usual?"),
            ("user", "No, the Main Street one this time."),
            ("assistant", "Okay. It will be ready after 3pm today. We'll text you when it's ready."),
        ],
        "expect": {
            "facts": {"name": "Robert Chen", "medication": "lisinopril", "dose": "10mg",
                      "pickup store": "Main Street"},
            "not_facts": ["Oak Street"],
            "commitments": {"text you": "open"},
        },
    },
    {
        "name": "boat_rental",
        "turns": [
            ("user", "How much is a pontoon boat for a half day?"),
            ("assistant", "A half day is $250 for up to 8 people, a full day $400."),
            ("user", "We're 6 adults. Half day on July 12, morning if possible."),
            ("assistant", "July 12 morning is available, 8am to 12pm. Shall I reserve it?"),
            ("user", "Yes please. No alcohol on board right?"),
            ("assistant", "Correct, alcohol isn't allowed. Reserved! Confirmation number BT-2231."),
        ],
        "expect": {
            "facts": {"boat": "pontoon", "people": "6", "date": "July 12", "length": "half day"},
            "not_facts": ["full day", "8 people"],
        },
    },
    {
        "name": "wedding_cake",
        "turns": [
            ("user", "I'm getting married in October and want to order a cake for about 120 guests."),
            ("assistant", "Congratulations! Do you have a flavour in mind?"),
            ("user", "lemon with raspberry filling. my fiancé is allergic to nuts so absolutely no nuts"),
            ("assistant", "Understood, nut-free. How many tiers?"),
            ("user", "3 tiers. budget is around $600"),
            ("assistant", "That fits. I'll email you a quote and some design sketches by Friday."),
        ],
        "expect": {
            "facts": {"event month": "October", "guests": "120", "flavour": "lemon", "tiers": "3",
                      "budget": "600"},
            "constraints": {"no nuts": "active"},
            "commitments": {"email you a quote": "open"},
        },
    },
    {
        "name": "laptop_warranty",
        "turns": [
            ("user", "My laptop screen is flickering. It's a Lenovo ThinkPad X1, bought 8 months ago."),
            ("assistant", "That should be covered by the warranty. Can you give me the serial number?"),
            ("user", "PF3K9QZ2"),
            ("assistant", "Thanks. You can mail it in or drop it at a service center. Which do you prefer?"),
            ("user", "I'll drop it off, I live near the downtown center."),
            ("assistant", "Great. I've created repair ticket RT-90812. Bring the charger too."),
        ],
        "expect": {
            "facts": {"problem": "flickering", "product": "ThinkPad X1", "serial": "PF3K9QZ2",
                      "method": "drop"},
            "not_facts": ["mail"],
        },
    },
    {
        "name": "magazine_cancel",
        "turns": [
            ("user", "cancel my subscription to Home & Garden monthly"),
            ("assistant", "I can help. Could I offer you 50% off for the next 6 months instead?"),
            ("user", "no thanks, just cancel"),
            ("assistant", "Okay. Your subscription is cancelled and you'll get a prorated refund of $7.50."),
        ],
        "expect": {
            "facts": {"request": "cancel"},
            "not_facts": ["50%"],
        },
    },
    {
        "name": "parking_permit",
        "turns": [
            ("user", "Hi, I just moved to 78 Cedar Avenue and need a residential parking permit."),
            ("assistant", "Welcome! What's the license plate?"),
            ("user", "7ABC123, it's a blue Toyota Corolla"),
            ("assistant", "Thanks. Would you like an annual permit ($60) or a quarterly one ($20)?"),
            ("user", "annual"),
            ("assistant", "Done. Your permit will be mailed within 10 business days."),
        ],
        "expect": {
            "facts": {"address": "78 Cedar Avenue", "plate": "7ABC123", "car": "Toyota Corolla",
                      "permit": "annual"},
            "not_facts": ["quarterly"],
        },
    },
    {
        "name": "campsite_booking",
        "turns": [
            ("user", "Looking for a tent site for 2 nights, Aug 5 to Aug 7. 2 adults and 2 kids."),
            ("assistant", "We have sites by the lake or in the forest loop. Lake sites are $45/night, "
                          "forest $35."),
            ("user", "forest is fine, we'd rather save money"),
            ("assistant", "Site F12 in the forest loop is free. Do you have a pet?"),
            ("user", "Yes, a small dog."),
            ("assistant", "Pets are fine on a leash. Booked F12 for Aug 5-7."),
        ],
        "expect": {
            "facts": {"nights": "2", "check-in": "Aug 5", "adults": "2", "kids": "2", "site": "forest",
                      "pet": "dog"},
            "not_facts": ["lake"],
        },
    },
    {
        "name": "tailoring",
        "turns": [
            ("user", "Can you hem a pair of suit trousers? Need them by next Thursday for an interview."),
            ("assistant", "Yes, standard turnaround is 5 days so Thursday works. How much shorter?"),
            ("user", "About 2 inches. Oh and please don't cut the extra fabric, I might need to let them "
                     "out later."),
            ("assistant", "Sure, we'll fold it inside. That's $18."),
        ],
        "expect": {
            "facts": {"item": "trousers", "deadline": "next Thursday", "length": "2 inches"},
            "constraints": {"don't cut the extra fabric": "active"},
        },
    },
    {
        "name": "airport_shuttle",
        "turns": [
            ("user", "need a shuttle to JFK on the 22nd, flight is at 7:40am"),
            ("assistant", "We recommend pickup 3 hours before. Pickup at 4:40am from which address?"),
            ("user", "4:30 to be safe. 250 W 57th St"),
            ("assistant", "How many passengers and bags?"),
            ("user", "2 people, 3 big suitcases"),
            ("assistant", "Booked: 4:30am pickup, 2 passengers, 3 bags. The driver will call on arrival."),
        ],
        "expect": {
            "facts": {"destination": "JFK", "date": "22nd", "flight time": "7:40", "pickup time": "4:30",
                      "address": "250 W 57th", "passengers": "2", "bags": "3"},
            "not_facts": ["4:40"],
            "commitments": {"driver will call": "open"},
        },
    },
    {
        "name": "birthday_party",
        "turns": [
            ("user", "hello! planning my son's 7th birthday party. do you have the trampoline room free "
                     "on sat the 14th?"),
            ("assistant", "Yes, the trampoline room is free 11-1 or 3-5 on the 14th."),
            ("user", "the afternoon one. we'll be about 15 kids"),
            ("assistant", "Great. Would you like our pizza package for $12 per kid?"),
            ("user", "no we'll bring our own food. is that allowed?"),
            ("assistant", "Yes, outside food is fine, but no nuts please."),
        ],
        "expect": {
            "facts": {"room": "trampoline", "date": "14th", "time": "3-5", "kids": "15"},
            "not_facts": ["11-1", "pizza"],
        },
    },
    {
        "name": "solar_quote",
        "turns": [
            ("user", "I'm interested in a solar panel quote for my house in Sacramento. "
                     "Roof is about 1,800 sq ft."),
            ("assistant", "Great! What's your average monthly electric bill?"),
            ("user", "Around $220 in summer, $120 in winter."),
            ("assistant", "Thanks. Would you prefer to buy or lease?"),
            ("user", "Buy. I don't want any lease."),
            ("assistant", "Understood. A consultant will contact you within 48 hours to schedule a "
                          "site visit."),
        ],
        "expect": {
            "facts": {"city": "Sacramento", "roof": "1,800", "plan": "buy"},
            "not_facts": ["lease"],
            "constraints": {"don't want any lease": "active"},
            "commitments": {"consultant will contact you": "open"},
        },
    },
    {
        "name": "lost_luggage",
        "turns": [
            ("user", "My suitcase didn't arrive on flight UA 923 from Denver yesterday."),
            ("assistant", "I'm sorry. Can you describe the bag?"),
            ("user", "Black Samsonite, hard shell, with a red ribbon on the handle."),
            ("assistant", "Thanks. Where should we deliver it once found?"),
            ("user", "The Hilton downtown, room 512. I'm here until Sunday."),
            ("assistant", "Filed: claim LL-7730. We'll deliver it to the Hilton and update you by email."),
        ],
        "expect": {
            "facts": {"flight": "UA 923", "origin": "Denver", "bag": "Samsonite",
                      "delivery place": "Hilton", "room": "512"},
            "commitments": {"update you by email": "open"},
        },
    },
]
