"""The core: the content model, loading, texts, catalogs, errors and limits; imports nothing of ours
above it."""
