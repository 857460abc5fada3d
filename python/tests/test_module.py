"""The ranklab module: evaluate on files and DataFrames, per-user values as
numpy arrays without copies, partial states and merge, all against the
CLI's own output (bytes) or values computed here."""
import gc
import os
import pathlib
import subprocess
import unittest
import warnings

import numpy as np
import pandas as pd

import ranklab
from support import CLI, METRICS, SynthData, bucket


class ModuleTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = SynthData()
        cls.result = ranklab.evaluate(cls.data.qrels, cls.data.runs, METRICS, exclude=cls.data.train)

    @classmethod
    def tearDownClass(cls):
        cls.data.cleanup()

    def test_evaluate_on_files_prints_the_clis_bytes_in_every_format(self):
        for fmt in ("json", "table", "csv", "md", "latex"):
            self.assertEqual(self.result.format(fmt), self.data.cli("--format", fmt), fmt)

    def test_the_documented_call_on_one_run_gives_a_mean_per_metric(self):
        r = ranklab.evaluate(self.data.qrels, self.data.runs["top"], ["ndcg@10"])
        self.assertEqual(r.models, ["toprank"])  # named after its file, as ranklab-cli names it
        self.assertEqual(list(r.means["toprank"]), ["ndcg@10"])
        self.assertGreater(r.means["toprank"]["ndcg@10"], 0)

    def test_per_user_values_are_a_read_only_view_of_the_engines_buffer(self):
        values = self.result.per_user("pop")
        self.assertEqual(values.shape, (len(self.result.users), len(METRICS)))
        self.assertEqual(values.dtype, np.float64)
        self.assertFalse(values.flags.owndata)
        self.assertFalse(values.flags.writeable)
        self.assertIsNotNone(values.base)  # the capsule that owns the buffer
        # Two calls view the same memory: nothing was copied.
        self.assertEqual(values.__array_interface__["data"][0],
                         self.result.per_user(0).__array_interface__["data"][0])
        # The array keeps the buffer alive after its evaluation is gone.
        r = ranklab.evaluate(self.data.qrels, self.data.runs, METRICS)
        kept, expected = r.per_user("top"), r.per_user("top").copy()
        del r
        gc.collect()
        np.testing.assert_array_equal(kept, expected)

    def test_per_user_values_match_the_clis_per_user_file(self):
        import os
        import subprocess
        from support import CLI
        out = os.path.join(self.data.dir, "per-user.tsv")
        self.data.cli("--per-user", out)
        table = pd.read_csv(out, sep="\t", dtype={"user": str}, float_precision="round_trip")
        pop = table[table["model"] == "pop"].set_index("user")
        frame = self.result.per_user_frame("pop")
        self.assertEqual(list(frame.index), list(pop.index))
        np.testing.assert_array_equal(frame.to_numpy(), pop[METRICS].to_numpy())
        # And the means are those of the columns (to rounding: the engine's are exact sums).
        np.testing.assert_allclose(frame.mean().to_numpy(), [self.result.means["pop"][m] for m in METRICS],
                                   rtol=1e-12)

    def test_dataframes_and_numpy_columns_give_the_files_bytes(self):
        read = lambda p: pd.read_csv(p, sep="\t", dtype={"user": str, "item": str})
        runs = {name: read(path) for name, path in self.data.runs.items()}
        r = ranklab.evaluate(read(self.data.qrels), runs, METRICS, exclude=read(self.data.train))
        self.assertEqual(r.format("json"), self.result.format("json"))
        q = read(self.data.qrels)
        columns = {"user": q["user"].to_numpy(), "item": q["item"].to_numpy(), "grade": q["grade"].to_numpy()}
        r = ranklab.evaluate(columns, self.data.runs, METRICS, exclude=self.data.train)
        self.assertEqual(r.format("json"), self.result.format("json"))

    def test_partial_states_of_bucket_ranges_merge_into_the_whole_bytes(self):
        for edges in ([0, 4096], [0, 2048, 4096], [0, 1, 999, 3000, 4096]):
            parts = [ranklab.evaluate(self.data.qrels, self.data.runs, METRICS, exclude=self.data.train,
                                      buckets=f"{a}:{b}").partial() for a, b in zip(edges, edges[1:])]
            self.assertEqual(ranklab.merge(parts[::-1], "json"), self.result.format("json"))
            self.assertEqual(ranklab.merge(parts, "table"), self.result.format("table"))
            # Merging in two steps (a tree of merges) gives the same.
            if len(parts) > 2:
                left = ranklab.merge_states(parts[:2])
                self.assertEqual(ranklab.merge([left] + parts[2:], "json"), self.result.format("json"))

    def test_compare_prints_the_clis_bytes_and_merges_from_partial_states(self):
        single = self.data.cli("--test", "t,wilcoxon", "--no-bootstrap", "--format", "json", command="compare")
        self.assertEqual(self.result.compare(tests="t,wilcoxon", bootstrap=False), single)
        parts = [ranklab.evaluate(self.data.qrels, self.data.runs, METRICS, exclude=self.data.train,
                                  buckets=b).compare_partial(tests="t,wilcoxon") for b in ("0:3000", "3000:4096")]
        self.assertEqual(ranklab.merge(parts, "json"), single)
        # A partial state does not keep the smallest difference that matters: merge takes it, as the CLI's merge.
        practical = self.data.cli("--test", "t,wilcoxon", "--no-bootstrap", "--min-effect", "ndcg@10=0.01,2%",
                                  "--format", "json", command="compare")
        self.assertIn('"practical"', practical)
        self.assertEqual(ranklab.merge(parts, "json", min_effect="ndcg@10=0.01,2%"), practical)
        self.assertEqual(self.result.compare(tests="t,wilcoxon", bootstrap=False, min_effect="ndcg@10=0.01,2%"),
                         practical)
        # With the bootstrap the single-process report is the CLI's too.
        self.assertEqual(self.result.compare(resamples=500, format="table"),
                         self.data.cli("--resamples", "500", command="compare"))

    def test_compare_with_the_bootstrap_merges_in_two_passes_into_the_clis_bytes(self):
        tests, options = "t,randomization,bootstrap", ["--test", "t,randomization,bootstrap", "--resamples", "500"]
        single = self.data.cli(*options, "--format", "json", command="compare")
        edges = [0, 1, 999, 3000, 4096]
        ranges = [f"{a}:{b}" for a, b in zip(edges, edges[1:])]
        shards = [ranklab.evaluate(self.data.qrels, self.data.runs, METRICS, exclude=self.data.train, buckets=r)
                  for r in ranges]
        first = [s.compare_partial(tests=tests, bootstrap=True, resamples=500) for s in shards]
        # The first pass's bootstrap is pending: merging it asks for the sizes.
        with self.assertRaises(ranklab.RankLabError) as caught:
            ranklab.merge(first)
        self.assertIn("--bucket-sizes", str(caught.exception))
        sizes = ranklab.bucket_sizes(first[::-1])
        counts = ranklab.read_bucket_sizes(sizes)
        self.assertEqual((counts.dtype, counts.shape), (np.dtype(np.uint64), (ranklab.BUCKETS,)))
        np.testing.assert_array_equal(counts, np.bincount([bucket(u) for u in self.result.users],
                                                          minlength=ranklab.BUCKETS))
        # The sizes are the bytes `ranklab-cli merge --bucket-sizes` writes from the CLI's first pass.
        cli_first = []
        for i, r in enumerate(ranges):
            cli_first.append(os.path.join(self.data.dir, f"compare-first-{i}.json"))
            self.data.cli(*options, "--buckets", r, "--partial", cli_first[-1], command="compare")
        cli_sizes = os.path.join(self.data.dir, "sizes.json")
        subprocess.run([CLI, "merge", "--bucket-sizes", cli_sizes] + cli_first, check=True, capture_output=True)
        with open(cli_sizes, encoding="utf-8") as f:
            self.assertEqual(f.read(), sizes)
        # The second pass, given the sizes as text, as counts or as the file, merges into the CLI's bytes.
        for given in (sizes, counts, list(map(int, counts)), pathlib.Path(cli_sizes)):
            second = [s.compare_partial(tests=tests, bootstrap=True, resamples=500, bucket_sizes=given)
                      for s in shards]
            self.assertEqual(ranklab.merge(second[::-1], "json"), single, type(given))
        self.assertEqual(ranklab.merge(second, "table", interval="bootstrap"),
                         self.data.cli(*options, "--interval", "bootstrap", command="compare"))
        # A shard's second-pass state is the CLI's, byte for byte.
        cli_second = os.path.join(self.data.dir, "compare-second.json")
        self.data.cli(*options, "--buckets", ranges[2], "--bucket-sizes", cli_sizes, "--partial", cli_second,
                      command="compare")
        with open(cli_second, encoding="utf-8") as f:
            self.assertEqual(f.read(), second[2])
        # The bootstrap test alone (t intervals) takes the two passes too.
        alone = [s.compare_partial(tests="t,bootstrap", resamples=500, bucket_sizes=sizes) for s in shards]
        self.assertEqual(ranklab.merge(alone, "json"),
                         self.data.cli("--test", "t,bootstrap", "--resamples", "500", "--no-bootstrap", "--format",
                                       "json", command="compare"))

    def test_bucket_sizes_that_do_not_fit_are_refused(self):
        shard = ranklab.evaluate(self.data.qrels, self.data.runs, METRICS, exclude=self.data.train, buckets="0:2048")
        sizes = ranklab.bucket_sizes([shard.compare_partial(), ranklab.evaluate(
            self.data.qrels, self.data.runs, METRICS, exclude=self.data.train, buckets="2048:4096").compare_partial()])
        with self.assertRaises(ranklab.RankLabError) as caught:  # one range is no bucket's whole
            ranklab.bucket_sizes([shard.compare_partial()])
        self.assertIn("2048:4096", str(caught.exception))
        with self.assertRaises(ranklab.RankLabError) as caught:  # not this evaluation's users
            shard.compare_partial(bootstrap=True, bucket_sizes=[0] * ranklab.BUCKETS)
        self.assertIn("bucket sizes given", str(caught.exception))
        with self.assertRaises(ranklab.RankLabError) as caught:
            shard.compare_partial(bootstrap=True, bucket_sizes=[1, 2, 3])
        self.assertIn("3 counts, expected 4096", str(caught.exception))
        with self.assertRaises(ranklab.RankLabError) as caught:
            shard.compare_partial(bootstrap=True, bucket_sizes=shard.partial())
        self.assertIn("not a bucket sizes file", str(caught.exception))
        with self.assertRaises(TypeError):
            shard.compare_partial(bootstrap=True, bucket_sizes=[0.5] * ranklab.BUCKETS)
        # The sizes of the same users fit however they were split.
        self.assertIn('"models"', shard.compare_partial(bootstrap=True, bucket_sizes=sizes))

    def test_compare_with_set_level_metrics_prints_the_clis_bytes(self):
        # Set-level metrics (coverage, Gini) have no per-user values: compare() bootstraps them over users as
        # `ranklab-cli compare` does (one function, study/compared_study.h); it used to leave them out.
        metrics = METRICS[:2] + ["coverage@10", "gini@10"]
        r = ranklab.evaluate(self.data.qrels, self.data.runs, metrics, exclude=self.data.train)
        for fmt in ("json", "table", "csv", "md", "latex"):
            text = r.compare(resamples=200, format=fmt)
            self.assertEqual(text, self.data.cli("--resamples", "200", "--format", fmt, metrics=metrics,
                                                 command="compare"), fmt)
        self.assertIn("gini@10", r.compare(resamples=200, format="json").split('"set_level"')[1])

    def test_a_workspace_evaluates_and_compares_as_the_cli_runs_it(self):
        # A workspace as the workbench saves it: files, evaluation and comparison set-up (δ included).
        import json
        path = os.path.join(self.data.dir, "study.ranklab")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"ranklab_workspace": 1, "ground_truth": {"path": "qrels.tsv", "format": "auto"},
                       "models": [{"name": "pop", "path": "popularity.tsv", "format": "auto"},
                                  {"name": "top", "path": "toprank.tsv", "format": "auto"}],
                       "exclusions": {"path": "train.tsv", "format": "auto"},
                       "evaluation": {"metrics": ["ndcg", "recall", "coverage"], "cutoffs": [10]},
                       "comparison": {"baseline": "top", "test": "wilcoxon", "correction": "bonferroni",
                                      "alpha": 0.01, "interval": "bootstrap", "min_effect": "5%"}}, f)

        def cli(command, *extra):
            args = [CLI, command, "--workspace", path] + list(extra)
            return subprocess.run(args, check=True, capture_output=True, text=True).stdout

        r = ranklab.evaluate(workspace=path)
        self.assertEqual(r.models, ["pop", "top"])
        self.assertEqual(r.metrics, ["ndcg@10", "recall@10", "coverage@10"])
        for fmt in ("json", "table"):
            self.assertEqual(r.format(fmt), cli("eval", "--format", fmt), fmt)
        compared = r.compare(resamples=300)
        self.assertEqual(compared, cli("compare", "--resamples", "300", "--format", "json"))
        settings = json.loads(compared)["settings"]
        self.assertEqual((settings["tests"], settings["correction"], settings["alpha"], settings["baseline"],
                          settings["min_effect"]), (["wilcoxon", "t"], "bonferroni", 0.01, "top", "5%"))
        # An argument given wins over the workspace's, as an option given to the CLI does.
        self.assertEqual(r.compare(resamples=300, tests="t", baseline="all", min_effect="", format="csv"),
                         cli("compare", "--resamples", "300", "--test", "t", "--all-pairs", "--min-effect", "",
                             "--format", "csv"))
        with self.assertRaises(TypeError) as caught:
            ranklab.evaluate(workspace=path, metrics=["ndcg@5"])
        self.assertIn("metrics", str(caught.exception))
        with self.assertRaises(ranklab.RankLabError) as caught:
            r.compare(min_effect="map@10=0.01")
        self.assertIn("min_effect names metric 'map@10', which is not compared", str(caught.exception))

    def test_repeated_runs_of_a_model_are_averaged_as_the_cli_averages_them(self):
        top, pop = self.data.runs["top"], self.data.runs["pop"]
        broad = os.path.join(self.data.dir, "broad.tsv")
        r = ranklab.evaluate(self.data.qrels, {"m": [top, broad], "pop": pop}, METRICS, exclude=self.data.train)

        def cli(command, *extra):
            args = [CLI, command, "--qrels", self.data.qrels, "--metrics", ",".join(METRICS), "--run", f"m={top}",
                    "--run", f"m={broad}", "--run", f"pop={pop}", "--exclude", self.data.train]
            return subprocess.run(args + list(extra), check=True, capture_output=True, text=True).stdout

        for fmt in ("json", "table", "csv"):
            self.assertEqual(r.format(fmt), cli("eval", "--format", fmt), fmt)
        self.assertEqual(r.compare(resamples=300, format="json"), cli("compare", "--resamples", "300", "--format", "json"))
        self.assertEqual(r.models, ["m", "pop"])
        # The model's per-user values are its two runs' values averaged, each run evaluated alone.
        alone = [ranklab.evaluate(self.data.qrels, {"t": path}, METRICS, exclude=self.data.train) for path in (top, broad)]
        self.assertEqual(r.users, alone[0].users)
        np.testing.assert_allclose(r.per_user("m"), (alone[0].per_user(0) + alone[1].per_user(0)) / 2, rtol=0,
                                   atol=1e-15)
        self.assertEqual(r.runs["m"]["runs"], ["m (run 1)", "m (run 2)"])
        for metric in METRICS:
            means = [a.means["t"][metric] for a in alone]
            self.assertEqual(r.runs["m"]["means"][metric], means)
            self.assertAlmostEqual(r.runs["m"]["mean"][metric], sum(means) / 2, places=15)
            self.assertAlmostEqual(r.runs["m"]["sd"][metric], abs(means[0] - means[1]) / 2 ** 0.5, places=15)
        self.assertEqual(self.result.runs, {})  # one run per model
        with self.assertRaises(ranklab.RankLabError):
            ranklab.evaluate(self.data.qrels, {"m": [top, broad]}, METRICS, buckets="0:2048")

    def test_a_bucket_range_evaluates_exactly_its_users(self):
        r = ranklab.evaluate(self.data.qrels, self.data.runs, METRICS, buckets="0:1024")
        expected = sorted(u for u in self.result.users if bucket(u) < 1024)
        self.assertEqual(sorted(r.users), expected)
        self.assertEqual(r.counts["evaluated"], len(expected))

    def test_bucket_of_is_the_documented_hash(self):
        users = ["u001", "", "é", "user-12345"] + [f"x{i}" for i in range(200)]
        self.assertEqual([ranklab.bucket_of(u) for u in users], [bucket(u) for u in users])
        self.assertEqual(list(ranklab.buckets_of(users)), [bucket(u) for u in users])

    def test_bad_input_raises_naming_the_file(self):
        with self.assertRaises(ranklab.RankLabError) as caught:
            ranklab.evaluate(self.data.qrels + ".missing", self.data.runs, METRICS)
        self.assertIn("qrels.tsv.missing", str(caught.exception))
        with self.assertRaises(ValueError):
            ranklab.evaluate(self.data.qrels, self.data.runs, ["nonsense@3"])
        with self.assertRaises(ranklab.RankLabError) as caught:
            ranklab.merge([self.result.partial()[:-20]])
        self.assertIn("partial state 1", str(caught.exception))

    def test_a_run_sharing_no_user_with_the_ground_truth_is_refused_and_a_partial_one_warned(self):
        qrels = pd.DataFrame({"user": ["1", "2", "3"], "item": ["a", "b", "c"], "grade": [1, 1, 1]})
        padded = pd.DataFrame({"user": ["001", "002", "003"], "item": ["a", "b", "c"], "score": [1.0, 1.0, 1.0]})
        with self.assertRaises(ranklab.RankLabError) as caught:
            ranklab.evaluate(qrels, padded, ["hr@1"])
        message = str(caught.exception)
        self.assertIn("shares no user with the ground truth", message)
        self.assertIn("leading zeros", message)
        self.assertIn('"001"', message)
        # Two of three users shared: the means count them, a warning names the third.
        partial = pd.DataFrame({"user": ["1", "2", "x9"], "item": ["a", "z", "c"], "score": [1.0, 1.0, 1.0]})
        with self.assertWarns(UserWarning) as warned:
            r = ranklab.evaluate(qrels, partial, ["hr@1"])
        self.assertIn("1 of its 3 users are not in the ground truth", str(warned.warning))
        self.assertIn('"x9"', str(warned.warning))
        # hr@1 by hand: user 1 hits a, user 2 misses (z), user 3 is unscored: 1/3.
        self.assertAlmostEqual(r.means["run"]["hr@1"], 1 / 3)
        # Ids that all match: no warning.
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            ranklab.evaluate(qrels, qrels.rename(columns={"grade": "score"}).astype({"score": float}), ["hr@1"])


if __name__ == "__main__":
    unittest.main()
