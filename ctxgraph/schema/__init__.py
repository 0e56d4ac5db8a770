"""The shipped JSON Schema of the state JSON, generated from the pydantic models.

``python -m ctxgraph.schema`` rewrites ``state.schema.json`` beside this file;
a test fails when the shipped file is not what the models generate.

>>> schema = load_state_schema()
>>> schema["properties"]["schema"]["const"]
'ctxgraph.state/1'
"""

from __future__ import annotations

import json
from pathlib import Path

SCHEMA_FILE = Path(__file__).with_name("state.schema.json")


def generate_state_schema() -> dict:
    """The JSON Schema of :class:`ctxgraph.State`, as serialised (by alias)."""
    from .._state import State

    schema = State.model_json_schema(by_alias=True, mode="serialization")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "ctxgraph.state/1"
    return schema


def load_state_schema() -> dict:
    """The shipped schema file."""
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def main() -> None:
    SCHEMA_FILE.write_text(json.dumps(generate_state_schema(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {SCHEMA_FILE}")


if __name__ == "__main__":
    main()
