"""RankLab's engine from Python.

    import ranklab
    result = ranklab.evaluate("qrels.tsv", "run.tsv", ["ndcg@10", "recall@100"])
    result.means                 # {"run": {"ndcg@10": 0.41, "recall@100": 0.72}}
    result.per_user("run")       # numpy array (users x metrics), no copy
    result.format("json")        # what `ranklab-cli eval --format json` prints

qrels and run are file paths (any format ranklab-cli reads) or pandas
DataFrames / dicts of numpy arrays with columns user, item and grade (qrels) or
score (runs). Several runs: a dict {name: path or DataFrame}. Repeated runs of
a model (seeds, folds): {name: [path, path, ...]}; the model's per-user values
are then averaged over its runs (Result.runs has each run's means and the
spread between them), as ranklab-cli does for one NAME given to several --run.

A workbench session: evaluate(workspace="study.ranklab") reads its files and
evaluation settings, and compare() then starts from its comparison set-up
(baseline, test, correction, alpha, interval, min_effect): the text is the
window's Summary export and `ranklab-cli compare --workspace`'s, byte for byte.

Sharded evaluation: evaluate(..., buckets="0:2048").partial() gives a
partial state; merge([partial, ...]) prints what the whole evaluation
prints, byte for byte. ranklab.dask runs the shards on a Dask cluster.

Sharded compare: Result.compare_partial(...) of each bucket range, merged
by merge(). The t, Wilcoxon and randomization tests take one pass. The
bootstrap (bootstrap=True, or "bootstrap" in tests) takes two, since its
draws are split between buckets by every bucket's user count:

    shards = [evaluate(q, runs, metrics, buckets=b) for b in ("0:2048", "2048:4096")]
    first = [s.compare_partial(bootstrap=True) for s in shards]     # bootstrap pending
    sizes = bucket_sizes(first)                                     # every bucket's users
    second = [s.compare_partial(bootstrap=True, bucket_sizes=sizes) for s in shards]
    merge(second)        # what `ranklab-cli compare --format json` prints
"""
import warnings as _warnings

from . import _core
from ._inputs import input_path as _input_path
from ._core import BUCKETS, RankLabError, bucket_of, buckets_of, read_bucket_sizes

__all__ = ["evaluate", "merge", "merge_states", "bucket_sizes", "read_bucket_sizes", "bucket_of", "buckets_of",
           "BUCKETS", "RankLabError", "Result"]


class _Setup:
    """An argument left out: the workspace's choice, else the default."""

    def __repr__(self):
        return "<the workspace's, else the default>"


_SETUP = _Setup()
_DEFAULTS = dict(baseline=None, tests="t", correction="holm", alpha=0.05, interval="t", min_effect="")


