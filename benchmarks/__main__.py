"""Run every ``benchmarks/bench_*.py`` (or those named on the command line) and print rates."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks


def main(argv: list[str]) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_"))
    wanted = [a for a in argv if not a.startswith("-")]
    if wanted:
        names = [n for n in names if any(w in n for w in wanted)]
    for name in names:
        print(f"== {name}", flush=True)
        importlib.import_module(f"benchmarks.{name}").main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
