package dev.tumble.core.body;

import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.internal.Check;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Matrix4f;
import org.joml.Matrix4x3d;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Quaternionf;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.joml.Vector3f;

/**
 * A rigid body as the book describes it (Millington, ch. 10): inverse mass, body-space inverse
 * inertia tensor, position, orientation, linear and angular velocity, force and torque
 * accumulators, damping and sleep.
 *
 * <p>The arithmetic of {@link #integrate(double)}, {@link #calculateDerivedData()} and the force
 * methods follows Cyclone's operation order exactly, so Tumble reproduces Cyclone bit for bit
 * (see the golden tests). Matrices are kept as row-major {@code double[]} internally for that
 * reason; the public API speaks JOML.
 *
 * <p>Units: SI throughout — metres, kilograms, seconds, radians.
 *
 * <p>The state lives in a flat block of doubles (in the world's array once the body joins a
 * world). The JOML getters ({@link #position()}, {@link #velocity()}, …) return a vector of the
 * body's own that each call refreshes from that block: hold on to the value, not the vector,
 * across a step, or call the getter again. Hot loops read components with {@link #positionX()}
 * and its siblings, or copy blocks with {@link #getPose} and {@link #getVelocities}.
 *
 * <p>Setters validate their arguments and throw {@link IllegalArgumentException} naming the
 * field and value; a rejected call leaves the body unchanged.
 */
public final class RigidBody {
    /** Default fraction of linear velocity kept after one second (applied as {@code pow(d, dt)}). */
    public static final double DEFAULT_LINEAR_DAMPING = 0.95;
    /** Default fraction of angular velocity kept after one second (applied as {@code pow(d, dt)}). */
    public static final double DEFAULT_ANGULAR_DAMPING = 0.95;
    /**
     * Default sleep threshold on the recency-weighted motion {@code |v|² + |ω|²} (m²/s², with ω
     * in rad/s counted as m/s for a unit-size body). Cyclone's value.
     */
    public static final double DEFAULT_SLEEP_EPSILON = 0.3;

    BodyType type;
    double inverseMass = 1;
    // ------------------------------------------------------------------ state block
    // The body's numbers live in one run of doubles, {@code state[at .. at + STRIDE)}: its own
    // array while it is in no world, and its slot of the world's array once it joins one
    // (BodyRegistry moves it). One run instead of a dozen small objects is what keeps a large
    // world's passes over its bodies in cache whatever the collector did to the heap. Offsets
    // are named after the book's quantities.

    /** Position of the centre of mass, m. */
    static final int PX = 0, PY = 1, PZ = 2;
    /** Orientation quaternion (w, x, y, z), body to world. */
    static final int QW = 3, QX = 4, QY = 5, QZ = 6;
    /** Linear velocity, m/s. */
    static final int VX = 7, VY = 8, VZ = 9;
    /** Angular velocity ("rotation" in the book), rad/s, world axes. */
    static final int WX = 10, WY = 11, WZ = 12;
    /** Row-major 3×4 transform {@code [R | p]}, 12 doubles; refreshed by calculateDerivedData. */
    static final int T0 = 13;
    /** World-space inverse inertia {@code R·I⁻¹·Rᵀ}, row-major, 9 doubles; refreshed with the transform. */
    static final int IW = 25;
    /** Body-space inverse inertia, row-major, 9 doubles. */
    static final int II = 34;
    /** Constant acceleration, m/s². */
    static final int AX = 43, AY = 44, AZ = 45;
    /** Linear acceleration of the last integration, m/s². */
    static final int LX = 46, LY = 47, LZ = 48;
    /** Force accumulator, N. */
    static final int FX = 49, FY = 50, FZ = 51;
    /** Torque accumulator, N·m. */
    static final int TX = 52, TY = 53, TZ = 54;
    /** Doubles per body. */
    static final int STRIDE = 55;

    /** The array holding this body's state; replaced when the body joins or leaves a world. */
    double[] state = newState();
    /** Where this body's state starts in {@link #state}. */
    int at;

    /**
     * {@code System.arraycopy} for the few doubles of a state block: a plain loop is cheaper
     * than the copy stub's checks at this length.
     */
    private static void copy(double[] from, int fromAt, double[] to, int toAt, int n) {
        for (int i = 0; i < n; i++) {
            to[toAt + i] = from[fromAt + i];
        }
    }

    private static double[] newState() {
        double[] s = new double[STRIDE];
        s[QW] = 1;
        s[II] = s[II + 4] = s[II + 8] = 1;
        return s;
    }

    /**
     * Moves this body's state to {@code dest[destAt .. destAt + STRIDE)} and reads it from there
     * on. Only the registry calls this, when the body joins or leaves a world or the world's array
     * grows, never during a step.
     */
    void moveState(double[] dest, int destAt) {
        System.arraycopy(state, at, dest, destAt, STRIDE);
        useState(dest, destAt);
    }

    /** Reads this body's state from {@code s[from ..]} on, which already holds it (no copy). */
    void useState(double[] s, int from) {
        state = s;
        at = from;
    }

    // Views for the JOML getters, refreshed from the state block on every call. Made on the first
    // call: a body most code reads by component would otherwise carry nine vectors (368 B, a third
    // of its footprint) that the collector copies and spreads between the bodies of a large world.
    private static final int POSITION_VIEW = 0, VELOCITY_VIEW = 1, ANGULAR_VELOCITY_VIEW = 2,
            ACCELERATION_VIEW = 3, LAST_FRAME_ACCELERATION_VIEW = 4, FORCE_VIEW = 5, TORQUE_VIEW = 6,
            VECTOR_VIEWS = 7;
    private Vector3d[] vectorViews;
    private Quaterniond orientationView;

    /**
     * The vector view {@code which} (one of the {@code *_VIEW} indices), made on first use,
     * set to the three doubles of the state block from offset {@code o} on.
     */
    private Vector3d vectorView(int which, int o) {
        Vector3d[] views = vectorViews;
        if (views == null) {
            vectorViews = views = new Vector3d[VECTOR_VIEWS];
        }
        Vector3d v = views[which];
        if (v == null) {
            views[which] = v = new Vector3d();
        }
        return v.set(state[at + o], state[at + o + 1], state[at + o + 2]);
    }

    private Quaterniond orientationView() {
        Quaterniond q = orientationView;
        if (q == null) {
            orientationView = q = new Quaterniond();
        }
        return q;
    }

    double linearDamping = DEFAULT_LINEAR_DAMPING;
    double angularDamping = DEFAULT_ANGULAR_DAMPING;

    double sleepEpsilon = DEFAULT_SLEEP_EPSILON;
    double motion = 2 * DEFAULT_SLEEP_EPSILON;
    boolean awake = true;
    boolean canSleep = true;

    private Object userData;

    private RigidBody(BodyType type) {
        this.type = type;
        calculateDerivedData();
    }

    /**
     * A dynamic body of mass 1 kg and unit inverse inertia at the origin; configure it fluently.
     *
     * @return a new dynamic body
     */
    public static RigidBody dynamic() {
        return new RigidBody(BodyType.DYNAMIC);
    }

    /**
     * A static (immovable, infinite-mass) body at the origin.
     *
     * @return a new static body
     */
    public static RigidBody fixed() {
        return new RigidBody(BodyType.STATIC);
    }

    /**
     * A kinematic body: moved by the velocities the game sets, never by forces or contacts.
     *
     * @return a new kinematic body
     */
    public static RigidBody kinematic() {
        return new RigidBody(BodyType.KINEMATIC);
    }

    // ------------------------------------------------------------------ mass properties

    /** @return how the body takes part in the simulation. */
    public BodyType type() {
        return type;
    }

    /**
     * Changes the body type; a dynamic body keeps its configured mass properties.
     *
     * @param newType the new type, not null
     * @return this body
     */
    public RigidBody type(BodyType newType) {
        Check.notNull("type", newType);
        if (newType == BodyType.DYNAMIC) {
            for (dev.tumble.core.collision.shape.Shape s : shapes) {
                refuseOnDynamic("type(DYNAMIC)", s);
            }
        }
        this.type = newType;
        calculateDerivedData();
        return this;
    }

    /** @return {@code true} when the body is dynamic and has a finite mass. */
    public boolean hasFiniteMass() {
        return inverseMass() > 0;
    }

    /**
     * @return the inverse mass in 1/kg as the solver sees it: 0 for static and kinematic bodies
     *     (they cannot be pushed) and for dynamic bodies given infinite mass.
     */
    public double inverseMass() {
        return type == BodyType.DYNAMIC ? inverseMass : 0;
    }

    /** @return the mass in kg ({@code Double.POSITIVE_INFINITY} for infinite mass). */
    public double mass() {
        double im = inverseMass();
        return im == 0 ? Double.POSITIVE_INFINITY : 1 / im;
    }

    /**
     * Sets the mass in kg: finite, positive and with a finite inverse (not below about 5.6e-309).
     * A body with shapes and a finite mass keeps its inertia's shape, scaled with the mass.
     *
     * @param kilograms the mass, kg
     * @return this body
     * @throws IllegalArgumentException when the mass, or the inverse inertia scaled with it, is
     *     out of the range of doubles; the body is then unchanged
     */
    public RigidBody mass(double kilograms) {
        double newInverse = inverseOfMass("mass", kilograms);
        if (rescalesInertia()) {
            // Same shapes, other mass: the inertia scales with the mass.
            double scale = inertiaScale("mass", kilograms, newInverse);
            for (int i = 0; i < 9; i++) {
                state[at + II + i] *= scale;
            }
            this.inverseMass = newInverse;
            calculateDerivedData();
            return this;
        }
        this.inverseMass = newInverse;
        return this;
    }

