"""toroid: cellular automata on huge tori, from Python.

A thin layer over toroid's engine (the same code as the ``toroid`` command
line, and the same results as its ``--json`` output)::

    >>> import toroid
    >>> t = toroid.Torus(256, 256, rule="B3/S23")
    >>> t.soup(0.5, seed=1).step(1000).generation
    1000
    >>> toroid.identify("glider").speed
    'c/4 diagonal'

Classes: Torus (a torus on a backend, NumPy arrays in and out), Pattern
(pattern files, the pattern library, text, arrays), Identification.
Functions: identify, methuselah, sweep, selftest, eca, eca_rule, backends;
the games are in toroid.games. Bad input raises toroid.InputError (a
ValueError) with the command line's message. Long calls release the GIL
and stop on Ctrl-C. docs/python.md is a tour.
"""

from . import _toroid
from ._toroid import InputError, Pattern, backends, eca, eca_rule
from ._results import Identification, SweepResult, identify, methuselah, selftest, sweep
from ._torus import Torus
from . import games

InputError.__module__ = "toroid"  # tracebacks say toroid.InputError

__all__ = ["InputError", "Torus", "Pattern", "Identification", "SweepResult", "identify",
           "methuselah", "sweep", "selftest", "eca", "eca_rule", "backends", "games"]
