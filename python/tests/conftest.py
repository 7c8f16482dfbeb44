"""Shared fixtures: the toroid program (whose --json the module must equal)
and the source tree. ctest sets TOROID_CLI and TOROID_SOURCE_DIR; a manual
`pytest python/tests` with PYTHONPATH=build/python finds them from here."""

import json
import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("TOROID_SOURCE_DIR",
                                     pathlib.Path(__file__).resolve().parents[2]))
CLI = os.environ.get("TOROID_CLI", str(SOURCE / "build" / "cli" / "toroid"))


def run_cli(*args, expect=0, stdin=None):
    """Runs the toroid program; returns its stdout (checked exit code)."""
    p = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, input=stdin,
                       timeout=600)
    assert p.returncode == expect, (args, p.returncode, p.stderr)
    return p.stdout if expect == 0 else p.stderr


def cli_json(*args):
    return json.loads(run_cli(*args, "--json") if "--json" not in args else run_cli(*args))


def cli_error(*args):
    """The message of `error: ...` (exit 2) of the program."""
    err = run_cli(*args, expect=2)
    assert err.startswith("error: "), err
    return err[len("error: "):].strip()


@pytest.fixture(scope="session")
def source_dir():
    return SOURCE
