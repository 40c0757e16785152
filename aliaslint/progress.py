"""A progress line on standard error, for runs long enough to need one.

    progress = Progress.for_terminal(sys.stderr, quiet=False)
    progress.summarised(done, total)     # phase 1, called as files end
    progress.project_pass()              # phase 2 and 3: one line, with the time it has taken
    progress.clear()                     # erases the line before a message is printed
    progress.close()                     # erases the line for good

Nothing is shown during the first :data:`DELAY` seconds (a short run prints nothing), when the
stream is not a terminal, or when the run is quiet. The line is redrawn in place (``\\r`` and
erase-to-end-of-line) at most :data:`REFRESH` times a second. The project pass reports nothing
while it runs, so a timer thread redraws its line; the thread is started only after the worker
processes are gone (forking next to a running thread is unsafe).
"""
from __future__ import annotations

import threading
import time
from typing import TextIO

#: seconds before the line first appears
DELAY = 1.0
#: seconds between redraws
REFRESH = 0.1


class Progress:
    """Draws the progress line on ``stream``, or nothing when ``enabled`` is false."""

    def __init__(self, stream: TextIO | None, enabled: bool = True) -> None:
        self.stream = stream
        self.enabled = enabled and stream is not None
        self.started = time.monotonic()
        self.drawn_at = 0.0
        self.shown = False
        self.text = ""
        self._lock = threading.Lock()
        self._stop: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._stage_started = 0.0

    @classmethod
    def for_terminal(cls, stream: TextIO, quiet: bool) -> Progress:
        """Enabled when ``stream`` is a terminal and the run is not ``quiet``."""
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):
            tty = False
        return cls(stream, enabled=tty and not quiet)

    @classmethod
    def silent(cls) -> Progress:
        return cls(None, enabled=False)

    def summarised(self, done: int, total: int) -> None:
        """Phase 1: ``done`` of ``total`` files summarised (read from the cache or analysed)."""
        self._draw(f"aliaslint: summarised {done}/{total} files", force=done == total)

    def project_pass(self) -> None:
        """Phase 1 is over: show the project pass's line until :meth:`close`."""
        if not self.enabled or self._thread is not None:
            return
        self._stage_started = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._tick, name="aliaslint-progress", daemon=True)
        self._thread.start()

    def clear(self) -> None:
        """Erase the line, so that a message can be printed; it comes back at the next redraw."""
        with self._lock:
            if self.shown and self.stream is not None:
                self.stream.write("\r\x1b[K")
                self.stream.flush()
                self.shown = False

    def close(self) -> None:
        """Stop the timer and erase the line (the report is printed after it)."""
        if self._thread is not None and self._stop is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None
        self.clear()

    def _tick(self) -> None:
        assert self._stop is not None
        while not self._stop.wait(REFRESH):
            elapsed = time.monotonic() - self._stage_started
            self._draw(f"aliaslint: project pass ({elapsed:.0f} s)")

    def _draw(self, text: str, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.started < DELAY or (not force and now - self.drawn_at < REFRESH):
            return
        with self._lock:
            if self.shown and text == self.text:
                return  # nothing new: a terminal log stays short
            assert self.stream is not None
            self.stream.write("\r\x1b[K" + text)
            self.stream.flush()
            self.drawn_at = now
            self.shown = True
            self.text = text
