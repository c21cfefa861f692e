"""Every English question phrase the planner reads, in one place: dates, author positions, exclusions of the
author, negated topics, pointers back, paper nouns and the words of a question's structure.

Each reader returns what it found *and* the span of text it read, so the planner can take the phrase out of the
question before the rest of it is read as a topic ("the first half of 2024" is a date, not an "earliest" cue or a
topic "half"). Nothing here knows the corpus; the planner reads the results against the table.

Dates are parsed here rather than with a library: `recognizers-text-date-time` (1.0.2a2, 2019, needs `emoji<1`)
read "March 2025", "the first half of 2024", "Q3 2024" and "since 2021" but took 15-25 ms a question on these cores
(0.8 s on the first), read "late 2023" as the whole year, "between May 2022 and February 2023" as two separate
months and "papers from the second half of 2023" as "since"; `timefhuman` 0.1.5 read only "March 2025" and
"between May 2022 and February 2023" of the same eleven phrasings (measured 2026-11-25).
"""

from __future__ import annotations

from assistant.answer.plan.phrases.claims import YesNo, claim_of, yes_no  # noqa: F401
from assistant.answer.plan.phrases.code import code_asked  # noqa: F401
from assistant.answer.plan.phrases.collection import (  # noqa: F401
    CollectionAsk,
    collection_asked,
    kind_of,
    without_whole_works,
)
from assistant.answer.plan.phrases.dates import (  # noqa: F401 - the phrases, read from one place
    MONTHS,
    NUMBER_WORDS,
    PARTS,
    YEAR,
    DateSpan,
    Month,
    dates,
    in_reported_claim,
    span_of,
    without_dates,
    years,
)
from assistant.answer.plan.phrases.elapsed import ELAPSED, LISTING_EVENTS, Stated, elapsed, stated_dates  # noqa: F401
from assistant.answer.plan.phrases.metadata import (  # noqa: F401 - the phrases, read from one place
    CATEGORY_CUE,
    FIELD_KINDS,
    FIELD_ROUTES,
    FIELD_SAID,
    INCLUDED_TYPE,
    VENUES_ASKED,
    asked_fields,
    asks_reason,
    category_phrase,
    compared_fields,
    has_all,
    has_fields,
    in_categories,
    in_source,
    in_venues,
    not_in_source,
    selects_one_work,
    spelled_out,
    venues_asked,
    without_fields,
    without_venue_names,
    without_venue_words,
    without_work_type,
    work_type_listed,
    work_type_named,
    work_type_of_one,
)
from assistant.answer.plan.phrases.most_cited import most_cited_named  # noqa: F401
from assistant.answer.plan.phrases.named_kind import named_kind  # noqa: F401
from assistant.answer.plan.phrases.negation import Negation, negated, without_negation  # noqa: F401
from assistant.answer.plan.phrases.paging import MORE, OFFERED, REST_OFFERED  # noqa: F401
from assistant.answer.plan.phrases.picks import (  # noqa: F401 - the phrases, read from one place
    CO_AUTHOR_ON,
    LIST_FORM,
    ONE_DATED,
    PREPRINT,
    THAN_THE_NAMED,
    THEN_ASKS,
    WHICH_ONE,
    WHICH_PICKS,
    WHICH_SEVERAL,
    JointPlaced,
    anchor_role,
    asked_after,
    asks_of_it,
    date_extreme,
    date_pick,
    joint_placed,
    one_by_date,
    picked_then_asked,
    placed_described,
    placed_direction,
    reaches_person,
    scene_before,
    than_the_named,
    which_then_asked,
)
from assistant.answer.plan.phrases.quantities import QUANTITY_EXTREME, Extreme, quantity_extreme  # noqa: F401
from assistant.answer.plan.phrases.relations import (  # noqa: F401
    SAME_PEOPLE,
    SAME_THEME,
    THAT_RELATIVE,
    without_relations,
)
from assistant.answer.plan.phrases.team import TeamSize, team_extreme, team_size, without_team  # noqa: F401
from assistant.answer.plan.phrases.thresholds import QUANTITY_THRESHOLD, Threshold, quantity_threshold  # noqa: F401
from assistant.answer.plan.phrases.who import (  # noqa: F401 - the phrases, read from one place
    AUTHOR_POINTER,
    BOTH_GROUPS,
    CORPUS_WIDE,
    EXCLUDES_AUTHOR,
    NOT_POSITION,
    ONE_WHERE,
    ORDINALS,
    OTHERS_ASKED,
    OTHERS_ONLY,
    POSITION,
    POSITION_ASKED,
    POSSESSIVE,
    ROLES,
    SURNAME,
    WHOLE_CORPUS,
    author_index,
    both_groups,
    denies_authorship,
    excludes_author,
    position,
    position_negated,
    surname,
    whole_corpus,
    without_both_groups,
    without_group_members,
)
from assistant.answer.plan.phrases.wording import (  # noqa: F401 - the phrases, read from one place
    ANAPHORA,
    ASKS_EXISTENCE,
    AUTHORING,
    AVERAGE,
    CLAIM_FIRST,
    CODE,
    CODE_SAID,
    COMPARISON,
    CONTINUES,
    CORRECTION,
    DATA,
    ELSE_WRITTEN,
    FIRST_CLAIMED,
    GOES_ON,
    GREETING,
    ITS_NTH_AUTHOR,
    KNOWN_FOR,
    METRICS,
    NOT_THE_ONE,
    NTH_AUTHOR_OF,
    ONE_PAPER,
    ORCID,
    PAPER_NOUN,
    PAPER_OWNER,
    REJECTED_BY_POINTER,
    SHARED_AUTHORS,
    STRUCTURE,
    SUMMARY_ASKED,
    THE_OTHER,
    TOPIC_MARKER,
    WHAT_ABOUT,
    WITH_THE_AUTHOR,
    WRITINGS,
    YEARS_SPANNED,
    asks_for_a_thing,
    asks_number,
    asks_of_picked,
    asks_who,
    claim_first,
    later_asks,
    marked,
    picked_by_date,
    polar,
    quoted,
    topic_marked,
    unquoted,
    untagged,
)


def without_conditions(question: str) -> str:
    """The question's form, for the router: without the conditions that filter papers and are no part of it (a
    negated topic: "which papers don't involve X" reads as a list; both groups; an author count: "written with no
    co-authors" asks for papers, not co-authors)."""
    return without_team(without_both_groups(without_negation(question)), ranked=False)
