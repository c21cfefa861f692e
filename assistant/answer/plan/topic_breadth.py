"""An alternative of a topic that is no narrowing: "classifying sea ice (ice types or concentration)" read as
"classifying sea ice or ice or concentration …" in a corpus where nearly every paper says "ice", or "systems and
methods for training LLMs" read with "systems models" as one alternative. A list or example in the question should
widen the topic to any of its items, never let one ordinary item take in most of the scope: an alternative whose own
papers are more than BROAD_SHARE of the scope, beside others that are narrower and ground a paper, is dropped, and
the answer says so in one line. The decision is relative to the scope (a share of its papers), not a word list.
"""

from __future__ import annotations

import re

from assistant.models import Paper

# The share of the scope's papers above which one alternative of several is no narrowing. On the summary items of
# r20-r26 the broadest alternative the expected papers needed grounded 7 of 29 papers (0.24: "quantization" for model
# compression); the misread ones grounded 14 of 29 ("systems models", 0.48) and 20 of 22 ("ice", 0.91).
BROAD_SHARE = 0.4
# Below this many papers in scope a share says little (two of four papers is half), so nothing is dropped.
SCOPE_MIN = 8


def alternatives(topic: str) -> list[str]:
    return [a.strip() for a in re.split(r"\s+or\s+", topic.strip()) if a.strip()]


def narrowed(topics, topic: str, pool: list[Paper]) -> tuple[str, str]:
    """The topic less its alternatives that each take in more than BROAD_SHARE of the pool, when at least one other
    alternative grounds a paper, and the sentence saying what was left out; (topic, "") when nothing is."""
    alts = alternatives(topic)
    if len(alts) < 2 or len(pool) < SCOPE_MIN:
        return topic, ""
    counts = {a: len(topics.papers_on(a, pool, scored=False)) for a in alts}
    broad = [a for a in alts if counts[a] > BROAD_SHARE * len(pool)]
    kept = [a for a in alts if a not in broad]
    if not broad or not any(counts[a] for a in kept):
        return topic, ""
    said = " or ".join(f"“{a}”" for a in broad)
    most = max(counts[a] for a in broad)
    text = f"I left out {said} as a reading of the topic: it fits {most} of the {len(pool)} papers in scope."
    return " or ".join(kept), text
