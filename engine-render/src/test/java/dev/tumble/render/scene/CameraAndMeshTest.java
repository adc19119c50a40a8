package dev.tumble.render.scene;

import dev.tumble.render.internal.MeshData;
import org.joml.Matrix4x3d;
import org.joml.Vector3d;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Pure-math checks (no GL): camera projection, hull triangulation, draw list pooling. */
class CameraAndMeshTest {
    @Test
    void targetProjectsToImageCentreAndEyeIsAtDistance() {
        Camera c = new Camera().target(1f, 2f, 3f).orbit(0.7f, 0.4f, 12f);
        Vector3f p = c.project(1f, 2f, 3f, 800, 600, new Vector3f());
        assertEquals(400f, p.x, 1e-3f);
        assertEquals(300f, p.y, 1e-3f);
        assertEquals(12f, c.eye(new Vector3f()).distance(1f, 2f, 3f), 1e-4f);
        // Up in the world is up in the image (smaller y).
        assertTrue(c.project(1f, 3f, 3f, 800, 600, new Vector3f()).y < 300f);
    }

    @Test
    void lookAtRoundTrips() {
        Camera c = new Camera().lookAt(4f, 3.5f, 6f, 0f, 0.5f, 0f);
        Vector3f eye = c.eye(new Vector3f());
        assertEquals(4f, eye.x, 1e-4f);
        assertEquals(3.5f, eye.y, 1e-4f);
        assertEquals(6f, eye.z, 1e-4f);
    }

    @Test
    void pointsBehindTheEyeDoNotProject() {
        Camera c = new Camera().lookAt(0f, 0f, 5f, 0f, 0f, 0f);
        assertTrue(Float.isNaN(c.project(0f, 0f, 10f, 100, 100, new Vector3f()).x));
    }

