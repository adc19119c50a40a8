package dev.tumble.core.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tumble.core.contact.Contact;
import java.lang.management.ManagementFactory;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.junit.jupiter.api.Test;

/**
 * A body and a contact make their JOML views on the first getter call, not up front: the
 * footprint of 10,000 bodies and 40,000 contacts (and what the collector copies and spreads
 * between them) is the state the engine uses, not nine vectors per body that nothing reads.
 */
class FootprintTest {
    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    private static void assumeCounter() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "needs HotSpot's per-thread allocation counter");
    }

    @Test
    void aPooledContactIsOneObjectOfAtMost176Bytes() {
        assumeCounter();
        Contact[] keep = new Contact[1000];
        for (int i = 0; i < keep.length; i++) {
            keep[i] = new Contact(); // warm-up: class loading and the first JIT tiers
        }
        long before = allocatedBytes();
        for (int i = 0; i < keep.length; i++) {
            keep[i] = new Contact();
        }
        double perContact = (allocatedBytes() - before) / (double) keep.length;
        // 128 B with compressed references; with the two views made up front it was 208 B.
        assertTrue(perContact <= 176, "bytes per contact: " + perContact);
    }

    @Test
    void aNewBodyAllocatesAtMost900Bytes() {
        assumeCounter();
        RigidBody[] keep = new RigidBody[1000];
        for (int i = 0; i < keep.length; i++) {
            keep[i] = RigidBody.dynamic(); // warm-up: class loading and the first JIT tiers
        }
        long before = allocatedBytes();
        for (int i = 0; i < keep.length; i++) {
            keep[i] = RigidBody.dynamic();
        }
        double perBody = (allocatedBytes() - before) / (double) keep.length;
        // 728 B with compressed references (its state block is 480 of them); 1,096 B with nine views.
        assertTrue(perBody <= 900, "bytes per body: " + perBody);
    }

    @Test
    void aViewIsMadeOnceThenRefreshedByEachCall() {
        RigidBody b = RigidBody.dynamic().position(1, 2, 3).velocity(4, 5, 6);
        Vector3dc p = b.position();
        assertEquals(new Vector3d(1, 2, 3), p);
        b.position(7, 8, 9);
        assertSame(p, b.position(), "the same view each call");
        assertEquals(new Vector3d(7, 8, 9), p, "refreshed by the call");
        assertEquals(new Vector3d(4, 5, 6), b.velocity());
        assertEquals(1, b.orientation().w());

        Contact c = new Contact(b, null, new Vector3d(0.5, 0, 0), new Vector3d(0, 1, 0), 0.01, 0.5, 0);
        Vector3dc point = c.point();
        assertEquals(new Vector3d(0.5, 0, 0), point);
        assertSame(point, c.point());
        assertEquals(new Vector3d(0, 1, 0), c.normal());
    }
}
