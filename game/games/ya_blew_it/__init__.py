"""Ya Blew It!: a Prospector builds a Claim, Miners roll eight-sided Dynamite dice to steal it."""
