import pytest

from scoring.calculators import SheetError, compute


def refusal(sheet) -> pytest.ExceptionInfo[SheetError]:
    """The SheetError a sheet is refused with (fails the test if it is accepted)."""
    with pytest.raises(SheetError) as caught:
        compute(sheet)
    return caught
