from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=40, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Test helper modules are importable both as ``tests.x`` (tests is a package) and as bare ``x``.
sys.path.insert(0, str(Path(__file__).resolve().parent))
