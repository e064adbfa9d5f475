"""Ctrl-C during long calls: KeyboardInterrupt, and the module still works afterwards.

A timer thread delivers the interrupt while the call runs: _thread.interrupt_main() (what
Python does for a signal it simulates) or a real SIGINT through os.kill. Each call here would
run for minutes or longer if the interrupt were not honoured (ctest's timeout then fails it).
"""

import _thread
import collections
import os
import signal
import threading

import pytest

import nqueens

LONG_COUNT_N = 21  # minutes even on 16 cores


def interrupt_soon(how="interrupt_main", delay=0.3):
    if how == "interrupt_main":
        action = _thread.interrupt_main
    else:
        action = lambda: os.kill(os.getpid(), signal.SIGINT)  # noqa: E731
    timer = threading.Timer(delay, action)
    timer.start()
    return timer


@pytest.mark.parametrize("how", ["interrupt_main", "sigint"])
def test_keyboard_interrupt_during_long_count(how):
    timer = interrupt_soon(how)
    with pytest.raises(KeyboardInterrupt):
        nqueens.count(LONG_COUNT_N)
    timer.join()
    assert nqueens.count(8).total == 92  # nothing left behind


def test_keyboard_interrupt_with_the_join_method():
    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        nqueens.count(LONG_COUNT_N, method="join", threads=1)
    timer.join()


def test_keyboard_interrupt_while_searching_the_next_solution():
    before = nqueens._core._live_solution_iterators()
    it = nqueens.solutions(44)  # the first solution takes far longer than a test may run
    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        next(it)
    timer.join()
    assert list(it) == []  # the search was given up ...
    del it
    nqueens._core._wait_for_stopped_work()  # the worker winds down on its own after Ctrl-C
    assert nqueens._core._live_solution_iterators() == before  # ... and its state freed


@pytest.mark.parametrize("how", ["interrupt_main", "sigint"])
def test_keyboard_interrupt_while_c_code_drains_the_iterator(how):
    # deque() and list() call the iterator from C, where no Python code looks for signals; the
    # 39 billion solutions of N = 20 take hours at millions a second.
    before = nqueens._core._live_solution_iterators()
    it = nqueens.solutions(20)
    timer = interrupt_soon(how)
    with pytest.raises(KeyboardInterrupt):
        collections.deque(it, maxlen=0)
    timer.join()
    assert list(it) == []  # the search was given up
    del it
    nqueens._core._wait_for_stopped_work()
    assert nqueens._core._live_solution_iterators() == before


def test_keyboard_interrupt_during_k_queens_table():
    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        nqueens.table(13, threads=1)  # seconds; larger boards stop only between prefixes
    nqueens._core._wait_for_stopped_work()
    timer.join()
    assert nqueens.count_k(8, 8).total == 92


def test_keyboard_interrupt_during_completion_count():
    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        nqueens.complete(30, "1:1", count=True)
    timer.join()


def test_keyboard_interrupt_while_completions_are_handed_over():
    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        nqueens._core.complete_each(20, None, None, None, lambda batch: None)
    nqueens._core._wait_for_stopped_work()
    timer.join()
    assert nqueens.complete(8, "a1", count=True) == 4


def test_keyboard_interrupt_during_solutions_array():
    pytest.importorskip("numpy")
    timer = interrupt_soon(delay=0.05)
    try:
        nqueens.solutions_array(17)  # 1.6 GB and seconds of work
    except KeyboardInterrupt:
        pass  # the interrupt came while the array was filled: the work stopped early
    except MemoryError:
        pytest.skip("not enough memory for the N = 17 array")
    finally:
        timer.join()


def test_second_thread_may_not_resume_a_searching_iterator():
    it = nqueens.solutions(44)
    seen = []

    def meddle():
        for action in (lambda: next(it), it.close):
            try:
                action()
            except ValueError as e:
                seen.append(str(e))
        _thread.interrupt_main()

    timer = threading.Timer(0.3, meddle)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        next(it)
    timer.join()
    assert seen == ["solutions iterator already executing"] * 2
