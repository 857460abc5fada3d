"""ranklab.dask on a real LocalCluster of 3 worker processes on the loopback
address: the sharded result equals the single-process one exactly (the
bytes of the JSON), for files per bucket range, shared files and Dask
DataFrames."""
import logging
import unittest

import dask.dataframe as dd
import pandas as pd
from distributed import Client, LocalCluster

import ranklab
import ranklab.dask as rdask
from support import METRICS, SynthData


class DaskShardedEvaluationTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = SynthData(users=900)
        cls.single = cls.data.cli("--format", "json")
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


if __name__ == "__main__":
    unittest.main()
