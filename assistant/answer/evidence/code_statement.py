"""The sentence in which a paper says its own code is, or will be, released ("Our code will be made public.", "the
specification and source code are publicly available"): what "which of his papers say their code is released?" asks,
which a listing's "Code" mark or a link in the abstract (`Paper.has_code`) does not always show."""

from __future__ import annotations

import re

from assistant.models import Paper
from assistant.text import research_sentences

# The code (the source code, an implementation, "the specification and source code") as the subject of a verb that
# says it is or will be out ("will be made public(ly)", "are publicly available", "has been released"), or the object
# of a release ("we release our code", "open-source the code"). A sentence that names code and, elsewhere, something
# public ("code generation on public benchmarks") says nothing of the paper's code.
_SUBJECT = r"\b(?:source\s+)?(?:code|codes|implementation)\b"
_IS = r"(?:is|are|will\s+be|has\s+been|have\s+been|can\s+be|shall\s+be)"
_OUT = r"(?:made\s+)?(?:publicly\s+|freely\s+|openly\s+)?(?:public(?:ly)?|available|released|open[- ]sourced)\b"
_STATED = re.compile(
    rf"{_SUBJECT}\s+{_IS}\s+(?:now\s+)?{_OUT}|"
    r"\b(?:release|releases|released|open[- ]source|open[- ]sourced?)\s+(?:our|the|its|their|all)?\s*"
    r"(?:source\s+)?code\b",
    re.I,
)


def code_statement(paper: Paper) -> str | None:
    """The abstract's sentence that says the paper's code is or will be released, or None."""
    for abstract in paper.abstracts:
        for sentence in research_sentences(abstract):
            if _STATED.search(sentence):
                return sentence
    return None
