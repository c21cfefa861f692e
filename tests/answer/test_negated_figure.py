"""A negated figure ("don't give a numeric speedup") is ruled out by a sentence that gives one, not by one that only
names the measure (answer/evidence/negated_figure.py)."""

from assistant.answer.evidence.negated_figure import measure_asked, states_figure


def test_a_figure_word_asks_for_a_figure_of_the_rest():
    assert measure_asked("numeric speedup") == ("speedup",)
    assert measure_asked("concrete speedup number") == ("speedup",)
    assert measure_asked("any numbers") == ()
    assert measure_asked("sea ice") is None
    assert measure_asked("specific supercomputer they ran on") is None


def test_a_change_is_given_by_a_factor_or_share_said_to_change():
    speedup = ("speedup",)
    assert states_figure(speedup, "SparStencil achieves up to 7.1x speedup (3.1x on average) over the framework.")
    assert states_figure(speedup, "It delivers up to 4963x (3185x on average) faster computation.")
    assert states_figure(speedup, "It can increase the performance of the program, on average, by 8.31%.")
    assert not states_figure(speedup, "Our design achieves a substantial speedup compared with vectorized stencils.")
    assert not states_figure(speedup, "IAAT consists of two stages, the install-time stage and the run-time stage.")


def test_another_measure_needs_its_words_beside_a_figure():
    accuracy = ("accuracy",)
    assert states_figure(accuracy, "On 412 scenes the model reaches 91.3% overall accuracy.")
    assert not states_figure(accuracy, "The network agrees with the analysts on 83% of pixels.")
    assert not states_figure(accuracy, "We report the accuracy of the classifier.")
