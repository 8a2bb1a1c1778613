"""Races (Horse Racing 12.42, Greyhounds 12.50, the racing family of 12.58): a field of runners
with strengths drawn per event, a Plackett–Luce finishing order, and every market of the extracts
priced exactly (docs/virtual.md)."""