    @Test
    void cubeHullHasTwelveOutwardTriangles() {
        List<Vector3d> pts = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            pts.add(new Vector3d((i & 1) == 0 ? -1 : 1, (i & 2) == 0 ? -1 : 1, (i & 4) == 0 ? -1 : 1));
        }
        pts.add(new Vector3d(0, 0, 0)); // interior
        pts.add(new Vector3d(0, 1, 0)); // on a face
        ConvexHullMesh h = new ConvexHullMesh(pts);
        assertEquals(12, h.triangleCount());
        float[] p = h.positions();
        float[] n = h.normals();
        for (int t = 0; t < h.triangleCount(); t++) {
            Vector3f a = new Vector3f(p[t * 9], p[t * 9 + 1], p[t * 9 + 2]);
            Vector3f e1 = new Vector3f(p[t * 9 + 3], p[t * 9 + 4], p[t * 9 + 5]).sub(a);
            Vector3f e2 = new Vector3f(p[t * 9 + 6], p[t * 9 + 7], p[t * 9 + 8]).sub(a);
            Vector3f face = e1.cross(e2);
            assertTrue(face.dot(n[t * 9], n[t * 9 + 1], n[t * 9 + 2]) > 0f, "counter-clockwise outward");
            assertTrue(face.dot(a) > 0f, "normal points away from the centre");
        }
        assertEquals((float) Math.sqrt(3), h.boundingRadius(), 1e-6f);
    }

    @Test
    void aHullOfThousandsOfPointsIsMeshedFromThePhysicsHullsFaces() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        List<Vector3d> pts = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            pts.add(new Vector3d(rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1)).normalize(2));
        }
        dev.tumble.core.collision.shape.ConvexHull hull = new dev.tumble.core.collision.shape.ConvexHull(
                pts.toArray(new Vector3d[0]));
        ConvexHullMesh h = new ConvexHullMesh(hull);
        int expected = 0;
        for (int f = 0; f < hull.faceCount(); f++) {
            expected += hull.face(f).length - 2;
        }
        assertEquals(expected, h.triangleCount(), "every face fanned into triangles");
        float[] p = h.positions();
        float[] n = h.normals();
        for (int t = 0; t < h.triangleCount(); t++) {
            Vector3f a = new Vector3f(p[t * 9], p[t * 9 + 1], p[t * 9 + 2]);
            Vector3f e1 = new Vector3f(p[t * 9 + 3], p[t * 9 + 4], p[t * 9 + 5]).sub(a);
            Vector3f e2 = new Vector3f(p[t * 9 + 6], p[t * 9 + 7], p[t * 9 + 8]).sub(a);
            assertTrue(e1.cross(e2).dot(n[t * 9], n[t * 9 + 1], n[t * 9 + 2]) >= 0f, "counter-clockwise outward");
        }
        assertEquals(2f, h.boundingRadius(), 1e-6f);
    }

    @Test
    void flatHullIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ConvexHullMesh(List.of(
                new Vector3d(0, 0, 0), new Vector3d(1, 0, 0), new Vector3d(0, 0, 1), new Vector3d(1, 0, 1))));
    }

    @Test
    void theCylinderMeshIsAClosedOutwardSolidWithSmoothSidesAndFlatCaps() {
        int slices = 32;
        MeshData m = MeshData.cylinder(slices);
        float[] v = m.vertices();
        int[] idx = m.indices();
        int stride = MeshData.STRIDE;
        int side = 0, caps = 0;
        for (int i = 0; i < v.length / stride; i++) {
            int o = i * stride;
            Vector3f p = new Vector3f(v[o], v[o + 1], v[o + 2]), n = new Vector3f(v[o + 3], v[o + 4], v[o + 5]);
            assertEquals(0f, v[o + 6], "no capsule shift");
            assertEquals(1f, n.length(), 1e-6f);
            float rho = (float) Math.sqrt(p.x * p.x + p.z * p.z);
            if (n.y == 0f) {
                side++;
                assertEquals(1f, rho, 1e-6f, "a side vertex on the unit circle");
                assertEquals(1f, Math.abs(p.y), 0f, "a side vertex on a rim");
                assertEquals(p.x, n.x, 1e-6f, "the side's normal points straight out from the axis");
                assertEquals(p.z, n.z, 1e-6f, "the side's normal points straight out from the axis");
            } else {
                caps++;
                assertEquals(p.y, n.y, 0f, "a cap vertex has its cap's normal");
                assertTrue(rho <= 1 + 1e-6f, "within the rim");
            }
        }
        assertEquals(2 * slices, side, "the side's own rim vertices");
        assertEquals(2 * (slices + 1), caps, "each cap's own centre and rim");
        // Every triangle counter-clockwise seen from outside, agreeing with its vertices' normals;
        // every edge (by position) in two triangles, once each way: closed, consistently wound.
        java.util.Map<String, Integer> edges = new java.util.HashMap<>();
        double volume = 0;
        for (int t = 0; t < idx.length; t += 3) {
            Vector3f a = pos(v, idx[t]), b = pos(v, idx[t + 1]), c = pos(v, idx[t + 2]);
            Vector3f face = new Vector3f(b).sub(a).cross(new Vector3f(c).sub(a));
            Vector3f centroid = new Vector3f(a).add(b).add(c).div(3);
            assertTrue(face.dot(centroid) > 0f, "triangle " + t / 3 + " faces out");
            for (int k = 0; k < 3; k++) {
                int o = idx[t + k] * stride;
                assertTrue(face.dot(v[o + 3], v[o + 4], v[o + 5]) > 0f, "triangle " + t / 3 + " agrees with its normals");
                Vector3f from = pos(v, idx[t + k]), to = pos(v, idx[t + (k + 1) % 3]);
                edges.merge(from + ">" + to, 1, Integer::sum);
            }
            volume += a.dot(new Vector3f(b).cross(c)) / 6.0;
        }
        for (java.util.Map.Entry<String, Integer> e : edges.entrySet()) {
            String[] ends = e.getKey().split(">");
            assertEquals(1, e.getValue(), "edge " + e.getKey() + " once this way");
            assertEquals(1, edges.getOrDefault(ends[1] + ">" + ends[0], 0), "edge " + e.getKey() + " once the other way");
        }
        // The volume of the prism on the inscribed polygon: its area (n/2)·sin(2π/n) times the height 2.
        assertEquals(slices * Math.sin(2 * Math.PI / slices), volume, 1e-5);
        assertThrows(IllegalArgumentException.class, () -> MeshData.cylinder(2));
    }

    private static Vector3f pos(float[] v, int i) {
        int o = i * MeshData.STRIDE;
        return new Vector3f(v[o], v[o + 1], v[o + 2]);
    }

    @Test
    void aCylinderItemHoldsItsRadiusAndHalfHeightAndIsBoundedByItsRims() {
        DrawList list = new DrawList();
        RenderItem it = list.cylinder(new Matrix4x3d().translation(1, 2, 3).rotateX(0.7), 0.4, 1.5, Rgb.BLUE);
        assertEquals(MeshKind.CYLINDER, it.kind());
        assertEquals(0.4f, it.size().x(), 1e-7f);
        assertEquals(1.5f, it.size().y(), 1e-7f);
        assertEquals(0.4f, it.size().z(), 1e-7f);
        assertEquals(0f, it.size().w(), "no capsule shift");
        assertEquals(Math.sqrt(0.4 * 0.4 + 1.5 * 1.5), it.boundingRadius(), 1e-6, "the rims are the farthest points");
        assertEquals(2f, it.model().m31(), 1e-6f);
    }

    @Test
    void drawListReusesItemsAndPlacesPlanes() {
        DrawList list = new DrawList();
        RenderItem first = list.box(new Matrix4x3d(), 1, 2, 3, Rgb.RED);
        list.clear();
        RenderItem again = list.sphere(new Matrix4x3d().translation(1, 2, 3), 0.5, Rgb.BLUE);
        assertSame(first, again);
        assertEquals(MeshKind.SPHERE, again.kind());
        assertEquals(0.5f, again.boundingRadius(), 1e-6f);
        RenderItem plane = list.plane(0, 0, 2, 1.5, 10, Rgb.GREY);
        Vector3f up = plane.model().transformDirection(new Vector3f(0, 1, 0));
        assertEquals(1f, up.z, 1e-6f);
        assertEquals(1.5f, plane.model().m32(), 1e-6f);
        assertFalse(plane.castsShadow());
        assertThrows(IllegalArgumentException.class, () -> list.plane(0, 0, 0, 0, 1, 0));
    }
}
