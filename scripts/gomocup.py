"""A Gomocup engine on pipes, as the study scripts (move-quality, annotate-games) drive it.

The scripts import it from their own folder; it is not a program of its own.
"""
import re
import select
import shlex
import subprocess

MOVE = re.compile(r"\d+,\d+")
RULES = {"freestyle": 0, "standard": 1, "renju": 4}


class EngineExited(Exception):
    """The engine closed its output."""


class EngineStalled(Exception):
    """The engine said nothing for longer than the patience it was given."""


class GomocupEngine:
    """One engine process: `START`, the time and rule `INFO`s, then positions by `BOARD`.

    `command` is split like a shell word list (or run by the shell with `shell`); a command
    that cannot be started raises `OSError` or `ValueError`. `patience` (seconds, None for
    no limit) is how long a silent engine is waited for before `EngineStalled`.
    """

    def __init__(self, command, turn_ms, size=15, rule="freestyle", patience=None, shell=False):
        self.command = command
        self.patience = patience
        self.process = subprocess.Popen(command if shell else shlex.split(command), shell=shell,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, bufsize=0)
        self.send(f"START {size}")
        self.wait_ok()
        self.send(f"INFO timeout_turn {turn_ms}")
        self.send("INFO timeout_match 0")
        self.send(f"INFO rule {RULES.get(rule, 0)}")

    def send(self, line):
        try:
            self.process.stdin.write((line + "\n").encode())
            self.process.stdin.flush()
        except BrokenPipeError as error:
            raise EngineExited() from error

    def line(self, patience=None):
        ready, _, _ = select.select([self.process.stdout], [], [], patience or self.patience)
        if not ready:
            raise EngineStalled()
        text = self.process.stdout.readline()
        if not text:
            raise EngineExited()
        # Some engines print raw bytes inside MESSAGE lines.
        return text.decode("latin1").strip()

    def wait_ok(self):
        while self.line() != "OK":
            pass

    def sync(self):
        """Waits until the engine answers an ABOUT: Rapfi drops a command that comes right
        after a move it found at once, so the next BOARD is only sent to a listening engine."""
        for _ in range(5):
            self.send("ABOUT")
            try:
                while "name=" not in self.line(patience=2):
                    pass
                return
            except EngineStalled:
                continue
        raise EngineStalled()

    def position(self, moves, restart=False):
        """The engine's move and the lines it printed before it, for the side to move after
        `moves` (`x,y` from black). With `restart`, the engine is sent RESTART first."""
        if restart:
            self.send("RESTART")
            self.wait_ok()
        self.sync()
        self.send("BOARD")
        for index, move in enumerate(moves):
            own = index % 2 == len(moves) % 2
            self.send(f"{move},{1 if own else 2}")
        self.send("DONE")
        messages = []
        while True:
            text = self.line()
            if MOVE.fullmatch(text):
                return text, messages
            messages.append(text)

    def close(self):
        try:
            self.send("END")
            self.process.wait(timeout=5)
        except (EngineExited, subprocess.TimeoutExpired):
            self.process.kill()
