"""Long calls release the GIL, and Ctrl-C stops them at a consistent point.

Ctrl-C is sent as a real SIGINT to a child interpreter (sys.executable,
this one) running the call, so that pytest's own process is never hit."""

import os
import subprocess
import sys
import textwrap
import threading
import time

import toroid


def ticks_while(work):
    """Runs work() in a thread; returns how long it took, how often this
    thread ran meanwhile and the longest pause between its turns."""
    started, done = threading.Event(), threading.Event()

    def run():
        started.set()
        work()
        done.set()

    worker = threading.Thread(target=run)
    worker.start()
    started.wait()
    ticks, gap, last = 0, 0.0, time.perf_counter()
    t0 = last
    while not done.is_set():  # runs only while the call has let go of the GIL
        now = time.perf_counter()
        gap, last, ticks = max(gap, now - last), now, ticks + 1
    worker.join()
    return time.perf_counter() - t0, ticks, gap


def test_step_releases_the_gil():
    t = toroid.Torus(2048, 2048, rule="B2(1/3)/S12H", backend="cpu", threads=1).soup(0.5, 1)
    gens = 8
    for _ in range(8):  # long enough to tell, whatever the machine
        took, ticks, gap = ticks_while(lambda: t.step(gens))
        if took > 0.3:
            break
        gens *= 4
    assert took > 0.3, "the step was too short to tell"
    # Holding the GIL, the step would leave this thread no turn at all (a gap
    # as long as the step); the margin is for a loaded machine's scheduler.
    assert ticks > 1000 and gap < took / 2, (ticks, gap, took)


def test_sweep_releases_the_gil():
    result = {}
    th = threading.Thread(target=lambda: result.setdefault(
        "rows", toroid.sweep("B3[678]/S23", soups=20, torus=(64, 64), max_gens=1000, threads=1)))
    th.start()
    ticks = 0
    while th.is_alive():
        ticks += 1
    th.join()
    assert len(result["rows"]) == 8 and ticks > 1000


def interrupted(code, after=0.5, limit=20.0):
    """Runs `code` in a child interpreter, sends it SIGINT `after` seconds
    after it printed "go", and returns its stdout (it must exit 0 within
    `limit` seconds of the signal)."""
    script = "import sys, toroid\n" + textwrap.dedent(code)
    p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=os.environ.copy())
    assert p.stdout.readline().strip() == "go", p.stderr.read()
    time.sleep(after)
    p.send_signal(2)  # SIGINT: Ctrl-C
    t0 = time.perf_counter()
    out, err = p.communicate(timeout=limit + 30)
    assert time.perf_counter() - t0 < limit, "Ctrl-C took too long"
    assert p.returncode == 0, (out, err)
    return out


def test_ctrl_c_stops_a_step_at_a_whole_generation():
    out = interrupted("""
        t = toroid.Torus(1024, 1024, backend="cpu").soup(0.5, 1)
        print("go", flush=True)
        try:
            t.step(10**12)
        except KeyboardInterrupt:
            g = t.generation
            u = toroid.Torus(1024, 1024, backend="cpu").soup(0.5, 1).step(g)
            print(g, t.hash() == u.hash(), t.population == u.population,
                  t.population == int(t.to_numpy().sum()))
            t.step(5)  # still usable
            print(t.generation == g + 5)
        """)
    first, second = out.split("\n")[:2]
    g, same_hash, same_pop, counted = first.split()
    assert int(g) > 0 and same_hash == same_pop == counted == "True" and second == "True"


def test_ctrl_c_stops_methuselah_with_a_checkpoint(tmp_path):
    ckpt = tmp_path / "gun.ckpt"
    out = interrupted(f"""
        print("go", flush=True)
        try:
            toroid.methuselah("gosper-glider-gun", max_gens=10**12, checkpoint={str(ckpt)!r})
        except KeyboardInterrupt:
            print("stopped")
        """)
    assert out.strip() == "stopped" and ckpt.exists()


def test_ctrl_c_stops_a_sweep_and_octal_values():
    out = interrupted("""
        print("go", flush=True)
        try:
            toroid.sweep("all-moore", soups=100, torus=(128, 128), max_gens=4000)
        except KeyboardInterrupt:
            print("sweep stopped")
        """)
    assert out.strip() == "sweep stopped"
    out = interrupted("""
        print("go", flush=True)
        try:
            toroid.games.grundy_octal("0.007", upto=10**8, max_time=0)
        except KeyboardInterrupt:
            print("octal stopped")
        """)
    assert out.strip() == "octal stopped"


def test_two_threads_on_one_torus():
    """While one thread steps (GIL released), another reads the same torus:
    every call waits for the step's whole chunk, nothing tears or crashes,
    and the result is the sequential one."""
    t = toroid.Torus(512, 512, backend="cpu").soup(0.5, 8)
    seen = []

    def reader():
        while len(seen) < 200:
            seen.append((t.generation, t.population, int(t[0:64, 0:64].sum())))

    th = threading.Thread(target=reader)
    th.start()
    t.step(300)
    th.join()
    want = toroid.Torus(512, 512, backend="cpu").soup(0.5, 8).step(300)
    assert t.hash() == want.hash()
    gens = [g for g, _, _ in seen]
    assert gens == sorted(gens) and len(seen) == 200