    /** @return 1/kg for a mass (kg) that is finite and positive and whose inverse is finite. */
    private static double inverseOfMass(String field, double kilograms) {
        Check.positive(field, kilograms);
        double inverse = 1 / kilograms;
        if (inverse == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(field + " must have a finite inverse, was " + kilograms);
        }
        return inverse;
    }

    /** Whether {@link #mass(double)} scales the inverse inertia: shapes and a finite mass. */
    private boolean rescalesInertia() {
        return !shapes.isEmpty() && inverseMass > 0;
    }

    /**
     * The factor {@link #mass(double)} multiplies the inverse inertia by for a new inverse mass
     * (1/kg), checked to leave every entry finite and no positive diagonal entry at zero.
     */
    private double inertiaScale(String field, double kilograms, double newInverse) {
        double scale = newInverse / inverseMass;
        for (int i = 0; i < 9; i++) {
            double was = state[at + II + i];
            double now = was * scale;
            if (!Double.isFinite(now) || (i % 4 == 0 && was > 0 && !(now > 0))) {
                throw new IllegalArgumentException(field + " " + kilograms + " kg takes the inverse inertia out of range: entry "
                        + i + " would be " + was + " × " + scale + " = " + now);
            }
        }
        return scale;
    }

    /**
     * Sets the inverse mass in 1/kg; 0 gives a dynamic body infinite mass: forces and contacts
     * cannot push it, but it still moves by its velocity and falls with gravity and its constant
     * acceleration, as in Millington's book. For a body that must not move, use {@link #fixed}
     * (or {@link #kinematic} to move it by hand).
     *
     * @param perKilogram the inverse mass, 1/kg (finite, ≥ 0)
     * @return this body
     */
    public RigidBody inverseMass(double perKilogram) {
        this.inverseMass = Check.nonNegative("inverseMass", perKilogram);
        return this;
    }

    /**
     * Sets the body-space inertia tensor in kg·m² (symmetric, positive definite, with an inverse
     * that doubles hold). Its inverse is stored.
     *
     * @param inertia the body-space inertia tensor, kg·m²
     * @return this body
     * @throws IllegalArgumentException when it is not, naming the tensor; the body is then unchanged
     */
    public RigidBody inertiaTensor(Matrix3dc inertia) {
        Matrix3d inv = inverseOfInertia("inertiaTensor", inertia);
        // Symmetrise away the inversion's round-off.
        setInverseInertiaRowMajor(inv.m00, 0.5 * (inv.m10 + inv.m01), 0.5 * (inv.m20 + inv.m02),
                inv.m11, 0.5 * (inv.m21 + inv.m12), inv.m22);
        return this;
    }

    /**
     * @return the inverse of a body-space inertia tensor (kg·m²) that is symmetric and positive
     *     definite, checked to be finite with a positive diagonal: near the ends of the double
     *     range the inversion gives infinities, or zeros where the determinant overflows
     */
    private static Matrix3d inverseOfInertia(String field, Matrix3dc inertia) {
        Check.symmetricPositive(field, inertia, false);
        Matrix3d inv = new Matrix3d(inertia).invert();
        if (!inv.isFinite() || !(inv.m00 > 0 && inv.m11 > 0 && inv.m22 > 0)) {
            throw new IllegalArgumentException(field + " must have an inverse within the range of doubles, was "
                    + Check.describe(inertia) + " (inverse " + Check.describe(inv) + ")");
        }
        return inv;
    }

    /**
     * Sets the body-space inverse inertia tensor in 1/(kg·m²) (symmetric, positive
     * semi-definite: a zero row makes the body unable to turn about that axis).
     *
     * @param inverseInertia the body-space inverse inertia tensor, 1/(kg·m²)
     * @return this body
     */
    public RigidBody inverseInertiaTensor(Matrix3dc inverseInertia) {
        Check.symmetricPositive("inverseInertiaTensor", inverseInertia, true);
        Matrix3dc m = inverseInertia;
        // JOML is column-major: mCR. Row-major [r][c] = m{c}{r}.
        double[] a = state;
        int ak = at + II;
        a[ak + 0] = m.m00(); a[ak + 1] = m.m10(); a[ak + 2] = m.m20();
        a[ak + 3] = m.m01(); a[ak + 4] = m.m11(); a[ak + 5] = m.m21();
        a[ak + 6] = m.m02(); a[ak + 7] = m.m12(); a[ak + 8] = m.m22();
        calculateDerivedData();
        return this;
    }

    private void setInverseInertiaRowMajor(double xx, double xy, double xz, double yy, double yz, double zz) {
        double[] a = state;
        int ak = at + II;
        a[ak + 0] = xx; a[ak + 1] = xy; a[ak + 2] = xz;
        a[ak + 3] = xy; a[ak + 4] = yy; a[ak + 5] = yz;
        a[ak + 6] = xz; a[ak + 7] = yz; a[ak + 8] = zz;
        calculateDerivedData();
    }

    /**
     * Copies the body-space inverse inertia tensor (1/(kg·m²)) into {@code dest}.
     *
     * @param dest receives the tensor
     * @return {@code dest}
     */
    public Matrix3d getInverseInertiaTensor(Matrix3d dest) {
        return rowMajorToJoml(state, at + II, dest);
    }

    /**
     * Copies the world-space inverse inertia tensor {@code R·I⁻¹·Rᵀ} (1/(kg·m²)) as the solver
     * sees it (zero for static and kinematic bodies) into {@code dest}.
     *
     * @param dest receives the tensor
     * @return {@code dest}
     */
    public Matrix3d getInverseInertiaTensorWorld(Matrix3d dest) {
        return rowMajorToJoml(state, at + IW, dest);
    }

    /**
     * Copies the world inverse inertia tensor, row-major, into {@code dest9}.
     *
     * @param dest9 receives the nine entries, row-major
     * @return {@code dest9}
     */
    public double[] getInverseInertiaTensorWorld(double[] dest9) {
        copy(state, at + IW, dest9, 0, 9);
        return dest9;
    }

    /**
     * One entry of the world inverse inertia tensor (1/(kg·m²)), row-major index 0–8, as the
     * solver sees it. Allocation-free access for the contact resolver's hot path.
     *
     * @param rowMajorIndex {@code 3·row + column}, 0–8
     * @return the entry, 1/(kg·m²)
     */
    public double inverseInertiaTensorWorld(int rowMajorIndex) {
        return state[at + IW + rowMajorIndex];
    }

    /**
     * {@code dest = I⁻¹_world · v} in Cyclone's operation order (1/(kg·m²) times the unit of
     * {@code v}); {@code dest} may be {@code v}.
     *
     * @param x the x of {@code v}
     * @param y the y of {@code v}
     * @param z the z of {@code v}
     * @param dest receives the product
     * @return {@code dest}
     */
    public Vector3d transformByInverseInertiaWorld(double x, double y, double z, Vector3d dest) {
        double[] d = state;
        int dk = at + IW;
        return dest.set(x * d[dk + 0] + y * d[dk + 1] + z * d[dk + 2],
                x * d[dk + 3] + y * d[dk + 4] + z * d[dk + 5],
                x * d[dk + 6] + y * d[dk + 7] + z * d[dk + 8]);
    }

    private static Matrix3d rowMajorToJoml(double[] a, int ak, Matrix3d dest) {
        return dest.set(a[ak + 0], a[ak + 3], a[ak + 6], a[ak + 1], a[ak + 4], a[ak + 7], a[ak + 2], a[ak + 5], a[ak + 8]);
    }

    // ------------------------------------------------------------------ state

    /**
     * @return the position of the centre of mass, in m: the body's own read-only vector, set from
     *     its state by this call and not changed until the next call of this getter (steps do not
     *     update it); keep the values, not the vector, or copy with {@link #getPosition(Vector3d)}
     */
    public Vector3dc position() {
        return vectorView(POSITION_VIEW, PX);
    }

    /**
     * Sets the position of the centre of mass, in m, and refreshes derived data.
     *
     * @param x the x of the position, m
     * @param y the y of the position, m
     * @param z the z of the position, m
     * @return this body
     */
    public RigidBody position(double x, double y, double z) {
        Check.finite("position", x, y, z);
        setTriple(PX, x, y, z);
        wakeForEdit();
        calculateDerivedData();
        return this;
    }

    /**
     * Sets the position of the centre of mass, in m, and refreshes derived data.
     *
     * @param p the position, m
     * @return this body
     */
    public RigidBody position(Vector3dc p) {
        Check.finite("position", p);
        return position(p.x(), p.y(), p.z());
    }

    /**
     * @return the orientation (body to world), a unit quaternion: the body's own read-only
     *     quaternion, set by this call and not changed until the next call of this getter; copy
     *     with {@link #getOrientation(Quaterniond)}
     */
    public Quaterniondc orientation() {
        return orientationView().set(state[at + QX], state[at + QY], state[at + QZ], state[at + QW]);
    }

    /**
     * Sets the orientation from any non-zero quaternion (it is normalised) and refreshes derived
     * data.
     *
     * @param q the orientation, body to world; not zero
     * @return this body
     */
    public RigidBody orientation(Quaterniondc q) {
        Check.rotation("orientation", q);
        setOrientation(q.x(), q.y(), q.z(), q.w());
        wakeForEdit();
        double d = q.lengthSquared();
        if (d < 1e-8) {
            // Cyclone's normalise treats |q|² below machine epsilon as degenerate (→ identity);
            // a tiny but valid rotation is rescaled first so it keeps its direction.
            double s = 1 / Math.sqrt(d);
            setOrientation(q.x() * s, q.y() * s, q.z() * s, q.w() * s);
        }
        calculateDerivedData();
        return this;
    }