class Result:
    """One evaluation: means, per-user values, report text, partial state."""

    def __init__(self, core):
        self._core = core

    models = property(lambda self: self._core.models, doc="model names, in order")
    metrics = property(lambda self: self._core.metrics, doc="canonical metric ids, the columns")
    users = property(lambda self: self._core.users, doc="averaged users' ids, the rows of per_user()")
    counts = property(lambda self: self._core.counts, doc="{'evaluated', 'run_only', 'qrels_only'}")
    means = property(lambda self: self._core.means, doc="{model: {metric: mean or set-level statistic}}")
    runs = property(lambda self: self._core.runs,
                    doc="repeated runs: {model: {'runs', 'means', 'mean', 'sd'}}; {} when each model has one run")

    def per_user(self, model=0):
        """Read-only float64 array (users x metrics) over the engine's buffer."""
        return self._core.per_user(model)

    def format(self, format="json", digits=4):
        """What `ranklab-cli eval --format FORMAT --digits DIGITS` prints."""
        return self._core.format(format, digits)

    def partial(self):
        """The mergeable partial state (JSON text) of this evaluation's buckets."""
        return self._core.partial()

    def compare(self, baseline=_SETUP, tests=_SETUP, correction=_SETUP, alpha=_SETUP, level=0.95, bootstrap=True,
                resamples=10000, seed=42, format="json", digits=4, interval=_SETUP, threads=0, min_effect=_SETUP):
        """What `ranklab-cli compare` prints for these options (baseline: a model
        name, None for the first, "all" for all pairs; tests: "t,wilcoxon", ...;
        min_effect: the smallest difference that matters, "0.01", "5%" or
        "ndcg@10=0.01,2%", as --min-effect).

        An argument left out takes the comparison set-up of the workspace this
        result was evaluated from (evaluate(workspace=...)), as `ranklab-cli
        compare --workspace` does, else its default: the first model as the
        baseline, tests "t", correction "holm", alpha 0.05, interval "t", no
        min_effect."""
        given = dict(baseline=baseline, tests=tests, correction=correction, alpha=alpha, interval=interval,
                     min_effect=min_effect)
        setup = self._core.workspace_setup or {}
        chosen = {key: (value if value is not _SETUP else setup.get(key, _DEFAULTS[key]))
                  for key, value in given.items()}
        args = _compare_args(chosen["baseline"], chosen["tests"], chosen["correction"], chosen["alpha"], level,
                             bootstrap, resamples, seed, threads)
        args.min_effect = chosen["min_effect"]
        return self._core.compare(args, format, digits, chosen["interval"])

    def compare_partial(self, baseline=None, tests="t", correction="holm", alpha=0.05, level=0.95, bootstrap=False,
                        resamples=10000, seed=42, threads=0, bucket_sizes=None):
        """The mergeable partial state (JSON text) of compare for this
        evaluation's buckets; merge() of states covering every bucket prints
        what `ranklab-cli compare` prints (compare()'s options; note that
        bootstrap is False here by default, as `--no-bootstrap`).

        tests: any of "t", "wilcoxon", "randomization" (one pass) and
        "bootstrap". The bootstrap (bootstrap=True or the bootstrap test) needs
        every bucket's user count: without bucket_sizes the state's bootstrap
        is pending (merge() refuses it); bucket_sizes(states of every range)
        gives the sizes, and a second call with bucket_sizes=those sizes gives
        the mergeable state. bucket_sizes: that text (what `ranklab-cli merge
        --bucket-sizes` writes), a path to such a file (os.PathLike), or the
        4096 counts (read_bucket_sizes())."""
        if hasattr(bucket_sizes, "__fspath__"):
            with open(bucket_sizes, encoding="utf-8") as f:
                bucket_sizes = f.read()
        return self._core.compare_partial(_compare_args(baseline, tests, correction, alpha, level, bootstrap,
                                                        resamples, seed, threads), bucket_sizes)

    def to_pandas(self):
        """Means as a DataFrame: models as rows, metrics as columns."""
        import pandas as pd
        means = self.means
        return pd.DataFrame([means[m] for m in self.models], index=self.models, columns=self.metrics)

    def per_user_frame(self, model=0):
        """Per-user values as a DataFrame indexed by user id (a view of the same buffer)."""
        import pandas as pd
        return pd.DataFrame(self.per_user(model), index=self.users, columns=self.metrics, copy=False)

    def __repr__(self):
        return self.format("table")


