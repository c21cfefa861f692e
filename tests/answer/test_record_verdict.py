"""A claim the record confirms (its authors, year, venue) is still a No when the abstract states another term in the
place of one the rest of the claim asserts."""

from __future__ import annotations

from tests.asking import ask


def test_the_authors_hold_but_the_method_is_another(tanaka):
    answer = ask(tanaka, "Did Tanaka & Petrov get snow depth on sea ice by differencing CryoSat-2 and SMOS freeboards?")
    assert answer.answer.startswith("No") and "ICESat-2" in answer.answer


def test_the_authors_and_the_method_hold(tanaka):
    answer = ask(
        tanaka, "Did Tanaka & Petrov get snow depth on sea ice by differencing CryoSat-2 and ICESat-2 freeboards?"
    )
    assert answer.answer.startswith("Yes")
