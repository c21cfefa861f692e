"""Papers referred to without their names: by a fragment of the title, an acronym of a title phrase, title words in
other forms, a description within its years; and through the conversation ("compare them", "which one says X, and
…", a paper set aside, a paper picked by date then asked about). The wordings here are not the eval sets'."""

from __future__ import annotations

from assistant.answer.plan.phrases.reference import references, sets_aside
from assistant.answer.plan.resolver import Resolver
from assistant.answer.plan.title_index import same_word
from assistant.models import Message
from tests.asking import ask
from tests.conftest import make_paper

PAPERS = [
    make_paper(id="spectral", title="Emulating Ocean Currents with Deep Spectral Blocks", year=2021),
    make_paper(id="glacier", title="Tracking Glacier Velocity from Optical Image Pairs", year=2022),
    make_paper(id="survey21", title="A Survey of Sparse Solvers", year=2021),
    make_paper(id="survey23", title="A Survey of Mixed-Precision Solvers", year=2023),
    make_paper(id="speedup", title="A Speedup for Sparse Triangular Solves on GPUs", year=2020),
    make_paper(
        id="untitled-a",
        title=None,
        display_title="Stencil kernels on matrix units",
        abstract="Stencil kernels run on matrix units with outer products.",
    ),
    make_paper(
        id="untitled-b",
        title=None,
        display_title="SparseStencilX",
        abstract="We map stencil computations to sparse tensor cores.",
    ),
]


def resolver() -> Resolver:
    return Resolver(PAPERS, names={"sparsestencilx": "untitled-b"}, principal="Ada Lovelace")


def described(question: str) -> list[str]:
    return [r.paper for r in resolver().described(question) if not r.aside]


def test_forms_of_one_word_are_the_same_word_and_other_words_are_not():
    assert same_word("forecaster", "forecasts") and same_word("emulator", "emulating")
    assert same_word("network", "networks") and not same_word("speed", "spectral")


def test_a_title_fragment_names_its_paper():
    assert described("What does the Optical Image Pairs paper measure?") == ["glacier"]


def test_an_acronym_of_a_title_phrase_and_another_form_of_a_title_word_name_the_paper():
    assert described("How fast is the DSB emulator?") == ["spectral"]
    assert described("Which satellite feeds the glacier-velocity tracker?") == ["glacier"]


def test_the_years_a_reference_names_choose_between_papers_its_words_share():
    assert described("What does the 2023 survey paper cover?") == ["survey23"]
    assert described("What does the survey paper cover?") == []  # two surveys, no year: nobody


def test_a_description_no_paper_noun_heads_must_read_like_the_title():
    # "the speedup" is a word of one title, not that paper's name
    assert described("How large is the speedup on the cluster?") == []
    assert described("Who wrote the sparse triangular solves speedup?") == ["speedup"]


def test_a_plural_head_refers_to_no_one_paper():
    assert references("What do the two survey papers compare?") == []
    assert described("Which of her sparse solver papers came first?") == []


def test_a_word_every_paper_on_it_uses_does_not_pick_the_one_whose_derived_title_says_it():
    # both untitled papers are about stencils; only one derived title says so
    assert described("What speedup does the stencil work report?") == []
    # what follows the paper noun must be that paper's too
    assert described("What does the stencil paper on sparse tensor cores report?") != ["untitled-a"]


def test_a_title_that_holds_only_the_common_words_does_not_win_over_a_text_that_holds_them_all():
    papers = [
        make_paper(id="calm", title="Layer-Wise Quantization for Language Models", abstract="We beat mixed-precision."),
        make_paper(id="mp", title=None, display_title="Mixed-precise quantization", abstract="A mixed-precise model."),
        *[make_paper(id=f"u{i}", title=f"Glacier study {i}") for i in range(4)],
    ]
    r = Resolver(papers, names={}, principal="Ada Lovelace")
    assert [x.paper for x in r.described("Does the mixed-precision quantization work use Hessians?")] == []
    assert [x.paper for x in r.described("Who wrote the layer-wise quantization paper?")] == ["calm"]


def test_a_reference_the_question_sets_aside_is_not_named():
    assert sets_aside("No, not ") and sets_aside("For the one that isn't ") and not sets_aside("Compare ")
    [r] = resolver().described("Not the DSB emulator: I mean the other one.")
    assert r.paper == "spectral" and r.aside


