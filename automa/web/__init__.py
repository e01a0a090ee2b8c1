"""The browser bridge: a bot game on a Play page, and the data the page is given."""
