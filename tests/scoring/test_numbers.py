"""form_int: ASCII digits only, bounded; everything else is the default, never an exception."""

import pytest

from scoring.numbers import MAX_ID, form_int, form_ints


@pytest.mark.parametrize("value", ["0", "7", " 12 ", "40"])
def test_ascii_digits_within_the_bound_are_read(value):
    assert form_int(value, 40) == int(value)


@pytest.mark.parametrize(
    "value",
    ["", " ", "²", "٣", "1²", "-1", "+1", "1.0", "1e3", "41", "9" * 5000, None, ["1"], 3, "0x1"],
)
def test_anything_else_is_the_default(value):
    assert form_int(value, 40) is None
    assert form_int(value, 40, default=5) == 5


def test_ids_past_the_databases_integer_range_are_refused():
    assert form_int(str(MAX_ID)) == MAX_ID
    assert form_int(str(MAX_ID + 1)) is None


def test_a_repeated_field_keeps_only_its_numbers():
    assert form_ints(["3", "x", "²", "9" * 30, "5"]) == [3, 5]
