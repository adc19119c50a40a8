package dev.tumble.core.math;

import dev.tumble.core.internal.Check;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Mass (kg), centre of mass (m) and inertia tensor about the centre of mass (kg·m²) of a solid.
 *
 * @param mass kilograms, positive
 * @param centre centre of mass in the solid's own coordinates, metres
 * @param inertia inertia tensor about {@code centre}, kg·m², in the solid's axes
 */
public record MassProperties(double mass, Vector3dc centre, Matrix3dc inertia) {

    /**
     * Mass properties of a closed, outward-wound triangle mesh of uniform density (kg/m³), by
     * summing the signed tetrahedra that each triangle forms with the origin (the covariance
     * method). Used for convex hulls.
     *
     * @param vertices vertex positions, metres
     * @param triangles vertex indices, three per triangle, counter-clockwise seen from outside
     * @param density the density, kg/m³
     * @return the mass properties
     */
    public static MassProperties ofClosedMesh(Vector3dc[] vertices, int[] triangles, double density) {
        Check.positive("density", density);
        if (triangles.length < 12 || triangles.length % 3 != 0) {
            throw new IllegalArgumentException("triangles must hold at least 4 triangles (12 indices), was " + triangles.length);
        }
        double volume = 0;
        double cx = 0, cy = 0, cz = 0;
        // Covariance (second moments) sum, symmetric: xx, yy, zz, xy, xz, yz.
        double sxx = 0, syy = 0, szz = 0, sxy = 0, sxz = 0, syz = 0;
        for (int t = 0; t < triangles.length; t += 3) {
            Vector3dc a = vertices[triangles[t]], b = vertices[triangles[t + 1]], c = vertices[triangles[t + 2]];
            // det [a b c] = 6 × signed volume of the tetrahedron (0, a, b, c).
            double det = a.x() * (b.y() * c.z() - b.z() * c.y())
                    - a.y() * (b.x() * c.z() - b.z() * c.x())
                    + a.z() * (b.x() * c.y() - b.y() * c.x());
            volume += det / 6.0;
            cx += det / 24.0 * (a.x() + b.x() + c.x());
            cy += det / 24.0 * (a.y() + b.y() + c.y());
            cz += det / 24.0 * (a.z() + b.z() + c.z());
            // ∫ x_i x_j over the tetrahedron = det/120 · (Σ_k p_ki p_kj + (Σ p_i)(Σ p_j)).
            double k = det / 120.0;
            sxx += k * (a.x() * a.x() + b.x() * b.x() + c.x() * c.x() + sq(a.x() + b.x() + c.x()));
            syy += k * (a.y() * a.y() + b.y() * b.y() + c.y() * c.y() + sq(a.y() + b.y() + c.y()));
            szz += k * (a.z() * a.z() + b.z() * b.z() + c.z() * c.z() + sq(a.z() + b.z() + c.z()));
            sxy += k * (a.x() * a.y() + b.x() * b.y() + c.x() * c.y() + (a.x() + b.x() + c.x()) * (a.y() + b.y() + c.y()));
            sxz += k * (a.x() * a.z() + b.x() * b.z() + c.x() * c.z() + (a.x() + b.x() + c.x()) * (a.z() + b.z() + c.z()));
            syz += k * (a.y() * a.z() + b.y() * b.z() + c.y() * c.z() + (a.y() + b.y() + c.y()) * (a.z() + b.z() + c.z()));
        }
        if (!(volume > 0)) {
            throw new IllegalArgumentException("mesh must enclose a positive volume (outward winding), was " + volume);
        }
        Vector3d centre = new Vector3d(cx / volume, cy / volume, cz / volume);
        double mass = density * volume;
        // Second moments about the centre.
        double xx = density * sxx - mass * centre.x * centre.x;
        double yy = density * syy - mass * centre.y * centre.y;
        double zz = density * szz - mass * centre.z * centre.z;
        double xy = density * sxy - mass * centre.x * centre.y;
        double xz = density * sxz - mass * centre.x * centre.z;
        double yz = density * syz - mass * centre.y * centre.z;
        Matrix3d inertia = new Matrix3d(
                yy + zz, -xy, -xz,
                -xy, xx + zz, -yz,
                -xz, -yz, xx + yy);
        return new MassProperties(mass, centre, inertia);
    }

    /**
     * Volume (m³) of the solid at the given density.
     *
     * @param density the density the mass was computed with, kg/m³
     * @return the volume, m³
     */
    public double volume(double density) {
        return mass / density;
    }

    private static double sq(double v) {
        return v * v;
    }
}
