"""Document numbers as the platform stores them (``players.normalise_document``; a test keeps the
two in step): spaces and dashes removed, upper case. Kept here so the platform's modules can
import protection without an import cycle."""

from __future__ import annotations

import re


def normalise_document(number: str) -> str:
    return re.sub(r"[\s-]", "", number).upper()
