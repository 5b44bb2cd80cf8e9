"""The pure core every game stands on: the rules contract, the seeded generator, the match runner.

Nothing in this package imports pygame or the user interface; bots, tests and the command line
drive it headless.
"""
