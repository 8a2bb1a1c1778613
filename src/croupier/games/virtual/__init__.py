"""Virtual sports and races (000 §12.42, §12.50, §12.58–§12.61): events whose outcome a model
generates from the event's committed randomness, priced from that model's exact probabilities
with the operator's margin (docs/virtual.md)."""
