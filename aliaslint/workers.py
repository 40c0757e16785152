"""Worker processes for the per-module pass: one file at a time, each within a time and memory budget.

LibCST's native parser can crash the process it runs in (SIGSEGV), abort after failing to
allocate gigabytes, or run for minutes on a hostile file. So files are parsed in worker processes,
never in the main one, and the pool survives what happens to a worker:

- a worker that dies (a signal, an abort) costs only the file it was working on, which comes back
  as a :class:`Failure` saying why; a new worker takes its place;
- each file gets ``Budget.seconds`` of processor time (``ITIMER_PROF``: the kernel stops the
  worker, even inside native code) and, as a backstop for a worker that waits instead of
  computing, a few times that in wall-clock time;
- each worker may grow by ``Budget.megabytes`` of address space (``RLIMIT_AS``, Linux) beyond
  what it had when it started; past that Python raises ``MemoryError`` and native code aborts;
- workers end with the main process: ``PR_SET_PDEATHSIG`` (Linux) kills them when it dies, even
  by SIGKILL, and an idle worker also leaves when its pipe closes; Ctrl-C is for the main process
  only (workers ignore SIGINT and are killed when the pool closes);
- a pool none of whose workers can start raises :class:`WorkerStartError` instead of waiting.

Workers are forked on Linux (cheap: nothing is imported again) and spawned elsewhere.
One file is in flight per worker, so a crash is always blamed on the right file.
"""
from __future__ import annotations

import collections
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Callable

#: wall-clock backstop per file, in multiples of the processor-time budget (plus a few seconds):
#: a loaded machine stretches wall time, so only a worker that is stuck, not busy, reaches it
WALL_FACTOR = 4
WALL_SLACK = 5.0
#: how much of a dead worker's standard error is read to tell why it died
STDERR_TAIL = 65536
#: workers that may die while starting, one after the other, before the pool gives up
MAX_FAILED_STARTS = 3


@dataclass(frozen=True)
class Budget:
    """What one file may cost: ``seconds`` of processor time, ``megabytes`` of memory."""

    seconds: int = 60
    megabytes: int = 2048


@dataclass(frozen=True)
class Failure:
    """A task that did not finish: ``kind`` is ``crash`` (the worker died), ``timeout``,
    ``memory`` or ``error`` (an exception in ``target``); ``message`` is a sentence for the AL000
    diagnostic."""

    kind: str
    message: str

    @property
    def setting(self) -> str | None:
        """The setting whose budget the task went over (``file-timeout``, ``file-memory-mb``)."""
        return {"timeout": "file-timeout", "memory": "file-memory-mb"}.get(self.kind)


class WorkerStartError(Exception):
    """No worker process could be started (the message says why)."""


