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


def test_the_words_naming_the_work_and_its_co_author_are_not_asserted(tanaka):
    # "the emulator she built with Ole Hansen": the co-author is the record's, "she built" names the work; neither
    # "built with" nor "built" is left for the abstract to hold ("stays stable" met "remain stable" as a rival)
    answer = ask(
        tanaka,
        "Did the neural-operator sea-ice emulator she built with Ole Hansen remain stable over a 60-day rollout?",
    )
    assert answer.answer.startswith("Yes")
