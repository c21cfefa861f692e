"""What every command shares: `settings_for(args)`, `open_assistant(args)`, and the filters read as the API does."""

from __future__ import annotations

import sys
from pathlib import Path

from assistant.errors import BadRequest
from assistant.models import Filters

YEARS = (1900, 2100)  # the range the HTTP API accepts (api/schemas/common.py FiltersIn)


def read_filters(args) -> Filters:
    """The filter options, read as the API reads them: years out of range refused, a reversed pair read as its range."""
    year_from, year_to = getattr(args, "year_from", None), getattr(args, "year_to", None)
    for name, year in (("year_from", year_from), ("year_to", year_to)):
        if year is not None and not YEARS[0] <= year <= YEARS[1]:
            raise BadRequest(f"{name} ({year}) must be between {YEARS[0]} and {YEARS[1]}.")
    if year_from is not None and year_to is not None and year_from > year_to:
        # As the API reads it (FiltersIn): the range the two years span, said so rather than refused.
        print(
            f"note: --year-from {year_from} is after --year-to {year_to}: reading the years {year_to}-{year_from}.",
            file=sys.stderr,
        )
        year_from, year_to = year_to, year_from
    return Filters(
        author_only=True if getattr(args, "author_only", False) else None,
        year_from=year_from,
        year_to=year_to,
        coauthor=getattr(args, "coauthor", None),
    )


def settings_for(args):
    """The settings, with the store directory `--store` names (when given) in place of the configured one."""
    from assistant.settings import Settings

    overrides = {}
    if getattr(args, "store", None):
        overrides["store_dir"] = Path(args.store)
    return Settings(**overrides)


def open_assistant(args):
    """The one Assistant over the store `--store` names (or the configured one)."""
    from assistant.core import Assistant

    return Assistant.from_settings(settings_for(args))
