#!/usr/bin/env python3
"""The Ray driver of `tsumego-studio manage --ray`: the manager's jobs run on Ray actors.

The manager starts this script and speaks JSON lines with it, the worker protocol
(`tsumego-studio worker`): a job per line on standard input, a result per line on standard
output, in the order the jobs finish. Besides results the driver writes
    {"event": "ready", "workers": N}     once, when its actors are up;
    {"event": "restart", "id": ID}       when an actor died mid-job and the job was sent again;
and reads, besides jobs,
    {"cancel": ID}                       stop that job (its actor is restarted) or drop it queued;
    {"patterns": TEXT}                   a snapshot of pattern-table wins for the workers: put in
                                         Ray's object store once (`ray.put`), and each actor
                                         passes it to its worker before its next job (again
                                         after a restart);
    {"net": SPEC, "weights": TEXT}       the weights (base64) of the net jobs name SPEC: put in
                                         the object store once; each actor writes them to a
                                         file of its node (named by their hash) and gives its
                                         jobs that file instead of SPEC.

Each actor holds one warm `tsumego-studio worker` process (tables, seki database and net stay
loaded between jobs). An actor that dies (its process killed, its node lost) is restarted by Ray
(max_restarts=-1) and its job sent again: a job's result does not depend on where it runs. The
worker process dies with its actor (PR_SET_PDEATHSIG, and Ray's subreaper below), so nothing
is left behind. At the end of standard input the driver stops its actors and Ray.

    python3 ray_driver.py --binary PATH [--workers N] [--address ADDR]

--address: an existing Ray cluster (`auto`, or `ray://host:10001`); by default a local Ray is
started for this run (`ray.init(num_cpus=N)`). The same code runs on a cluster started under
Slurm (`ray start --head` / `ray start --address` in `srun`) or Kubernetes (KubeRay): see the
README, "Proofs split into jobs".
"""

import argparse
import asyncio
import base64
import hashlib
import json
import os
import subprocess
import tempfile
import sys
import threading

# Ray kills the processes its workers started when a worker exits (its raylet acts as their
# subreaper); set before Ray starts.
os.environ.setdefault("RAY_kill_child_processes_on_worker_exit_with_raylet_subreaper", "true")

# The protocol has standard output to itself: Ray prints its own messages (a worker died, …) to
# the driver's standard output, so that goes to standard error from here on.
PROTOCOL = os.fdopen(os.dup(1), "w", buffering=1)
os.dup2(2, 1)
sys.stdout = sys.stderr

import ray  # noqa: E402  (after the environment above)


@ray.remote(max_restarts=-1, max_task_retries=0, num_cpus=1)
class WorkerActor:
    """One `tsumego-studio worker` process, kept for the actor's life."""

    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.nets = {}  # a net's name in the jobs -> its weights file on this node

    def run(self, line):
        if self.nets:
            job = json.loads(line)
            if job.get("net") in self.nets:
                job["net"] = self.nets[job["net"]]
                line = json.dumps(job)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        out = self.proc.stdout.readline()
        if not out:
            # The worker process is gone: end the actor so that Ray restarts it afresh.
            os._exit(1)
        return out.strip()

    def load(self, line):
        # A snapshot line: the worker reads it before its next job and answers nothing.
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def set_net(self, name, text):
        weights = base64.b64decode(text)
        digest = hashlib.sha256(weights).hexdigest()[:16]
        path = os.path.join(tempfile.gettempdir(), f"tsumego-net-{digest}.safetensors")
        if not os.path.exists(path):
            partial = f"{path}.{os.getpid()}.part"
            with open(partial, "wb") as f:
                f.write(weights)
            os.replace(partial, path)
        self.nets[name] = path

    def pid(self):
        return self.proc.pid


def emit(obj_or_line):
    line = obj_or_line if isinstance(obj_or_line, str) else json.dumps(obj_or_line)
    PROTOCOL.write(line + "\n")
    PROTOCOL.flush()


def read_stdin(loop, lines):
    """Standard input's lines into the event loop's queue (None at the end)."""
    for line in sys.stdin:
        line = line.strip()
        if line:
            loop.call_soon_threadsafe(lines.put_nowait, line)
    loop.call_soon_threadsafe(lines.put_nowait, None)


async def serve(actors):
    """Run each job on the first free actor as soon as it arrives; answer in finishing order."""
    loop = asyncio.get_running_loop()
    lines = asyncio.Queue()
    threading.Thread(target=read_stdin, args=(loop, lines), daemon=True).start()
    free = asyncio.Queue()
    for index in range(len(actors)):
        free.put_nowait(index)
    running = {}  # job id -> actor index, while it runs
    cancelled = set()
    tasks = []
    snapshot = {"version": 0, "ref": None}  # the last pattern-table snapshot, in Ray's store
    loaded = [0] * len(actors)  # the snapshot version each actor's worker has
    net = {"version": 0, "name": None, "ref": None}  # the net's weights, in Ray's store
    net_loaded = [0] * len(actors)  # the net version each actor has

    async def run(job_id, line):
        index = await free.get()
        if job_id in cancelled:
            free.put_nowait(index)
            return
        running[job_id] = index
        while True:
            try:
                if net_loaded[index] < net["version"]:
                    version = net["version"]
                    await actors[index].set_net.remote(net["name"], net["ref"])
                    net_loaded[index] = version
                version = snapshot["version"]
                if loaded[index] < version:
                    await actors[index].load.remote(snapshot["ref"])
                    loaded[index] = version
                result = await actors[index].run.remote(line)
                break
            except (ray.exceptions.RayActorError, ray.exceptions.RayTaskError) as e:
                loaded[index] = 0  # a restarted actor's worker is a fresh process
                net_loaded[index] = 0
                if job_id in cancelled:
                    break
                # The actor died mid-job: Ray restarts it, and the job runs again there.
                emit({"event": "restart", "id": job_id, "why": type(e).__name__})
        running.pop(job_id, None)
        free.put_nowait(index)
        if job_id not in cancelled:
            emit(result)

    while True:
        line = await lines.get()
        if line is None:
            break
        message = json.loads(line)
        if "weights" in message:
            net = {"version": net["version"] + 1, "name": message["net"],
                   "ref": ray.put(message["weights"])}
            continue
        if "patterns" in message:
            snapshot = {"version": snapshot["version"] + 1, "ref": ray.put(line)}
            continue
        if "cancel" in message:
            job_id = message["cancel"]
            cancelled.add(job_id)
            if job_id in running:
                # An actor task cannot be interrupted: the actor is restarted instead.
                ray.kill(actors[running[job_id]], no_restart=False)
            continue
        tasks.append(asyncio.create_task(run(message.get("id", ""), line)))
    await asyncio.gather(*tasks)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the tsumego-studio program")
    parser.add_argument("--workers", type=int, default=2, help="actors (one core each)")
    parser.add_argument("--address", default=None, help="an existing Ray cluster")
    args = parser.parse_args()

    if args.address:
        ray.init(address=args.address, log_to_driver=False)
    else:
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
    actors = [WorkerActor.remote(args.binary) for _ in range(args.workers)]
    ray.get([a.pid.remote() for a in actors])
    emit({"event": "ready", "workers": len(actors)})
    asyncio.run(serve(actors))
    for actor in actors:
        ray.kill(actor, no_restart=True)
    ray.shutdown()


if __name__ == "__main__":
    main()
