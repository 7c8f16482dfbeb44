"""toroid.Torus: indexing and arrays on top of the compiled class.

Cells are indexed like the plane, ``t[x, y]`` (x to the right, y down), and
every array of cells is indexed the same way, ``a[x, y]``. Coordinates are
integers in ``-size .. size - 1`` (negative ones count from the end, as for
any Python sequence); anything else raises IndexError. A slice
``x0:x1`` takes the cells x0, x0 + 1, ... up to x1 - 1; when x1 < x0 (after
negative values are counted from the end) it crosses the seam:
``t[-5:5, 0:3]`` is the 10 x 3 cells from x = width - 5 around to x = 4.
Steps other than 1 are refused.

Cells written are bool or integers 0 and 1, with NumPy broadcasting
(``t[0:8, 0:8] = 1`` fills); floats, other values and shapes that do not
broadcast raise toroid.InputError.
"""

from __future__ import annotations

import operator
from typing import Optional, Tuple, Union

import numpy as np

from . import _toroid

InputError = _toroid.InputError


def cell_rows(value, shape: Tuple[int, int]) -> np.ndarray:
    """value (anything NumPy takes) as C-contiguous uint8 rows (h, w) of an
    a[x, y] array of `shape` = (w, h), checked to hold only 0 and 1."""
    a = np.asarray(value)
    if a.dtype == np.bool_:
        pass
    elif a.dtype.kind in "iu":
        if a.size and (a.min() < 0 or a.max() > 1):
            bad = a[(a < 0) | (a > 1)].flat[0]
            raise InputError(f"cell value {bad} is not a state: expected 0 (dead) or 1 (alive)")
    else:
        raise InputError(
            f"cells are bool or integers 0 and 1, not {a.dtype} "
            "(convert on purpose, e.g. (a > 0.5).astype(np.uint8))")
    try:
        a = np.broadcast_to(a, shape)
    except ValueError:
        raise InputError(
            f"an array of shape {a.shape} does not fit cells of shape {shape} "
            "(arrays are indexed a[x, y]: shape (width, height))") from None
    return np.ascontiguousarray(a.T, dtype=np.uint8)


def _index(v, size: int, axis: str, stop: bool = False) -> int:
    try:
        v = operator.index(v)
    except TypeError:
        raise IndexError(f"{axis} must be an integer, not {type(v).__name__}") from None
    hi = size if stop else size - 1
    if not -size <= v <= hi:
        raise IndexError(f"{axis} = {v} is outside a torus {size} cells "
                         f"{'wide' if axis == 'x' else 'high'}: expected {-size} .. {hi}")
    return v + size if v < 0 else v


def _axis(key, size: int, axis: str) -> Tuple[int, int, bool]:
    """(start, length, is_scalar) of one axis of an index."""
    if isinstance(key, slice):
        if key.step not in (None, 1):
            raise IndexError(f"slices of a torus take every cell: step {key.step} is not 1")
        start = 0 if key.start is None else _index(key.start, size, axis)
        stop = size if key.stop is None else _index(key.stop, size, axis, stop=True)
        if start == size:
            start = 0
        length = stop - start if stop >= start else size - start + stop
        return start, length, False
    return _index(key, size, axis), 1, True


class Torus(_toroid.Torus):
    __doc__ = _toroid.Torus.__doc__ + "\n\n" + __doc__

    def _rect(self, key):
        if not isinstance(key, tuple) or len(key) != 2:
            raise IndexError("a torus is indexed t[x, y] (two indices or slices)")
        x = _axis(key[0], self.width, "x")
        y = _axis(key[1], self.height, "y")
        return x, y

    def __getitem__(self, key):
        (x, w, xs), (y, h, ys) = self._rect(key)
        if xs and ys:
            return self._get(x, y)
        a = self._read(x, y, w, h) if w and h else np.zeros((w, h), np.uint8)
        return a[0] if xs else a[:, 0] if ys else a

    def __setitem__(self, key, value) -> None:
        (x, w, xs), (y, h, ys) = self._rect(key)
        if xs and ys:
            rows = cell_rows(value, (1, 1))
            self._set(x, y, bool(rows[0, 0]))
            return
        shape = (w,) if ys else (h,) if xs else (w, h)
        if not w or not h:
            return
        a = np.asarray(value)
        if xs or ys:  # a row or a column: one axis more
            try:
                a = np.broadcast_to(a, shape).reshape((w, h))
            except ValueError:
                raise InputError(f"an array of shape {a.shape} does not fit cells of shape {shape}") from None
        self._write(x, y, cell_rows(a, (w, h)))

    def place(self, pattern, x: Optional[int] = None, y: Optional[int] = None) -> "Torus":
        """Writes a pattern (a toroid.Pattern, a file or library name, or an
        array a[x, y]) with its top-left corner at (x, y), wrapping around the
        torus; centred when x and y are not given. Its dead cells clear the
        cells under them. A pattern larger than the torus raises InputError.

        >>> t = Torus(16, 16).place("glider", 0, 0)
        >>> t.population
        5
        """
        from ._results import as_pattern
        p = as_pattern(pattern)
        at = _toroid._placement(p, self.width, self.height)
        if x is None and y is None:
            x, y = at
        elif x is None or y is None:
            raise InputError("give both x and y, or neither (centred)")
        self._place(p, operator.index(x), operator.index(y))
        return self

    def _repr_png_(self) -> bytes:
        return self.png()

    def __repr__(self) -> str:
        return (f"<toroid.Torus {self.width}x{self.height} {self.rule} generation "
                f"{self.generation} population {self.population} on {self.backend}>")
