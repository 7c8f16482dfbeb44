"""toroid.games against the games commands' --json."""

import pytest

import toroid
from toroid import games
from conftest import cli_error, cli_json


@pytest.mark.parametrize("heaps,misere", [([3, 5, 7], False), ([1, 2, 3], False),
                                          ([1, 1, 1], True), ([4, 9, 12, 2], True),
                                          ([2**64 - 1, 3], False)])
def test_nim(heaps, misere):
    j = cli_json("nim", *heaps, *(["--misere"] if misere else []))
    assert games.nim(heaps, misere=misere) == j


def test_wythoff_and_zeckendorf():
    for a, b in [(4, 7), (3, 9), (0, 0), (100, 161)]:
        assert games.wythoff(a, b) == cli_json("wythoff", a, b)
    assert games.wythoff_p_positions(12) == cli_json("wythoff", "--list", 12)["p_positions"]
    t = games.wythoff_table(10)
    assert t.tolist() == cli_json("wythoff", "--table", 10)["grundy_table"]
    for n in (0, 1, 37, 1000000, 2**63):
        assert games.zeckendorf(n) == cli_json("zeckendorf", n)


def test_game_n():
    for n in (1, 15, 31, 200):
        assert games.game_n(n) == cli_json("game-n", n)


def sequence(d):
    d = dict(d)
    d["grundy"] = d["grundy"].tolist()
    d.pop("seconds")
    return d


@pytest.mark.parametrize("set_,upto,period", [("1,2", 30, False), ("1-3,5", 200, True),
                                              ("odd", 50, True)])
def test_grundy_subtraction(set_, upto, period):
    j = cli_json("grundy", "subtraction", set_, "--upto", upto, *(["--period"] if period else []))
    j.pop("seconds")
    assert sequence(games.grundy_subtraction(set_, upto=upto, period=period)) == j


@pytest.mark.parametrize("code,upto,period", [("0.77", 100, True), ("0.07", 300, True),
                                              ("0.137", 60, False), ("4.07", 500, True)])
def test_grundy_octal(code, upto, period):
    j = cli_json("grundy", "octal", code, "--upto", upto, *(["--period"] if period else []))
    j.pop("seconds")
    assert sequence(games.grundy_octal(code, upto=upto, period=period)) == j


def test_grundy_sum():
    specs = ["nim 7", "subtraction 1-3 9", "octal 0.07 12"]
    assert games.grundy_sum(specs) == cli_json("grundy", "sum", *specs)


def test_errors_are_the_command_lines():
    with pytest.raises(toroid.InputError) as e:
        games.grundy_octal("0.8")
    assert str(e.value) == cli_error("grundy", "octal", "0.8")
    with pytest.raises(toroid.InputError) as e:
        games.grundy_subtraction("1,,x")
    assert str(e.value) == cli_error("grundy", "subtraction", "1,,x")
    with pytest.raises(toroid.InputError):
        games.nim([])
    with pytest.raises(toroid.InputError):
        games.grundy_octal("0.77", upto=-1)
    with pytest.raises(TypeError):
        games.nim([-1])  # heaps are unsigned 64-bit integers
