"""The analysers as Python functions, and what they return.

Every result is what the command line prints with --json for the same
inputs (the tests compare them), as dicts and lists ready for pandas
(``pd.json_normalize(rows)`` flattens nested fields into columns), plus
NumPy arrays where a command prints long sequences.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _toroid
from ._torus import cell_rows

InputError = _toroid.InputError
Pattern = _toroid.Pattern
PatternLike = Union["Pattern", str, np.ndarray]


def pattern_rows(cells) -> np.ndarray:
    """The checks of Pattern.from_numpy: cells a[x, y] as uint8 rows."""
    a = np.asarray(cells)
    if a.ndim != 2:
        raise InputError(f"a pattern is a 2-D array a[x, y], not {a.ndim}-D")
    if a.shape[0] == 0 or a.shape[1] == 0:
        raise InputError(f"a pattern of shape {a.shape} has no cells: expected at least 1 x 1")
    return cell_rows(a, a.shape)


def as_pattern(p: PatternLike) -> "Pattern":
    """A Pattern, a file or library name, or an array a[x, y], as a Pattern."""
    if isinstance(p, Pattern):
        return p
    if isinstance(p, str):
        return Pattern.load(p)
    return Pattern.from_numpy(p)


@dataclasses.dataclass(frozen=True)
class Identification:
    """What a pattern is (toroid.identify): the fields of `toroid identify
    --json`, flat. kind is one of still, oscillator, spaceship, dies,
    replicator, gun, growing, unknown; dx, dy per period (y down); speed in
    LifeWiki's words ("c/4 diagonal"); heat the mean number of cells that
    change per generation over a period; apgcode for still lifes,
    oscillators and spaceships, else None."""

    pattern: str
    rule: str
    kind: str
    period: int
    dx: int
    dy: int
    speed: str
    settles_at: int
    population_min: int
    population_max: int
    width: int
    height: int
    heat: float
    apgcode: Optional[str]
    generations: int
    bounded_torus: bool

    def to_json(self) -> Dict[str, Any]:
        """The object `toroid identify --json` prints."""
        j = {"pattern": self.pattern, "rule": self.rule, "kind": self.kind,
             "period": self.period, "dx": self.dx, "dy": self.dy, "speed": self.speed,
             "settles_at": self.settles_at,
             "population": {"min": self.population_min, "max": self.population_max},
             "bounding_box": {"width": self.width, "height": self.height},
             "heat": self.heat, "generations": self.generations}
        if self.apgcode is not None:
            j["apgcode"] = self.apgcode
        if self.bounded_torus:
            j["bounded_torus"] = True
        return j


def identify(pattern: PatternLike, rule: Optional[str] = None, max_gens: int = 4096,
             seed: int = 0) -> Identification:
    """What a pattern is: kind, period, displacement, speed, heat, apgcode
    (as `toroid identify PATTERN [--rule R] --json`).

    >>> g = identify("glider")
    >>> (g.kind, g.period, g.speed, g.apgcode)
    ('spaceship', 4, 'c/4 diagonal', 'xq4_153')
    """
    return Identification(**_toroid._identify(as_pattern(pattern), rule, max_gens, seed))


def methuselah(pattern: PatternLike, *, rule: Optional[str] = None, max_gens: int = 100000,
               torus: Optional[Tuple[int, int]] = None, backend: str = "auto", threads: int = 0,
               checkpoint: Optional[str] = None, every: int = 0,
               resume: Optional[str] = None) -> Dict[str, Any]:
    """Lifespan of a pattern: when it becomes still lifes, oscillators and
    escaping ships, and into what (as `toroid methuselah PATTERN --json`),
    plus "population": the population of every generation (a NumPy array,
    escaping ships included). The GIL is released; Ctrl-C stops the run
    (writing a checkpoint first when one is asked for) and raises
    KeyboardInterrupt. torus=None sizes it automatically.

    >>> r = methuselah("r-pentomino")
    >>> (r["lifespan"], r["final_population"], r["escaping_ships"])
    (1103, 116, 6)
    """
    return _toroid._methuselah(as_pattern(pattern), rule, max_gens, torus, backend, threads,
                               checkpoint or "", every, resume or "")


class SweepResult(list):
    """The rows of a sweep, one dict per rule (as `toroid sweep --json`'s
    "rules"), with the sweep's totals as attributes: family, soups_run,
    seconds, soups_per_second, backend."""

    family: str
    soups_run: int
    seconds: float
    soups_per_second: float
    backend: str


def sweep(family: Union[str, Sequence[str]], *, sample: Optional[int] = None,
          soups: int = 100, soup_size: Tuple[int, int] = (16, 16), density: float = 0.5,
          torus: Tuple[int, int] = (256, 256), max_gens: int = 4000, seed: int = 1,
          backend: str = "auto", threads: int = 0, batch: int = 0) -> SweepResult:
    """Runs `soups` soups of every rule of a family (a family text such as
    "B3[678]/S23" or "all-hex", or a list of rules; sample=N draws N of them
    with `seed`) and returns one census per rule, as `toroid sweep FAMILY
    --json` does: classes (dies, stable, ships, explosive, chaotic),
    stabilisation times, periods, an object census by apgcode and soups of
    interest. The GIL is released; Ctrl-C raises KeyboardInterrupt.

    >>> rows = sweep("B3/S23", soups=4, torus=(32, 32), soup_size=(8, 8))
    >>> sum(rows[0]["classes"].values())
    4
    """
    if isinstance(family, str):
        text, rules = family, []
    else:
        text, rules = "", [str(r) for r in family]
        if not rules:
            raise InputError("empty rule family: no rules given")
    d = _toroid._sweep(text, rules, sample, soups, tuple(soup_size), density, tuple(torus),
                       max_gens, seed, backend, threads, batch)
    result = SweepResult(d["rules"])
    for k in ("family", "soups_run", "seconds", "soups_per_second", "backend"):
        setattr(result, k, d[k])
    return result


def selftest(rules: str = "all-moore", *, sample: Optional[int] = None, seed: int = 1,
             gens: int = 3, threads: int = 0,
             backends: Optional[Sequence[str]] = None) -> Dict[str, Any]:
    """Every backend against the reference stepper over a rule family (as
    `toroid selftest --rules FAMILY --json`); backends like "cpu", "cuda",
    "batch:cpu" (default: every one present). "failures" is the count.

    >>> selftest("B3/S23")["failures"]
    0
    """
    return _toroid._selftest(rules, sample, seed, gens, threads, list(backends or []))