    /**
     * Sets the orientation from {@code [w, x, y, z]} components (normalised).
     *
     * @param w the scalar part
     * @param x the x of the vector part
     * @param y the y of the vector part
     * @param z the z of the vector part
     * @return this body
     */
    public RigidBody orientation(double w, double x, double y, double z) {
        return orientation(new Quaterniond(x, y, z, w));
    }

    /**
     * @return the linear velocity of the centre of mass, in m/s: the body's own read-only vector,
     *     set by this call and not changed until the next call of this getter; copy with
     *     {@link #getVelocity(Vector3d)}
     */
    public Vector3dc velocity() {
        return vectorView(VELOCITY_VIEW, VX);
    }

    /**
     * Sets the linear velocity in m/s.
     *
     * @param x the x of the velocity, m/s
     * @param y the y of the velocity, m/s
     * @param z the z of the velocity, m/s
     * @return this body
     */
    public RigidBody velocity(double x, double y, double z) {
        Check.finite("velocity", x, y, z);
        setTriple(VX, x, y, z);
        wakeForEdit();
        return this;
    }

    /**
     * Sets the linear velocity in m/s.
     *
     * @param v the velocity, m/s
     * @return this body
     */
    public RigidBody velocity(Vector3dc v) {
        Check.finite("velocity", v);
        return velocity(v.x(), v.y(), v.z());
    }

    /**
     * @return the angular velocity in world space, in rad/s: the body's own read-only vector, set
     *     by this call and not changed until the next call of this getter; copy with
     *     {@link #getAngularVelocity(Vector3d)}
     */
    public Vector3dc angularVelocity() {
        return vectorView(ANGULAR_VELOCITY_VIEW, WX);
    }

    /**
     * Sets the angular velocity in world space, in rad/s.
     *
     * @param x the angular velocity about the world x axis, rad/s
     * @param y the angular velocity about the world y axis, rad/s
     * @param z the angular velocity about the world z axis, rad/s
     * @return this body
     */
    public RigidBody angularVelocity(double x, double y, double z) {
        Check.finite("angularVelocity", x, y, z);
        setTriple(WX, x, y, z);
        wakeForEdit();
        return this;
    }

    /**
     * Sets the angular velocity in world space, in rad/s.
     *
     * @param w the angular velocity, world axes, rad/s
     * @return this body
     */
    public RigidBody angularVelocity(Vector3dc w) {
        Check.finite("angularVelocity", w);
        return angularVelocity(w.x(), w.y(), w.z());
    }

    /**
     * Adds to the linear velocity (m/s) without validation: the resolver's impulse path.
     * {@code velocity += Δv}, componentwise as Cyclone does.
     *
     * @param dx the change of the x velocity, m/s
     * @param dy the change of the y velocity, m/s
     * @param dz the change of the z velocity, m/s
     */
    void addVelocity(double dx, double dy, double dz) {
        state[at + VX] += dx;
        state[at + VY] += dy;
        state[at + VZ] += dz;
    }

    /**
     * Adds to the angular velocity (rad/s) without validation: the resolver's impulse path.
     *
     * @param dx the change of the angular velocity about world x, rad/s
     * @param dy the change of the angular velocity about world y, rad/s
     * @param dz the change of the angular velocity about world z, rad/s
     */
    void addAngularVelocity(double dx, double dy, double dz) {
        state[at + WX] += dx;
        state[at + WY] += dy;
        state[at + WZ] += dz;
    }

    /**
     * Moves the body by {@code direction · distance} (m; the direction need not be a unit
     * vector) without refreshing derived data, as the resolver's position projection does
     * (Cyclone keeps the transform stale until the next integration for awake bodies).
     *
     * @param direction the direction of the move, world axes
     * @param distance the length of the move in units of {@code direction}, m for a unit direction
     * @throws IllegalArgumentException when an argument is not finite or the new position would
     *     not be; the body is then unchanged
     */
    public void translate(Vector3dc direction, double distance) {
        Check.finite("direction", direction);
        translate(direction.x(), direction.y(), direction.z(), distance);
    }

