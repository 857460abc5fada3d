"""Exact sharded evaluation on a Dask cluster.

Users are split into 4096 buckets by a fixed hash of their id
(ranklab.bucket_of); each task evaluates the users of some bucket ranges
with the C++ engine on a worker and returns a partial state (exact sums,
a few KB); the client merges them. The result is the single-process result
bit for bit, whatever the number of workers or tasks.

Inputs (any one):

* paths of whole files that every worker can read (a shared file system):
  evaluate(client, "qrels.tsv", {"a": "a.tsv"}, shards=8) -- each task reads
  the files and keeps its bucket range;
* files per bucket range: evaluate(client, None, None, shards=[{"buckets":
  "0:2048", "qrels": ..., "runs": {"a": ...}, "exclude": ...}, ...]) -- each task reads
  only its files, which hold the users of its buckets (and may hold others:
  they are dropped);
* Dask DataFrames (columns user, item, grade / score) partitioned with
  partition_by_bucket(), all with the same shard count:
  evaluate(client, qrels_ddf, {"a": run_ddf}).
"""
import dask
import numpy as np

from . import BUCKETS, buckets_of
from . import evaluate as _evaluate
from . import merge as _merge

__all__ = ["bucket_ranges", "partition_by_bucket", "evaluate"]


def bucket_ranges(shards):
    """`shards` contiguous "a:b" ranges of nearly equal size covering 0:4096."""
    shards = int(shards)
    if not 1 <= shards <= BUCKETS:
        raise ValueError(f"shards must be in 1..{BUCKETS}, got {shards}")
    edges = [i * BUCKETS // shards for i in range(shards + 1)]
    return [f"{a}:{b}" for a, b in zip(edges[:-1], edges[1:])]


def _divisions(shards):
    edges = [i * BUCKETS // int(shards) for i in range(int(shards) + 1)]
    return edges[:-1] + [BUCKETS - 1]  # Dask's last division is inclusive


def _with_bucket(part):
    # Module level: workers import it by name (the engine's functions do not pickle).
    part = part.copy()
    part["bucket"] = buckets_of([str(u) for u in part["user"].to_numpy()]).astype(np.int64)
    return part


def partition_by_bucket(ddf, shards):
    """A Dask DataFrame with a user column, indexed by user bucket and
    range-partitioned into `shards` partitions: partition i holds the users
    of bucket_ranges(shards)[i]. Give every input the same `shards`."""
    meta = ddf._meta.assign(bucket=np.int64(0))
    return ddf.map_partitions(_with_bucket, meta=meta).set_index("bucket", divisions=_divisions(shards))


def _shard_partial(qrels, runs, buckets, options):
    # Runs on a worker: the C++ engine evaluates the users of `buckets`.
    if hasattr(qrels, "reset_index"):
        qrels = qrels.reset_index(drop=True)
        runs = {name: r.reset_index(drop=True) for name, r in runs.items()}
    return _evaluate(qrels, runs, buckets=buckets, **options).partial()


def evaluate(client, qrels, runs, metrics=("hr", "precision", "recall", "ndcg", "ap", "rr"), shards=None,
             format="json", digits=4, timeout=None, **options):
    """Evaluates on `client`'s workers and merges on the client.

    Returns the text `ranklab-cli eval --format FORMAT` prints for the
    whole data (format=None: the merged partial state, JSON). `options` are
    evaluate()'s (cutoffs, ties, users, rel, exclude, threads, formats).
    """
    options = dict(options, metrics=list(metrics) if not isinstance(metrics, str) else [metrics])
    if isinstance(runs, str) or hasattr(runs, "__fspath__") or hasattr(runs, "npartitions"):
        runs = {"run": runs}
    if hasattr(qrels, "npartitions"):  # Dask DataFrames, partitioned by partition_by_bucket()
        names = list(runs)
        parts = [qrels.to_delayed()] + [runs[n].to_delayed() for n in names]
        count = len(parts[0])
        if any(len(p) != count for p in parts) or list(qrels.divisions) != _divisions(count):
            raise ValueError("Dask inputs must come from partition_by_bucket() with the same shard count")
        ranges = bucket_ranges(count)
        tasks = [dask.delayed(_shard_partial)(parts[0][i], {n: parts[1 + j][i] for j, n in enumerate(names)},
                                              ranges[i], options) for i in range(count)]
        futures = client.compute(tasks)
    elif isinstance(shards, (list, tuple)):  # files per bucket range
        futures = [client.submit(_shard_partial, s["qrels"], s["runs"], s["buckets"],
                                 dict(options, **({"exclude": s["exclude"]} if "exclude" in s else {})), pure=False)
                   for s in shards]
    else:  # whole files every worker reads
        ranges = bucket_ranges(shards or len(client.scheduler_info()["workers"]) or 1)
        futures = [client.submit(_shard_partial, qrels, runs, r, options, pure=False) for r in ranges]
    partials = client.gather(futures) if timeout is None else [f.result(timeout=timeout) for f in futures]
    if format is None:
        from . import merge_states
        return merge_states(partials)
    return _merge(partials, format, digits)
