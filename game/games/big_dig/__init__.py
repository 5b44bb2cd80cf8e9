"""Big Dig: draft digging cards, cross squares off your own board, be first to meet three goals."""
