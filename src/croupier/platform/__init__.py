"""The platform: players, the double-entry wallet, rounds and tables (docs/platform.md)."""