def evaluate(qrels=None, run=None, metrics=("hr", "precision", "recall", "ndcg", "ap", "rr"), cutoffs=(5, 10, 20),
             ties="expected", users="relevant", rel=1.0, exclude=None, buckets=None, threads=0,
             qrels_format="auto", run_format="auto", header="auto", workspace=None):
    """Evaluates one run (path or DataFrame) or several ({name: path or DataFrame}).

    header: "yes", "no" or "auto" (the default): whether the first line of a
    delimited file is a header (ranklab-cli's --header); a format's own
    ",header" or ",noheader" wins.

    metrics: ids as ranklab-cli takes them ("ndcg@10", "ap(norm=min)@20", or a
    family expanded over cutoffs). buckets: "a:b" evaluates only the users
    whose bucket (bucket_of) lies in [a, b), for a partial state.

    workspace: a workspace file saved by the workbench (File → Save): its
    files, their reading and its evaluation settings, exactly as
    `ranklab-cli eval --workspace PATH`; compare() then starts from its
    comparison set-up. With workspace, give no other argument but threads.
    """
    if workspace is not None:
        return _evaluate_workspace(workspace, threads, dict(
            qrels=qrels is not None, run=run is not None, metrics=tuple([metrics] if isinstance(metrics, str) else metrics) != _EVALUATE_DEFAULTS[0],
            cutoffs=tuple(cutoffs) != _EVALUATE_DEFAULTS[1], ties=ties != "expected", users=users != "relevant",
            rel=rel != 1.0, exclude=exclude is not None, buckets=buckets is not None,
            qrels_format=qrels_format != "auto", run_format=run_format != "auto", header=header != "auto"))
    if qrels is None or run is None:
        raise TypeError("evaluate() needs qrels and run, or workspace")
    if isinstance(metrics, str):
        metrics = [metrics]
    keep = []  # temporary files of in-memory inputs, removed when done
    try:
        args = _core.EvaluateArgs()
        args.qrels = _input_path(qrels, "grade", keep)
        if isinstance(run, dict) and not _is_columns(run):
            runs = [(name, r) for name, given in run.items()
                    for r in (given if isinstance(given, (list, tuple)) else [given])]
        else:  # one run: a file is named after its file (as ranklab-cli names it), data "run"
            runs = [("run" if _is_frame(run) else "", run)]
        args.runs = [(str(name), _input_path(r, "score", keep), "tsv,header" if _is_frame(r) else "")
                     for name, r in runs]
        args.metrics = list(metrics)
        args.cutoffs = [int(k) for k in cutoffs]
        args.ties = ties
        args.users = users
        args.rel = float(rel)
        args.exclude = "" if exclude is None else _input_path(exclude, None, keep)
        args.buckets = buckets
        args.threads = int(threads)
        args.qrels_format = "tsv,header" if _is_frame(qrels) else qrels_format
        args.run_format = run_format
        args.exclude_format = "tsv,header" if _is_frame(exclude) else "auto"
        args.header = header
        result = Result(_core.evaluate_files(args))
        for line in result._core.warnings:  # users of a run outside the ground truth
            _warnings.warn(line, UserWarning, stacklevel=2)
        return result
    finally:
        for f in keep:
            f.cleanup()


_EVALUATE_DEFAULTS = (("hr", "precision", "recall", "ndcg", "ap", "rr"), (5, 10, 20))


def _evaluate_workspace(path, threads, given):
    extra = [name for name, is_given in given.items() if is_given]
    if extra:
        raise TypeError("evaluate(workspace=...) takes its files and settings from the workspace; leave out: "
                        + ", ".join(extra))
    result = Result(_core.evaluate_workspace(str(path), int(threads)))
    for line in result._core.warnings:
        _warnings.warn(line, UserWarning, stacklevel=3)
    return result


def merge(partials, format="json", digits=4, interval="t", min_effect=""):
    """Merges partial states (JSON texts of eval or compare) covering all 4096
    buckets once: the text `ranklab-cli merge --format FORMAT` prints, which is
    the single command's, byte for byte. min_effect: compare's smallest
    difference that matters (a partial state does not keep it), as
    `ranklab-cli merge --min-effect`."""
    return _core.merge_partials(list(partials), format, digits, interval, min_effect)


def _compare_args(baseline, tests, correction, alpha, level, bootstrap, resamples, seed, threads):
    args = _core.CompareArgs()
    args.baseline = baseline
    args.tests = tests if isinstance(tests, str) else ",".join(tests)
    args.correction = correction
    args.alpha = float(alpha)
    args.level = float(level)
    args.bootstrap = bool(bootstrap)
    args.resamples = int(resamples)
    args.seed = int(seed)
    args.threads = int(threads)
    return args


def merge_states(partials):
    """Merges partial states of disjoint bucket ranges into one partial state."""
    return _core.merge_partial_states(list(partials))


def bucket_sizes(partials):
    """Every bucket's users from compare partial states covering all 4096
    buckets (the bootstrap's first pass): the text of the bucket sizes file
    `ranklab-cli merge --bucket-sizes` writes, for compare_partial(...,
    bucket_sizes=) and `ranklab-cli compare --bucket-sizes`.
    read_bucket_sizes(text) gives its 4096 counts as a uint64 array."""
    return _core.merged_bucket_sizes(list(partials))


def _is_columns(x):
    return isinstance(x, dict) and "user" in x and "item" in x


def _is_frame(x):
    return x is not None and not isinstance(x, (str, bytes)) and not hasattr(x, "__fspath__")


def __getattr__(name):
    # ranklab.dask is imported on first use (Dask is optional).
    if name == "dask":
        import importlib
        return importlib.import_module(".dask", __name__)
    raise AttributeError(f"module 'ranklab' has no attribute {name!r}")
