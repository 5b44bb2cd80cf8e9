"""Headless tools behind `python -m game <tool>`: simulations, benchmarks, demos."""
