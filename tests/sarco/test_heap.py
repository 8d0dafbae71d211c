"""The server's heap, settled once the application is loaded (``sarco.heap``)."""

import ast
import gc
import inspect

import pytest

from sarco import heap


@pytest.fixture
def collector_as_it_was():
    threshold = gc.get_threshold()
    yield
    gc.set_threshold(*threshold)


def test_settling_keeps_what_is_loaded_out_of_later_collections(collector_as_it_was):
    loaded = [object() for _ in range(3)]  # a container that lives on, as a loaded module
    heap.settle()
    assert gc.get_freeze_count() > 0
    assert not any(item is loaded for item in gc.get_objects())


def test_settling_collects_young_objects_less_often(collector_as_it_was):
    heap.settle()
    assert gc.get_threshold() == (heap.YOUNG, heap.MIDDLE, heap.OLD)
    assert heap.YOUNG > 700


def test_the_application_is_settled_once_loaded():
    """``sarco.asgi`` calls ``settle`` at its top level, after the application is made (a
    server imports the module once; importing it here again would set Django up again)."""
    import sarco.asgi

    lines = [ast.unparse(node) for node in ast.parse(inspect.getsource(sarco.asgi)).body]
    made = next(i for i, line in enumerate(lines) if line.startswith("application ="))
    assert "settle()" in lines[made + 1 :]
    assert sarco.asgi.settle is heap.settle
