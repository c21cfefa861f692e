"""What the corpus's own sentences say a name is: "Sentinel-1 SAR" (Sentinel-1 is a SAR), "a U-Net convolutional
network", "PolarSAR-FM, a foundation model". Read beside index/kinds.py's lists ("Y such as X"), into the same
relation (the kind's head term -> the names said to be one), so a question about a kind ("papers not using SAR",
"without neural networks") also reads the papers that write only the name, because the corpus says what the name is.

Two shapes are read, each with a name on the left: a name followed by a noun phrase naming what it is (juxtaposition:
"Sentinel-1 SAR", "A100 GPUs") and a name followed by ", a/an" and one (apposition). A name here is one instance of
a thing: a word with letters and digits ("Sentinel-1", "A100", "ResNet-50") or capitals inside it ("U-Net",
"LLaMA", "PolarSAR-FM"); an acronym of capitals alone ("SAR", "GPU", "LLM") is a class, whose noun after it says what
it is used for ("LLM quantization", "GPU kernels"), not what it is. For the same reason a juxtaposed noun phrase is
read as the name's kind only when it is said of one or more things: plural ("Sentinel-1 images"), itself a name
("Sentinel-1 SAR"), or after "a"/"an" ("a U-Net convolutional network"); "U-Net baseline" and "ResNet-50 accuracy"
say no kind.
"""

from __future__ import annotations

import re

from assistant.index.bm25 import terms

# A kind after a name is a short noun phrase: "SAR", "convolutional network", "radar altimeter waveforms".
MAX_NAMED_KIND_WORDS = 3
_NAME = r"(?:[A-Za-z]+[\w]*\d[\w]*(?:-\w+)*|[A-Za-z]*\d+[A-Za-z][\w-]*|[\w]*[a-z][\w]*[A-Z][\w-]*|[A-Z][\w]*-[\w-]+)"
# the phrase after a name is read ahead, not consumed: "Sentinel-1 and RADARSAT-2 images" reads both names
_JUXTAPOSED = re.compile(rf"(?P<article>\b(?:a|an)\s+)?(?<![\w-])(?P<name>{_NAME})(?![\w-])(?=\s+(?P<rest>[^.;:,()]+))")
_APPOSED = re.compile(rf"(?<![\w-])(?P<name>{_NAME}),\s+(?:a|an)\s+(?=(?P<rest>[^.;:,()]+))")
# Where a kind's noun phrase ends: a preposition, a conjunction, a clause or verb word.
_ENDS = set(
    """in with for to on of by from at into over under that which who whose where when while due as than via using
    and or but is are was were be been being has have had can could may might will would should it its this these
    their our we they not""".split()
)
_DIGITS = re.compile(r"\d")


def is_name(word: str) -> bool:
    """A word that names one thing: letters with digits ("Sentinel-1", "A100"), a capital inside a part ("LLaMA",
    "CryoSat", "PolarSAR-FM") or a part of one capital ("U-Net"); capitals alone ("SAR") are a class's acronym, and
    capitalised parts ("Sea-Ice", "Self-Attention" of a title) are title case."""
    if len(word) > 2 and word.endswith("s") and word[-2].isupper():
        word = word[:-1]  # an acronym's plural ("GPUs") is the acronym's class
    letters = [c for c in word if c.isalpha()]
    if letters and _DIGITS.search(word):
        return True
    if not any(c.islower() for c in letters):
        return False
    parts = [p for p in word.split("-") if p]
    return any(any(c.isupper() for c in p[1:]) or (len(p) == 1 and p.isupper()) for p in parts)


def _phrase(rest: str) -> list[str]:
    """The noun phrase at the start of `rest`, to where it ends (MAX_NAMED_KIND_WORDS words at most)."""
    words = []
    for w in rest.split():
        low = w.casefold()
        # a participle or a number goes on past the noun phrase ("a foundation model pretrained on …")
        if low in _ENDS or _DIGITS.fullmatch(w[:1]) or (len(words) and "-" not in w and low.endswith(("ed", "ing"))):
            break
        words.append(w)
        if len(words) == MAX_NAMED_KIND_WORDS:
            break
    return words


def head_term(phrase: str) -> str | None:
    """The term a kind is looked up by: the phrase's last word's first term, singular ("images" -> "image",
    "techniques" -> "technique"); index/kinds.py reads its fields' heads with it too."""
    ts = terms(phrase.split()[-1]) if phrase.split() else []
    if not ts:
        return None
    t = ts[0]
    if t.endswith("ies") and len(t) > 4:
        return t[:-3] + "y"
    return t[:-1] if t.endswith("s") and not t.endswith("ss") and len(t) > 3 else t


def _plural(word: str) -> bool:
    low = word.casefold()
    if len(word) > 2 and word.endswith("s") and word[-2].isupper():  # an acronym's plural: "GPUs", "LLMs"
        return True
    return len(low) > 3 and low.endswith("s") and not low.endswith(("ss", "us", "is"))


def mine_named(text: str) -> list[tuple[str, str]]:
    """(kind head, name) pairs one sentence states."""
    out = []
    for m in _JUXTAPOSED.finditer(text):
        if not is_name(m.group("name")):
            continue
        words = _phrase(m.group("rest"))
        # the phrase is the name's kind when said of things: plural, a name itself, or after "a"/"an"
        while words and not (m.group("article") or _plural(words[-1]) or words[-1].isupper() or is_name(words[-1])):
            words = words[:-1]  # "Sentinel-1 SAR images" keeps "SAR images"; "U-Net baseline" keeps nothing
        if words and not is_name(words[0]) and (head := head_term(" ".join(words))):
            out.append((head, m.group("name")))
    for m in _APPOSED.finditer(text):
        if is_name(m.group("name")) and (words := _phrase(m.group("rest"))) and (head := head_term(" ".join(words))):
            out.append((head, m.group("name")))
    return [(h, n) for h, n in out if h not in {t.casefold() for t in terms(n)}]


def closed(relations: dict[str, list[str]]) -> dict[str, list[str]]:
    """Each kind's names and kinds with the names said to be one of those ("SAR sensors such as Sentinel-1 …" and
    "a RADARSAT-2 SAR": both are sensors), one step, as the corpus's own words chain them."""
    out = {h: list(names) for h, names in relations.items()}
    for head, names in relations.items():
        for name in names:
            words = name.split()
            if len(words) == 1 and (more := relations.get(head_term(name) or "")):
                out[head] = list(dict.fromkeys([*out[head], *(m for m in more if m.casefold() != head)]))
    return out
