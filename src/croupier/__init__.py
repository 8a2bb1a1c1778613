"""Croupier: a casino gaming platform whose every bet has proven maths."""

__version__ = "0.1.0"
