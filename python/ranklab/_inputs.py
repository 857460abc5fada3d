"""In-memory inputs (pandas DataFrames, dicts of numpy arrays) for the
engine's readers: written once to a temporary TSV file with a header
(user, item, value), which the engine then reads as it reads any file."""
import os
import tempfile

import numpy as np


class _TempFile:
    def __init__(self, path):
        self.path = path

    def cleanup(self):
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass


def _columns(data, value):
    """(user, item, value) as three arrays, from a DataFrame or a dict."""
    if hasattr(data, "columns"):
        cols = list(data.columns)
        get = lambda name: data[name].to_numpy()
    else:
        cols = list(data.keys())
        get = lambda name: np.asarray(data[name])
    missing = [c for c in ("user", "item") if c not in cols]
    if missing:
        raise ValueError(f"in-memory input: columns {missing} missing (expected user, item"
                         f"{', ' + value if value else ''})")
    if value is None:
        return get("user"), get("item"), None
    if value not in cols:
        other = [c for c in ("grade", "score", "rel", "relevance") if c in cols]
        if not other:
            raise ValueError(f"in-memory input: column {value!r} missing (expected user, item, {value})")
        value = other[0]
    return get("user"), get("item"), get(value)


def input_path(data, value, keep):
    """A path the engine can read for `data` (a path already, or a temporary file kept in `keep`)."""
    if isinstance(data, (str, bytes)) or hasattr(data, "__fspath__"):
        return os.fsdecode(data)
    users, items, values = _columns(data, value)
    fd, path = tempfile.mkstemp(suffix=".tsv", prefix="ranklab-")
    keep.append(_TempFile(path))
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
        out.write("user\titem" + ("\t" + (value or "value") if values is not None else "") + "\n")
        if values is None:
            for u, i in zip(users, items):
                out.write(f"{u}\t{i}\n")
        else:
            for u, i, v in zip(users, items, values.astype(np.float64)):
                out.write(f"{u}\t{i}\t{float(v)!r}\n")
    return path
