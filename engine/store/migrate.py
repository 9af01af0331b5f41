"""Copy a whole Agora database from one store to another, row for row:
SQLite to PostgreSQL (moving to production) and back (a local copy).

    agora migrate-db --from agora.sqlite3 --to postgresql://agora@db-host/agora
    python -m engine.store.migrate --from ... --to ...

Both ends are opened with ``open_store``, so both have the newest schema
(each migrated to the last version of its dialect; the numbering is the same).
Every table is copied with its ids as they are, parents before the tables
that reference them, in batches; PostgreSQL's id sequences are then moved
past the largest id. The target must be empty: a copy never merges. Stop the
bot while copying: rows written meanwhile might be left out (each table is
read from a snapshot of its own). At the end the row counts of every table
are compared, and any difference is an error.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from engine.store import Store, open_store
from engine.store.rows import topological


class MigrationError(Exception):
    """The copy cannot be made, or did not come out whole."""


async def copy_database(source: Store, target: Store, *, batch_size: int = 5000) -> dict[str, int]:
    """Copy every row of ``source`` into the empty ``target``; returns the rows
    copied per table. Raises MigrationError when the schemas differ, the
    target holds data, or the counts do not match afterwards."""
    source_version, target_version = await source.schema_version(), await target.schema_version()
    if source_version != target_version:
        raise MigrationError(
            f"schema versions differ: {source.path} is at {source_version}, {target.path} at {target_version}"
        )
    tables, target_tables = await source.table_columns(), await target.table_columns()
    if {t: set(c) for t, c in tables.items()} != {t: set(c) for t, c in target_tables.items()}:
        raise MigrationError(
            f"the two databases have different tables or columns: {sorted(tables)} against {sorted(target_tables)}"
        )
    for table in tables:
        rows = await target.count_rows(table)
        if rows:
            raise MigrationError(
                f"{target.path} is not empty ({table} has {rows} rows): copy only into an empty database"
            )
    for table in topological(await source.table_references()):
        columns = tables[table]
        async for batch in source.export_rows(table, columns, batch_size):
            await target.import_rows(table, columns, batch)
    copied: dict[str, int] = {}
    for table in tables:
        expected, found = await source.count_rows(table), await target.count_rows(table)
        if expected != found:
            raise MigrationError(f"{table}: {expected} rows in {source.path}, {found} copied to {target.path}")
        copied[table] = found
    return copied


async def migrate(source_where: str, target_where: str) -> dict[str, int]:
    """Open both stores by their ``AGORA_DB`` form and copy the first into the second."""
    if source_where == target_where:
        raise MigrationError("the source and the target are the same database")
    source = await open_store(source_where)
    try:
        target = await open_store(target_where)
        try:
            return await copy_database(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="agora migrate-db", description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", required=True, help="a SQLite file or a postgresql:// URL")
    parser.add_argument("--to", dest="target", required=True, help="an empty database: file or URL")
    args = parser.parse_args(argv)
    try:
        copied = asyncio.run(migrate(args.source, args.target))
    except MigrationError as error:
        print(f"migrate-db: {error}", file=sys.stderr)
        return 1
    for table, rows in sorted(copied.items()):
        print(f"{table:>16}: {rows} rows")
    print(f"copied {sum(copied.values())} rows; every table's count matches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
