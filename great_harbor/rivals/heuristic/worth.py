"""What things are worth to the heuristic player, in Prestige equivalents (PE): hand-written
estimates that every part of it shares."""

COIN = 0.45  # 2 coins buy a resource, or 1 Prestige once a resource track is full
FAVOR = 0.45
SMUGGLER = 1.0  # 1 Prestige at the end unless spent
MARKER = 0.5  # an Activation marker used up (2 Favor take it back)
DAMAGE = 0.8  # a resource and an action to repair
SHIP_TURN = 1.0  # a ship's use for one turn
EMPLOY = 0.2  # a colonist away from housing until the round ends (domestic growth lost)
SPARE = 0.3  # a resource no project needs
DONE = 0.9  # a project the resources already cover, until it is built
EPS = 0.05  # smaller gains are not worth an action


# --- what Persons and Buildings bring beyond their Prestige (per use / per round) -----------------

PERSON_USE = {
    "person-4": 1.5, "person-5": 0.8, "person-8": 0.8, "person-9": 1.2, "person-10": 0.4, "person-13": 0.0,
    "person-14": 1.2, "person-15": 1.0, "person-18": 0.6, "person-19": 1.0, "person-20": 1.2, "person-21": 1.0,
    "person-22": 1.8, "person-23": 0.4, "person-24": 1.2,
}
BUILDING_USE = {
    "building-2": 0.6, "building-3": 0.2, "building-4": 0.4, "building-8": 0.6, "building-9": 0.5,
    "building-12": 0.8, "building-13": 0.5, "building-14": 0.2, "building-17": 0.4, "building-18": 0.3,
    "building-19": 0.45,
}

