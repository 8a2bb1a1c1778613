"""Bones and the line of play (000 §12.12.2): matching, the spinner, open ends, their scoring.

A bone is ``(a, b)`` with ``a <= b`` (28 of them, :data:`BONES`). The layout is its open
**ends**: each an :class:`End` (the number to match, whether the bone there is a double, and
whether it is one of the spinner's two extra sides with no bone on it yet). The first double put
down is the **spinner**: besides its two sides in the line it opens two more ("a cross"), open at
once (the Fives example (b): "Three 5-sides are open plus the blank") but counted in the ends' sum
only once a bone is on them (example (c): 3 + 0 = 3). A double at an end counts both halves.
"""

from __future__ import annotations

from typing import Final, NamedTuple

Bone = tuple[int, int]

BONES: Final[tuple[Bone, ...]] = tuple((a, b) for a in range(7) for b in range(a, 7))


class End(NamedTuple):
    value: int
    double: bool = False
    empty_spur: bool = False


class Layout(NamedTuple):
    ends: tuple[End, ...] = ()
    bones: int = 0             # bones on the table
    first: Bone | None = None  # the first bone (the whole layout while it is alone)
    spinner: bool = False      # the spinner is down


def pips(bone: Bone) -> int:
    return bone[0] + bone[1]


def bone_key(bone: Bone) -> tuple[int, int]:
    """The order of "the lowest bone" (ASSUMPTION): fewer pips, then the lower half."""
    return (pips(bone), bone[0])


def double_rank(bone: Bone) -> int:
    """The order of doubles for the first step: 1:1 lowest ... 6:6, then 0:0 ("starting from 1:1")."""
    return 7 if bone[0] == 0 else bone[0]


def fits(bone: Bone, end: End) -> bool:
    return end.value in bone


def place(layout: Layout, bone: Bone, end: int | None) -> Layout:
    """The layout after ``bone`` is put on end ``end`` (None: the first bone)."""
    a, b = bone
    double = a == b
    if end is None:
        if double:
            return Layout((End(a, True), End(a, True), End(a, False, True), End(a, False, True)),
                          1, bone, True)
        return Layout((End(a), End(b)), 1, bone, False)
    at = layout.ends[end]
    other = b if a == at.value else a
    ends = list(layout.ends)
    spinner = layout.spinner
    if double and not spinner:
        ends[end] = End(other, True)
        ends += [End(other, False, True), End(other, False, True)]
        spinner = True
    else:
        ends[end] = End(other, double)
    return Layout(tuple(ends), layout.bones + 1, layout.first, spinner)


def ends_sum(layout: Layout) -> int:
    """000 §12.12.2 Fives Open ends: a lone first bone counts its total; otherwise every end with
    a bone on it, a double counting both halves."""
    if layout.bones == 1 and layout.first is not None:
        return pips(layout.first)
    return sum(2 * e.value if e.double else e.value for e in layout.ends if not e.empty_spur)


def nearest_multiple(points: int, k: int) -> int:
    """``points`` rounded to the nearest multiple of ``k`` (000 §12.12.2: 27 -> 25, 28 -> 30 for
    5; 25 -> 24, 28 -> 27 for 3). A tie (only for even ``k``) rounds up."""
    if k <= 1:
        return points
    low = points - points % k
    return low + k if points - low >= k - (points - low) else low
