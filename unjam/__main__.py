"""`python -m unjam` is the same as the `unjam` console script."""

from unjam.cli import main

main()
