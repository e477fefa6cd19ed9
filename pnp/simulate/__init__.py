"""The balance lab: plan a simulation (`plan`), play it in chunks on local processes or Dask
(`run`), stream the games into exact tallies (`tally`, `stats`), and report them as numbers,
a terminal table (`report`) and an HTML page with charts (`charts`)."""
