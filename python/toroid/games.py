"""toroid.games: impartial games, with the results of the commands' --json.

    >>> from toroid import games
    >>> games.nim([3, 5, 7])["outcome"]
    'N'
    >>> games.grundy_octal("0.07", upto=20, period=False)["grundy"][:8].tolist()
    [0, 0, 1, 1, 2, 0, 3, 1]

nim (toroid nim), wythoff, wythoff_p_positions, wythoff_table (toroid
wythoff A B / --list / --table), zeckendorf, game_n, grundy_subtraction,
grundy_octal and grundy_sum (toroid grundy ...). Sequences of Grundy values
are uint32 NumPy arrays.
"""

from ._toroid import (game_n, grundy_octal, grundy_subtraction, grundy_sum, nim, wythoff,
                      wythoff_p_positions, wythoff_table, zeckendorf)

__all__ = ["nim", "wythoff", "wythoff_p_positions", "wythoff_table", "zeckendorf", "game_n",
           "grundy_subtraction", "grundy_octal", "grundy_sum"]
