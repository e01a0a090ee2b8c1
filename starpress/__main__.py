"""`python -m starpress` runs the command line."""

from starpress.cli import main

main()
