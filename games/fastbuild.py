"""Frozen pydantic models built without validation, for the rules engines' hot paths.

Validating a state, player, move or event costs more than the rule that makes it, and the engines
make thousands per game. `build`, `replace` and `event` skip validation, so the values they are
given must already be exactly what validation would produce: every field present, each of its
field's type (tuples where the model says tuple, models not dicts). Nothing here checks that; the
engines' tests do, by comparing states with their own JSON round trip (golden records,
conformance), so a value of the wrong type shows up there as an inequality.

Callers on a hot path import these names directly (`from games.fastbuild import build`): the
functions set the model's slots through pydantic's own descriptors, bound once at import, which
is cheaper than `object.__setattr__` by name and than `model_construct`.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

from games.base import Event

ModelT = TypeVar("ModelT", bound=BaseModel)

# The slots of a pydantic model, set through their descriptors (cheaper than setattr by name).
_new = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


@cache
def _all_fields(cls: type[BaseModel]) -> set[str]:
    return set(cls.model_fields)


def build(cls: type[ModelT], values: dict[str, Any]) -> ModelT:
    """An instance of a frozen model from values the engine knows are valid, skipping validation.

    `values` must hold every field, each of the type validation would give it (tuples where the
    model says tuple), so that the instance equals its own JSON round trip; the engines' tests
    (golden records, conformance round trips) check exactly that. The dict becomes the model's
    own: do not change it afterwards.
    """
    model: ModelT = _new(cls)
    _set_dict(model, values)
    # Every field is set: one shared set per class. Pydantic never changes a frozen model's set
    # in place (model_copy copies it first).
    _set_fields_set(model, _all_fields(cls))
    _set_extra(model, None)
    _set_private(model, None)
    return model


def replace(model: ModelT, **changes: Any) -> ModelT:
    """A copy of a frozen model with some fields changed (already valid), skipping validation.

    What `model.model_copy(update=changes)` gives, without its generic copying.
    """
    values = model.__dict__.copy()
    values.update(changes)
    return build(type(model), values)


def event(kind: str, seat: str | None = None, private_to: str | None = None, **data: Any) -> Event:
    """An `Event` built without validation (its values already of their fields' types)."""
    return build(Event, {"kind": kind, "seat": seat, "private_to": private_to, "data": data})
