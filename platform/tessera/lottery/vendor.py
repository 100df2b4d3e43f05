"""The house's lottery engine as a game vendor: its bets are rounds of the seamless wallet under this
vendor code, in the e-lottery lane, so they show in the betting record and profit and loss like
every other game's (one bet, one round; the round's game code is the lottery game's code)."""

VASSALAGE = "HOUSE_LOTTO"
CATEGORY = "ELOTT"
