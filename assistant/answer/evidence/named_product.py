"""A class noun the claim puts after a name ("Huawei accelerators", "NVIDIA GPUs") met by a sentence that names a
product of that name instead ("4096 Huawei Ascend 910", "NVIDIA Tesla T4"): a vendor's product is named for the vendor,
so the sentence states the class without saying its word."""

from __future__ import annotations

import re

# "Huawei AI accelerators": the name, at most two words between it and the class noun (a qualifier such as "AI").
_BETWEEN = 2
_TOKEN = re.compile(r"[A-Za-z0-9][\w.-]*")
# A class noun written as a plural acronym ("GPUs", "NPUs"): a class, not a product's name.
_CLASS_ACRONYM = re.compile(r"[A-Z]{2,5}s")


def _is_name(token: str) -> bool:
    """A word written as a name: a capital after the first letter or at its start, or a digit ("Ascend", "910")."""
    return token[0].isupper() or any(c.isdigit() for c in token)


def class_words(claim: str, sentence: str) -> set[str]:
    """The claim's class nouns (lower case, after a name) that the sentence meets by naming a product of that name:
    the name as written, then a name-like word the claim does not say ("Huawei Ascend" for "Huawei accelerators")."""
    tokens = _TOKEN.findall(claim)
    said = {t.casefold() for t in tokens}
    written = _TOKEN.findall(sentence)
    out = set()
    for i, name in enumerate(tokens):
        if not name[0].isupper() or i == 0:
            continue  # the question's first word is capitalised as a sentence's
        products = [
            written[j + 1]
            for j, w in enumerate(written[:-1])
            if w == name and _is_name(written[j + 1]) and written[j + 1].casefold() not in said
        ]
        if not products:
            continue
        for word in tokens[i + 1 : i + 2 + _BETWEEN]:
            if (word.islower() and word.isalpha()) or _CLASS_ACRONYM.fullmatch(word):
                out.add(word.casefold())
                break
    return out


def held(claim: str, word: str, sentences: list[str]) -> bool:
    """Some sentence meets the claim's class noun `word` by naming a product of the name before it."""
    return any(word.casefold() in class_words(claim, s) for s in sentences)
