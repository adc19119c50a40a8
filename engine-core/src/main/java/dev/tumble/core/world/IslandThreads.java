package dev.tumble.core.world;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Helper threads that share out the items of one job with the stepping thread: each takes the
 * next unclaimed item until none is left, then the stepping thread waits for all of them. No
 * allocation per job (threads are started once, parked between jobs; a hand-off is a volatile
 * counter and an unpark). Helpers hold their pool only weakly while idle, so a world that is no
 * longer used lets its threads end; they are daemon threads.
 *
 * <p>Which thread runs which item varies from run to run: a job must give the same result
 * whatever the split, i.e. its items must touch disjoint data (islands do).
 */
final class IslandThreads {
    /** Work on one item with the scratch state of one worker (0 = the stepping thread). */
    interface Job {
        void run(int worker, int item);
    }

    /**
     * Spins (about 100 µs) before a waiting thread parks or yields: long enough to bridge the
     * gap between two steps' solves in a busy loop, short enough not to starve other work.
     */
    private static final int SPINS = 2_000;
    /** How long an idle helper parks before checking whether its pool still exists, ns. */
    private static final long IDLE_PARK_NANOS = 200_000_000L;

    private final Thread[] helpers;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger finished = new AtomicInteger();
    private volatile int generation;
    private volatile Job job;
    private volatile int items;
    private volatile Throwable failure;

    /** @param threads total threads including the stepping one (≥ 2) */
    IslandThreads(int threads) {
        helpers = new Thread[threads - 1];
    }

    /** @return workers a job may see (helpers plus the stepping thread). */
    int workers() {
        return helpers.length + 1;
    }

    /** Runs {@code job} over items {@code 0..count-1} on all workers and returns when every item is done. */
    void run(Job work, int count) {
        startHelpers();
        job = work;
        items = count;
        failure = null;
        next.set(0);
        finished.set(0);
        generation++; // publishes the fields above to the helpers
        for (Thread t : helpers) {
            LockSupport.unpark(t);
        }
        Throwable own = null;
        try {
            work(0, work, count);
        } catch (Throwable t) {
            own = t;
        }
        int spins = 0;
        while (finished.get() < helpers.length) {
            if (++spins < SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        job = null;
        Throwable t = own != null ? own : failure;
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
    }

    private void work(int worker, Job work, int count) {
        for (int k = next.getAndIncrement(); k < count; k = next.getAndIncrement()) {
            work.run(worker, k);
        }
    }

    private void startHelpers() {
        for (int i = 0; i < helpers.length; i++) {
            if (helpers[i] == null || !helpers[i].isAlive()) {
                WeakReference<IslandThreads> ref = new WeakReference<>(this);
                int worker = i + 1;
                int seen = generation;
                Thread t = new Thread(() -> helperLoop(ref, worker, seen), "tumble-island-" + worker);
                t.setDaemon(true);
                helpers[i] = t;
                t.start();
            }
        }
    }

    private static void helperLoop(WeakReference<IslandThreads> ref, int worker, int seen) {
        int spins = 0;
        while (true) {
            IslandThreads pool = ref.get();
            if (pool == null) {
                return; // the world is gone
            }
            int g = pool.generation;
            if (g != seen) {
                seen = g;
                try {
                    pool.work(worker, pool.job, pool.items);
                } catch (Throwable t) {
                    pool.failure = t;
                } finally {
                    pool.finished.incrementAndGet();
                }
                spins = 0;
                continue;
            }
            pool = null; // hold the pool only weakly while idle
            if (++spins < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(IDLE_PARK_NANOS);
            }
        }
    }
}
