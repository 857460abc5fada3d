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

compare() takes the same inputs and prints what `ranklab-cli compare`
prints. Its bootstrap (intervals, test) takes two passes, its draws being
split between buckets by every bucket's user count: each task evaluates its
shard and keeps the evaluation on its worker (a future the client never
gathers); the client merges the first pass's bucket counts and hands them
to a second task per shard, run on the worker holding that evaluation: no
file is read twice.
"""
import os
import time

import dask
import numpy as np
from dask.sizeof import sizeof
from distributed import TimeoutError as _DaskTimeoutError
from distributed import wait

from . import BUCKETS, buckets_of
from . import bucket_sizes as _bucket_sizes
from . import evaluate as _evaluate
from . import merge as _merge
from . import merge_states as _merge_states

__all__ = ["bucket_ranges", "partition_by_bucket", "evaluate", "compare"]


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


def _shard_result(qrels, runs, buckets, options):
    # Runs on a worker: the C++ engine evaluates the users of `buckets`.
    if hasattr(qrels, "reset_index"):
        qrels = qrels.reset_index(drop=True)
        runs = {name: r.reset_index(drop=True) for name, r in runs.items()}
    return _evaluate(qrels, runs, buckets=buckets, **options)


def _shard_partial(qrels, runs, buckets, options):
    return _shard_result(qrels, runs, buckets, options).partial()


def _shard_compare_partial(qrels, runs, buckets, options, compare):
    return _shard_result(qrels, runs, buckets, options).compare_partial(**compare)


class _ShardEvaluation:
    """A shard's evaluation, kept on the worker that made it between compare's
    two passes (the engine's objects do not pickle). Should Dask still move
    it (a worker retiring gracefully, a replica asked for), it travels as its
    inputs and is evaluated again where it lands: the same values, the files
    read again. Its size for Dask is that of its inputs, so the scheduler
    weighs moving it as reading them again."""

    def __init__(self, qrels, runs, buckets, options):
        self._inputs = (qrels, runs, buckets, options)
        self.result = _shard_result(qrels, runs, buckets, options)

    def __reduce__(self):
        return (_ShardEvaluation, self._inputs)

    def __sizeof__(self):
        qrels, runs, _, options = self._inputs
        total = 0
        for x in [qrels, options.get("exclude")] + list(runs.values()):
            if isinstance(x, (str, bytes)) or hasattr(x, "__fspath__"):
                try:
                    total += os.path.getsize(x)
                except OSError:
                    pass
            elif x is not None:
                total += sizeof(x)
        return total


def _compare_shard(shard, compare, bucket_sizes=None):
    # Runs on the worker holding `shard` (a _ShardEvaluation): _on_holders().
    return shard.result.compare_partial(bucket_sizes=bucket_sizes, **compare)


def _on_holders(client, evaluations, timeout, *args):
    """[_compare_shard(e, *args) for e in evaluations], each run on the worker
    holding e (a strict restriction: Dask's work stealing does not move such
    a task, which would move e: evaluate it again). Should that worker leave
    (Dask then evaluates e again elsewhere), its task is submitted again
    without the restriction, which would otherwise wait for it forever."""
    who = client.who_has(evaluations)
    where = [list(who.get(e.key, ())) for e in evaluations]

    def submit(e, workers):
        pin = {"workers": workers, "allow_other_workers": False} if workers else {}
        return client.submit(_compare_shard, e, *args, pure=False, **pin)

    futures = [submit(e, w) for e, w in zip(evaluations, where)]
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        step = 1.0 if deadline is None else max(0.0, min(1.0, deadline - time.monotonic()))
        try:
            wait(futures, timeout=step)
            return client.gather(futures)
        except (TimeoutError, _DaskTimeoutError):
            if deadline is not None and time.monotonic() >= deadline:
                raise
        alive = set(client.scheduler_info()["workers"])
        for i, (e, f) in enumerate(zip(evaluations, futures)):
            if where[i] and not f.done() and alive.isdisjoint(where[i]):
                where[i] = []
                futures[i] = submit(e, [])


def _submit_shards(client, task, qrels, runs, shards, options, *extra):
    """One future per shard of task(qrels, runs, buckets, options, *extra) on the workers."""
    if isinstance(runs, str) or hasattr(runs, "__fspath__") or hasattr(runs, "npartitions"):
        runs = {"run": runs}
    if hasattr(qrels, "npartitions"):  # Dask DataFrames, partitioned by partition_by_bucket()
        names = list(runs)
        parts = [qrels.to_delayed()] + [runs[n].to_delayed() for n in names]
        count = len(parts[0])
        if any(len(p) != count for p in parts) or list(qrels.divisions) != _divisions(count):
            raise ValueError("Dask inputs must come from partition_by_bucket() with the same shard count")
        ranges = bucket_ranges(count)
        tasks = [dask.delayed(task)(parts[0][i], {n: parts[1 + j][i] for j, n in enumerate(names)}, ranges[i],
                                    options, *extra) for i in range(count)]
        return client.compute(tasks)
    if isinstance(shards, (list, tuple)):  # files per bucket range
        return [client.submit(task, s["qrels"], s["runs"], s["buckets"],
                              dict(options, **({"exclude": s["exclude"]} if "exclude" in s else {})), *extra,
                              pure=False)
                for s in shards]
    # whole files every worker reads
    ranges = bucket_ranges(shards or len(client.scheduler_info()["workers"]) or 1)
    return [client.submit(task, qrels, runs, r, options, *extra, pure=False) for r in ranges]


def _gather(client, futures, timeout):
    return client.gather(futures) if timeout is None else [f.result(timeout=timeout) for f in futures]


def evaluate(client, qrels, runs, metrics=("hr", "precision", "recall", "ndcg", "ap", "rr"), shards=None,
             format="json", digits=4, timeout=None, **options):
    """Evaluates on `client`'s workers and merges on the client.

    Returns the text `ranklab-cli eval --format FORMAT` prints for the
    whole data (format=None: the merged partial state, JSON). `options` are
    evaluate()'s (cutoffs, ties, users, rel, exclude, threads, formats).
    """
    options = dict(options, metrics=list(metrics) if not isinstance(metrics, str) else [metrics])
    partials = _gather(client, _submit_shards(client, _shard_partial, qrels, runs, shards, options), timeout)
    if format is None:
        return _merge_states(partials)
    return _merge(partials, format, digits)


_COMPARE_OPTIONS = ("correction", "alpha", "level")


def compare(client, qrels, runs, metrics=("hr", "precision", "recall", "ndcg", "ap", "rr"), shards=None,
            baseline=None, tests="t", bootstrap=True, resamples=10000, seed=42, format="json", digits=4,
            interval="t", timeout=None, **options):
    """Compares the models on `client`'s workers and merges on the client.

    Returns the text `ranklab-cli compare --format FORMAT` prints for the
    whole data with these options (format=None: the merged partial state,
    JSON), byte for byte. Inputs and `shards` as evaluate(); metrics must
    be per-user ones (set-level metrics have no compare partial state).
    baseline: a model name, None for the first, "all" for all pairs; tests:
    "t", "wilcoxon", "randomization", "bootstrap", comma-separated or a list.
    `options`: correction, alpha, level (compare's), and evaluate()'s
    (cutoffs, ties, users, rel, exclude, threads, formats).

    The bootstrap (bootstrap=True, or the bootstrap test) takes two passes
    over the shards; without it, one. timeout: seconds to wait for each
    pass (None: no limit).
    """
    tests = tests if isinstance(tests, str) else ",".join(tests)
    compare_options = {k: options.pop(k) for k in _COMPARE_OPTIONS if k in options}
    compare_options.update(baseline=baseline, tests=tests, bootstrap=bool(bootstrap), resamples=int(resamples),
                           seed=int(seed), threads=int(options.get("threads", 0)))
    options = dict(options, metrics=list(metrics) if not isinstance(metrics, str) else [metrics])
    if not (bootstrap or "bootstrap" in tests.split(",")):
        partials = _gather(client, _submit_shards(client, _shard_compare_partial, qrels, runs, shards, options,
                                                  compare_options), timeout)
    else:
        # Pass 1: every shard evaluated and kept on its worker; its state
        # gives its buckets' users. Any options' state carries them: the
        # cheapest (t test, no bootstrap) leaves the resampling to pass 2.
        evaluations = _submit_shards(client, _ShardEvaluation, qrels, runs, shards, options)
        try:
            wait(evaluations, timeout=timeout)
            counting = dict(compare_options, tests="t", bootstrap=False)
            sizes = _bucket_sizes(_on_holders(client, evaluations, timeout, counting))
            # Pass 2 on the same evaluations, with every bucket's users.
            partials = _on_holders(client, evaluations, timeout, compare_options, sizes)
        finally:
            for e in evaluations:  # the workers drop the evaluations
                e.release()
    if format is None:
        return _merge_states(partials)
    return _merge(partials, format, digits, interval)
