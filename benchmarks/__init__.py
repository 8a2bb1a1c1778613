"""Benchmarks, run by ``make bench`` (never by the tests). Each ``bench_*.py`` has ``main()``."""
