"""toroid.Pattern and toroid.identify against `toroid identify --json`."""

import numpy as np
import pytest

import toroid
import json

from conftest import cli_error, cli_json, run_cli


@pytest.mark.parametrize("name", ["glider", "blinker", "beacon", "pulsar", "lwss",
                                  "gosper-glider-gun", "r-pentomino", "diehard"])
def test_identify_equals_command_line(name):
    j = cli_json("identify", name)
    i = toroid.identify(name)
    assert i.to_json() == j


def test_identify_with_rule_and_array():
    j = cli_json("identify", "glider", "--rule", "B36/S23", "--max-gens", 100)
    assert toroid.identify("glider", rule="B36/S23", max_gens=100).to_json() == j
    cells = toroid.Pattern.load("glider").to_numpy()
    i = toroid.identify(cells)
    assert (i.kind, i.apgcode, i.pattern) == ("spaceship", "xq4_153", "<array>")


def test_identify_stdin_text_equals():
    rle = "x = 3, y = 1, rule = B3/S23\n3o!\n"
    j = json.loads(run_cli("identify", "-", "--json", stdin=rle))
    assert toroid.identify(toroid.Pattern.parse(rle, name="<stdin>")).to_json() == j


def test_pattern_properties(source_dir):
    p = toroid.Pattern.load("acorn")
    assert (p.width, p.height, p.population, p.rule, p.name) == (7, 3, 7, "B3/S23", "acorn")
    q = toroid.Pattern.load(str(source_dir / "patterns" / "acorn.rle"))
    assert np.array_equal(p.to_numpy(), q.to_numpy())
    a = p.to_numpy()
    assert a.shape == (7, 3) and a.dtype == np.uint8 and a.sum() == 7
    assert toroid.Pattern.parse(p.to_rle()).to_numpy().tolist() == a.tolist()
    assert toroid.Pattern.load("blinker").apgcode == "xp2_7"
    assert toroid.Pattern.load("r-pentomino").apgcode is None  # not periodic
    assert toroid.Pattern.load("glider")._repr_png_()[:4] == b"\x89PNG"
    assert "glider" in repr(toroid.Pattern.load("glider"))


def test_pattern_files_round_trip(tmp_path):
    p = toroid.Pattern.load("gosper-glider-gun")
    for ext in ("rle", "cells", "lif", "mc", "rle.gz"):
        path = tmp_path / f"gun.{ext}"
        p.save(str(path))
        assert np.array_equal(toroid.Pattern.load(str(path)).to_numpy(), p.to_numpy()), ext


def test_from_numpy_and_soup():
    a = np.zeros((5, 4), bool)
    a[1:4, 2] = True
    p = toroid.Pattern.from_numpy(a, rule="B36/S23")
    assert (p.width, p.height, p.population, p.rule) == (5, 4, 3, "B36/S23")
    with pytest.raises(toroid.InputError):
        toroid.Pattern.from_numpy(np.zeros(5))
    with pytest.raises(toroid.InputError):
        toroid.Pattern.from_numpy(np.full((2, 2), 3))
    with pytest.raises(toroid.InputError):
        toroid.Pattern.from_numpy(np.zeros((0, 3)))
    s = toroid.Pattern.soup(16, 16, 0.5, 7)
    assert s.name == "soup 0" and 0 < s.population < 256
    assert (toroid.Pattern.soup(16, 16, 0.5, 7, index=1).to_numpy() != s.to_numpy()).any()


def test_errors_are_the_command_lines(tmp_path):
    with pytest.raises(toroid.InputError) as e:
        toroid.Pattern.load("acron")
    assert str(e.value) == cli_error("identify", "acron")
    bad = tmp_path / "bad.rle"
    bad.write_text("x = 3, y = 1\n3q!\n")
    with pytest.raises(toroid.InputError) as e:
        toroid.Pattern.load(str(bad))
    assert str(e.value) == cli_error("identify", str(bad))
    with pytest.raises(toroid.InputError):
        toroid.identify("glider", max_gens=0)
    with pytest.raises(toroid.InputError):
        toroid.identify("glider", rule="B3/S2x")
