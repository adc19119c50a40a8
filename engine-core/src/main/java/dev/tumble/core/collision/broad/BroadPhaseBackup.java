package dev.tumble.core.collision.broad;

/**
 * A copy of what a step changes in a {@link BroadPhase}: its tree's nodes, the proxies' tight
 * boxes and sleep flags, the move buffer and the pair sets. A world takes one as a step begins
 * when the game's code runs after the proxies have moved (a pair callback): if that code throws,
 * {@link BroadPhase#restore} puts the broad phase back as it was, tree shape included (which
 * decides the order of queries, so of what follows). Its arrays grow with the broad phase and are
 * reused: taking a copy allocates nothing once they fit.
 */
public final class BroadPhaseBackup {
    double[] box = new double[0], tight = new double[0];
    int[] parent = new int[0], child1 = new int[0], child2 = new int[0], height = new int[0], moveBuffer = new int[0];
    Object[] user = new Object[0];
    boolean[] sleeping = new boolean[0], moved = new boolean[0];
    long[] pairs = new long[0], fatPairs = new long[0];
    int capacity, freeList, root, count, pairCount, fatPairCount, moveCount;

    static double[] copy(double[] src, double[] dest, int n) {
        double[] d = dest.length >= n ? dest : new double[Math.max(n, 2 * dest.length)];
        System.arraycopy(src, 0, d, 0, n);
        return d;
    }

    static int[] copy(int[] src, int[] dest, int n) {
        int[] d = dest.length >= n ? dest : new int[Math.max(n, 2 * dest.length)];
        System.arraycopy(src, 0, d, 0, n);
        return d;
    }

    static long[] copy(long[] src, long[] dest, int n) {
        long[] d = dest.length >= n ? dest : new long[Math.max(n, 2 * dest.length)];
        System.arraycopy(src, 0, d, 0, n);
        return d;
    }

    static boolean[] copy(boolean[] src, boolean[] dest, int n) {
        boolean[] d = dest.length >= n ? dest : new boolean[Math.max(n, 2 * dest.length)];
        System.arraycopy(src, 0, d, 0, n);
        return d;
    }

    static Object[] copy(Object[] src, Object[] dest, int n) {
        Object[] d = dest.length >= n ? dest : new Object[Math.max(n, 2 * dest.length)];
        System.arraycopy(src, 0, d, 0, n);
        return d;
    }
}