def test_a_title_fragment_finds_the_paper_a_question_asks_about(assistant):
    a = ask(assistant, "Which GPUs does the cost-effective LLM training paper run on?")
    assert [c.arxiv_id for c in a.citations] == ["2506.12037"] and "4090" in a.answer
    assert not a.answer.startswith("No paper's own text")  # the paper was read as named, not guessed from retrieval
    assert any(
        n.startswith("described: “the cost-effective LLM training paper” read as") for n in a.meta["plan"]["notes"]
    )


def test_each_after_a_list_gives_a_line_per_paper_and_them_compares_that_list(assistant):
    listed = ask(assistant, "Which of his papers deal with stencil computation?", "Give me a sentence about each.")
    assert {c.arxiv_id for c in listed.citations} == {"2506.22969", "2310.16298"}
    grid = ask(
        assistant,
        "Which of his papers deal with stencil computation?",
        "Thanks!",  # an answer that shows no paper: "them" is still the list before it
        "Compare them: what hardware does each target?",
    )
    assert grid.meta["plan"]["route"] == "compare"
    assert {c.arxiv_id for c in grid.citations} == {"2506.22969", "2310.16298"}


def test_which_one_says_x_picks_that_paper_and_answers_the_rest_from_it(assistant):
    a = ask(
        assistant,
        "Which of his papers are about model compression?",
        "Of those, which one uses graph coloring, and how much does it compress?",
    )
    assert [c.title for c in a.citations] == [
        "Rethinking Parameter Sharing as Graph Coloring for Structured Compression"
    ]


def test_a_paper_picked_by_date_is_then_asked_the_rest(assistant):
    a = ask(assistant, "What is his earliest paper, and which program did it optimize?")
    assert [c.arxiv_id for c in a.citations] == ["1505.08023"] and "MiniFE" in a.answer


def test_a_named_paper_set_aside_leaves_the_other_one_the_selection_holds(tanaka):
    a = tanaka.answer(
        [
            Message(
                role="user",
                content="Yuki Sato is second author on two of her papers. Leaving out PolarSAR-FM, which two sensors "
                "does the remaining one adapt between?",
            )
        ]
    )
    assert [c.arxiv_id for c in a.citations] == ["2206.09876"] and "RADARSAT-2" in a.answer
    assert a.meta["plan"]["leaves_out"] == ["A Foundation Model for Polar SAR Imagery"]


def test_an_acronym_side_and_a_described_side_are_compared_on_the_outcome_asked(tanaka):
    a = tanaka.answer(
        [Message(role="user", content="The GNN drift forecaster against the melt-pond unmixing study: which error?")]
    )
    assert a.meta["plan"]["route"] == "compare"
    assert [c.title for c in a.citations] == [
        "Ice Drift Forecasts with Graph Neural Networks",
        "Melt Pond Fraction on Arctic Sea Ice from Sentinel-2 Imagery",
    ]
    assert "4.1 km" in a.answer and "0.05" in a.answer


def test_a_nested_reference_to_a_described_paper_finds_its_author_and_leaves_it_out(assistant):
    """ "the first author of the graph coloring paper": the description finds the paper, the paper finds the person;
    the description is no topic of that person's list."""
    a = ask(assistant, "What else did the first author of the graph coloring paper write?")
    plan = a.meta["plan"]
    assert plan["route"] == "list" and plan["person"] == "Boyang Zhang" and not plan["subject"]
    assert plan["leaves_out"] == ["Rethinking Parameter Sharing as Graph Coloring for Structured Compression"]
    assert len(a.citations) >= 3


def test_a_paper_described_after_its_noun_is_found_within_the_years_the_question_sets(tanaka):
    a = tanaka.answer(
        [
            Message(
                role="user", content="Among her 2021 papers, take the one about icebergs: what F1 score does it reach?"
            )
        ]
    )
    assert [c.arxiv_id for c in a.citations] == ["2102.05111"] and "0.81" in a.answer


def test_what_a_paper_is_not_describes_no_paper():
    # "the one that isn't …" describes nothing; the paper it is not is set aside, never named
    assert [r.words for r in references("Which one isn't the DSB emulator?")] == [("DSB", "emulator")]
    assert all(r.aside for r in resolver().described("What does the one that isn't the DSB emulator report?"))
    assert described("Take the one about glacier velocity.") == ["glacier"]


