package dev.tumble.core.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tumble.core.world.ResolverSettings;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Once warmed up, a resolve call allocates nothing (measured with the thread allocation counter). */
class ResolverAllocationTest {

    @ParameterizedTest
    @EnumSource(GoldenScenes.Kind.class)
    void resolveAllocatesNothingAfterWarmUp(GoldenScenes.Kind kind) {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no allocation counter on this JVM");
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled());
        long thread = Thread.currentThread().getId();

        ContactResolver resolver = kind.create(ResolverSettings.DEFAULTS);
        for (int i = 0; i < 30; i++) {
            resolver.resolveContacts(RandomScenes.scene(i, 150, RandomScenes.Options.ANY).contacts(), 1 / 60.0);
        }
        List<RandomScenes.Scene> scenes = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            scenes.add(RandomScenes.scene(1000 + i, 2 + 7 * i, RandomScenes.Options.ANY));
        }
        RandomScenes.Scene[] warm = scenes.toArray(new RandomScenes.Scene[0]);
        long baseline0 = mx.getThreadAllocatedBytes(thread);
        long baseline1 = mx.getThreadAllocatedBytes(thread);
        long overhead = baseline1 - baseline0;
        long before = mx.getThreadAllocatedBytes(thread);
        for (int i = 0; i < warm.length; i++) {
            resolver.resolveContacts(warm[i].contacts(), 1 / 60.0);
        }
        long allocated = mx.getThreadAllocatedBytes(thread) - before - overhead;
        assertEquals(0, allocated, "bytes allocated by 20 warmed-up resolve calls");
    }
}
