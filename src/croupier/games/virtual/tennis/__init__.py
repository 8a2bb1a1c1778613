"""Virtual Tennis (000 §12.60): best of three sets with tie-breaks, point by point on each
player's serve, every market priced exactly (docs/virtual.md)."""
