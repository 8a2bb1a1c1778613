"""Virtual Table Tennis (000 §12.61): a point-by-point set to 7 with the extract's deuce and
9-point cap, every market priced exactly (docs/virtual.md)."""
