"""Grim Prospects: the push-your-luck card game of digging, prospecting and returning to base."""