    /**
     * {@link #translate(Vector3dc, double)} with the direction given by its components.
     *
     * @param dx the x of the direction
     * @param dy the y of the direction
     * @param dz the z of the direction
     * @param distance the length of the move in units of the direction, m for a unit direction
     */
    public void translate(double dx, double dy, double dz, double distance) {
        Check.finite("direction", dx, dy, dz);
        Check.finite("distance", distance);
        double x = state[at + PX] + dx * distance;
        double y = state[at + PY] + dy * distance;
        double z = state[at + PZ] + dz * distance;
        if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
            throw new IllegalArgumentException("translate by (" + dx + ", " + dy + ", " + dz + ") · " + distance
                    + " would move the position to (" + x + ", " + y + ", " + z + "), which is not finite");
        }
        setTriple(PX, x, y, z);
    }

    /**
     * {@link #translate(double, double, double, double)} without validation: the resolver's
     * position-projection path, in the inner loop. A non-finite result is caught after the solve
     * by the world, which quarantines the body, rather than thrown half-way through a step.
     *
     * @param dx the x of the direction
     * @param dy the y of the direction
     * @param dz the z of the direction
     * @param distance the length of the move in units of the direction, m for a unit direction
     */
    void solverTranslate(double dx, double dy, double dz, double distance) {
        state[at + PX] += dx * distance;
        state[at + PY] += dy * distance;
        state[at + PZ] += dz * distance;
    }

    /**
     * Puts the body at position {@code (x, y, z)} (m) with orientation {@code (qw, qx, qy, qz)}
     * (taken as given, unit length expected) without refreshing derived data: a solver moves
     * poses held in its own arrays and writes them back once.
     * A solver primitive like {@link #solverTranslate}, so not validated; a non-finite pose is caught
     * after the solve by the world, which quarantines the body.
     *
     * @param x the x of the centre of mass, m
     * @param y the y of the centre of mass, m
     * @param z the z of the centre of mass, m
     * @param qw the scalar part of the orientation
     * @param qx the x of the orientation's vector part
     * @param qy the y of the orientation's vector part
     * @param qz the z of the orientation's vector part
     */
    void solverPose(double x, double y, double z, double qw, double qx, double qy, double qz) {
        setTriple(PX, x, y, z);
        state[at + QW] = qw;
        setTriple(QX, qx, qy, qz);
    }

    /**
     * Sets the velocity (m/s) and angular velocity (rad/s, world axes) as a solver computed them,
     * without waking the body or checking the values: a solver primitive like {@link #solverPose};
     * a non-finite result is caught after the step by the world, which quarantines the body.
     *
     * @param vx the x of the linear velocity, m/s
     * @param vy the y of the linear velocity, m/s
     * @param vz the z of the linear velocity, m/s
     * @param wx the angular velocity about world x, rad/s
     * @param wy the angular velocity about world y, rad/s
     * @param wz the angular velocity about world z, rad/s
     */
    void solverVelocities(double vx, double vy, double vz, double wx, double wy, double wz) {
        setTriple(VX, vx, vy, vz);
        setTriple(WX, wx, wy, wz);
    }

    /**
     * Turns the body by the small rotation vector {@code (ax, ay, az) · scale} (rad, world axis
     * times angle) with the first-order update {@code q += ½·(0, angle)·q}, then normalises.
     * Derived data is not refreshed (see {@link #translate}).
     *
     * @param ax the x of the rotation vector, world axes
     * @param ay the y of the rotation vector, world axes
     * @param az the z of the rotation vector, world axes
     * @param scale the factor on the rotation vector, so that its product is the angle in rad
     * @throws IllegalArgumentException when an argument is not finite or the rotation vector's
     *     length overflows (normalising would then give NaN or zero); the body is then unchanged
     */
    public void rotateByScaledAxis(double ax, double ay, double az, double scale) {
        Check.finite("axis", ax, ay, az);
        Check.finite("scale", scale);
        double x = ax * scale, y = ay * scale, z = az * scale;
        // A finite |angle|² keeps q + ½·(0, angle)·q and its squared length finite.
        if (!Double.isFinite(x * x + y * y + z * z)) {
            throw new IllegalArgumentException("rotateByScaledAxis: axis (" + ax + ", " + ay + ", " + az + ") · " + scale
                    + " is too long to turn by");
        }
        solverRotate(ax, ay, az, scale);
    }

    /**
     * {@link #rotateByScaledAxis} without validation: the resolver's position-projection path,
     * like {@link #solverTranslate}; a non-finite result is quarantined by the world after the solve.
     *
     * @param ax the x of the rotation vector, world axes
     * @param ay the y of the rotation vector, world axes
     * @param az the z of the rotation vector, world axes
     * @param scale the factor on the rotation vector, so that its product is the angle in rad
     */
    void solverRotate(double ax, double ay, double az, double scale) {
        addScaledVector(state, at, ax, ay, az, scale);
        normalise(state, at);
    }

    /**
     * Copies the position of the centre of mass into {@code dest}.
     *
     * @param dest receives the position, m
     * @return {@code dest}
     */
    public Vector3d getPosition(Vector3d dest) {
        return dest.set(state[at + PX], state[at + PY], state[at + PZ]);
    }

    /**
     * Copies the position of the centre of mass, rounded to float, into {@code dest}.
     *
     * @param dest receives the position, m
     * @return {@code dest}
     */
    public Vector3f getPosition(Vector3f dest) {
        return dest.set((float) state[at + PX], (float) state[at + PY], (float) state[at + PZ]);
    }

    /**
     * Copies the orientation (body to world) into {@code dest}.
     *
     * @param dest receives the unit quaternion
     * @return {@code dest}
     */
    public Quaterniond getOrientation(Quaterniond dest) {
        return dest.set(state[at + QX], state[at + QY], state[at + QZ], state[at + QW]);
    }

    /**
     * Copies the orientation (body to world), rounded to float, into {@code dest}.
     *
     * @param dest receives the unit quaternion
     * @return {@code dest}
     */
    public Quaternionf getOrientation(Quaternionf dest) {
        return dest.set((float) state[at + QX], (float) state[at + QY], (float) state[at + QZ], (float) state[at + QW]);
    }

    /**
     * Copies the linear velocity of the centre of mass into {@code dest}.
     *
     * @param dest receives the velocity, m/s
     * @return {@code dest}
     */
    public Vector3d getVelocity(Vector3d dest) {
        return dest.set(state[at + VX], state[at + VY], state[at + VZ]);
    }

    /**
     * Copies the angular velocity (world axes) into {@code dest}.
     *
     * @param dest receives the angular velocity, rad/s
     * @return {@code dest}
     */
    public Vector3d getAngularVelocity(Vector3d dest) {
        return dest.set(state[at + WX], state[at + WY], state[at + WZ]);
    }

    // Component reads straight from the state block, for hot loops: unlike the JOML getters above
    // they touch no second object.

    /** @return the x of {@link #position()}, m. */
    public double positionX() {
        return state[at + PX];
    }

    /** @return the y of {@link #position()}, m. */
    public double positionY() {
        return state[at + PY];
    }

    /** @return the z of {@link #position()}, m. */
    public double positionZ() {
        return state[at + PZ];
    }

    /** @return the scalar part w of {@link #orientation()}. */
    public double orientationW() {
        return state[at + QW];
    }

    /** @return the x of {@link #orientation()}'s vector part. */
    public double orientationX() {
        return state[at + QX];
    }

    /** @return the y of {@link #orientation()}'s vector part. */
    public double orientationY() {
        return state[at + QY];
    }

    /** @return the z of {@link #orientation()}'s vector part. */
    public double orientationZ() {
        return state[at + QZ];
    }

    /** @return the x of {@link #velocity()}, m/s. */
    public double velocityX() {
        return state[at + VX];
    }

    /** @return the y of {@link #velocity()}, m/s. */
    public double velocityY() {
        return state[at + VY];
    }

    /** @return the z of {@link #velocity()}, m/s. */
    public double velocityZ() {
        return state[at + VZ];
    }

    /** @return the x of {@link #angularVelocity()}, rad/s. */
    public double angularVelocityX() {
        return state[at + WX];
    }

    /** @return the y of {@link #angularVelocity()}, rad/s. */
    public double angularVelocityY() {
        return state[at + WY];
    }

    /** @return the z of {@link #angularVelocity()}, rad/s. */
    public double angularVelocityZ() {
        return state[at + WZ];
    }

    /**
     * Copies the pose into {@code dest[offset .. offset + 7)}: position x, y, z (m), then the
     * orientation w, x, y, z.
     *
     * @param dest receives the seven values
     * @param offset the index in {@code dest} of the first value
     * @return {@code dest}
     */
    public double[] getPose(double[] dest, int offset) {
        copy(state, at + PX, dest, offset, 7);
        return dest;
    }

    /**
     * Copies the velocities into {@code dest[offset .. offset + 6)}: linear x, y, z (m/s), then
     * angular x, y, z (rad/s).
     *
     * @param dest receives the six values
     * @param offset the index in {@code dest} of the first value
     * @return {@code dest}
     */
    public double[] getVelocities(double[] dest, int offset) {
        copy(state, at + VX, dest, offset, 6);
        return dest;
    }

    /** @return the constant acceleration applied every step (m/s², typically gravity). */
    public Vector3dc acceleration() {
        return vectorView(ACCELERATION_VIEW, AX);
    }

    /**
     * Sets a constant acceleration (m/s²) applied every step regardless of mass, as Cyclone's
     * demos apply gravity. {@link dev.tumble.core.force.Gravity} is the force-based alternative.
     *
     * @param x the x of the acceleration, m/s²
     * @param y the y of the acceleration, m/s²
     * @param z the z of the acceleration, m/s²
     * @return this body
     */
    public RigidBody acceleration(double x, double y, double z) {
        Check.finite("acceleration", x, y, z);
        setTriple(AX, x, y, z);
        return this;
    }

    /**
     * @return the linear acceleration of the last integration (m/s²): the constant acceleration
     *     plus accumulated force times inverse mass. The resolver uses it to tell resting
     *     contacts from collisions.
     */
    public Vector3dc lastFrameAcceleration() {
        return vectorView(LAST_FRAME_ACCELERATION_VIEW, LX);
    }

    /** @return the x of {@link #lastFrameAcceleration()}, m/s². */
    public double lastFrameAccelerationX() {
        return state[at + LX];
    }

    /** @return the y of {@link #lastFrameAcceleration()}, m/s². */
    public double lastFrameAccelerationY() {
        return state[at + LY];
    }

    /** @return the z of {@link #lastFrameAcceleration()}, m/s². */
    public double lastFrameAccelerationZ() {
        return state[at + LZ];
    }

    /**
     * Restores the last-frame acceleration (m/s²), for snapshots and reference data.
     *
     * @param x the x of the acceleration, m/s²
     * @param y the y of the acceleration, m/s²
     * @param z the z of the acceleration, m/s²
     * @return this body
     */
    public RigidBody lastFrameAcceleration(double x, double y, double z) {
        Check.finite("lastFrameAcceleration", x, y, z);
        setTriple(LX, x, y, z);
        return this;
    }

    // ------------------------------------------------------------------ damping

    /** @return the fraction of linear velocity kept per second (applied as {@code pow(d, dt)}). */
    public double linearDamping() {
        return linearDamping;
    }

    /** @return the fraction of angular velocity kept per second. */
    public double angularDamping() {
        return angularDamping;
    }

    /**
     * Sets both damping factors: the fraction of velocity kept after one second, in [0, 1]
     * (1 = no damping). Applied each step as {@code v *= pow(d, dt)}.
     *
     * @param linear the fraction of linear velocity kept after 1 s, in [0, 1]
     * @param angular the fraction of angular velocity kept after 1 s, in [0, 1]
     * @return this body
     */
    public RigidBody damping(double linear, double angular) {
        Check.inRange("linearDamping", linear, 0, 1);
        Check.inRange("angularDamping", angular, 0, 1);
        this.linearDamping = linear;
        this.angularDamping = angular;
        return this;
    }

    // ------------------------------------------------------------------ forces

    /**
     * Adds a force (N) through the centre of mass for the next integration; wakes the body.
     *
     * @param force the force, world axes, N
     */
    public void addForce(Vector3dc force) {
        Check.finite("force", force);
        state[at + FX] += force.x();
        state[at + FY] += force.y();
        state[at + FZ] += force.z();
        wakeForForce();
    }

    /**
     * Adds a force (N) through the centre of mass; components form.
     *
     * @param fx the x of the force, N
     * @param fy the y of the force, N
     * @param fz the z of the force, N
     */
    public void addForce(double fx, double fy, double fz) {
        Check.finite("force", fx, fy, fz);
        addForceUnchecked(fx, fy, fz);
    }

    private void addForceUnchecked(double fx, double fy, double fz) {
        state[at + FX] += fx;
        state[at + FY] += fy;
        state[at + FZ] += fz;
        wakeForForce();
    }

    /**
     * Adds a force (N) applied at a point given in world coordinates (m); the torque is
     * {@code (point − position) × force}.
     *
     * @param force the force, world axes, N
     * @param point where it acts, world coordinates, m
     */
    public void addForceAtPoint(Vector3dc force, Vector3dc point) {
        Check.finite("force", force);
        Check.finite("point", point);
        addForceAtPointUnchecked(force.x(), force.y(), force.z(), point.x(), point.y(), point.z());
    }

    /**
     * Adds a force (N) applied at a point given in body coordinates (m).
     *
     * @param force the force, world axes, N
     * @param bodyPoint where it acts, body coordinates, m
     */
    public void addForceAtBodyPoint(Vector3dc force, Vector3dc bodyPoint) {
        Check.finite("force", force);
        Check.finite("bodyPoint", bodyPoint);
        double[] t = state;
        int tk = at + T0;
        double x = bodyPoint.x(), y = bodyPoint.y(), z = bodyPoint.z();
        double px = x * t[tk + 0] + y * t[tk + 1] + z * t[tk + 2] + t[tk + 3];
        double py = x * t[tk + 4] + y * t[tk + 5] + z * t[tk + 6] + t[tk + 7];
        double pz = x * t[tk + 8] + y * t[tk + 9] + z * t[tk + 10] + t[tk + 11];
        addForceAtPointUnchecked(force.x(), force.y(), force.z(), px, py, pz);
    }

    private void addForceAtPointUnchecked(double fx, double fy, double fz, double px, double py, double pz) {
        double rx = px - state[at + PX];
        double ry = py - state[at + PY];
        double rz = pz - state[at + PZ];
        state[at + FX] += fx;
        state[at + FY] += fy;
        state[at + FZ] += fz;
        state[at + TX] += ry * fz - rz * fy;
        state[at + TY] += rz * fx - rx * fz;
        state[at + TZ] += rx * fy - ry * fx;
        wakeForForce();
    }

    /**
     * Adds a torque (N·m, world axes) for the next integration; wakes the body.
     *
     * @param torque the torque, world axes, N·m
     */
    public void addTorque(Vector3dc torque) {
        Check.finite("torque", torque);
        state[at + TX] += torque.x();
        state[at + TY] += torque.y();
        state[at + TZ] += torque.z();
        wakeForForce();
    }

    /** @return the force accumulated for the next integration, in N (the body's own read-only vector, set by this call and not changed until the next call of this getter). */
    public Vector3dc accumulatedForce() {
        return vectorView(FORCE_VIEW, FX);
    }

    /** @return the torque accumulated for the next integration, in N·m (the body's own read-only vector, set by this call and not changed until the next call of this getter). */
    public Vector3dc accumulatedTorque() {
        return vectorView(TORQUE_VIEW, TX);
    }

    /** Clears the force and torque accumulators. */
    public void clearAccumulators() {
        zero(FX, 6); // force, then torque
    }

    private void wakeForEdit() {
        // Moving a sleeping body by hand must wake it, or nothing would react to the move.
        if (!awake && type == BodyType.DYNAMIC) {
            setAwake(true);
        }
    }

    private void wakeForForce() {
        // Cyclone sets the awake flag without resetting the motion average, so a pushed sleeping
        // body falls straight back asleep; waking it properly restarts the average.
        if (!awake && type == BodyType.DYNAMIC) {
            setAwake(true);
        }
    }

    // ------------------------------------------------------------------ integration

    /**
     * Advances the body by {@code duration} seconds (semi-implicit Euler, Millington §10.3):
     * acceleration from forces, velocity, damping {@code pow(d, dt)}, position,
     * {@code q += ½·(0, ω·dt)·q} then normalisation, derived data, cleared accumulators, and the
     * sleep bookkeeping. Static and sleeping bodies do not move; kinematic bodies move by their
     * velocities only.
     *
     * @param duration the step, s (&gt; 0)
     */
    void integrate(double duration) {
        integrate(duration, 0, 0, 0, true);
    }

    /**
     * {@link #integrate(double)} with a world gravity (m/s²) added to the body's own constant
     * acceleration. With {@code sleepHere} false the motion average is kept but the body is not
     * put to sleep: the world decides sleep island by island.
     *
     * @param duration the step, s (&gt; 0)
     * @param gravityX the x of the world's gravity, m/s²
     * @param gravityY the y of the world's gravity, m/s²
     * @param gravityZ the z of the world's gravity, m/s²
     * @param sleepHere whether the body may fall asleep by itself in this call
     */
    void integrate(double duration, double gravityX, double gravityY, double gravityZ, boolean sleepHere) {
        if (!(duration > 0) || duration == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("duration must be finite and > 0, was " + duration);
        }
        Check.finite("gravity", gravityX, gravityY, gravityZ);
        if (type == BodyType.STATIC || !awake) {
            clearAccumulators();
            return;
        }
        if (type == BodyType.KINEMATIC) {
            state[at + PX] += state[at + VX] * duration;
            state[at + PY] += state[at + VY] * duration;
            state[at + PZ] += state[at + VZ] * duration;
            addScaledVector(state, at, state[at + WX], state[at + WY], state[at + WZ], duration);
            calculateDerivedData();
            clearAccumulators();
            return;
        }
        state[at + LX] = state[at + AX];
        state[at + LY] = state[at + AY];
        state[at + LZ] = state[at + AZ];
        if (gravityX != 0 || gravityY != 0 || gravityZ != 0) {
            state[at + LX] += gravityX;
            state[at + LY] += gravityY;
            state[at + LZ] += gravityZ;
        }
        state[at + LX] += state[at + FX] * inverseMass;
        state[at + LY] += state[at + FY] * inverseMass;
        state[at + LZ] += state[at + FZ] * inverseMass;

        double[] w = state;
        int wk = at + IW;
        double tx = state[at + TX], ty = state[at + TY], tz = state[at + TZ];
        double angAccX = tx * w[wk + 0] + ty * w[wk + 1] + tz * w[wk + 2];
        double angAccY = tx * w[wk + 3] + ty * w[wk + 4] + tz * w[wk + 5];
        double angAccZ = tx * w[wk + 6] + ty * w[wk + 7] + tz * w[wk + 8];

        state[at + VX] += state[at + LX] * duration;
        state[at + VY] += state[at + LY] * duration;
        state[at + VZ] += state[at + LZ] * duration;

        state[at + WX] += angAccX * duration;
        state[at + WY] += angAccY * duration;
        state[at + WZ] += angAccZ * duration;

        refreshDampingFactors(duration);
        double linearFactor = cachedLinearFactor;
        double angularFactor = cachedAngularFactor;
        state[at + VX] *= linearFactor;
        state[at + VY] *= linearFactor;
        state[at + VZ] *= linearFactor;
        state[at + WX] *= angularFactor;
        state[at + WY] *= angularFactor;
        state[at + WZ] *= angularFactor;

        state[at + PX] += state[at + VX] * duration;
        state[at + PY] += state[at + VY] * duration;
        state[at + PZ] += state[at + VZ] * duration;

        addScaledVector(state, at, state[at + WX], state[at + WY], state[at + WZ], duration);

        calculateDerivedData();
        clearAccumulators();
        if (recordMotion() && sleepHere) {
            setAwake(false);
        }
    }

    /**
     * Folds this step's speed into the recency-weighted motion that decides sleep, over a step of
     * {@code duration} (s): what {@link #integrate} does after moving the body, for a solver that
     * integrates bodies itself.
     *
     * @param duration the step, s
     * @return whether the motion is now below the sleep epsilon (the body may sleep)
     */
    boolean recordMotion(double duration) {
        if (!(duration > 0) || duration == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("duration must be finite and > 0, was " + duration);
        }
        refreshDampingFactors(duration);
        return recordMotion();
    }

    private boolean recordMotion() {
        if (!canSleep) {
            return false;
        }
        double vx = state[at + VX], vy = state[at + VY], vz = state[at + VZ];
        double wx = state[at + WX], wy = state[at + WY], wz = state[at + WZ];
        double currentMotion = vx * vx + vy * vy + vz * vz + (wx * wx + wy * wy + wz * wz);
        double bias = cachedSleepBias;
        motion = bias * motion + (1 - bias) * currentMotion;
        if (motion < sleepEpsilon) {
            return true;
        }
        if (motion > 10 * sleepEpsilon) {
            motion = 10 * sleepEpsilon;
        }
        return false;
    }

    // pow(d, dt) for the damping and pow(½, dt) for the sleep average depend only on d and dt,
    // which rarely change: computing them once keeps the bits and spares StrictMath.pow (which
    // also allocates on JDK 17) on every step.
    private double cachedDuration = Double.NaN;
    private double cachedLinearDamping = Double.NaN;
    private double cachedAngularDamping = Double.NaN;
    private double cachedLinearFactor;
    private double cachedAngularFactor;
    private double cachedSleepBias;

    private void refreshDampingFactors(double duration) {
        if (duration != cachedDuration) {
            cachedDuration = duration;
            cachedSleepBias = StrictMath.pow(0.5, duration);
            cachedLinearDamping = Double.NaN;
            cachedAngularDamping = Double.NaN;
        }
        if (linearDamping != cachedLinearDamping) {
            cachedLinearDamping = linearDamping;
            cachedLinearFactor = StrictMath.pow(linearDamping, duration);
        }
        if (angularDamping != cachedAngularDamping) {
            cachedAngularDamping = angularDamping;
            cachedAngularFactor = StrictMath.pow(angularDamping, duration);
        }
    }

    /**
     * {@code q += ½·(0, v·scale)·q} (Hamilton product, Cyclone's order of operations), without
     * normalising.
     */
    static void addScaledVector(double[] s, int at, double vx, double vy, double vz, double scale) {
        double qr = 0, qi = vx * scale, qj = vy * scale, qk = vz * scale;
        double r = s[at + QW], i = s[at + QX], j = s[at + QY], k = s[at + QZ];
        double nr = qr * r - qi * i - qj * j - qk * k;
        double ni = qr * i + qi * r + qj * k - qk * j;
        double nj = qr * j + qj * r + qk * i - qi * k;
        double nk = qr * k + qk * r + qi * j - qj * i;
        s[at + QW] = r + nr * 0.5;
        s[at + QX] = i + ni * 0.5;
        s[at + QY] = j + nj * 0.5;
        s[at + QZ] = k + nk * 0.5;
    }

    private static final double ULP_OF_ONE = Math.ulp(1.0);

    /** Normalises in Cyclone's way: {@code d = 1/sqrt(|q|²)}; a degenerate q becomes identity. */
    static void normalise(double[] s, int at) {
        double w = s[at + QW], x = s[at + QX], y = s[at + QY], z = s[at + QZ];
        double d = w * w + x * x + y * y + z * z;
        if (d < ULP_OF_ONE) {
            s[at + QW] = 1;
            return;
        }
        d = 1.0 / Math.sqrt(d);
        s[at + QW] = w * d;
        s[at + QX] = x * d;
        s[at + QY] = y * d;
        s[at + QZ] = z * d;
    }

    private void setOrientation(double x, double y, double z, double w) {
        setTriple(QX, x, y, z);
        state[at + QW] = w;
    }

    private void zeroVelocities() {
        zero(VX, 6); // velocity, then angular velocity
    }

    /** Sets the three doubles of the state block from offset {@code o} on. */
    private void setTriple(int o, double x, double y, double z) {
        state[at + o] = x;
        state[at + o + 1] = y;
        state[at + o + 2] = z;
    }

    /** Zeroes {@code n} doubles of the state block from offset {@code o} on. */
    private void zero(int o, int n) {
        for (int i = 0; i < n; i++) {
            state[at + o + i] = 0;
        }
    }

    /**
     * Normalises the orientation and recomputes the transform and the world inverse inertia
     * tensor {@code R·I⁻¹·Rᵀ}. Called by {@link #integrate} and every validated setter.
     */
    void calculateDerivedData() {
        normalise(state, at);
        refreshTransformAndInertia();
    }

    /**
     * Recomputes the transform and world inverse inertia from the orientation exactly as it is
     * (normalising is not idempotent in floating point, so a restored state must not be
     * renormalised).
     */
    void refreshTransformAndInertia() {
        double r = state[at + QW], i = state[at + QX], j = state[at + QY], k = state[at + QZ];
        double[] t = state;
        int tk = at + T0;
        t[tk + 0] = 1 - 2 * j * j - 2 * k * k;
        t[tk + 1] = 2 * i * j - 2 * r * k;
        t[tk + 2] = 2 * i * k + 2 * r * j;
        t[tk + 3] = state[at + PX];
        t[tk + 4] = 2 * i * j + 2 * r * k;
        t[tk + 5] = 1 - 2 * i * i - 2 * k * k;
        t[tk + 6] = 2 * j * k - 2 * r * i;
        t[tk + 7] = state[at + PY];
        t[tk + 8] = 2 * i * k - 2 * r * j;
        t[tk + 9] = 2 * j * k + 2 * r * i;
        t[tk + 10] = 1 - 2 * i * i - 2 * j * j;
        t[tk + 11] = state[at + PZ];

        double[] w = state;
        int wk = at + IW;
        if (type != BodyType.DYNAMIC) {
            java.util.Arrays.fill(w, wk, wk + 9, 0);
            return;
        }
        double[] b = state;
        int bk = at + II;
        double t4 = t[tk + 0] * b[bk + 0] + t[tk + 1] * b[bk + 3] + t[tk + 2] * b[bk + 6];
        double t9 = t[tk + 0] * b[bk + 1] + t[tk + 1] * b[bk + 4] + t[tk + 2] * b[bk + 7];
        double t14 = t[tk + 0] * b[bk + 2] + t[tk + 1] * b[bk + 5] + t[tk + 2] * b[bk + 8];
        double t28 = t[tk + 4] * b[bk + 0] + t[tk + 5] * b[bk + 3] + t[tk + 6] * b[bk + 6];
        double t33 = t[tk + 4] * b[bk + 1] + t[tk + 5] * b[bk + 4] + t[tk + 6] * b[bk + 7];
        double t38 = t[tk + 4] * b[bk + 2] + t[tk + 5] * b[bk + 5] + t[tk + 6] * b[bk + 8];
        double t52 = t[tk + 8] * b[bk + 0] + t[tk + 9] * b[bk + 3] + t[tk + 10] * b[bk + 6];
        double t57 = t[tk + 8] * b[bk + 1] + t[tk + 9] * b[bk + 4] + t[tk + 10] * b[bk + 7];
        double t62 = t[tk + 8] * b[bk + 2] + t[tk + 9] * b[bk + 5] + t[tk + 10] * b[bk + 8];
        w[wk + 0] = t4 * t[tk + 0] + t9 * t[tk + 1] + t14 * t[tk + 2];
        w[wk + 1] = t4 * t[tk + 4] + t9 * t[tk + 5] + t14 * t[tk + 6];
        w[wk + 2] = t4 * t[tk + 8] + t9 * t[tk + 9] + t14 * t[tk + 10];
        w[wk + 3] = t28 * t[tk + 0] + t33 * t[tk + 1] + t38 * t[tk + 2];
        w[wk + 4] = t28 * t[tk + 4] + t33 * t[tk + 5] + t38 * t[tk + 6];
        w[wk + 5] = t28 * t[tk + 8] + t33 * t[tk + 9] + t38 * t[tk + 10];
        w[wk + 6] = t52 * t[tk + 0] + t57 * t[tk + 1] + t62 * t[tk + 2];
        w[wk + 7] = t52 * t[tk + 4] + t57 * t[tk + 5] + t62 * t[tk + 6];
        w[wk + 8] = t52 * t[tk + 8] + t57 * t[tk + 9] + t62 * t[tk + 10];
    }

    // ------------------------------------------------------------------ transforms

    /**
     * Copies the body-to-world transform {@code [R | p]} into {@code dest}.
     *
     * @param dest receives the transform
     * @return {@code dest}
     */
    public Matrix4x3d getTransform(Matrix4x3d dest) {
        double[] t = state;
        int tk = at + T0;
        return dest.set(t[tk + 0], t[tk + 4], t[tk + 8], t[tk + 1], t[tk + 5], t[tk + 9],
                t[tk + 2], t[tk + 6], t[tk + 10], t[tk + 3], t[tk + 7], t[tk + 11]);
    }

    /**
     * Copies the body-to-world transform {@code [R | p]} (translation in m), rounded to float, into
     * {@code dest} as a 4×4 matrix: the model matrix a renderer uploads for the body's shapes.
     *
     * @param dest receives the transform
     * @return {@code dest}
     */
    public Matrix4f getTransform(Matrix4f dest) {
        double[] t = state;
        int tk = at + T0;
        return dest.set((float) t[tk + 0], (float) t[tk + 4], (float) t[tk + 8], 0,
                (float) t[tk + 1], (float) t[tk + 5], (float) t[tk + 9], 0,
                (float) t[tk + 2], (float) t[tk + 6], (float) t[tk + 10], 0,
                (float) t[tk + 3], (float) t[tk + 7], (float) t[tk + 11], 1);
    }

    /**
     * Copies the row-major 3×4 transform {@code [R | p]} into {@code dest12}.
     *
     * @param dest12 receives the twelve entries, row-major
     * @return {@code dest12}
     */
    public double[] getTransform(double[] dest12) {
        copy(state, at + T0, dest12, 0, 12);
        return dest12;
    }

    /**
     * {@code dest = R·local + p}: a body-space point (m) in world space.
     *
     * @param local the point in body space, m
     * @param dest receives the world point
     * @return {@code dest}
     */
    public Vector3d pointToWorld(Vector3dc local, Vector3d dest) {
        double[] t = state;
        int tk = at + T0;
        double x = local.x(), y = local.y(), z = local.z();
        return dest.set(x * t[tk + 0] + y * t[tk + 1] + z * t[tk + 2] + t[tk + 3],
                x * t[tk + 4] + y * t[tk + 5] + z * t[tk + 6] + t[tk + 7],
                x * t[tk + 8] + y * t[tk + 9] + z * t[tk + 10] + t[tk + 11]);
    }

    /**
     * {@code dest = Rᵀ·(world − p)}: a world point (m) in body space.
     *
     * @param world the point in world space, m
     * @param dest receives the body-space point
     * @return {@code dest}
     */
    public Vector3d pointToLocal(Vector3dc world, Vector3d dest) {
        return pointToLocal(world.x(), world.y(), world.z(), dest);
    }

    /**
     * {@code dest = Rᵀ·((x, y, z) − p)}: a world point (m) in body space.
     *
     * @param worldX the x of the world point, m
     * @param worldY the y of the world point, m
     * @param worldZ the z of the world point, m
     * @param dest receives the body-space point
     * @return {@code dest}
     */
    public Vector3d pointToLocal(double worldX, double worldY, double worldZ, Vector3d dest) {
        double[] t = state;
        int tk = at + T0;
        double x = worldX - t[tk + 3], y = worldY - t[tk + 7], z = worldZ - t[tk + 11];
        return dest.set(x * t[tk + 0] + y * t[tk + 4] + z * t[tk + 8],
                x * t[tk + 1] + y * t[tk + 5] + z * t[tk + 9],
                x * t[tk + 2] + y * t[tk + 6] + z * t[tk + 10]);
    }

    /**
     * {@code dest = R·local}: a body-space direction in world space.
     *
     * @param local the direction in body space
     * @param dest receives the world direction
     * @return {@code dest}
     */
    public Vector3d directionToWorld(Vector3dc local, Vector3d dest) {
        double[] t = state;
        int tk = at + T0;
        double x = local.x(), y = local.y(), z = local.z();
        return dest.set(x * t[tk + 0] + y * t[tk + 1] + z * t[tk + 2],
                x * t[tk + 4] + y * t[tk + 5] + z * t[tk + 6],
                x * t[tk + 8] + y * t[tk + 9] + z * t[tk + 10]);
    }

    /**
     * {@code dest = Rᵀ·world}: a world direction in body space.
     *
     * @param world the direction in world space
     * @param dest receives the body-space direction
     * @return {@code dest}
     */
    public Vector3d directionToLocal(Vector3dc world, Vector3d dest) {
        double[] t = state;
        int tk = at + T0;
        double x = world.x(), y = world.y(), z = world.z();
        return dest.set(x * t[tk + 0] + y * t[tk + 4] + z * t[tk + 8],
                x * t[tk + 1] + y * t[tk + 5] + z * t[tk + 9],
                x * t[tk + 2] + y * t[tk + 6] + z * t[tk + 10]);
    }

    /**
     * Velocity (m/s) of the material point at world position {@code point}: {@code v + ω × r}.
     *
     * @param point the point, world coordinates, m
     * @param dest receives the velocity
     * @return {@code dest}
     */
    public Vector3d velocityAtPoint(Vector3dc point, Vector3d dest) {
        double rx = point.x() - state[at + PX], ry = point.y() - state[at + PY], rz = point.z() - state[at + PZ];
        return dest.set(state[at + VX] + (state[at + WY] * rz - state[at + WZ] * ry),
                state[at + VY] + (state[at + WZ] * rx - state[at + WX] * rz),
                state[at + VZ] + (state[at + WX] * ry - state[at + WY] * rx));
    }

    // ------------------------------------------------------------------ energy

    /**
     * @return kinetic energy in J: {@code ½·m·|v|² + ½·ω·I_world·ω}; 0 for immovable bodies.
     */
    public double kineticEnergy() {
        if (!hasFiniteMass()) {
            return 0;
        }
        double linear = 0.5 * velocity().lengthSquared() / inverseMass;
        Matrix3d iw = getInverseInertiaTensorWorld(new Matrix3d());
        double angular = 0;
        if (iw.determinant() != 0) {
            Vector3d l = iw.invert().transform(new Vector3d(angularVelocity()));
            angular = 0.5 * l.dot(angularVelocity());
        }
        return linear + angular;
    }

    // ------------------------------------------------------------------ sleep

    /** @return whether the body is simulated this step. */
    public boolean isAwake() {
        return awake;
    }

    /**
     * Wakes the body (restarting the motion average at twice the sleep epsilon, so it does not
     * fall asleep at once) or puts it to sleep (clearing both velocities).
     *
     * @param wake {@code true} to wake the body, {@code false} to put it to sleep
     */
    public void setAwake(boolean wake) {
        if (wake && quarantined) {
            return;
        }
        if (wake) {
            awake = true;
            motion = sleepEpsilon * 2.0;
        } else {
            awake = false;
            zeroVelocities();
        }
    }

    boolean quarantined;

    /**
     * Whether the world took this body out of the simulation because its state became
     * non-finite (see {@link dev.tumble.core.event.BodyEvent.Type#NON_FINITE}): it stays frozen
     * at its last finite pose, collides with nothing and cannot be woken until {@link #release()}.
     *
     * @return whether the body is quarantined
     */
    public boolean isQuarantined() {
        return quarantined;
    }

    /**
     * Freezes the body out of the simulation: velocities and accumulated forces cleared, asleep,
     * deaf to wake-ups. The world calls this, after restoring the body's last finite state, when
     * a step made its state non-finite, so one bad body cannot spread NaN to others.
     */
    void quarantine() {
        quarantined = true;
        awake = false;
        zeroVelocities();
        clearAccumulators();
    }

    /**
     * Puts a quarantined body back into the simulation, awake (fix its cause first).
     *
     * @return this body
     */
    public RigidBody release() {
        quarantined = false;
        if (type == BodyType.DYNAMIC) {
            setAwake(true);
        }
        return this;
    }

    /** @return whether the body may fall asleep. */
    public boolean canSleep() {
        return canSleep;
    }

    /**
     * Allows or forbids sleeping; forbidding it wakes a sleeping body.
     *
     * @param allowed whether the body may fall asleep
     * @return this body
     */
    public RigidBody canSleep(boolean allowed) {
        canSleep = allowed;
        if (!allowed && !awake) {
            setAwake(true);
        }
        return this;
    }

    /** @return the recency-weighted motion {@code |v|² + |ω|²} the sleep test uses. */
    public double motion() {
        return motion;
    }

    /**
     * Restores the recency-weighted motion (snapshots, reference data); must be finite ≥ 0.
     *
     * @param value the motion, m²/s²
     * @return this body
     */
    public RigidBody motion(double value) {
        this.motion = Check.nonNegative("motion", value);
        return this;
    }

    /** @return the motion below which the body falls asleep. */
    public double sleepEpsilon() {
        return sleepEpsilon;
    }

    /**
     * Sets the motion threshold below which the body falls asleep (finite, ≥ 0).
     *
     * @param epsilon the threshold on the motion, m²/s²
     * @return this body
     */
    public RigidBody sleepEpsilon(double epsilon) {
        this.sleepEpsilon = Check.nonNegative("sleepEpsilon", epsilon);
        return this;
    }

    // ------------------------------------------------------------------ misc

    /** @return the game's own object attached to this body, or null. */
    public Object userData() {
        return userData;
    }

    /**
     * Attaches any object of the game's to this body.
     *
     * @param data the object, or null
     * @return this body
     */
    public RigidBody userData(Object data) {
        this.userData = data;
        return this;
    }

    // ------------------------------------------------------------------ material

    /** Default Coulomb friction coefficient. */
    public static final double DEFAULT_FRICTION = 0.5;
    /** Default coefficient of restitution (no bounce). */
    public static final double DEFAULT_RESTITUTION = 0;

    double friction = DEFAULT_FRICTION;
    double restitution = DEFAULT_RESTITUTION;

    /** @return the Coulomb friction coefficient μ (≥ 0) of the body's surfaces. */
    public double friction() {
        return friction;
    }

    /**
     * Sets the friction coefficient μ (finite, ≥ 0). A contact's friction mixes both bodies'
     * values by the world's friction rule.
     *
     * @param mu the friction coefficient, dimensionless
     * @return this body
     */
    public RigidBody friction(double mu) {
        this.friction = Check.nonNegative("friction", mu);
        return this;
    }

    /** @return the coefficient of restitution e in [0, 1]. */
    public double restitution() {
        return restitution;
    }

    /**
     * Sets the coefficient of restitution e in [0, 1] (a contact uses the larger of its two bodies').
     *
     * @param e the coefficient of restitution, dimensionless
     * @return this body
     */
    public RigidBody restitution(double e) {
        this.restitution = Check.inRange("restitution", e, 0, 1);
        return this;
    }

    // ------------------------------------------------------------------ world membership
    // Kept by BodyRegistry (same package): which registry owns the body, its id there and its
    // place in the registry's dense, insertion-ordered array.
    BodyRegistry registry;
    BodyId id;
    int denseIndex = -1;

    /** @return the body's id in the world it belongs to, or null when it is in none. */
    public BodyId id() {
        return id;
    }

    /**
     * @return the body's position in its world's dense body order (0-based, insertion order),
     *     or −1 when it is in no world. Stable until a body is removed.
     */
    public int worldIndex() {
        return denseIndex;
    }

    @Override
    public String toString() {
        return "RigidBody[" + type + ", p=" + position() + ", v=" + velocity() + ", awake=" + awake + "]";
    }

    // ------------------------------------------------------------------ collision shapes
    // Everything for shapes lives in this section; nothing above depends on it.

    private final java.util.List<dev.tumble.core.collision.shape.Shape> shapes = new java.util.ArrayList<>();
    private final java.util.List<dev.tumble.core.collision.shape.Shape> shapesView =
            java.util.Collections.unmodifiableList(shapes);

    /**
     * A dynamic body carrying {@code shapes} (see {@link #addShape}); call {@link #density} to derive its mass.
     *
     * @param shapes the shapes, each at its offset pose in body space
     * @return a new dynamic body
     */
    public static RigidBody dynamic(dev.tumble.core.collision.shape.Shape... shapes) {
        RigidBody b = dynamic();
        for (dev.tumble.core.collision.shape.Shape s : shapes) {
            b.addShape(s);
        }
        if (shapes.length > 0) {
            // Mass and inertia from the shapes at a default density; mass(m) or density(ρ) rescale.
            b.density(DEFAULT_DENSITY);
        }
        return b;
    }

    /** Density (kg/m³, about water's) given to a dynamic body made from shapes. */
    public static final double DEFAULT_DENSITY = 1000;

    /**
     * A static body carrying {@code shapes} (half-spaces and planes belong here).
     *
     * @param shapes the shapes, each at its offset pose in body space
     * @return a new static body
     */
    public static RigidBody fixed(dev.tumble.core.collision.shape.Shape... shapes) {
        RigidBody b = fixed();
        for (dev.tumble.core.collision.shape.Shape s : shapes) {
            b.addShape(s);
        }
        return b;
    }

    /**
     * A kinematic body at the origin with the given shapes: it moves by the velocities the game
     * sets (m/s, rad/s), pushes dynamic bodies and is never moved by forces or contacts.
     *
     * @param shapes its collision shapes (none for a body that collides with nothing)
     * @return the new body
     */
    public static RigidBody kinematic(dev.tumble.core.collision.shape.Shape... shapes) {
        RigidBody b = kinematic();
        for (dev.tumble.core.collision.shape.Shape s : shapes) {
            b.addShape(s);
        }
        return b;
    }

    /**
     * Attaches a collision shape at its offset pose (body space). A body with several shapes is a
     * compound. Does not change the mass; call {@link #density(double)} afterwards.
     *
     * @param shape the shape, not null
     * @return this body
     * @throws IllegalArgumentException when the shape is already on this body, or is a triangle
     *     mesh or heightfield and this body is dynamic
     */
    public RigidBody addShape(dev.tumble.core.collision.shape.Shape shape) {
        Check.notNull("shape", shape);
        if (type == BodyType.DYNAMIC) {
            refuseOnDynamic("addShape", shape);
        }
        if (shapes.contains(shape)) {
            throw new IllegalArgumentException("shape already on this body: " + shape);
        }
        shapes.add(shape);
        innerRadius = Double.NaN;
        return this;
    }

    /** Triangle meshes and heightfields are massless surfaces: static and kinematic bodies only. */
    private static void refuseOnDynamic(String call, dev.tumble.core.collision.shape.Shape shape) {
        if (shape.type().isTriangleGeometry()) {
            throw new IllegalArgumentException(call + ": shape " + shape
                    + " has no mass and goes on static or kinematic bodies only, not on a dynamic body");
        }
    }

    boolean continuousCollision = true;

    /**
     * Whether the world sweeps this body's motion each step to stop it passing through thin
     * shapes (on by default). It only costs anything in steps where the body moves further than
     * its {@link #innerRadius()}, so it matters for small, fast bodies.
     *
     * @return whether continuous collision is on for this body
     */
    public boolean continuousCollision() {
        return continuousCollision;
    }

    /**
     * Turns continuous collision for this body on or off (see {@link #continuousCollision()}).
     *
     * @param on whether to sweep this body
     * @return this body
     */
    public RigidBody continuousCollision(boolean on) {
        this.continuousCollision = on;
        return this;
    }

    /**
     * The radius (m) of the largest ball around the centre of mass that one of the body's shapes
     * contains: how far it may move in one step and still overlap where it was, so how far before
     * continuous collision sweeps it. Zero for a body without shapes or whose shapes all sit away
     * from its centre of mass. Worked out once and cached: set shape offsets before the body joins
     * a world (the world caches its shapes' reach then too).
     *
     * @return the radius, m
     */
    public double innerRadius() {
        double cached = innerRadius;
        if (cached == cached) {
            return cached;
        }
        double r = 0;
        for (int i = 0, n = shapes.size(); i < n; i++) {
            dev.tumble.core.collision.shape.Shape s = shapes.get(i);
            // Measured from the centre of mass, which an offset shape (or a lopsided hull, whose
            // centroid is off its own origin) does not have at its own origin.
            r = Math.max(r, s.innerRadiusAtBodyOrigin());
        }
        innerRadius = r = r == Double.POSITIVE_INFINITY ? 0 : r;
        return r;
    }

    /**
     * Cached {@link #innerRadius()}, NaN until asked: the world's continuous collision asks for
     * it several times per body per step, and walking the shapes each time would be a cache miss
     * or three per body in a large world. Forgotten when a shape is added, the shapes are
     * re-centred, or the body joins a world ({@link BodyRegistry#add}), so an offset set on a
     * shape before then is seen.
     */
    double innerRadius = Double.NaN;

    /** @return the body's collision shapes (read-only view), in the order added. */
    public java.util.List<dev.tumble.core.collision.shape.Shape> shapes() {
        return shapesView;
    }

    /**
     * Sets mass (kg) and body-space inertia (kg·m²) from the shapes at a uniform density
     * (kg/m³): each shape's inertia is rotated by its offset orientation and moved to the
     * combined centre of mass by the parallel-axis theorem. The body origin stays the centre of
     * mass: when the combined centre is off the origin, the shape offsets are shifted by it and
     * the body position moved by it, so no shape moves in the world.
     *
     * @param kilogramsPerCubicMetre the density, kg/m³ (finite, &gt; 0)
     * @return this body
     * @throws IllegalArgumentException for a non-positive density, no shapes, an unbounded shape,
     *     or a mass or inertia out of the range of doubles; the body is then unchanged
     */
    public RigidBody density(double kilogramsPerCubicMetre) {
        Check.positive("density", kilogramsPerCubicMetre);
        if (shapes.isEmpty()) {
            throw new IllegalArgumentException("density needs at least one shape on the body, had 0");
        }
        int n = shapes.size();
        double total = 0;
        double[] masses = new double[n];
        Vector3d[] centres = new Vector3d[n];
        Matrix3d[] inertias = new Matrix3d[n];
        Vector3d com = new Vector3d();
        for (int i = 0; i < n; i++) {
            dev.tumble.core.collision.shape.Shape s = shapes.get(i);
            if (s.type().isUnbounded()) {
                throw new IllegalArgumentException("density: shape " + s + " is unbounded and has no mass");
            }
            refuseOnDynamic("density", s);
            dev.tumble.core.math.MassProperties mp = s.massProperties(kilogramsPerCubicMetre);
            Matrix3d rot = new Matrix3d().set(s.offsetOrientation());
            masses[i] = mp.mass();
            centres[i] = rot.transform(new Vector3d(mp.centre())).add(s.offsetPosition());
            inertias[i] = dev.tumble.core.math.Inertia.rotate(mp.inertia(), rot, new Matrix3d());
            total += masses[i];
            com.fma(masses[i], centres[i]);
        }
        com.div(total);
        Matrix3d inertia = new Matrix3d().zero();
        Matrix3d tmp = new Matrix3d();
        for (int i = 0; i < n; i++) {
            dev.tumble.core.math.Inertia.parallelAxis(inertias[i], masses[i], new Vector3d(centres[i]).sub(com), tmp);
            inertia.add(tmp);
        }
        // Everything mass(), inertiaTensor() and position() below check is checked first, so a
        // density that doubles cannot carry through leaves the body as it was.
        try {
            double newInverse = inverseOfMass("mass", total);
            if (rescalesInertia()) {
                inertiaScale("mass", total, newInverse);
            }
            inverseOfInertia("inertiaTensor", inertia);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("density " + kilogramsPerCubicMetre
                    + " kg/m³ gives a mass or inertia out of range: " + e.getMessage(), e);
        }
        boolean recentre = com.x != 0 || com.y != 0 || com.z != 0;
        if (recentre) {
            Vector3d moved = directionToWorld(com, new Vector3d()).add(position());
            if (!moved.isFinite()) {
                throw new IllegalArgumentException("density: moving position " + position()
                        + " to the centre of mass gives " + moved);
            }
        }
        mass(total);
        inertiaTensor(inertia);
        if (recentre) {
            for (dev.tumble.core.collision.shape.Shape s : shapes) {
                s.offset(new Vector3d(s.offsetPosition()).sub(com), s.offsetOrientation());
            }
            innerRadius = Double.NaN;
            Vector3d shift = directionToWorld(com, new Vector3d());
            position(new Vector3d(position()).add(shift));
        }
        return this;
    }

    static {
        new Access();
    }

    /** The engine's access to what is not public API (see {@link BodyAccess}). */
    private static final class Access extends BodyAccess {
        @Override
        public void replaceShapes(RigidBody b, java.util.List<dev.tumble.core.collision.shape.Shape> shapes) {
            b.shapes.clear();
            b.shapes.addAll(shapes);
            b.innerRadius = Double.NaN;
        }

        @Override
        public void integrate(RigidBody b, double duration) {
            b.integrate(duration);
        }

        @Override
        public void integrate(RigidBody b, double duration, double gx, double gy, double gz, boolean sleepHere) {
            b.integrate(duration, gx, gy, gz, sleepHere);
        }

        @Override
        public boolean recordMotion(RigidBody b, double duration) {
            return b.recordMotion(duration);
        }

        @Override
        public void calculateDerivedData(RigidBody b) {
            b.calculateDerivedData();
        }

        @Override
        public void addVelocity(RigidBody b, double dx, double dy, double dz) {
            b.addVelocity(dx, dy, dz);
        }

        @Override
        public void addAngularVelocity(RigidBody b, double dx, double dy, double dz) {
            b.addAngularVelocity(dx, dy, dz);
        }

        @Override
        public void solverTranslate(RigidBody b, double dx, double dy, double dz, double distance) {
            b.solverTranslate(dx, dy, dz, distance);
        }

        @Override
        public void solverRotate(RigidBody b, double ax, double ay, double az, double scale) {
            b.solverRotate(ax, ay, az, scale);
        }

        @Override
        public void solverPose(RigidBody b, double x, double y, double z, double qw, double qx, double qy, double qz) {
            b.solverPose(x, y, z, qw, qx, qy, qz);
        }

        @Override
        public void solverVelocities(RigidBody b, double vx, double vy, double vz, double wx, double wy, double wz) {
            b.solverVelocities(vx, vy, vz, wx, wy, wz);
        }

        @Override
        public void quarantine(RigidBody b) {
            b.quarantine();
        }

        @Override
        public int stateSize(BodyRegistry bodies) {
            return bodies.size() * STRIDE;
        }

        @Override
        public void copyStates(BodyRegistry bodies, double[] dest) {
            bodies.copyStates(dest);
        }

        @Override
        public void pasteStates(BodyRegistry bodies, double[] src) {
            bodies.pasteStates(src);
        }

        @Override
        public int stateStride() {
            return STRIDE;
        }

        @Override
        public void restoreState(RigidBody b, double[] src, int off) {
            System.arraycopy(src, off, b.state, b.at, STRIDE);
        }

        @Override
        public void saveStepFlags(RigidBody b, double[] dest, int off) {
            dest[off] = b.motion;
            dest[off + 1] = b.awake ? 1 : 0;
            dest[off + 2] = b.quarantined ? 1 : 0;
        }

        @Override
        public void restoreStepFlags(RigidBody b, double[] src, int off) {
            b.motion = src[off];
            b.awake = src[off + 1] != 0;
            b.quarantined = src[off + 2] != 0;
        }

        @Override
        public void saveWakeAndForces(RigidBody b, double[] dest, int off) {
            System.arraycopy(b.state, b.at + FX, dest, off, 6);
            dest[off + 6] = b.motion;
            dest[off + 7] = b.awake ? 1 : 0;
        }

        @Override
        public void restoreWakeAndForces(RigidBody b, double[] src, int off) {
            System.arraycopy(src, off, b.state, b.at + FX, 6);
            b.motion = src[off + 6];
            b.awake = src[off + 7] != 0;
        }

        @Override
        public void accumulateForce(RigidBody b, double fx, double fy, double fz) {
            b.addForceUnchecked(fx, fy, fz);
        }

        @Override
        public void accumulateForceAtPoint(RigidBody b, double fx, double fy, double fz, double px, double py,
                double pz) {
            b.addForceAtPointUnchecked(fx, fy, fz, px, py, pz);
        }
    }
}