def test_in_a_conversation_a_description_is_read_among_the_papers_shown_first(assistant):
    """Over the corpus "the one with mixture of experts" fits two titles alike; among the quantization papers just
    listed it fits one."""
    a = ask(
        assistant,
        "Which of his papers are about quantization?",
        "The one with mixture of experts: which model families does it test?",
    )
    assert a.meta["plan"]["named"] == [
        "MoQE: Improve Quantization Model performance via Mixture of Quantization Experts"
    ]
    assert "LLaMA" in a.answer


def test_which_of_those_is_newer_and_more_picks_by_date_then_asks(assistant):
    a = ask(
        assistant,
        "Which of his papers deal with stencil computation?",
        "Which of the two came out first, and what does it propose?",
    )
    assert a.meta["plan"]["route"] == "fact" and [c.arxiv_id for c in a.citations] == ["2310.16298"]


def test_a_co_author_selection_picked_by_date_is_asked_the_rest(assistant):
    a = ask(assistant, "Among the papers he co-wrote with Daning Cheng, take the newest: what does it propose?")
    assert a.meta["plan"]["route"] == "fact"
    assert [c.title for c in a.citations] == [
        "A Qualitative Test-Risk Mechanism for Scaling Behavior in Normalized Residual Networks"
    ]


def test_a_table_field_asked_of_the_picked_paper_comes_from_the_table(assistant):
    a = ask(assistant, "What is his earliest paper, and when was it published?")
    assert a.meta["plan"]["route"] in ("when", "earliest") and "May 29, 2015" in a.answer  # the date: the table's
    assert "second part" not in a.answer  # the date written is the answer to "when", not a sentence quoted for it


def test_which_of_those_came_out_first_and_who_wrote_it_reads_the_first_ones_authors(assistant):
    a = ask(
        assistant,
        "Which of his papers deal with stencil computation?",
        "Which of the two came out first, and who wrote it?",
    )
    assert a.meta["plan"]["route"] == "authors" and [c.arxiv_id for c in a.citations] == ["2310.16298"]


def test_an_acronym_finds_every_title_and_venue_whose_initials_hold_it():
    """`spelled` searches every title's initials joined in one text, `_at_venue` reads each venue once: the papers
    found are those whose own initials hold the acronym, never one whose initials only meet it across a neighbour."""
    papers = [
        make_paper(id="fno", title="Fourier Neural Operators for Sea Ice", venue="Remote Sensing of Environment"),
        make_paper(id="gnn", title="Graph Neural Networks Forecast Drift", venue="IEEE Trans. on Geoscience and RS"),
        make_paper(id="ab", title="Alpha Beta", venue="International Geoscience and Remote Sensing Symposium"),
        make_paper(id="cd", title="Charlie Delta", venue="International Geoscience and Remote Sensing Symposium"),
    ]
    r = Resolver(papers, names={}, principal="Ada Lovelace")
    assert r.index.spelled("FNO") == {"fno"}
    assert r.index.spelled("GNNs") == {"gnn"}  # a plural s
    assert r.index.spelled("ABCD") == set()  # "ab" then "cd": two titles, no one title's initials
    every = {p.id for p in papers}
    assert r._at_venue("IGARSS", every) == {"ab", "cd"}
    assert r._at_venue("IGARSS", frozenset({"cd", "fno"})) == {"cd"}
    assert r._at_venue("TGRS", every) == set()  # "IEEE Trans. on Geoscience and RS": ITGR…, no TGRS run


def test_an_abstract_named_after_what_describes_it_is_a_reference_to_its_paper(tanaka):
    (ref,) = references("Quote the Greenland calving-front abstract on what it handles better than single images.")
    assert ref.words == ("Greenland", "calving-front") and ref.headed
    answer = tanaka.answer(
        [
            Message(
                role="user",
                content="Can you quote me the exact words from the Greenland calving-front abstract on "
                "what the multi-image network handles better than single images?",
            )
        ],
    )
    assert [c.title for c in answer.citations][:1] == [
        "Calving Front Delineation of Greenland Glaciers with Multi-Temporal SAR"
    ]
