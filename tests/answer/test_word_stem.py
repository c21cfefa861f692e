"""The one stem every answering step tells another form of a word by (evidence/query_terms.stem), and its option."""

from assistant.answer.evidence.query_terms import stem


def test_the_loose_stem_drops_a_plural_or_possessive_s_and_keeps_six_letters():
    assert stem("Lattices") == stem("lattice’s") == stem("lattice") == "lattic"
    assert stem("annealing") == stem("annealed") == "anneal"
    assert stem("glass") == "glass"  # a double "s" is no plural
    assert stem("gels") == "gels"  # nor the "s" of a word of four letters


def test_the_derived_stem_drops_one_suffix_and_keeps_the_rest_whole():
    assert stem("Sintering", derived=True) == stem("sintered", derived=True) == "sinter"
    assert stem("generation", derived=True) != stem("generalization", derived=True)
    assert stem("generation") == stem("generalization")  # what the loose stem would join
    assert stem("gels", derived=True) == "gels"  # the stem keeps at least four letters
