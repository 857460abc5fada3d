"""Shared set-up of the Python tests: a synthetic data set made by
ranklab-cli synth, the CLI's own output to compare with, and an
independent implementation of the documented user-bucket hash."""
import os
import subprocess
import tempfile

CLI = os.environ.get("RANKLAB_CLI", "ranklab-cli")
METRICS = ["ndcg@10", "recall@20", "ap@10", "rr@all", "precision@5", "hr@10"]
MASK = (1 << 64) - 1


def bucket(user):
    """FNV-1a 64 of the UTF-8 bytes, SplitMix64's finaliser, top 12 bits."""
    h = 14695981039346656037
    for c in user.encode("utf-8"):
        h = ((h ^ c) * 1099511628211) & MASK
    h ^= h >> 30
    h = (h * 0xBF58476D1CE4E5B9) & MASK
    h ^= h >> 27
    h = (h * 0x94D049BB133111EB) & MASK
    h ^= h >> 31
    return h >> 52


class SynthData:
    def __init__(self, users=600):
        self._dir = tempfile.TemporaryDirectory(prefix="ranklab-py-")
        self.dir = self._dir.name
        subprocess.run([CLI, "synth", "--out", self.dir, "--users", str(users), "--items", "250",
                        "--per-user", "25", "--format", "tsv"], check=True, capture_output=True)
        self.qrels = os.path.join(self.dir, "qrels.tsv")
        self.runs = {"pop": os.path.join(self.dir, "popularity.tsv"), "top": os.path.join(self.dir, "toprank.tsv")}
        self.train = os.path.join(self.dir, "train.tsv")

    def cli(self, *extra, metrics=METRICS, exclude=True, command="eval"):
        args = [CLI, command, "--qrels", self.qrels, "--metrics", ",".join(metrics)]
        for name, path in self.runs.items():
            args += ["--run", f"{name}={path}"]
        if exclude:
            args += ["--exclude", self.train]
        return subprocess.run(args + list(extra), check=True, capture_output=True, text=True).stdout

    def split_by_bucket(self, ranges):
        """Per range, files holding only its users: [{"buckets", "qrels", "runs", "exclude"}]."""
        shards = []
        for i, (a, b) in enumerate(ranges):
            shard = {"buckets": f"{a}:{b}", "runs": {}}
            for key, path in [("qrels", self.qrels), ("exclude", self.train)] + list(self.runs.items()):
                out = os.path.join(self.dir, f"shard{i}-{os.path.basename(path)}")
                with open(path, encoding="utf-8") as src, open(out, "w", encoding="utf-8") as dst:
                    dst.write(src.readline())
                    for line in src:
                        if a <= bucket(line.split("\t", 1)[0]) < b:
                            dst.write(line)
                if key in ("qrels", "exclude"):
                    shard[key] = out
                else:
                    shard["runs"][key] = out
            shards.append(shard)
        return shards

    def cleanup(self):
        self._dir.cleanup()
