"""Step 1, plan: read a turn (question + history) into one typed QueryPlan."""
