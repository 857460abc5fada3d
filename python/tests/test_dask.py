"""ranklab.dask on a real LocalCluster of 3 worker processes on the loopback
address: the sharded result equals the single-process one exactly (the
bytes of the JSON), for files per bucket range, shared files and Dask
DataFrames; for compare too, with the randomization test (one pass) and the
bootstrap (two passes on evaluations kept on their workers)."""
import collections
import logging
import pickle
import time
import unittest

import dask.dataframe as dd
import pandas as pd
from distributed import Client, LocalCluster, get_task_stream

import ranklab
import ranklab.dask as rdask
from support import METRICS, SynthData

# compare's options here, as the CLI takes them and as compare() does.
COMPARE = ["--test", "t,randomization,bootstrap", "--resamples", "500"]
OPTIONS = {"tests": "t,randomization,bootstrap", "resamples": 500}


class DaskShardedEvaluationTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = SynthData(users=900)
        cls.single = cls.data.cli("--format", "json")
        cls.compare_single = cls.data.cli(*COMPARE, "--format", "json", command="compare")
        # scheduler_port=0: a free port; no dashboard; one thread per worker.
        cls.cluster = LocalCluster(n_workers=3, threads_per_worker=1, processes=True, host="127.0.0.1",
                                   scheduler_port=0, dashboard_address=None, silence_logs=logging.ERROR)
        cls.client = Client(cls.cluster, timeout="60s")
        cls.client.wait_for_workers(3, timeout=120)

    @classmethod
    def tearDownClass(cls):
        try:
            cls.client.close(timeout=30)
        finally:
            try:
                cls.cluster.close(timeout=30)
            finally:
                cls.data.cleanup()

    def test_the_cluster_has_three_worker_processes(self):
        workers = self.client.scheduler_info()["workers"]
        self.assertEqual(len(workers), 3)
        pids = self.client.run(lambda: __import__("os").getpid())
        self.assertEqual(len(set(pids.values())), 3)

    def test_the_single_process_module_prints_the_clis_bytes(self):
        r = ranklab.evaluate(self.data.qrels, self.data.runs, METRICS, exclude=self.data.train)
        self.assertEqual(r.format("json"), self.single)

    def test_files_per_bucket_range_give_the_single_process_bytes(self):
        shards = self.data.split_by_bucket([(0, 1365), (1365, 2730), (2730, 4096)])
        got = rdask.evaluate(self.client, None, None, METRICS, shards=shards, timeout=120)
        self.assertEqual(got, self.single)

    def test_shared_files_split_into_more_tasks_than_workers_give_the_same_bytes(self):
        for shards in (3, 7):
            got = rdask.evaluate(self.client, self.data.qrels, self.data.runs, METRICS, shards=shards,
                                 exclude=self.data.train, timeout=120)
            self.assertEqual(got, self.single, f"{shards} shards")
        table = rdask.evaluate(self.client, self.data.qrels, self.data.runs, METRICS, shards=4,
                               exclude=self.data.train, format="table", timeout=120)
        self.assertEqual(table, self.data.cli())

    def test_dask_dataframes_partitioned_by_bucket_give_the_same_bytes(self):
        read = lambda p: pd.read_csv(p, sep="\t", dtype={"user": str, "item": str})
        qrels = rdask.partition_by_bucket(dd.from_pandas(read(self.data.qrels), npartitions=4), 3)
        runs = {name: rdask.partition_by_bucket(dd.from_pandas(read(path), npartitions=5), 3)
                for name, path in self.data.runs.items()}
        got = rdask.evaluate(self.client, qrels, runs, METRICS, timeout=120)
        self.assertEqual(got, self.data.cli("--format", "json", exclude=False))

    def _tasks(self, run):
        """run()'s result, and per task name the workers that ran its tasks (Dask's task stream)."""
        with get_task_stream(self.client) as stream:
            got = run()
        ran = collections.defaultdict(list)
        for task in stream.data:
            ran[task["key"].split("-")[0]].append(task["worker"])
        return got, ran

    def test_compare_on_shared_files_in_two_passes_gives_the_clis_bytes(self):
        for shards in (3, 7):
            got, ran = self._tasks(lambda: rdask.compare(self.client, self.data.qrels, self.data.runs, METRICS,
                                                         shards=shards, exclude=self.data.train, timeout=120,
                                                         **OPTIONS))
            self.assertEqual(got, self.compare_single, f"{shards} shards")
            # Each shard evaluated once; both passes ran where its evaluation was kept. (Dask's task stream
            # can record a pass twice when the scheduler re-runs it, seen once in many runs: 15 of 14; a re-run
            # pass is harmless, a second evaluation is not.)
            self.assertEqual(len(ran["_ShardEvaluation"]), shards)
            self.assertGreaterEqual(len(ran["_compare_shard"]), 2 * shards)
            self.assertLessEqual(set(ran["_compare_shard"]), set(ran["_ShardEvaluation"]))
        # The evaluations are released once compare returns (the workers drop them soon after).
        kept = lambda: [k for k in self.client.who_has() if k.startswith("_ShardEvaluation")]
        for _ in range(100):
            if not kept():
                break
            time.sleep(0.1)
        self.assertEqual(kept(), [])
        table = rdask.compare(self.client, self.data.qrels, self.data.runs, METRICS, shards=4, format="table",
                              interval="bootstrap", exclude=self.data.train, timeout=120, **OPTIONS)
        self.assertEqual(table, self.data.cli(*COMPARE, "--interval", "bootstrap", command="compare"))

    def test_compare_on_files_per_bucket_range_gives_the_clis_bytes(self):
        shards = self.data.split_by_bucket([(0, 1000), (1000, 2900), (2900, 4096)])
        got = rdask.compare(self.client, None, None, METRICS, shards=shards, timeout=120, **OPTIONS)
        self.assertEqual(got, self.compare_single)

    def test_compare_on_dask_dataframes_gives_the_clis_bytes(self):
        read = lambda p: pd.read_csv(p, sep="\t", dtype={"user": str, "item": str})
        qrels = rdask.partition_by_bucket(dd.from_pandas(read(self.data.qrels), npartitions=3), 4)
        runs = {name: rdask.partition_by_bucket(dd.from_pandas(read(path), npartitions=2), 4)
                for name, path in self.data.runs.items()}
        got = rdask.compare(self.client, qrels, runs, METRICS, timeout=120, **OPTIONS)
        self.assertEqual(got, self.data.cli(*COMPARE, "--format", "json", command="compare", exclude=False))

    def test_compare_with_randomization_and_no_bootstrap_takes_one_pass(self):
        single = self.data.cli("--test", "t,wilcoxon,randomization", "--no-bootstrap", "--correction", "bh",
                               "--format", "json", command="compare")
        got, ran = self._tasks(lambda: rdask.compare(self.client, self.data.qrels, self.data.runs, METRICS, shards=5,
                                                     tests=["t", "wilcoxon", "randomization"], bootstrap=False,
                                                     correction="bh", exclude=self.data.train, timeout=120))
        self.assertEqual(got, single)
        self.assertEqual(len(ran["_shard_compare_partial"]), 5)
        self.assertNotIn("_ShardEvaluation", ran)

    def test_a_shard_evaluation_moved_by_dask_is_evaluated_again_where_it_lands(self):
        kept = rdask._ShardEvaluation(self.data.qrels, self.data.runs, "0:2048",
                                      {"metrics": METRICS, "exclude": self.data.train})
        moved = pickle.loads(pickle.dumps(kept))
        self.assertIsNot(moved.result, kept.result)
        self.assertEqual(moved.result.compare_partial(tests="t,randomization"),
                         kept.result.compare_partial(tests="t,randomization"))
        self.assertGreater(kept.__sizeof__(), 0)  # its inputs' bytes


if __name__ == "__main__":
    unittest.main()
