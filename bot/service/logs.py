"""Logging of a bot process: readable lines by default, or one JSON object per line
(`log_format = "json"`) with the table the record concerns, for journald or a log shipper."""

from __future__ import annotations

import contextvars
import json
import logging
import time
from typing import Literal

# The table being worked on in this task (each interaction and tick runs in its own task).
TABLE: contextvars.ContextVar[str | None] = contextvars.ContextVar("table", default=None)
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """One object per record: time (UTC, ISO 8601), level, logger, table, message."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        if record.exc_info:
            message += "\n" + self.formatException(record.exc_info)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        entry = {
            "time": f"{stamp}.{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "table": getattr(record, "table", None) or TABLE.get(),
            "message": message,
        }
        return json.dumps(entry, ensure_ascii=False)


def configure(level: str, log_format: Literal["text", "json"] = "text") -> None:
    """Set up the root logger once for this process."""
    handler = logging.StreamHandler()
    handler.setFormatter(
        JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT)
    )
    logging.basicConfig(level=level, handlers=[handler])  # no-op if already configured
