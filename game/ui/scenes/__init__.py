"""The screens that every game shares: title, setup, settings, rules, results."""
