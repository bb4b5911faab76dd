"""A Gomocup engine on pipes, as the study scripts (move-quality, annotate-games) drive it.

The scripts import it from their own folder; it is not a program of its own.
"""
import re
import select
import shlex
import subprocess

MOVE = re.compile(r"\d+,\d+")
RULES = {"freestyle": 0, "standard": 1, "renju": 4}
# The words a Gomocup engine's own lines start with; any other line continues the one before.
KEYWORDS = ("MESSAGE", "DEBUG", "ERROR", "UNKNOWN", "OK", "SUGGEST", "name=")
# A proven result's value, less the plies to its end.
PROVEN = 30_000


def reported_value(text):
    """The value for the side to move in one of an engine's MESSAGE lines, or None.

    Three forms are read: Rapfi's `Eval 35` (`Eval +M15`, `Eval -M12` for a win or loss in
    15 or 12 plies), PentaZen's `ev 35` (`ev +v7`, `ev -v7`), and gametree's `value 35`
    (`value win in 15`, `value loss in 12`; its `five`, `vcf` and `vct` moves are wins of
    untold length). Proven results count as ±PROVEN less the plies to the end.
    """
    if not text.startswith("MESSAGE"):
        return None
    # Rapfi's `Eval 35` / `Eval +M15`, PentaZen's `ev 35` / `ev +v7`: a sign, a proof mark, a number.
    for pattern in (r"\bEval ([+-]?)(M?)(\d+)", r"\bev ([+-]?)(v?)(\d+)"):
        found = re.search(pattern, text)
        if found:
            sign = -1 if found.group(1) == "-" else 1
            return sign * (PROVEN - int(found.group(3)) if found.group(2) else int(found.group(3)))
    found = re.search(r"\bvalue (?:(win|loss) in (\d+)|(-?\d+))", text)
    if found:
        if found.group(1):
            plies = int(found.group(2))
            return PROVEN - plies if found.group(1) == "win" else plies - PROVEN
        return int(found.group(3))
    if re.match(r"MESSAGE (five|vcf|vct)\b", text):
        return PROVEN
    return None


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
        `moves` (`x,y` from black). With `restart`, the engine is sent RESTART (once it
        listens) before the position.

        A line that starts with none of the protocol's words is joined to the one before:
        PentaZen prints its depth as a raw byte, and depth 10 is a newline that splits its
        `MESSAGE dep … ev …` line in two."""
        self.sync()
        if restart:
            self.send("RESTART")
            self.wait_ok()
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
            if messages and not text.startswith(KEYWORDS):
                messages[-1] = f"{messages[-1]} {text}"
            else:
                messages.append(text)

    def close(self):
        try:
            self.send("END")
            self.process.wait(timeout=5)
        except (EngineExited, subprocess.TimeoutExpired):
            self.process.kill()
