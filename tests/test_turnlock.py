"""ctxgraph._turnlock.TurnLock: first come, first served, across threads and event loops."""

from __future__ import annotations

import asyncio
import threading

from ctxgraph._turnlock import TurnLock


def test_threads_are_served_in_arrival_order_and_never_two_at_once():
    lock = TurnLock()
    assert lock.acquire()
    order: list[int] = []
    inside = []
    threads = []
    for n in range(8):
        t = threading.Thread(target=lambda n=n: (lock.acquire(), inside.append(n), order.append(n),
                                                   inside.remove(n), lock.release()))
        t.start()
        threads.append(t)
        while lock.waiting < n + 1:  # wait until thread n queues before starting n+1
            threading.Event().wait(0.001)
    lock.release()
    for t in threads:
        t.join()
    assert order == list(range(8)) and not lock.busy


def test_coroutines_on_two_loops_and_a_thread_share_one_lock():
    lock = TurnLock()
    log: list[str] = []
    held = []

    async def worker(name: str) -> None:
        for _ in range(20):
            assert await lock.acquire_async()
            held.append(name)
            assert len(held) == 1  # nobody else inside
            await asyncio.sleep(0)
            log.append(name)
            held.pop()
            lock.release()

    async def two_workers(name: str) -> None:
        await asyncio.wait_for(asyncio.gather(worker(name + "1"), worker(name + "2")), 60)

    def in_loop(name: str) -> None:
        asyncio.run(two_workers(name))

    def in_thread() -> None:
        for _ in range(20):
            lock.acquire()
            held.append("t")
            assert len(held) == 1
            log.append("t")
            held.pop()
            lock.release()

    threads = [threading.Thread(target=in_loop, args=("a",)), threading.Thread(target=in_loop, args=("b",)),
               threading.Thread(target=in_thread)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(set(log)) == ["a1", "a2", "b1", "b2", "t"] and len(log) == 100
    assert not lock.busy


def test_timeouts_and_cancellation_leave_the_queue_clean():
    lock = TurnLock()
    lock.acquire()
    assert lock.acquire(timeout=0.01) is False

    async def main():
        assert await lock.acquire_async(timeout=0.01) is False
        waiter = asyncio.ensure_future(lock.acquire_async())
        await asyncio.sleep(0.01)
        assert lock.waiting == 1
        waiter.cancel()
        await asyncio.gather(waiter, return_exceptions=True)
        return waiter.cancelled()

    assert asyncio.run(main()) is True
    assert lock.waiting == 0 and lock.busy
    lock.release()
    assert not lock.busy


def test_a_waiter_whose_loop_has_closed_is_skipped():
    lock = TurnLock()
    lock.acquire()
    loop = asyncio.new_event_loop()
    waiter = loop.create_task(lock.acquire_async())
    loop.run_until_complete(asyncio.sleep(0.01))  # the coroutine queued itself
    assert lock.waiting == 1
    waiter.cancel()
    loop.call_soon(loop.stop)  # closed before the cancellation ran: its queue entry stays behind
    loop.close()
    got = []
    t = threading.Thread(target=lambda: got.append(lock.acquire(timeout=30)))
    t.start()
    while lock.waiting < 2:
        threading.Event().wait(0.001)
    lock.release()  # the dead loop's waiter is passed over
    t.join()
    assert got == [True]
