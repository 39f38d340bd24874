//! World queries: the first body (or every body) a ray or a moving shape meets, exactly, among
//! a frame's bodies or a set of static obstacles.

use collide_core::{cast_ray, time_of_impact, Circle, Layers, Motion, Pose, ShapeRef};
use glam::Vec2;

use crate::Body;
use collide_broad::buffers::keep_headroom;
use collide_broad::BroadPhase;
use collide_world::{Obstacle, Obstacles, WorldHit};

/// How far past the best hit so far (as a fraction of the ray) a first-hit walk still looks.
///
/// Why a walk may stop there and still give what a loop over every body gives: each body's box
/// holds its end-of-frame shape. The pass widens the swept bounds by four ulps of their
/// magnitude, which covers the hair by which an `f32` box (a hull's vertices rotated in
/// `f32`) can miss the shape that [`cast_ray`] tests in `f64`. So, in exact arithmetic, the ray
/// enters a body's box no later than the body itself. Both fractions are computed in `f64`
/// and rounded once to `f32`, each within about an ulp of 1 (2⁻²⁴) of its exact value. A box
/// entered more than 2⁻²⁰ after the best hit therefore holds no hit at or before it, not even
/// a tie (which would go to the smaller id).
const RAY_MARGIN: f32 = 1.0 / 1_048_576.0;

/// Nearest first: by `t`, then id.
fn by_time(a: &WorldHit, b: &WorldHit) -> core::cmp::Ordering {
    a.impact.t.total_cmp(&b.impact.t).then(a.id.cmp(&b.id))
}

/// Keeps the nearer of two hits (the smaller id on a tie).
fn nearer(best: Option<WorldHit>, hit: WorldHit) -> Option<WorldHit> {
    match best {
        Some(b) if by_time(&b, &hit).is_le() => Some(b),
        _ => Some(hit),
    }
}

/// The exact ray cast against one body at its end-of-frame pose, if it takes part in queries:
/// enabled, finite, on layers that interact with `layers`.
// Inlined into the first-hit walk's visit, which runs it for every candidate: as a call, the
// hit came back through memory and was copied again by `nearer`.
#[inline(always)]
fn ray_against_body(
    bodies: &[Body<'_>],
    id: u32,
    from: Vec2,
    to: Vec2,
    layers: Layers,
) -> Option<WorldHit> {
    let body = bodies.get(id as usize)?;
    if !(body.enabled && body.is_finite() && body.layers.interacts(layers)) {
        return None;
    }
    let pose = Pose::new(body.end, body.rotation);
    let hit = cast_ray(body.shape, &pose, from, to)?;
    Some(WorldHit { id, impact: hit })
}

/// The exact sweep of `shape` along `motion` against one body, held at its end-of-frame pose.
fn shape_against_body(
    bodies: &[Body<'_>],
    id: u32,
    shape: ShapeRef<'_>,
    motion: &Motion,
    layers: Layers,
) -> Option<WorldHit> {
    let body = bodies.get(id as usize)?;
    if !(body.enabled && body.is_finite() && body.layers.interacts(layers)) {
        return None;
    }
    let at = Motion::new(body.end, body.end, body.rotation);
    let impact = time_of_impact(shape, motion, body.shape, &at)?;
    Some(WorldHit { id, impact })
}

/// The box `shape` sweeps along `motion`, or `None` when it is not finite.
fn swept_box(shape: ShapeRef<'_>, motion: &Motion) -> Option<collide_core::Aabb> {
    let body = Body::new(shape, motion.start, motion.end).with_rotation(motion.rotation);
    let bounds = body.swept_bounds();
    (body.is_finite() && bounds.is_finite()).then_some(bounds)
}

/// Ray and shape casts over a frame's bodies, through the broad phase that indexes them.
///
/// The broad phase must hold each body under its index in `bodies` as its id, with a box that
/// holds the body's shape at the end of the frame: what [`CollisionPass`](crate::CollisionPass)
/// gives it (the swept bounds), so after [`CollisionPass::detect`](crate::CollisionPass::detect)
/// or [`run`](crate::CollisionPass::run), `pass.broad_phase()` and the same `bodies` are
/// ready. The broad phase lists the candidates ([`BroadPhase::cast_segment_until`] for a
/// ray's first hit: nearest first, stopping soon after the nearest hit;
/// [`BroadPhase::cast_segment`] for all of a ray's hits; [`BroadPhase::query_aabb`] for a
/// moving shape); each is then tested exactly on its real shape at its end-of-frame pose
/// ([`cast_ray`], [`time_of_impact`]), so the answer is the one a loop over every body would
/// give. A moving shape is tested against the bodies whose boxes its swept box overlaps, the
/// collision pass's own rule. Disabled bodies, bodies with non-finite positions, and bodies
/// whose layers do not [interact](Layers::interacts) with the query's are skipped.
///
/// A `Hitscan` keeps its candidate buffers from query to query: reuse one, and queries
/// allocate nothing in steady state.
///
/// ```
/// use collide::{Body, BroadPhase, CollisionPass, Hitscan};
/// use collide_core::{Circle, Layers};
/// use glam::Vec2;
///
/// const LASER: u32 = 1;
/// const ENEMY: u32 = 2;
/// let enemy = Layers::on(ENEMY).with_mask(LASER);
/// let big = Circle { radius: 20.0 };
/// let small = Circle { radius: 3.0 };
/// // A big round enemy whose box the laser enters first (at x = 10), but whose body it only
/// // reaches (x ≈ 23.8) behind the small one (x = 15), which stands inside that box.
/// let bodies = [
///     Body::stationary(big, Vec2::new(30.0, 19.0)).with_layers(enemy),
///     Body::stationary(small, Vec2::new(18.0, 0.0)).with_layers(enemy),
/// ];
/// let mut pass = CollisionPass::default();
/// pass.detect(&bodies, &())?;
/// let (from, to) = (Vec2::ZERO, Vec2::new(100.0, 0.0));
///
/// let mut scratch = Vec::new();
/// let by_box = pass.broad_phase().first_on_segment(from, to, &mut scratch);
/// assert_eq!(by_box.map(|(_, id)| id), Some(0)); // the big enemy's box comes first: wrong
///
/// let mut hitscan = Hitscan::new();
/// let hit = hitscan
///     .cast_ray(pass.broad_phase(), &bodies, from, to, Layers::on(LASER).with_mask(ENEMY))
///     .expect("the laser hits the small enemy");
/// assert_eq!(hit.id, 1);
/// assert_eq!((hit.impact.t, hit.impact.point, hit.impact.normal), (0.15, Vec2::new(15.0, 0.0), Vec2::X));
/// # Ok::<(), collide::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Hitscan {
    segment: Vec<(f32, u32)>,
    ids: Vec<u32>,
}

impl Hitscan {
    /// A hitscan with empty buffers.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The first body the segment `from → to` enters, exactly; `None` when it enters none.
    /// Ties in `t` go to the smaller id.
    #[must_use]
    pub fn cast_ray(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        from: Vec2,
        to: Vec2,
        layers: Layers,
    ) -> Option<WorldHit> {
        let mut best: Option<WorldHit> = None;
        // A box entered later can hold a body entered earlier, so the walk goes on past the
        // first hit, but only as far as a box could still hold a nearer one.
        let mut cutoff = f32::INFINITY;
        broad.cast_segment_until(from, to, &mut self.segment, &mut |_, id| {
            if let Some(hit) = ray_against_body(bodies, id, from, to, layers) {
                // `nearer`, with the cutoff kept beside the best hit rather than read back
                // from it on every call.
                if best.is_none_or(|b| by_time(&hit, &b).is_lt()) {
                    best = Some(hit);
                    cutoff = hit.impact.t + RAY_MARGIN;
                }
            }
            cutoff
        });
        best
    }

    /// Every body the segment `from → to` enters, nearest first (by `t`, then id), into
    /// `out` (cleared first).
    pub fn cast_ray_all(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        from: Vec2,
        to: Vec2,
        layers: Layers,
        out: &mut Vec<WorldHit>,
    ) {
        out.clear();
        broad.cast_segment(from, to, &mut self.segment);
        out.extend(
            self.segment
                .iter()
                .filter_map(|&(_, id)| ray_against_body(bodies, id, from, to, layers)),
        );
        out.sort_unstable_by(by_time);
        keep_headroom(out);
    }

    /// The first body `shape` meets moving along `motion` (the exact sweep against each body
    /// held at its end-of-frame pose); `None` when it meets none.
    #[must_use]
    pub fn cast_shape<'s>(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        shape: impl Into<ShapeRef<'s>>,
        motion: &Motion,
        layers: Layers,
    ) -> Option<WorldHit> {
        let shape = shape.into();
        let area = swept_box(shape, motion)?;
        broad.query_aabb(&area, &mut self.ids);
        self.ids
            .iter()
            .filter_map(|&id| shape_against_body(bodies, id, shape, motion, layers))
            .fold(None, nearer)
    }

    /// Every body `shape` meets moving along `motion`, nearest first (by `t`, then id), into
    /// `out` (cleared first).
    pub fn cast_shape_all<'s>(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        shape: impl Into<ShapeRef<'s>>,
        motion: &Motion,
        layers: Layers,
        out: &mut Vec<WorldHit>,
    ) {
        out.clear();
        let shape = shape.into();
        let Some(area) = swept_box(shape, motion) else {
            return;
        };
        broad.query_aabb(&area, &mut self.ids);
        out.extend(
            self.ids
                .iter()
                .filter_map(|&id| shape_against_body(bodies, id, shape, motion, layers)),
        );
        out.sort_unstable_by(by_time);
        keep_headroom(out);
    }
}

