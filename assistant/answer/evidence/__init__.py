"""Step 2, evidence: the papers and sentences a planned question is answered from."""
