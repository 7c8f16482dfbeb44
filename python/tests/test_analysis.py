"""methuselah, sweep, selftest and eca against the commands' --json."""

import numpy as np
import pytest

import toroid
from conftest import cli_error, cli_json

VOLATILE = {"seconds", "soups_per_second", "population"}


def stable(d):
    return {k: v for k, v in d.items() if k not in VOLATILE}


@pytest.mark.parametrize("name,args", [("r-pentomino", {}), ("acorn", {}),
                                       ("glider", {"rule": "B36/S23"}),
                                       ("diehard", {"torus": (512, 512)}),
                                       ("r-pentomino", {"max_gens": 500})])
def test_methuselah_equals_command_line(name, args):
    cli_args = ["methuselah", name]
    if "rule" in args:
        cli_args += ["--rule", args["rule"]]
    if "torus" in args:
        cli_args += ["--torus", "x".join(map(str, args["torus"]))]
    if "max_gens" in args:
        cli_args += ["--max-gens", args["max_gens"]]
    j = cli_json(*cli_args)
    r = toroid.methuselah(name, **args)
    assert stable(r) == stable(j)
    curve = r["population"]
    assert isinstance(curve, np.ndarray) and curve[0] == toroid.Pattern.load(name).population
    if r["stabilised"]:
        assert curve[r["lifespan"]] == r["final_population"]


def test_methuselah_of_a_pattern_object_and_errors():
    r = toroid.methuselah(toroid.Pattern.soup(16, 16, 0.5, 3))
    j = cli_json("methuselah", "--soup", "16x16", "--seed", 3)
    assert j["seed"] == 3  # the search's seed; each soup is numbered within it
    soup = stable(j["soups"][0])
    mine = stable(r)  # the same soup, analysed as a pattern
    assert soup.pop("soup") == 0  # the search's fields: its number and own seed
    assert soup.pop("soup_seed") > 0
    assert mine == soup
    with pytest.raises(toroid.InputError):
        toroid.methuselah("acorn", max_gens=0)
    with pytest.raises(toroid.InputError):
        toroid.methuselah("acorn", every=10)
    with pytest.raises(toroid.InputError):
        toroid.methuselah("acorn", torus=(0, 3))
    with pytest.raises(toroid.InputError) as e:
        toroid.methuselah("diehard", torus=(160, 160))
    assert str(e.value) == cli_error("methuselah", "diehard", "--torus", "160x160")


@pytest.mark.parametrize("family,args,cli", [
    ("B3[68]/S23", dict(soups=8, torus=(48, 48), max_gens=500),
     ["--soups", 8, "--torus", "48x48", "--max-gens", 500]),
    ("B2(0.3:0.5:0.1)/S12H", dict(soups=4, torus=(32, 32), soup_size=(8, 8), max_gens=200),
     ["--soups", 4, "--torus", "32x32", "--soup-size", "8x8", "--max-gens", 200]),
    ("all-vonneumann", dict(sample=5, soups=3, torus=(32, 32), max_gens=300, seed=4),
     ["--random-rules", 5, "--soups", 3, "--torus", "32x32", "--max-gens", 300, "--seed", 4]),
])
def test_sweep_equals_command_line(family, args, cli):
    j = cli_json("sweep", family, *cli)
    rows = toroid.sweep(family, **args)
    assert list(rows) == j["rules"]
    assert rows.family == j["family"] and rows.soups_run == j["soups_run"]
    assert rows.backend == j["backend"]


def test_sweep_of_a_rule_list(tmp_path):
    rules = ["B3/S23", "B36/S23", "B2/S"]
    f = tmp_path / "rules.txt"
    f.write_text("\n".join(rules) + "\n")
    j = cli_json("sweep", "--rules", str(f), "--soups", 5, "--torus", "40x40", "--max-gens", 300)
    rows = toroid.sweep(rules, soups=5, torus=(40, 40), max_gens=300)
    assert list(rows) == j["rules"]
    with pytest.raises(toroid.InputError):
        toroid.sweep([])
    with pytest.raises(toroid.InputError):
        toroid.sweep("B3/S23", soup_size=(64, 64), torus=(32, 32))
    with pytest.raises(toroid.InputError) as e:
        toroid.sweep("B3[9/S23")
    assert str(e.value) == cli_error("sweep", "B3[9/S23")


def test_selftest_equals_command_line():
    j = cli_json("selftest", "--rules", "B3[678]/S23", "--gens", 2)
    r = toroid.selftest("B3[678]/S23", gens=2)
    assert stable(r) == stable(j)
    assert r["failures"] == 0 and r["rules"] == 8
    j = cli_json("selftest", "--rules", "all-hex", "--sample", 20, "--seed", 3,
                 "--backend", "cpu")
    assert stable(toroid.selftest("all-hex", sample=20, seed=3, backends=["cpu"])) == stable(j)
    with pytest.raises(toroid.InputError):
        toroid.selftest("B3/S23", gens=0)


@pytest.mark.parametrize("rule,width,steps,init", [(110, 64, 32, "center"), (30, 101, 50, "left"),
                                                   (90, 7, 9, "1010011"), (150, 200, 20, "random:5")])
def test_eca_equals_command_line(rule, width, steps, init):
    j = cli_json("eca", rule, "--width", width, "--steps", steps, "--init", init)
    d = toroid.eca(rule, width=width, steps=steps, init=init)
    assert d.shape == (steps + 1, width) and d.dtype == np.uint8
    assert ["".join(map(str, row)) for row in d] == j["rows"]
    assert d.sum(axis=1).tolist() == j["population"]


def test_eca_rule_and_errors():
    j = cli_json("eca", "--formula", "(x + y + z) mod 2")
    assert toroid.eca_rule("(x + y + z) mod 2") == j["rule"] == 150
    with pytest.raises(toroid.InputError) as e:
        toroid.eca_rule("x ^^ y")
    assert str(e.value) == cli_error("eca", "--formula", "x ^^ y")
    for bad in (256, -1, "abc"):
        with pytest.raises(toroid.InputError):
            toroid.eca(bad)
    with pytest.raises(toroid.InputError):
        toroid.eca(110, width=0)
    with pytest.raises(toroid.InputError):
        toroid.eca(110, init="sideways")
