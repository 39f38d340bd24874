//! The static world in the pass: each body's swept box against obstacles that are indexed
//! once ([`Obstacles`]: [`StaticBodies`](crate::StaticBodies), [`TileMap`](crate::TileMap), a
//! slice), so a level that does not move never enters the broad phase and costs only what
//! the moving bodies' paths reach.
//!
//! A hit on an obstacle has `b = Other::Obstacle(id)`; its key in the hit order is
//! `bodies.len() + id`, past every body, so the order stays `(t, a, b)`.

use collide_core::{narrow_phase, Hit, Motion, ShapeRef, SweepMode, DEFAULT_SKIN};

use crate::pass::{Body, Other, PassHit, PassStats};
use collide_broad::Proxy;
use collide_world::{working_skin, Obstacle, Obstacles};

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
    let hit = statics.refine_hit(o.id, shape, motion, hit)?;
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
    statics.near_each(proxies, &mut |proxy, o| {
        let Some(b) = obstacle_index(bodies.len(), o.id) else {
            return;
        };
        let a = proxy.id as usize;
        let body = &bodies[a];
        let motion = body.motion();
        stats.static_pairs += 1;
        let outcome = narrow_phase(body.shape, &motion, o.shape, &standing(&o), mode);
        stats.count_narrow(&outcome);
        let Some(found) = outcome.hit else {
            return;
        };
        let Some(found) = refined_hit(statics, &o, body.shape, &motion, found) else {
            return;
        };
        stats.count_hit(&found);
        bound = bound.max(b + 1);
        let sensor = body.sensor || o.sensor;
        hit(
            PassHit::new(a, Other::Obstacle(o.id), found, sensor),
            b as u32,
        );
    });
    bound
}
