"""Citation dialects models write, mapped to our `[n]` markers; a model's own reference list and markup removed.

Local and hosted models cite as `[1, 2]`, `[1-3]`, `【1】`, `[Source 1]`, `[^1]`, `(Source 1)` or `(1)`, and many
append a "References:" list of their own (often with invented entries). All of it is rewritten or removed here,
before validation, so only markers we checked ever reach a client.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A list of source numbers inside one bracket: "1", "1, 2", "1;2", "1-3", "1 and 2", "Source 1, Source 2".
_NUM_LIST = (
    r"\d{1,3}(?:\s*(?:[,;]|and|&|[-–—])\s*(?:(?:sources?|refs?\.?|references?|docs?|"
    r"documents?|papers?)\s*[:#]?\s*)?\d{1,3})*"
)
_LABEL = r"(?:sources?|refs?\.?|references?|docs?|documents?|papers?|citations?)\s*[:#]?\s*"
# Square (ASCII, fullwidth) and lenticular brackets; the label is optional in brackets.
_BRACKETED = re.compile(rf"(?:\[|［|【|〔)\s*(?:\^|{_LABEL})?({_NUM_LIST})\s*(?:\]|］|】|〕)", re.IGNORECASE)
# In parentheses only with a label: "(Source 1)", "(source: 1, 2)".
_LABELLED_PAREN = re.compile(rf"[(（]\s*{_LABEL}({_NUM_LIST})\s*[)）]", re.IGNORECASE)
# A bare "(1)" / "(1, 2)" directly after a word and before punctuation or the end of a line: a citation, unless
# the text uses "(n)" as enumeration labels or it follows a word that names an equation, step or figure.
_BARE_PAREN = re.compile(r"(?<=[\w%)\]])(\s*)\((\d{1,2}(?:\s*,\s*\d{1,2})*)\)(?=\s*(?:[.;,!?:]|$))", re.MULTILINE)
_ENUM_LABEL = re.compile(r"(?:^|[:;,]\s*|\s(?:and|or)\s+)\(\d{1,2}\)\s+[A-Za-z]", re.MULTILINE)
_NOT_CITATION_BEFORE = re.compile(
    r"(?:\b(?:eq|eqs|equation|equations|step|steps|stage|fig|figure|table|item|case|line|formula|condition|phase|part|section|lemma|theorem)\.?\s*|[=+\-*/^<>]\s*)$",
    re.IGNORECASE,
)
_RANGE_LIMIT = 12  # "[1-40]" is not a citation of forty sources

# A heading that opens the model's own bibliography.
_REF_HEADING = re.compile(
    r"^\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*(?:references?|sources?(?: used| cited)?|"
    r"bibliography|works cited|citations?|cited (?:works|papers|sources))\s*(?:\*\*|"
    r"__)?\s*:?\s*(?:\*\*|__)?\s*$",
    re.IGNORECASE,
)
_ENTRY_START = re.compile(r"^\s*(?:[-*•]\s*)?(?:\[\^?\d{1,3}\]:?|\d{1,3}[.)]|\(\d{1,3}\))\s+")
_BIB_SIGNAL = re.compile(
    r"\bet al\b|\b(?:19|20)\d{2}\b|arxiv|doi[:.]|https?://|\b(?:proc(?:eedings)?|conference|journal|transactions|vol\.|pp\.|in:)\b"
    r"|\b(?:NeurIPS|NIPS|ICML|ICLR|CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|AAAI|IJCAI|KDD|SIGMOD|VLDB|PPoPP|HPDC|ICS|IPDPS)\b",
    re.IGNORECASE,
)
_APA_LINE = re.compile(r"^\s*(?:[-*•]\s*)?[A-Z][\w'’-]+,\s+(?:[A-Z]\.\s*)+.*\((?:19|20)\d{2}\)")
_MARKUP = re.compile(
    r"<(script|style|iframe|object)\b[^>]*>.*?</\1\s*>|</?[a-zA-Z][\w-]*(?:\s[^<>]*)?/?>", re.IGNORECASE | re.DOTALL
)


@dataclass
class Cleaned:
    """A model reply with canonical markers only, and what was taken out of it."""

    text: str
    reference_lines_removed: int = 0
    markup_removed: int = 0


def _numbers(listing: str) -> list[int]:
    out: list[int] = []
    for part in re.split(r"\s*(?:[,;]|\band\b|&)\s*", listing, flags=re.IGNORECASE):
        part = re.sub(_LABEL, "", part.strip(), flags=re.IGNORECASE).strip()
        if not part:
            continue
        m = re.fullmatch(r"(\d{1,3})\s*[-–—]\s*(\d{1,3})", part)
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            # A range only when it stays among the sources; else keep both ends (one is then invalid and counted).
            out += list(range(lo, hi + 1)) if 0 < lo <= hi and hi - lo < _RANGE_LIMIT else [lo, hi]
        elif part.isdigit():
            out.append(int(part))
    return out


def _canonical(numbers: list[int]) -> str:
    return "".join(f"[{n}]" for n in numbers)


def normalize(text: str, n_sources: int) -> str:
    """Rewrite every citation dialect to `[n]` markers (invalid numbers stay, to be dropped and counted later)."""
    text = _BRACKETED.sub(lambda m: _canonical(_numbers(m.group(1))), text)
    text = _LABELLED_PAREN.sub(lambda m: " " + _canonical(_numbers(m.group(1))), text)
    if not _ENUM_LABEL.search(text):

        def bare(m: re.Match) -> str:
            before = text[max(0, m.start() - 24) : m.start()]
            numbers = _numbers(m.group(2))
            if _NOT_CITATION_BEFORE.search(before) or not all(1 <= n <= n_sources for n in numbers):
                return m.group(0)  # an equation number, a step, or a number that is no source: not ours to read
            return m.group(1) + _canonical(numbers)

        text = _BARE_PAREN.sub(bare, text)
    return re.sub(r"[ \t]+(\[\d{1,3}\])", r" \1", text)


def is_bibliography_line(line: str) -> bool:
    """A line that reads as a bibliography entry: "[2] Smith et al. Title. NeurIPS 2023." or an APA entry."""
    if _APA_LINE.match(line):
        return True
    m = _ENTRY_START.match(line)
    if not m:
        return False
    rest = line[m.end() :]
    # An entry names a work; an answer line that opens with a marker makes a claim. Venue, year, "et al.", a link.
    return bool(_BIB_SIGNAL.search(rest)) and not re.search(
        r"\b(?:is|are|was|were|uses|proposes|shows|achieves|reaches)\b", rest
    )


def strip_references(text: str) -> tuple[str, int]:
    """Remove a trailing references block (heading and its entries) and bibliography-like lines anywhere."""
    lines = text.split("\n")
    kept: list[str] = []
    removed = 0
    in_block = False
    for line in lines:
        if _REF_HEADING.match(line):
            in_block, removed = True, removed + 1
            continue
        if in_block:
            if (
                not line.strip()
                or _ENTRY_START.match(line)
                or is_bibliography_line(line)
                or re.match(r"^\s*[-*•]\s+", line)
            ):
                removed += bool(line.strip())
                continue
            in_block = False  # prose after the list: the block has ended
        if is_bibliography_line(line):
            removed += 1
            continue
        kept.append(line)
    return "\n".join(kept).strip(), removed


def clean(text: str, n_sources: int) -> Cleaned:
    """Markup out, dialects normalised, the model's own reference list removed: the text ready for validation."""
    markup = len(_MARKUP.findall(text))
    text = _MARKUP.sub("", text)
    text = normalize(text, n_sources)
    text, removed = strip_references(text)
    return Cleaned(text=text, reference_lines_removed=removed, markup_removed=markup)


