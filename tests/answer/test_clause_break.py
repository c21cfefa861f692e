"""One clause break (plan/phrases/picks.py) for what a date pick asks next and for the clause a paper placed by date
is described in."""

from assistant.answer.plan import phrases


def test_a_date_pick_followed_by_and_where_asks_more_of_the_paper():
    assert phrases.date_pick("Which of her two glacier preprints is older and where did it appear?") == (
        "earliest",
        True,
    )


def test_the_described_clause_of_a_later_paper_ends_where_the_clause_ends():
    said = "Her 2021 kelp survey mapped canopies. Which later paper of hers also counts otters: its sensor?"
    assert phrases.than_the_named(said) == (1, " of hers also counts otters")
