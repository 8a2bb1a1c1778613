"""A typed wrapper around ``numba.njit`` so strict mypy keeps the signatures of jitted functions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit as _njit

F = TypeVar("F", bound=Callable[..., Any])


def jit(fn: F) -> F:
    """Compile ``fn`` with numba (no Python objects, cached on disk next to the module)."""
    return cast(F, _njit(cache=True)(fn))
