"""Building frozen models without validation on the rules' hot path.

`make(cls, values)` is what `cls.model_construct(**values)` does for a model whose every field
is given, at a third of the cost: a move, player or event is built thousands of times per game.
Callers pass every field, already of the right type (tuples, not lists).
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
_new = object.__new__
_set = object.__setattr__


def make(cls: type[M], values: dict[str, Any]) -> M:
    obj: M = _new(cls)
    _set(obj, "__dict__", values)
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj
