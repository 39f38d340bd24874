//! The discrete tests through the public API: the six cases of every pair, symmetry, exact
//! depth, and property tests against a brute-force Minkowski-difference oracle.

use collide_core::{contact, overlaps, Circle, Contact, Hull, Pose, Rect, Rot, Shape};
use glam::Vec2;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

// ---------------------------------------------------------------------------------------------
// Helpers shared by the fixed cases and the property tests.
// ---------------------------------------------------------------------------------------------

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn at(x: f32, y: f32) -> Pose {
    Pose::from_position(v(x, y))
}

fn circle(radius: f32) -> Shape {
    Shape::Circle(Circle { radius })
}

fn rect(hx: f32, hy: f32) -> Shape {
    Shape::Rect(Rect {
        half_extents: v(hx, hy),
    })
}

fn hull(points: &[Vec2]) -> Shape {
    Shape::Hull(Hull::new(points).unwrap())
}

/// `pose` with its position moved by `by`.
fn moved(pose: &Pose, by: Vec2) -> Pose {
    Pose::new(pose.position + by, pose.rotation)
}

fn is_polygon(s: &Shape) -> bool {
    !matches!(s, Shape::Circle(_))
}

/// The vertices of a rect or hull in the world (rects ignore rotation).
fn world_vertices(s: &Shape, pose: &Pose) -> Vec<Vec2> {
    match s {
        Shape::Circle(_) => vec![pose.position],
        Shape::Rect(r) => {
            let h = r.half_extents;
            [v(-h.x, -h.y), v(h.x, -h.y), v(h.x, h.y), v(-h.x, h.y)]
                .iter()
                .map(|&c| pose.position + c)
                .collect()
        }
        Shape::Hull(h) => h
            .vertices()
            .iter()
            .map(|&p| pose.transform_point(p))
            .collect(),
    }
}

/// The outward normal of each edge of [`world_vertices`], edge `i` starting at vertex `i`
/// (a flat rect keeps the axis normals of its zero-length sides).
fn world_normals(s: &Shape, pose: &Pose) -> Vec<Vec2> {
    match s {
        Shape::Circle(_) => vec![],
        Shape::Rect(_) => vec![-Vec2::Y, Vec2::X, Vec2::Y, -Vec2::X],
        Shape::Hull(h) => h
            .normals()
            .iter()
            .map(|&n| pose.transform_vector(n))
            .collect(),
    }
}

/// The convex hull of `points` in positive-area order (Andrew's monotone chain), collinear
/// points dropped. One or two points come back for degenerate input.
fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let mut p: Vec<Vec2> = points.to_vec();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let cross = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o);
    let mut lower: Vec<Vec2> = Vec::new();
    for &q in &p {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], q) <= 0.0 {
            lower.pop();
        }
        lower.push(q);
    }
    let mut upper: Vec<Vec2> = Vec::new();
    for &q in p.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], q) <= 0.0 {
            upper.pop();
        }
        upper.push(q);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// The oracle: the signed penetration depth and its direction, by brute force on the
/// Minkowski difference `D = A − B`. The shapes overlap when the origin is inside `D`; the
/// depth is the origin's distance to `D`'s boundary (negative outside), and the normal points
/// from the origin to the nearest boundary point. A circle is its centre with the radius
/// added to the depth.
fn oracle(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose) -> (f32, Vec2) {
    let radius = |s: &Shape| match s {
        Shape::Circle(c) => c.radius,
        _ => 0.0,
    };
    let (va, vb) = (world_vertices(a, pa), world_vertices(b, pb));
    let diff: Vec<Vec2> = va
        .iter()
        .flat_map(|&p| vb.iter().map(move |&q| p - q))
        .collect();
    let q = convex_hull(&diff);
    let (inside_depth, gradient) = signed_distance_of_origin(&q);
    (radius(a) + radius(b) - inside_depth, gradient)
}

/// The origin's signed distance to a convex polygon (negative inside) and the unit direction
/// in which it grows fastest. Degenerate polygons (a point or a segment) work too.
fn signed_distance_of_origin(q: &[Vec2]) -> (f32, Vec2) {
    let n = q.len();
    if n >= 3 {
        let mut worst = f32::NEG_INFINITY;
        let mut normal = Vec2::ZERO;
        for i in 0..n {
            let e = q[(i + 1) % n] - q[i];
            let out = v(e.y, -e.x).normalize();
            let s = out.dot(-q[i]);
            if s > worst {
                worst = s;
                normal = out;
            }
        }
        if worst < 0.0 {
            // Inside: the nearest boundary point is the foot on the nearest edge line, reached
            // along that edge's outward normal.
            return (worst, normal);
        }
    }
    // Outside (or degenerate): the nearest point of any edge or vertex.
    let mut best = q[0];
    for i in 0..n {
        let (s, e) = (q[i], q[(i + 1) % n]);
        let d = e - s;
        let t = if d.length_squared() > 0.0 {
            (-s.dot(d) / d.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let p = s + d * t;
        if p.length_squared() < best.length_squared() {
            best = p;
        }
    }
    let dist = best.length();
    (dist, if dist > 0.0 { -best / dist } else { Vec2::X })
}

/// Everything the contact must satisfy, checked for one ordered pair and returned.
fn check_one(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, eps: f32) -> Option<Contact> {
    let hit = contact(a, pa, b, pb);
    assert_eq!(
        overlaps(a, pa, b, pb),
        hit.is_some(),
        "overlaps == contact.is_some()"
    );
    let hit = hit?;
    assert!(hit.depth > 0.0, "depth is positive: {hit:?}");
    assert!(
        (hit.normal.length() - 1.0).abs() < 1e-4,
        "unit normal: {hit:?}"
    );
    assert!(hit.point.is_finite());
    // Moving b by depth + eps along the normal separates; by depth − eps it does not.
    assert!(
        contact(a, pa, b, &moved(pb, hit.normal * (hit.depth + eps))).is_none(),
        "b moved past the depth still overlaps: {a:?} {pa:?} {b:?} {pb:?} {hit:?}"
    );
    if hit.depth > eps {
        assert!(
            contact(a, pa, b, &moved(pb, hit.normal * (hit.depth - eps))).is_some(),
            "b moved short of the depth already separates: {a:?} {pa:?} {b:?} {pb:?} {hit:?}"
        );
    }
    // The point, as documented on `Contact`.
    match (a, b) {
        (Shape::Circle(c), _) => {
            let want = pa.position + hit.normal * (c.radius - 0.5 * hit.depth);
            assert!((hit.point - want).length() < eps, "{hit:?}");
        }
        (_, Shape::Circle(c)) => {
            let want = pb.position - hit.normal * (c.radius - 0.5 * hit.depth);
            assert!((hit.point - want).length() < eps, "{hit:?}");
        }
        (Shape::Rect(ra), Shape::Rect(rb)) => {
            let lo = (pa.position - ra.half_extents).max(pb.position - rb.half_extents);
            let hi = (pa.position + ra.half_extents).min(pb.position + rb.half_extents);
            assert!((hit.point - (lo + hi) * 0.5).length() < eps, "{hit:?}");
        }
        _ => {
            let va = world_vertices(a, pa);
            let near_vertex = va.iter().any(|&p| (p - hit.point).length() < eps);
            assert!(near_vertex, "a vertex of a: {hit:?}");
            // ... and the one reaching deepest into b: farthest below all of b's edges.
            let (vb, nb) = (world_vertices(b, pb), world_normals(b, pb));
            let below = |p: Vec2| {
                vb.iter()
                    .zip(&nb)
                    .map(|(&q, &n)| n.dot(q - p))
                    .fold(f32::INFINITY, f32::min)
            };
            let deepest = va
                .iter()
                .map(|&p| below(p))
                .fold(f32::NEG_INFINITY, f32::max);
            assert!(
                below(hit.point) > deepest - eps,
                "the deepest vertex: {hit:?}"
            );
        }
    }
    Some(hit)
}

/// Both orders, their agreement, and the oracle.
fn check_pair(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, eps: f32) -> Option<Contact> {
    let ab = check_one(a, pa, b, pb, eps);
    let ba = check_one(b, pb, a, pa, eps);
    let (oracle_depth, oracle_normal) = oracle(a, pa, b, pb);
    // Near the boundary the float answers may fall either way: only a clear case must agree.
    if oracle_depth.abs() > eps {
        assert_eq!(
            ab.is_some(),
            oracle_depth > 0.0,
            "oracle depth {oracle_depth}: {a:?} {pa:?} {b:?} {pb:?} {ab:?}"
        );
    }
    match (ab, ba) {
        (Some(ab), Some(ba)) => {
            assert!((ab.depth - ba.depth).abs() < eps, "{ab:?} {ba:?}");
            assert!(
                (ab.depth - oracle_depth).abs() < eps,
                "oracle depth {oracle_depth} normal {oracle_normal}: {a:?} {pa:?} {b:?} {pb:?} {ab:?}"
            );
            // The normals are opposite, unless another axis is (nearly) as short: then the
            // reversed normal must separate at the same depth, which `check_one` proved.
            if (ab.normal + ba.normal).length() > 1e-3 {
                let other = -ba.normal;
                let gone = contact(a, pa, b, &moved(pb, other * (ab.depth + eps))).is_none();
                assert!(gone, "a tie that is no tie: {ab:?} {ba:?}");
            }
            // Points agree, except between two polygons (each is then a vertex of its first)
            // and where the normal did not flip (it is measured along the normal).
            let flipped = (ab.normal + ba.normal).length() < 1e-3;
            let rects = matches!((a, b), (Shape::Rect(_), Shape::Rect(_)));
            if (flipped && !(is_polygon(a) && is_polygon(b))) || rects {
                assert!((ab.point - ba.point).length() < eps, "{ab:?} {ba:?}");
            }
        }
        (None, None) => {}
        (Some(one), None) | (None, Some(one)) => {
            assert!(one.depth < eps, "only one order overlaps: {one:?}");
        }
    }
    ab
}

// ---------------------------------------------------------------------------------------------
// The six cases for each of the six pairs.
// ---------------------------------------------------------------------------------------------

const TOL: f32 = 1e-5;
const EPS: f32 = 1e-3;

/// A trapezoid with a flat bottom at y = -1 and top at y = 1.
fn trapezoid() -> Shape {
    hull(&[v(-2.0, -1.0), v(2.0, -1.0), v(1.0, 1.0), v(-1.0, 1.0)])
}

fn square_hull(half: f32) -> Shape {
    Shape::Hull(Hull::from_half_extents(Vec2::splat(half)).unwrap())
}

/// One named case: `a` at the origin, `b` at `pb`, and the depth expected (`None`: apart).
struct Case {
    name: &'static str,
    a: Shape,
    pa: Pose,
    b: Shape,
    pb: Pose,
    depth: Option<f32>,
}

fn case(name: &'static str, a: Shape, b: Shape, pb: Pose, depth: Option<f32>) -> Case {
    Case {
        name,
        a,
        pa: Pose::IDENTITY,
        b,
        pb,
        depth,
    }
}

fn run(cases: &[Case]) {
    for c in cases {
        let hit = check_pair(&c.a, &c.pa, &c.b, &c.pb, EPS);
        match (hit, c.depth) {
            (None, None) => {}
            (Some(hit), Some(want)) => assert!(
                (hit.depth - want).abs() < TOL,
                "{}: depth {} expected {want}",
                c.name,
                hit.depth
            ),
            (hit, want) => panic!("{}: got {hit:?}, expected depth {want:?}", c.name),
        }
    }
}

#[test]
fn circle_circle_cases() {
    let a = circle(1.0);
    run(&[
        case("touching", a, circle(2.0), at(3.0, 0.0), None),
        case("barely", a, circle(2.0), at(2.99, 0.0), Some(0.01)),
        case("deep", a, circle(2.0), at(1.0, 0.0), Some(2.0)),
        case("inside", a, circle(0.25), at(0.5, 0.0), Some(0.75)),
        case("separated", a, circle(2.0), at(5.0, 5.0), None),
        case("coincident", a, circle(2.0), at(0.0, 0.0), Some(3.0)),
    ]);
}

#[test]
fn circle_rect_cases() {
    let b = rect(2.0, 1.0);
    let c = |r, x, y, depth| Case {
        name: "circle-rect",
        a: circle(r),
        pa: at(x, y),
        b,
        pb: Pose::IDENTITY,
        depth,
    };
    run(&[
        c(1.0, 0.0, 2.0, None),                      // touching the top side
        c(1.0, 0.0, 1.99, Some(0.01)),               // barely
        c(1.0, 2.5, 1.5, Some(1.0 - 0.5f32.sqrt())), // deep, at a corner
        c(0.5, 1.0, 0.0, Some(1.5)),                 // inside
        c(1.0, 4.0, 4.0, None),                      // separated
        c(1.0, 0.0, 0.0, Some(2.0)),                 // coincident
        c(5.0, 5.0, 5.0, None),                      // touching a corner, 3-4-5
    ]);
}

#[test]
fn rect_rect_cases() {
    let a = rect(1.0, 1.0);
    let b = rect(2.0, 0.5);
    run(&[
        case("touching", a, b, at(3.0, 0.0), None),
        case("barely", a, b, at(2.99, 0.0), Some(0.01)),
        case("deep", a, b, at(1.0, 1.0), Some(0.5)),
        case("inside", a, rect(0.25, 0.25), at(0.5, 0.0), Some(0.75)),
        case("separated", a, b, at(0.0, 5.0), None),
        case("coincident", a, b, at(0.0, 0.0), Some(1.5)),
    ]);
}

#[test]
fn circle_hull_cases() {
    let b = trapezoid();
    let c = |r, x, y, depth| Case {
        name: "circle-hull",
        a: circle(r),
        pa: at(x, y),
        b,
        pb: Pose::IDENTITY,
        depth,
    };
    run(&[
        c(1.0, 0.0, -2.0, None),        // touching the bottom edge
        c(1.0, 0.0, -1.99, Some(0.01)), // barely
        c(2.0, 0.0, -1.5, Some(1.5)),   // deep
        c(0.25, 0.0, 0.5, Some(0.75)),  // inside, nearest the top
        c(1.0, 5.0, 0.0, None),         // separated
        c(1.0, 0.0, 0.0, Some(2.0)),    // coincident
    ]);
}

#[test]
fn rect_hull_cases() {
    let b = trapezoid();
    let c = |hx, hy, x, y, depth| Case {
        name: "rect-hull",
        a: rect(hx, hy),
        pa: at(x, y),
        b,
        pb: Pose::IDENTITY,
        depth,
    };
    run(&[
        c(1.0, 1.0, 0.0, -2.0, None),        // touching the bottom edge
        c(1.0, 1.0, 0.0, -1.99, Some(0.01)), // barely
        c(1.0, 1.0, 0.0, -1.5, Some(0.5)),   // deep
        c(0.25, 0.25, 0.0, 0.0, Some(1.25)), // inside
        c(1.0, 1.0, 4.0, 4.0, None),         // separated
        c(1.0, 1.0, 0.0, 0.0, Some(2.0)),    // coincident
    ]);
}

#[test]
fn hull_hull_cases() {
    let a = trapezoid();
    let b = square_hull(0.5);
    run(&[
        case("touching", a, b, at(0.0, -1.5), None),
        case("barely", a, b, at(0.0, -1.49), Some(0.01)),
        case("deep", a, b, at(0.0, -0.8), Some(0.7)),
        case("inside", a, b, at(0.0, 0.25), Some(1.25)),
        case("separated", a, b, at(0.0, 3.0), None),
        case("coincident", a, b, at(0.0, 0.0), Some(1.5)),
    ]);
}

#[test]
fn turned_hulls_follow_their_rotation() {
    // A long thin bar turned 90° is tall, so it reaches a circle above it only when turned.
    let bar = hull(&[v(-4.0, -0.5), v(4.0, -0.5), v(4.0, 0.5), v(-4.0, 0.5)]);
    let quarter = Pose::new(Vec2::ZERO, Rot::from_angle(core::f32::consts::FRAC_PI_2));
    let above = at(0.0, 4.5);
    assert!(check_pair(&bar, &Pose::IDENTITY, &circle(1.0), &above, EPS).is_none());
    let hit = check_pair(&bar, &quarter, &circle(1.0), &above, EPS).unwrap();
    assert!((hit.depth - 0.5).abs() < 1e-4);
    assert!((hit.normal - Vec2::Y).length() < 1e-4);
    // Circles and rects ignore it.
    let spun = Pose::new(v(0.0, 2.5), Rot::from_angle(1.0));
    let (a, b) = (rect(1.0, 1.0), rect(4.0, 0.5));
    let o = Pose::IDENTITY;
    assert_eq!(
        contact(&a, &o, &b, &spun),
        contact(&a, &o, &b, &at(0.0, 2.5))
    );
    let c = circle(1.0);
    assert_eq!(
        contact(&c, &spun, &b, &o),
        contact(&c, &at(0.0, 2.5), &b, &o)
    );
}

#[test]
fn coincident_same_type_pairs_push_along_plus_x() {
    for (a, b) in [(circle(1.0), circle(2.0)), (rect(1.0, 1.0), rect(2.0, 2.0))] {
        let p = at(3.0, -2.0);
        assert_eq!(contact(&a, &p, &b, &p).unwrap().normal, Vec2::X);
        assert_eq!(contact(&b, &p, &a, &p).unwrap().normal, Vec2::X);
    }
}

#[test]
fn bad_input_is_no_contact_for_every_pair() {
    let good = [circle(1.0), rect(1.0, 1.0), trapezoid()];
    let bad_shapes = [
        circle(-1.0),
        circle(f32::NAN),
        rect(1.0, -1.0),
        rect(f32::INFINITY, 1.0),
    ];
    let bad_poses = [
        at(f32::NAN, 0.0),
        at(0.0, f32::INFINITY),
        Pose::new(Vec2::ZERO, Rot::from_angle(f32::NAN)),
    ];
    let o = Pose::IDENTITY;
    for g in &good {
        for bad in &bad_shapes {
            assert!(contact(g, &o, bad, &o).is_none() && !overlaps(g, &o, bad, &o));
            assert!(contact(bad, &o, g, &o).is_none() && !overlaps(bad, &o, g, &o));
        }
        for h in &good {
            for p in &bad_poses {
                assert!(contact(g, p, h, &o).is_none() && !overlaps(g, p, h, &o));
                assert!(contact(g, &o, h, p).is_none() && !overlaps(g, &o, h, p));
            }
            // Finite positions whose difference overflows.
            let (far, other_far) = (at(3e38, 3e38), at(-3e38, -3e38));
            assert!(contact(g, &far, h, &other_far).is_none());
            assert!(!overlaps(g, &far, h, &other_far));
        }
    }
}

#[test]
fn sixteen_vertex_hulls_work() {
    let a = Hull::regular(16, 3.0).unwrap();
    let b = Hull::regular(16, 2.0).unwrap();
    let turned = Pose::new(v(4.0, 1.0), Rot::from_angle(0.3));
    let hit = check_pair(
        &Shape::Hull(a),
        &Pose::IDENTITY,
        &Shape::Hull(b),
        &turned,
        EPS,
    );
    assert!(hit.is_some());
}

// ---------------------------------------------------------------------------------------------
// Property tests on seeded random shapes and poses.
// ---------------------------------------------------------------------------------------------

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x00c0_11de),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A circle (sometimes a point), a rect (sometimes flat) or a hull from random points.
fn any_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        prop_oneof![Just(0.0f32), 0.1f32..6.0].prop_map(circle),
        (prop_oneof![Just(0.0f32), 0.1f32..6.0], 0.1f32..6.0).prop_map(|(x, y)| rect(x, y)),
        (
            0.5f32..6.0,
            prop::collection::vec((-1.0f32..1.0, -1.0f32..1.0), 3..=16)
        )
            .prop_filter_map("degenerate hull", |(size, points)| {
                let points: Vec<Vec2> = points.iter().map(|&(x, y)| v(x, y) * size).collect();
                let h = Hull::new(&convex_hull(&points)).ok()?;
                // Slivers are legal hulls, but too thin to test against an f32 tolerance.
                (h.area() > 0.05 * size * size).then_some(Shape::Hull(h))
            }),
    ]
}

fn any_pose() -> impl Strategy<Value = Pose> {
    (-8.0f32..8.0, -8.0f32..8.0, -3.2f32..3.2)
        .prop_map(|(x, y, angle)| Pose::new(v(x, y), Rot::from_angle(angle)))
}

proptest! {
    #![proptest_config(config(768))]

    /// Symmetry, overlaps == contact, exact depth, the documented point, and agreement with
    /// the Minkowski-difference oracle, for every pair of shape kinds.
    #[test]
    fn contact_properties(a in any_shape(), pa in any_pose(), b in any_shape(), pb in any_pose()) {
        check_pair(&a, &pa, &b, &pb, 2e-3);
    }

    /// The same near the interesting region: b placed within reach of a.
    #[test]
    fn contact_properties_close(
        a in any_shape(),
        b in any_shape(),
        angle_a in -3.2f32..3.2,
        angle_b in -3.2f32..3.2,
        offset in (-3.0f32..3.0, -3.0f32..3.0),
    ) {
        let pa = Pose::new(v(1.0, -2.0), Rot::from_angle(angle_a));
        let pb = Pose::new(v(1.0 + offset.0, -2.0 + offset.1), Rot::from_angle(angle_b));
        check_pair(&a, &pa, &b, &pb, 2e-3);
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// Coincident centres: always a contact, in both orders, with a valid depth.
    #[test]
    fn coincident_centres_always_overlap(a in any_shape(), b in any_shape(), pose in any_pose()) {
        let centred = |s: &Shape| match s {
            Shape::Hull(h) => Pose::new(pose.position - pose.rotation.apply(h.centroid()), pose.rotation),
            _ => pose,
        };
        let (pa, pb) = (centred(&a), centred(&b));
        let degenerate = |s: &Shape| match s {
            Shape::Circle(c) => c.radius == 0.0,
            Shape::Rect(r) => r.half_extents.min_element() == 0.0,
            Shape::Hull(_) => false,
        };
        let hit = check_pair(&a, &pa, &b, &pb, 2e-3);
        // Two points, or a point on a flat rect's line, only touch; anything else overlaps.
        if !(degenerate(&a) && degenerate(&b)) {
            prop_assert!(hit.is_some());
        }
    }
}

/// Any shape at all, slivers and huge sizes included: for the properties that hold at any
/// precision.
fn wild_shape() -> impl Strategy<Value = Shape> {
    let size = prop_oneof![Just(0.0f32), 1e-3f32..1e-1, 0.1f32..10.0, 1e3f32..1e5];
    prop_oneof![
        size.clone().prop_map(circle),
        (size.clone(), size.clone()).prop_map(|(x, y)| rect(x, y)),
        (
            size,
            prop::collection::vec((-1.0f32..1.0, -1.0f32..1.0), 3..=16)
        )
            .prop_filter_map("degenerate hull", |(size, points)| {
                let points: Vec<Vec2> = points.iter().map(|&(x, y)| v(x, y) * size).collect();
                Hull::new(&convex_hull(&points)).ok().map(Shape::Hull)
            }),
    ]
}

fn wild_pose() -> impl Strategy<Value = Pose> {
    let coordinate = prop_oneof![-10.0f32..10.0, -1e6f32..1e6];
    (coordinate.clone(), coordinate, -3.2f32..3.2)
        .prop_map(|(x, y, angle)| Pose::new(v(x, y), Rot::from_angle(angle)))
}

proptest! {
    #![proptest_config(config(512))]

    /// Slivers, points, far-away and huge shapes: never a panic, `overlaps` always agrees
    /// with `contact`, and a contact is always well formed.
    #[test]
    fn any_input_gives_a_well_formed_answer(
        a in wild_shape(),
        pa in wild_pose(),
        b in wild_shape(),
        pb in wild_pose(),
    ) {
        for (a, pa, b, pb) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
            let hit = contact(a, pa, b, pb);
            prop_assert_eq!(overlaps(a, pa, b, pb), hit.is_some());
            if let Some(hit) = hit {
                prop_assert!(hit.depth > 0.0 && hit.depth.is_finite(), "{:?}", hit);
                prop_assert!((hit.normal.length() - 1.0).abs() < 1e-3, "{:?}", hit);
                prop_assert!(hit.point.is_finite(), "{:?}", hit);
            }
        }
    }
}
