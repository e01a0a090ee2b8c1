"""The typer commands, one module per group: each parses its options and calls a function a
test can call too (`starpress.cli.app` puts them together)."""