_SCRUB = [
    _MARKUP,
    _BRACKETED,
    _LABELLED_PAREN,
    re.compile(r"[(（]\s*\d{1,3}(?:\s*,\s*\d{1,3})*\s*[)）]"),
    re.compile(r"[\[【［〔]\s*\^?[A-Za-z]{0,12}\.?\s*[:#]?\s*\d[\d\s,;–—&-]*[\]】］〕]"),
]
_CLOSER = {"[": "]", "【": "】", "［": "］", "〔": "〕", "(": ")", "（": "）", "<": ">"}


def scrub(text: str) -> str:
    """Text with every marker-like span and markup removed (for previews that are not checked)."""
    for pattern in _SCRUB:
        text = pattern.sub("", text)
    return text


class TokenFilter:
    """Streams a reply's tokens with every marker-like span dropped, bibliography lines withheld, and nothing after
    a references heading.

    Tokens are a preview (the checked text comes with the final event), but no marker the check has not validated
    may reach a client. Work is per line: a line that may become a heading or an entry is held until it ends, and
    text after an unclosed bracket waits for the bracket to close.
    """

    _HOLD = 48  # characters held at most while a bracket is open

    def __init__(self) -> None:
        self._buf = ""  # the current, unfinished line
        self._sent = 0  # characters of the scrubbed current line already emitted
        self._stopped = False

    def feed(self, piece: str) -> str:
        if self._stopped:
            return ""
        self._buf += piece
        return self._drain(final=False)

    def finish(self) -> str:
        return "" if self._stopped else self._drain(final=True)

    def _drain(self, final: bool) -> str:
        out = []
        while "\n" in self._buf and not self._stopped:
            line, self._buf = self._buf.split("\n", 1)
            out.append(self._line_done(line, newline=True))
        if self._stopped:
            self._buf = ""
            return "".join(out)
        line = self._buf
        if final:
            out.append(self._line_done(line, newline=False))
            self._buf = ""
        elif not self._maybe_special(line):
            text = scrub(line[: self._safe_cut(line)])
            out.append(text[self._sent :])
            self._sent = max(self._sent, len(text))
        return "".join(out)

    def _line_done(self, line: str, newline: bool) -> str:
        sent, self._sent = self._sent, 0
        if _REF_HEADING.match(line):
            self._stopped = True
            return ""
        if is_bibliography_line(line):
            return ""
        return scrub(line)[sent:] + ("\n" if newline else "")

    @staticmethod
    def _maybe_special(line: str) -> bool:
        """Could this unfinished line still turn out to be a references heading or a bibliography entry?"""
        if _ENTRY_START.match(line) or re.match(r"^\s*(?:[-*•]\s*)?(?:\[\^?\d*|\d{1,3}[.)]?|\(\d*)$", line):
            return True
        return len(line) < 40 and bool(re.fullmatch(r"[#*_\s]*[A-Za-z ]*:?[*_\s]*", line))

    def _safe_cut(self, line: str) -> int:
        for i in range(len(line) - 1, max(-1, len(line) - self._HOLD - 1), -1):
            ch = line[i]
            if ch in _CLOSER and _CLOSER[ch] not in line[i + 1 :]:
                return i
        return len(line)
