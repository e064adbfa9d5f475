"""The lazy generator, random access and the numpy view."""

import gc
import itertools

import pytest

import nqueens
from conftest import is_solution, reference_solutions


@pytest.mark.parametrize("n", range(1, 10))
def test_solutions_in_lexicographic_order(n):
    assert list(nqueens.solutions(n)) == reference_solutions(n)


def test_solutions_are_tuples_of_zero_based_columns():
    first = next(nqueens.solutions(8))
    assert first == (0, 4, 7, 5, 2, 6, 1, 3)
    assert type(first) is tuple and all(type(c) is int for c in first)


def test_unique_yields_canonical_representatives_in_order():
    unique = list(nqueens.solutions(8, unique=True))
    assert len(unique) == 12 and unique == sorted(unique)
    assert unique[0] == (0, 4, 7, 5, 2, 6, 1, 3)
    assert len(list(nqueens.solutions(10, unique=True))) == 92


def test_islice_takes_what_it_asks_for():
    it = nqueens.solutions(12)
    head = list(itertools.islice(it, 5))
    assert head == list(nqueens.solutions(12))[:5]
    assert head == sorted(head) and all(is_solution(p) for p in head)
    assert next(it) > head[-1]  # the same iterator goes on where it stopped


def test_first_solution_of_thirty_without_the_rest():
    # N = 30 has about 10^18 solutions: only a lazy search returns at all.
    p = next(nqueens.solutions(30))
    assert len(p) == 30 and is_solution(p)
    assert p[:5] == (0, 2, 4, 1, 3)


def test_exhausted_iterator_stays_exhausted():
    it = nqueens.solutions(4)
    assert list(it) == [(1, 3, 0, 2), (2, 0, 3, 1)]
    assert list(it) == []
    assert list(nqueens.solutions(3)) == []


def live():
    return nqueens._core._live_solution_iterators()


def test_abandoned_iterator_frees_its_state():
    gc.collect()
    before = live()
    it = nqueens.solutions(14)
    for _ in itertools.islice(it, 1000):
        pass
    assert live() == before + 1
    del it
    assert live() == before  # freed as soon as the last reference goes, no gc needed


def test_close_and_exhaustion_free_the_state():
    before = live()
    it = nqueens.solutions(10)
    next(it)
    it.close()
    assert live() == before and list(it) == []
    it = nqueens.solutions(6)
    assert len(list(it)) == 4 and live() == before


def test_many_abandoned_iterators_do_not_pile_up():
    before = live()
    for n in range(4, 40):
        next(nqueens.solutions(min(n, 20)))
    assert live() == before


def test_solution_and_rank_are_inverse():
    all12 = list(nqueens.solutions(12))
    for k in (0, 1, 777, 14199):
        assert nqueens.solution(12, k) == all12[k]
        assert nqueens.rank(all12[k]) == k
    unique = list(nqueens.solutions(9, unique=True))
    assert nqueens.solution(9, 45, unique=True) == unique[45]
    assert nqueens.rank(unique[45], unique=True) == 45


def test_solution_of_sixteen_by_index():
    last = nqueens.solution(16, 14772511)
    assert is_solution(last) and nqueens.rank(last) == 14772511


def test_rank_accepts_any_sequence():
    assert nqueens.rank([0, 4, 7, 5, 2, 6, 1, 3]) == 0
    assert nqueens.rank(range(1)) == 0


def test_solutions_array_shape_and_dtype():
    np = pytest.importorskip("numpy")
    a = nqueens.solutions_array(8)
    assert a.shape == (92, 8) and a.dtype == np.uint8
    assert [tuple(int(c) for c in row) for row in a] == list(nqueens.solutions(8))
    u = nqueens.solutions_array(10, unique=True)
    assert u.shape == (92, 10) and u.dtype == np.uint8
    assert nqueens.solutions_array(3).shape == (0, 3)
    big = nqueens.solutions_array(12)
    assert big.shape == (14200, 12)
    assert (np.sort(big, axis=1) == np.arange(12)).all()  # every row a permutation
    assert tuple(int(c) for c in big[777]) == nqueens.solution(12, 777)


def test_solution_reaches_the_library_bound_for_all_solutions():
    # Beyond MAX_RANK_N (both lists) the list of all solutions still has random access.
    n = nqueens.MAX_RANK_ALL_N
    first = nqueens.solution(n, 0)
    assert is_solution(first) and first == next(nqueens.solutions(n))
    assert nqueens.rank(first) == 0
    assert nqueens.MAX_RANK_N <= nqueens.MAX_RANK_ALL_N


@pytest.mark.parametrize("n", [11, 12])
def test_generator_agrees_with_random_access_across_batch_boundaries(n):
    # The iterator fetches batches of 1, 2, 4, ... 4096 solutions: every solution at and
    # around the batch boundaries (0, 1, 3, 7, ..., 4095, 8191, ...) is the one solution()
    # gives for that index, and the total is the count.
    listed = list(nqueens.solutions(n))
    assert len(listed) == nqueens.count(n).total
    edges = set()
    for b in range(15):
        start = (1 << b) - 1  # first index of the batch after 1 + 2 + ... + 2^(b-1)
        start = start if b <= 12 else 4095 + 4096 * (b - 12)
        edges.update(k for k in (start - 1, start, start + 1) if 0 <= k < len(listed))
    edges.add(len(listed) - 1)
    for k in sorted(edges):
        assert listed[k] == nqueens.solution(n, k), k


def test_unique_generator_is_the_canonical_part_of_the_full_list():
    canonical = [p for p in nqueens.solutions(10) if _is_canonical(p)]
    assert list(nqueens.solutions(10, unique=True)) == canonical
    assert [nqueens.solution(10, k, unique=True) for k in (0, 45, 91)] == [
        canonical[0], canonical[45], canonical[91]]


def _is_canonical(p):
    n = len(p)
    images = []
    q = list(p)
    for _ in range(4):
        images.append(tuple(q))
        images.append(tuple(n - 1 - c for c in q))  # mirrored columns
        inverse = [0] * n
        for r, c in enumerate(q):
            inverse[c] = r
        q = [n - 1 - inverse[i] for i in range(n)]  # rotated a quarter turn
    return tuple(p) == min(images)


def test_resumed_iterator_continues_across_a_batch():
    whole = list(nqueens.solutions(10))
    it = nqueens.solutions(10)
    parts = []
    for size in (1, 2, 5, 100, 1000):  # stops inside and at the end of the first batches
        parts.extend(itertools.islice(it, size))
    parts.extend(it)
    assert parts == whole
