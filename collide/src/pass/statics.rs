//! The static world in the pass: each body's swept box against obstacles that are indexed
//! once ([`Obstacles`]: [`StaticBodies`](crate::StaticBodies), [`TileMap`](crate::TileMap), a
//! slice), so a level that does not move never enters the broad phase and costs only what
//! the moving bodies' paths reach.
//!
//! A hit on an obstacle has `b = Other::Obstacle(id)`; its key in the hit order is
//! `bodies.len() + id`, past every body, so the order stays `(t, a, b)`.

use collide_core::{narrow_phase, Hit, Layers, Motion, ShapeRef, SweepMode, DEFAULT_SKIN};
use glam::Vec2;

use crate::pass::{Body, Other, PassHit, PassStats};
use collide_broad::Proxy;
use collide_world::{keeps_own_normal, working_skin, Obstacle, Obstacles};

/// An obstacle's motion over the frame: standing where it is.
pub(crate) fn standing(o: &Obstacle<'_>) -> Motion {
    Motion::new(o.pose.position, o.pose.position, o.pose.rotation)
}

/// The hit of a body of `shape` moving along `motion` on obstacle `o`, as the static world
/// reports it ([`Obstacles::refine_hit`]), kept only where the obstacle stops the body: a
/// one-way platform's only on its solid side, the body moving against its `up` from above it
/// where `motion` starts ([`Obstacle::stops_from`]).
pub(crate) fn refined_hit(
    statics: &(impl Obstacles + ?Sized),
    o: &Obstacle<'_>,
    shape: ShapeRef<'_>,
    motion: &Motion,
    hit: Hit,
) -> Option<Hit> {
    let refined = statics.refine_hit(o.id, shape, motion, hit)?;
    stopping(
        o,
        shape,
        motion,
        with_own_normal(shape, motion, &hit, refined),
    )
}

/// `refined`, what the set's face rule made of `hit`, with `hit`'s own normal where that
/// keeps it ([`keeps_own_normal`]): a hull turned a hair off an axis meets a small obstacle's
/// corner with its side, and the rule's face normal would have it slide on through the
/// obstacle.
pub(crate) fn with_own_normal(
    shape: ShapeRef<'_>,
    motion: &Motion,
    hit: &Hit,
    mut refined: Hit,
) -> Hit {
    let ruled = refined.impact.normal;
    if keeps_own_normal(shape, motion, &hit.impact, ruled, motion.travel()) {
        refined.impact.normal = hit.impact.normal;
    }
    refined
}

/// `hit` on obstacle `o` (as the set reports it) where the obstacle stops the body: always,
/// but for a one-way platform ([`refined_hit`]).
pub(crate) fn stopping(
    o: &Obstacle<'_>,
    shape: ShapeRef<'_>,
    motion: &Motion,
    hit: Hit,
) -> Option<Hit> {
    if o.one_way.is_none() {
        return Some(hit);
    }
    let start = motion.start_pose();
    // Landing on a one-way top within the default skin (grown far out) of its level counts.
    let tolerance = working_skin(DEFAULT_SKIN, &[shape.aabb(&start)]);
    let stops = o.stops_from(shape, &start, motion.travel(), &hit.impact, tolerance);
    stops.then_some(hit)
}

/// The key in the hit order of a hit on obstacle `id` among `bodies` bodies, if it fits a
/// `u32` (the hit order packs indices in 32 bits).
pub(crate) fn obstacle_index(bodies: usize, id: u32) -> Option<usize> {
    let b = bodies.checked_add(id as usize)?;
    u32::try_from(b).is_ok().then_some(b)
}

/// Every live body (its proxy) against the obstacles near its swept box, through the narrow
/// phase; calls `hit` with each hit and its key in the hit order. Returns one more than the
/// largest key a hit got (the bound the hit order needs).
pub(crate) fn body_obstacle_hits(
    bodies: &[Body<'_>],
    proxies: &[Proxy],
    statics: &(impl Obstacles + ?Sized),
    mode: SweepMode,
    stats: &mut PassStats,
    hit: &mut impl FnMut(PassHit, u32),
) -> usize {
    let mut bound = bodies.len();
    if statics.is_empty() {
        return bound;
    }
    // One call for the whole frame: most bodies meet no obstacle, and pay only the lookup.
    let mut report =
        |a: usize, o: &Obstacle<'_>, found: Hit, stats: &mut PassStats, bound: &mut usize| {
            let Some(b) = obstacle_index(bodies.len(), o.id) else {
                return;
            };
            stats.count_hit(&found);
            *bound = (*bound).max(b + 1);
            let sensor = bodies[a].sensor || o.sensor;
            hit(
                PassHit::new(a, Other::Obstacle(o.id), found, sensor),
                b as u32,
            );
        };
    statics.near_each(proxies, &mut |proxy, o| {
        if obstacle_index(bodies.len(), o.id).is_none() {
            return;
        }
        let a = proxy.id as usize;
        let body = &bodies[a];
        let motion = body.motion();
        stats.static_pairs += 1;
        let outcome = narrow_phase(body.shape, &motion, o.shape, &standing(&o), mode);
        stats.count_narrow(&outcome);
        let Some(found) = outcome.hit else {
            return;
        };
        if let Some(found) = refined_hit(statics, &o, body.shape, &motion, found) {
            report(a, &o, found, stats, &mut bound);
        }
    });
    for proxy in proxies {
        let a = proxy.id as usize;
        let body = &bodies[a];
        if let Some((o, found)) = seam_hit(statics, body.shape, &body.motion(), proxy.layers) {
            report(a, &o, found, stats, &mut bound);
        }
    }
    bound
}

/// The hit of a point (a body of no size) moving along `motion` on a seam of `statics`
/// ([`Obstacles::seam_hit`]): two obstacles that it runs between exactly, grazing each, inside
/// the region they fill. `None` for a body of any size, whose own sweeps meet them.
pub(crate) fn seam_hit<'s>(
    statics: &'s (impl Obstacles + ?Sized),
    shape: ShapeRef<'_>,
    motion: &Motion,
    layers: Layers,
) -> Option<(Obstacle<'s>, Hit)> {
    if !is_point(shape) {
        return None;
    }
    let found = statics.seam_hit(motion.start, motion.end, layers, true)?;
    let o = statics.obstacle(found.id)?;
    let hit = Hit {
        impact: found.impact,
        contact: None,
        by_sweep: true,
    };
    Some((o, hit))
}

/// Whether `shape` has no size: a circle of radius zero, a rect of no extent.
pub(crate) fn is_point(shape: ShapeRef<'_>) -> bool {
    match shape {
        ShapeRef::Circle(c) => c.radius == 0.0,
        ShapeRef::Rect(r) => r.half_extents == Vec2::ZERO,
        ShapeRef::Hull(_) => false,
    }
}