/// The box around the segment `from → to`, widened as the pass widens a body's swept box
/// (see [`Body::swept_bounds`]), or `None` when an end is not finite. Unwidened, a box built
/// from its corners (a centre and half extents, each rounded) could end a rounding step short
/// of the segment, and with an obstacle's box rounded short of its shape, leave out one the
/// ray enters (a circle 8.9 million units out, where an ulp is a unit).
fn segment_box(from: Vec2, to: Vec2) -> Option<collide_core::Aabb> {
    let point = Body::new(Circle { radius: 0.0 }, from, to);
    (from.is_finite() && to.is_finite()).then(|| point.swept_bounds())
}

/// Calls `visit` with the exact ray hit on every obstacle near the segment whose layers
/// interact with `layers`.
fn each_ray_hit<'s>(
    obstacles: &'s (impl Obstacles + ?Sized),
    from: Vec2,
    to: Vec2,
    layers: Layers,
    mut visit: impl FnMut(WorldHit),
) {
    let Some(area) = segment_box(from, to) else {
        return;
    };
    obstacles.near(&area, layers, &mut |o: Obstacle<'s>| {
        if let Some(h) = cast_ray(o.shape, &o.pose, from, to) {
            visit(WorldHit {
                id: o.id,
                impact: h,
            });
        }
    });
}

/// Calls `visit` with the exact sweep hit on every obstacle near the swept box whose layers
/// interact with `layers`.
fn each_shape_hit<'s>(
    obstacles: &'s (impl Obstacles + ?Sized),
    shape: ShapeRef<'_>,
    motion: &Motion,
    layers: Layers,
    mut visit: impl FnMut(WorldHit),
) {
    let Some(area) = swept_box(shape, motion) else {
        return;
    };
    obstacles.near(&area, layers, &mut |o: Obstacle<'s>| {
        let at = Motion::new(o.pose.position, o.pose.position, o.pose.rotation);
        if let Some(i) = time_of_impact(shape, motion, o.shape, &at) {
            visit(WorldHit {
                id: o.id,
                impact: i,
            });
        }
    });
}

/// The first static obstacle the segment `from → to` enters, exactly (ties to the smaller
/// id); obstacles whose layers do not interact with `layers` are skipped.
///
/// Works on any [`Obstacles`]: a [`StaticBodies`](crate::StaticBodies) (its index lists the
/// candidates) or a slice of [`Obstacle`]s.
///
/// ```
/// use collide::{cast_ray_static, StaticBodies};
/// use collide_core::{Layers, Pose, Rect};
/// use glam::Vec2;
///
/// let mut level = StaticBodies::new();
/// let wall = Rect { half_extents: Vec2::new(1.0, 50.0) };
/// let handle = level.add(wall, Pose::from_position(Vec2::new(30.0, 0.0)), Layers::ALL)?;
/// level.refresh();
/// let hit = cast_ray_static(&level, Vec2::ZERO, Vec2::new(100.0, 0.0), Layers::ALL).unwrap();
/// assert_eq!((hit.id, hit.impact.t, hit.impact.normal), (handle.id(), 0.29, Vec2::X));
/// # Ok::<(), collide::Error>(())
/// ```
#[must_use]
pub fn cast_ray_static(
    obstacles: &(impl Obstacles + ?Sized),
    from: Vec2,
    to: Vec2,
    layers: Layers,
) -> Option<WorldHit> {
    let mut best = None;
    each_ray_hit(obstacles, from, to, layers, |h| best = nearer(best, h));
    best
}

/// Every static obstacle the segment `from → to` enters, nearest first (by `t`, then id),
/// into `out` (cleared first).
pub fn cast_ray_static_all(
    obstacles: &(impl Obstacles + ?Sized),
    from: Vec2,
    to: Vec2,
    layers: Layers,
    out: &mut Vec<WorldHit>,
) {
    out.clear();
    each_ray_hit(obstacles, from, to, layers, |h| out.push(h));
    out.sort_unstable_by(by_time);
    keep_headroom(out);
}

/// The first static obstacle `shape` meets moving along `motion` (the exact sweep; ties to the
/// smaller id), among those whose boxes its swept box meets ([`Obstacles::near`]) and whose
/// layers interact with `layers`.
#[must_use]
pub fn cast_shape_static<'s>(
    obstacles: &(impl Obstacles + ?Sized),
    shape: impl Into<ShapeRef<'s>>,
    motion: &Motion,
    layers: Layers,
) -> Option<WorldHit> {
    let mut best = None;
    each_shape_hit(obstacles, shape.into(), motion, layers, |h| {
        best = nearer(best, h);
    });
    best
}

/// Every static obstacle `shape` meets moving along `motion`, nearest first (by `t`, then
/// id), into `out` (cleared first).
pub fn cast_shape_static_all<'s>(
    obstacles: &(impl Obstacles + ?Sized),
    shape: impl Into<ShapeRef<'s>>,
    motion: &Motion,
    layers: Layers,
    out: &mut Vec<WorldHit>,
) {
    out.clear();
    each_shape_hit(obstacles, shape.into(), motion, layers, |h| out.push(h));
    out.sort_unstable_by(by_time);
    keep_headroom(out);
}
