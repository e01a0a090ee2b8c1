"""The rules site: pages (views, Markdown), build, serve, publish, the Play pages' files."""