def available_cpus() -> int:
    """CPUs this process may run on (its affinity mask, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


#: source text that justifies one more worker: starting one costs about as much processor time
#: as parsing and summarising a few kilobytes (its copy-on-write pages), so a small run uses one
BYTES_PER_WORKER = 32_000


def worker_count(requested: int | None, tasks: int, total_bytes: int | None = None) -> int:
    """Workers for ``tasks`` files of ``total_bytes`` of text: ``requested`` (``-j``; default one
    per CPU), but never more than the CPUs this process may use, than the files, or than one per
    :data:`BYTES_PER_WORKER` of text; at least one."""
    cpus = available_cpus()
    count = min(requested or cpus, cpus, tasks)
    if total_bytes is not None:
        count = min(count, total_bytes // BYTES_PER_WORKER + 1)
    return max(1, count)


def _context():
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


# --- the worker side ----------------------------------------------------------------------

_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to SIGKILL this process when the main process dies (Linux)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


def _limit_memory(megabytes: int) -> None:
    """Let this process grow by ``megabytes`` of address space from now on (Linux)."""
    try:
        import resource

        with open("/proc/self/statm") as statm:
            current = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        limit = current + megabytes * 1024 * 1024
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, OSError, ValueError, AttributeError):
        pass  # not Linux: the time budget still bounds the file


def _worker_main(conn, parent: int, budget: Budget, target: Callable, initializer, initargs, stderr_to: int | str) -> None:
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:  # native code's last words (an abort message) go where the parent can read them
        if isinstance(stderr_to, int):  # forked: the parent's unlinked temporary file
            os.dup2(stderr_to, 2)
        else:
            fd = os.open(stderr_to, os.O_WRONLY | os.O_APPEND)
            os.dup2(fd, 2)
            os.close(fd)
        sys.stderr = open(2, "w", closefd=False, errors="replace")  # not a test runner's capture
        import faulthandler

        if faulthandler.is_enabled():  # pytest's, or -X faulthandler: it wrote to the terminal
            faulthandler.enable(sys.stderr)
    except (OSError, ValueError, AttributeError):
        pass
    if initializer is not None:
        try:
            initializer(*initargs)
        except BaseException as exc:  # this worker cannot work: say why, and leave
            conn.send(("failed", f"{type(exc).__name__}: {exc}"))
            os._exit(1)
    _limit_memory(budget.megabytes)
    conn.send(("ready", os.getpid()))
    timer = getattr(signal, "ITIMER_PROF", None)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):  # the main process is gone
            os._exit(0)
        if task is None:
            os._exit(0)
        index, args = task
        if timer is not None:
            signal.setitimer(timer, budget.seconds)  # SIGPROF's default action ends the process
        try:
            result: Any = target(*args)
        except MemoryError:
            result = Failure("memory", "")
        except Exception as exc:  # a bug of ours: say so for this file only
            result = _error(exc)
        finally:
            if timer is not None:
                signal.setitimer(timer, 0)
        try:
            conn.send((index, result))
        except MemoryError:
            conn.send((index, Failure("memory", "")))
        except Exception as exc:  # a result that cannot be sent
            conn.send((index, _error(exc)))


def _error(exc: BaseException) -> Failure:
    return Failure("error", f"aliaslint failed on this file ({type(exc).__name__}: {exc}); please report it")


# --- the main process side ----------------------------------------------------------------


class _Worker:
    def __init__(self, process, conn, stderr) -> None:
        self.process = process
        self.conn = conn
        #: where its standard error goes: an open, already unlinked temporary file (forked
        #: workers: nothing is left behind even if the main process is killed), or a path
        self.stderr = stderr
        self.ready = False
        self.task: tuple[int, tuple] | None = None
        self.started = 0.0
        self.killed_for_time = False
        self.start_error = ""

    def stderr_tail(self) -> str:
        try:
            if isinstance(self.stderr, str):
                with open(self.stderr, "rb") as f:
                    return _tail(f.fileno())
            return _tail(self.stderr.fileno())
        except (OSError, ValueError):
            return ""

    def discard_stderr(self) -> None:
        if isinstance(self.stderr, str):
            _unlink(self.stderr)
        else:
            self.stderr.close()


def _tail(fd: int) -> str:
    size = os.fstat(fd).st_size
    start = max(0, size - STDERR_TAIL)
    return os.pread(fd, size - start, start).decode("utf-8", "replace")


class Pool:
    """Runs ``target(*args)`` for each submitted task in at most ``max_workers`` processes.

    Use as a context manager; :meth:`submit` queues a task, :meth:`results` returns
    ``(index, value)`` pairs as tasks end, where ``value`` is what ``target`` returned or a
    :class:`Failure`. Workers are started only when there is work for them. ``target`` runs
    with the default SIGPROF action armed, so it must not install a handler for it.
    """

    def __init__(self, target: Callable, budget: Budget, max_workers: int,
                 initializer: Callable | None = None, initargs: tuple = ()) -> None:
        self.target = target
        self.budget = budget
        self.max_workers = max(1, max_workers)
        self.initializer = initializer
        self.initargs = initargs
        self.queue: collections.deque[tuple[int, tuple]] = collections.deque()
        self.workers: list[_Worker] = []
        self.done: list[tuple[int, Any]] = []
        self.start_failures: list[str] = []
        self.failed_starts_in_a_row = 0
        self._context = _context()

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    @property
    def pending(self) -> int:
        """Tasks queued or in flight."""
        return len(self.queue) + sum(1 for w in self.workers if w.task is not None)

    def submit(self, index: int, args: tuple) -> None:
        self.queue.append((index, args))
        self._dispatch()

    def results(self, timeout: float) -> list[tuple[int, Any]]:
        """Tasks ended since the last call, waiting up to ``timeout`` seconds for one."""
        self._dispatch()
        if not self.done and self.workers:
            self._wait(timeout)
        out, self.done = self.done, []
        return out

    def close(self) -> None:
        """Stop every worker (idle ones leave by themselves; busy ones are killed)."""
        for w in self.workers:
            try:
                if w.task is None and w.process.is_alive():
                    w.conn.send(None)
            except OSError:
                pass
        deadline = time.monotonic() + 1.0
        for w in self.workers:
            if w.task is not None:
                self._kill(w)
            w.process.join(max(0.0, deadline - time.monotonic()))
            if w.process.is_alive():
                self._kill(w)
                w.process.join()
            self._discard(w)
        self.workers = []

    # -- internals

    def _start_worker(self) -> _Worker | None:
        if self._context.get_start_method() == "fork":
            stderr: Any = tempfile.TemporaryFile(prefix="aliaslint-worker-")
            stderr_to: int | str = stderr.fileno()
        else:  # a spawned process inherits no descriptors: a named file
            fd, stderr = tempfile.mkstemp(prefix="aliaslint-worker-", suffix=".err")
            os.close(fd)
            stderr_to = stderr
        parent_conn, child_conn = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_worker_main,
            args=(child_conn, os.getpid(), self.budget, self.target, self.initializer, self.initargs, stderr_to),
            daemon=True,
        )
        blocked = hasattr(signal, "pthread_sigmask")
        if blocked:  # no Ctrl-C between the fork and the worker ignoring it
            old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            process.start()
        except OSError as exc:
            self.start_failures.append(exc.strerror or str(exc))
            parent_conn.close()
            _Worker(None, None, stderr).discard_stderr()
            return None
        finally:
            child_conn.close()
            if blocked:
                signal.pthread_sigmask(signal.SIG_SETMASK, old)
        worker = _Worker(process, parent_conn, stderr)
        self.workers.append(worker)
        return worker

    def _dispatch(self) -> None:
        while self.queue:
            idle = next((w for w in self.workers if w.task is None), None)
            if idle is None:
                if len(self.workers) >= self.max_workers:
                    return
                idle = self._start_worker()
                if idle is None:
                    if not self.workers:
                        raise WorkerStartError(self._start_error())
                    self.max_workers = len(self.workers)  # go on with the workers there are
                    return
            task = self.queue.popleft()
            idle.task = task
            idle.started = time.monotonic()
            idle.killed_for_time = False
            try:
                idle.conn.send(task)
            except OSError:  # it died; its sentinel will say so
                pass

    def _start_error(self) -> str:
        why = "; ".join(dict.fromkeys(self.start_failures)) or "unknown reason"
        return f"cannot start worker processes: {why}"

    def _wall_limit(self) -> float:
        return self.budget.seconds * WALL_FACTOR + WALL_SLACK

    def _wait(self, timeout: float) -> None:
        now = time.monotonic()
        limit = self._wall_limit()
        for w in self.workers:
            if w.task is not None and not w.killed_for_time:
                left = w.started + limit - now
                if left <= 0:  # stuck, not busy: the processor-time budget cannot end it
                    w.killed_for_time = True
                    self._kill(w)
                else:
                    timeout = min(timeout, left)
        handles: dict[Any, _Worker] = {}
        for w in self.workers:
            handles[w.conn] = w
            handles[w.process.sentinel] = w
        for handle in multiprocessing.connection.wait(list(handles), max(0.0, timeout)):
            w = handles[handle]
            if w not in self.workers:  # already handled through its other handle
                continue
            if handle is w.conn:
                self._receive(w)
            elif not w.conn.poll():  # dead, with nothing left to read
                self._lost(w)

    def _receive(self, w: _Worker) -> None:
        try:
            message = w.conn.recv()
        except Exception:  # end of file, or a message cut short: it died
            self._lost(w)
            return
        if isinstance(message, tuple) and message[:1] == ("ready",):
            w.ready = True
            self.failed_starts_in_a_row = 0
            return
        if isinstance(message, tuple) and message[:1] == ("failed",):
            w.start_error = str(message[1])
            return  # its end comes next, through its sentinel
        index, value = message
        if isinstance(value, Failure) and value.kind == "memory":
            value = Failure("memory", self._memory_message())
        w.task = None
        self.done.append((index, value))
        self._dispatch()

    def _lost(self, w: _Worker) -> None:
        """``w`` died: blame its file (or, if it died while starting, nothing) and replace it."""
        w.process.join(1.0)
        tail = w.stderr_tail()
        self.workers.remove(w)
        self._discard(w)
        if w.ready:
            if w.task is not None:
                self.done.append((w.task[0], self._failure(w, tail)))
        else:  # it never took a task: its file goes back to the queue
            self.start_failures.append(w.start_error or _last_line(tail) or _describe_exit(w.process.exitcode))
            self.failed_starts_in_a_row += 1
            if w.task is not None:
                self.queue.appendleft(w.task)
            if self.workers:
                self.max_workers = len(self.workers)  # go on with the workers that did start
            elif self.failed_starts_in_a_row >= MAX_FAILED_STARTS:
                self.queue.clear()
                raise WorkerStartError(self._start_error())
        self._dispatch()

    def _failure(self, w: _Worker, tail: str) -> Failure:
        code = w.process.exitcode
        timer_signals = {getattr(signal, name) for name in ("SIGPROF", "SIGXCPU") if hasattr(signal, name)}
        if w.killed_for_time or (code is not None and -code in timer_signals):
            return Failure("timeout", f"analysing this file took longer than {self.budget.seconds} s (file-timeout)")
        if "memory allocation of" in tail or "MemoryError" in tail or "out of memory" in tail:
            return Failure("memory", self._memory_message())
        return Failure("crash", f"aliaslint's parser crashed on this file ({_describe_exit(code)})")

    def _memory_message(self) -> str:
        return f"analysing this file needed more than {self.budget.megabytes} MB (file-memory-mb)"

    @staticmethod
    def _kill(w: _Worker) -> None:
        try:
            w.process.kill()
        except (OSError, AttributeError):
            pass

    @staticmethod
    def _discard(w: _Worker) -> None:
        try:
            w.conn.close()
        except OSError:
            pass
        w.discard_stderr()


def _describe_exit(code: int | None) -> str:
    if code is None:
        return "no exit status"
    if code < 0:
        try:
            return signal.Signals(-code).name
        except ValueError:
            return f"signal {-code}"
    return f"exit status {code}"


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
