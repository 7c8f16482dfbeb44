"""Every example in docs/python.md and in the module's docstrings runs."""

import doctest
import inspect

import numpy as np

import toroid
from toroid import games

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_tour(tmp_path, monkeypatch, source_dir):
    monkeypatch.chdir(tmp_path)  # the tour writes its pictures here
    result = doctest.testfile(str(source_dir / "docs" / "python.md"), module_relative=False,
                              optionflags=FLAGS, globs={}, verbose=False)
    assert result.failed == 0 and result.attempted >= 30, result


def docstrings():
    """(name, text) of every docstring of the package with an example."""
    seen = set()
    objects = [("toroid", toroid), ("toroid.games", games)]
    for module_name, module in list(objects):
        for name in getattr(module, "__all__", dir(module)):
            objects.append((f"{module_name}.{name}", getattr(module, name)))
    for cls_name, cls in [("Torus", toroid.Torus), ("Pattern", toroid.Pattern)]:
        for name, member in inspect.getmembers(cls):
            objects.append((f"toroid.{cls_name}.{name}", member))
    for name, obj in objects:
        doc = getattr(obj, "__doc__", None)
        if isinstance(doc, str) and ">>>" in doc and doc not in seen:
            seen.add(doc)
            yield name, doc


def test_docstring_examples():
    globs = {name: getattr(toroid, name) for name in toroid.__all__}
    globs.update({name: getattr(games, name) for name in games.__all__}, toroid=toroid, np=np)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    parser = doctest.DocTestParser()
    names = []
    for name, doc in docstrings():
        runner.run(parser.get_doctest(doc, dict(globs), name, None, 0))
        names.append(name)
    result = runner.summarize(verbose=False)
    assert result.failed == 0
    assert len(names) >= 15, names
