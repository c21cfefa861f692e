"""The term a sentence states in a claim word's place: before the same content word, never before a shared function
word ("6.2 cm against X" puts a unit, not a rival term, where "checked against X" has a verb)."""

from assistant.answer.evidence import claim_terms


def test_a_unit_before_a_shared_function_word_is_no_rival_term():
    q = "Did the dual-frequency snow depth estimate get checked against Operation IceBridge data?"
    s = "The estimate has a root-mean-square error of 6.2 cm against Operation IceBridge."
    assert claim_terms.swapped(q, "checked", s) is None
    q = "Does the method look at several images stacked over time?"
    assert claim_terms.swapped(q, "stacked", "The mean distance is 86 m over 25 glaciers.") is None


def test_a_term_before_the_same_content_word_is_still_a_rival():
    q = "Did they simulate a copper-nickel alloy?"
    assert claim_terms.swapped(q, "copper-nickel", "We simulate an Fe-Cu alloy at scale.") == "fe-cu"
