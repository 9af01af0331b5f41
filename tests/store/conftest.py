"""The store tests run against both backends: SQLite, and a real PostgreSQL
server the tests start (tests/pg_server.py)."""

from tests.pg_server import postgres_server, store, store_url  # noqa: F401  (fixtures)
