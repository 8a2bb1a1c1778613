"""Virtual Football (000 §12.59): a minute-by-minute match model with per-event goal rates, every
score market of the extract priced exactly (docs/virtual.md)."""
