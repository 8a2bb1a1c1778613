"""Reading a player-against-player variant file (``variants/pvp_<game>/<name>.toml``): the one
check of its fields (none unknown, none missing, each of its type, choices among the allowed) and
the one reader of the file, shared by every match game."""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Mapping
from importlib import resources
from typing import Any

from croupier.errors import UnknownVariant, VariantError

#: fields a variant file may leave out
OPTIONAL = frozenset({"assumptions"})


def check_fields(where: str, data: Mapping[str, Any], fields: Mapping[str, type],
                 choices: Mapping[str, Collection[str]] | None = None) -> None:
    """VariantError naming the first fault: an unknown or missing field, a field of the wrong
    type, a choice outside those allowed."""
    unknown = set(data) - set(fields)
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    missing = set(fields) - set(data) - OPTIONAL
    if missing:
        raise VariantError(f"{where}: missing field(s) {', '.join(sorted(missing))}")
    for key, typ in fields.items():
        if key in data and type(data[key]) is not typ:
            raise VariantError(f"{where}: {key} must be {typ.__name__}, got {data[key]!r}")
    for key, allowed in (choices or {}).items():
        if data[key] not in allowed:
            raise VariantError(f"{where}: {key} must be one of {', '.join(allowed)}, got {data[key]!r}")


def variant_names(folder: str) -> list[str]:
    """The variants of ``variants/<folder>/``."""
    path = resources.files("croupier.variants").joinpath(folder)
    return sorted(p.name[:-5] for p in path.iterdir() if p.name.endswith(".toml"))


def read_variant(folder: str, name: str, what: str) -> dict[str, Any]:
    """The data of ``variants/<folder>/<name>.toml`` (UnknownVariant / VariantError)."""
    path = resources.files("croupier.variants").joinpath(folder, f"{name}.toml")
    if not path.is_file():
        raise UnknownVariant(f"unknown {what} variant {name!r}; known: {', '.join(variant_names(folder))}")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"{folder}/{name}.toml: {exc}") from None
