package dev.tumble.core.math;

import dev.tumble.core.internal.Check;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Vector3dc;

/**
 * Inertia tensors of solid shapes about their centre of mass, in kg·m², in the shape's own axes.
 * Capsules and cylinders have their axis along y.
 *
 * <p>Cyclone's {@code setBlockInertiaTensor} uses 0.3 where 1/3 is right; Tumble uses the
 * correct {@code m(b² + c²)/3} for half-extents b, c (equivalently {@code m(B² + C²)/12} for full
 * extents).
 */
public final class Inertia {
    private Inertia() {
    }

    /**
     * A solid box of the given half-extents (m).
     *
     * @param mass the mass, kg
     * @param hx the half-extent along x, m
     * @param hy the half-extent along y, m
     * @param hz the half-extent along z, m
     * @return a new inertia tensor, kg·m²
     */
    public static Matrix3d box(double mass, double hx, double hy, double hz) {
        Check.positive("mass", mass);
        Check.positive("halfExtent.x", hx);
        Check.positive("halfExtent.y", hy);
        Check.positive("halfExtent.z", hz);
        double k = mass / 3.0;
        return diagonal(k * (hy * hy + hz * hz), k * (hx * hx + hz * hz), k * (hx * hx + hy * hy));
    }

    /**
     * A solid sphere of radius {@code r} (m): {@code 2/5·m·r²}.
     *
     * @param mass the mass, kg
     * @param r the radius, m
     * @return a new inertia tensor, kg·m²
     */
    public static Matrix3d sphere(double mass, double r) {
        Check.positive("mass", mass);
        Check.positive("radius", r);
        double i = 0.4 * mass * r * r;
        return diagonal(i, i, i);
    }

    /**
     * A thin spherical shell of radius {@code r} (m): {@code 2/3·m·r²}.
     *
     * @param mass the mass, kg
     * @param r the radius, m
     * @return a new inertia tensor, kg·m²
     */
    public static Matrix3d sphericalShell(double mass, double r) {
        Check.positive("mass", mass);
        Check.positive("radius", r);
        double i = 2.0 / 3.0 * mass * r * r;
        return diagonal(i, i, i);
    }

    /**
     * A solid cylinder along y of radius {@code r} and half-height {@code h} (m).
     *
     * @param mass the mass, kg
     * @param r the radius, m
     * @param h the half-height, m
     * @return a new inertia tensor, kg·m²
     */
    public static Matrix3d cylinder(double mass, double r, double h) {
        Check.positive("mass", mass);
        Check.positive("radius", r);
        Check.positive("halfHeight", h);
        double side = mass * (3 * r * r + 4 * h * h) / 12.0;
        return diagonal(side, 0.5 * mass * r * r, side);
    }

    /**
     * A solid capsule along y: a cylinder of radius {@code r} and half-height {@code h} (m) capped
     * by two hemispheres; the mass is shared by volume.
     *
     * @param mass the mass, kg
     * @param r the radius, m
     * @param h the half-height of the cylinder part, m
     * @return a new inertia tensor, kg·m²
     */
    public static Matrix3d capsule(double mass, double r, double h) {
        Check.positive("mass", mass);
        Check.positive("radius", r);
        Check.nonNegative("halfHeight", h);
        double vCyl = Math.PI * r * r * 2 * h;
        double vSph = 4.0 / 3.0 * Math.PI * r * r * r;
        double mc = mass * vCyl / (vCyl + vSph);
        double ms = mass * vSph / (vCyl + vSph);
        double axial = 0.5 * mc * r * r + 0.4 * ms * r * r;
        // Each hemisphere about the capsule centre: m_h(2r²/5 + h² + 3hr/4).
        double side = mc * (r * r / 4 + h * h / 3) + ms * (0.4 * r * r + h * h + 0.75 * h * r);
        return diagonal(side, axial, side);
    }

    /**
     * Volume of a capsule (m³).
     *
     * @param r the radius, m
     * @param h the half-height of the cylinder part, m
     * @return the volume, m³
     */
    public static double capsuleVolume(double r, double h) {
        return Math.PI * r * r * 2 * h + 4.0 / 3.0 * Math.PI * r * r * r;
    }

    /**
     * Moves an inertia tensor about the centre of mass to a parallel axis through a point at
     * {@code offset} (m) from it: {@code I + m(|d|²·E − d·dᵀ)}.
     *
     * @param aboutCentre the tensor about the centre of mass, kg·m²
     * @param mass the mass, kg
     * @param offset the point's offset from the centre of mass, m
     * @param dest receives the moved tensor
     * @return {@code dest}
     */
    public static Matrix3d parallelAxis(Matrix3dc aboutCentre, double mass, Vector3dc offset, Matrix3d dest) {
        double x = offset.x(), y = offset.y(), z = offset.z();
        double d2 = x * x + y * y + z * z;
        return dest.set(
                aboutCentre.m00() + mass * (d2 - x * x), aboutCentre.m01() - mass * x * y, aboutCentre.m02() - mass * x * z,
                aboutCentre.m10() - mass * y * x, aboutCentre.m11() + mass * (d2 - y * y), aboutCentre.m12() - mass * y * z,
                aboutCentre.m20() - mass * z * x, aboutCentre.m21() - mass * z * y, aboutCentre.m22() + mass * (d2 - z * z));
    }

    /**
     * The tensor {@code R·I·Rᵀ} of a body whose axes are turned by {@code rotation}.
     *
     * @param inertia the tensor in the body's own axes, kg·m²
     * @param rotation the rotation {@code R}
     * @param dest receives the turned tensor
     * @return {@code dest}
     */
    public static Matrix3d rotate(Matrix3dc inertia, Matrix3dc rotation, Matrix3d dest) {
        Matrix3d r = new Matrix3d(rotation);
        Matrix3d rt = new Matrix3d(rotation).transpose();
        return dest.set(r.mul(inertia).mul(rt));
    }

    static Matrix3d diagonal(double xx, double yy, double zz) {
        return new Matrix3d(xx, 0, 0, 0, yy, 0, 0, 0, zz);
    }
}
