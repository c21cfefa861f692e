"""Every author name of the corpus by its folded forms (full name, surname first, initials, surname alone), and the
people a question names found by looking them up in its words (people.py reads their roles)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from assistant.answer.plan.people import _LONGEST, _TOKEN, Mention, _key, folded, same_person


class PersonIndex:
    """Every author name of the corpus by its folded forms: full name, surname first, initials, surname alone."""

    def __init__(self, forms: dict[str, list[str]], principal: str):
        self.forms = forms
        self.principal = principal

    @classmethod
    def of(cls, names: Iterable[str], principal: str) -> PersonIndex:
        forms: dict[str, set[str]] = {}
        people = sorted({n for n in names if n and n.strip()} | ({principal} if principal else set()), key=len)
        for name in reversed(people):  # longest first: "Jörg Müller" is who "J. Müller" stands for
            for form in _forms_of(name):
                forms.setdefault(form, set()).add(name)
        return cls({f: sorted(ns) for f, ns in forms.items()}, principal)

    def state(self) -> dict:
        return {"forms": self.forms, "principal": self.principal}

    @classmethod
    def from_state(cls, state: dict) -> PersonIndex:
        return cls(state["forms"], state["principal"])

    def who(self, form: str, whole_name: bool) -> str | None:
        """The one person a folded form names, or None when it names nobody or several people. A surname several
        people share names the principal author when the principal is one of them."""
        names = self.forms.get(form)
        if not names:
            return None
        longest = max(names, key=len)
        if all(same_person(n, longest) for n in names):  # one pass: a common surname may have hundreds of owners
            return longest
        mine = [n for n in names if same_person(n, self.principal)]
        return max(mine, key=len) if mine and not whole_name else None

    def mentions(self, question: str, ordinary: Callable[[str], bool] = lambda w: False) -> list[Mention]:
        """The people the question names, in its order, longest match first. A single word names a person only as
        a surname (or one-word name) of the index; typed in lower case, only when `ordinary` says it is no word."""
        tokens = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(question)]
        plain = [_key(t) for _, _, t in tokens]
        taken = [False] * len(tokens)
        found: list[Mention] = []
        for n in range(min(_LONGEST, len(tokens)), 0, -1):
            for i in range(len(tokens) - n + 1):
                if any(taken[i : i + n]):
                    continue
                key = " ".join(plain[i : i + n])
                if n == 1 and (len(key) < 3 or (_unmarked(question, tokens[i]) and ordinary(key))):
                    continue
                who = self.who(key, whole_name=n > 1)
                if who is None:
                    continue
                start, end = tokens[i][0], tokens[i + n - 1][1]
                found.append(Mention(who, start, end, question[start:end]))
                taken[i : i + n] = [True] * n
        return sorted(found, key=lambda m: m.start)


def _unmarked(question: str, token: tuple[int, int, str]) -> bool:
    """A word not marked as a name: in lower case, or capitalised only as the first of a sentence ("Long papers?")."""
    start, _, word = token
    return word.islower() or not question[:start].strip() or question[:start].rstrip()[-1:] in ".?!:;"


def _forms_of(name: str) -> set[str]:
    """The folded forms a question may name a person by."""
    out: set[str] = set()
    for full in folded(name):
        words = full.split()
        if not words:
            continue
        out.add(full)
        if len(words) >= 2:
            given, last = words[:-1], words[-1]
            out.add(" ".join([last, *given]))  # "Müller Jörg", "Tanaka Keiko"
            out.add(" ".join([*(g[0] for g in given), last]))  # "J. Müller", "K. Tanaka"
            out.add(" ".join([given[0][0], last]))
            for k in range(1, len(words)):  # "Müller", and a surname of several words: "García López", "van Dijk"
                out.add(" ".join(words[k:]))
    return out


# --- one constraint per person ----------------------------------------------------------------------------------------
