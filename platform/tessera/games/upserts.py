"""INSERT ... ON CONFLICT for the two databases Tessera runs on (both speak it): a member's
favourite or recent game is written once however many requests add it at the same moment."""
from sqlalchemy.dialects import postgresql, sqlite


def insert_or_update(db, model, values: dict, conflict: tuple[str, ...], changes: dict | None = None) -> None:
    """Insert ``values``; where a row with the same ``conflict`` columns exists, set ``changes``
    on it instead (nothing when ``changes`` is None)."""
    dialect = postgresql if db.get_bind().dialect.name == "postgresql" else sqlite
    statement = dialect.insert(model).values(**values)
    if changes:
        statement = statement.on_conflict_do_update(index_elements=list(conflict), set_=changes)
    else:
        statement = statement.on_conflict_do_nothing(index_elements=list(conflict))
    db.execute(statement)
