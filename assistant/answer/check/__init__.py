"""Step 4, check: every claim and [n] marker of an answer against the papers it cites."""
