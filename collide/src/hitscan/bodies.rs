//! The casts over a frame's bodies: the first body (or every body) a ray or a moving shape
//! meets, through the broad phase that indexes them.

use collide_core::{cast_ray, time_of_impact, Motion, Pose, ShapeRef};
use glam::Vec2;

use super::{by_time, nearer, swept_box, takes_part, Hitscan, RAY_MARGIN};
use crate::Body;
use collide_broad::buffers::keep_headroom;
use collide_broad::BroadPhase;
use collide_world::{QueryFilter, WorldHit};

/// The exact ray cast against one body at its end-of-frame pose, if it takes part in the
/// query.
// Inlined into the first-hit walk's visit, which runs it for every candidate: as a call, the
// hit came back through memory and was copied again by `nearer`.
#[inline(always)]
fn ray_against_body(
    bodies: &[Body<'_>],
    id: u32,
    from: Vec2,
    to: Vec2,
    filter: &QueryFilter<'_>,
) -> Option<WorldHit> {
    let body = bodies.get(id as usize)?;
    if !takes_part(body, id, filter) {
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
    filter: &QueryFilter<'_>,
) -> Option<WorldHit> {
    let body = bodies.get(id as usize)?;
    if !takes_part(body, id, filter) {
        return None;
    }
    let at = Motion::new(body.end, body.end, body.rotation);
    let impact = time_of_impact(shape, motion, body.shape, &at)?;
    Some(WorldHit { id, impact })
}

impl Hitscan {
    /// The first body the segment `from → to` enters, exactly, among those `filter` allows;
    /// `None` when it enters none. Ties in `t` go to the smaller id.
    #[must_use]
    pub fn cast_ray<'f>(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        from: Vec2,
        to: Vec2,
        filter: impl Into<QueryFilter<'f>>,
    ) -> Option<WorldHit> {
        let filter = filter.into();
        let mut best: Option<WorldHit> = None;
        // A box entered later can hold a body entered earlier, so the walk goes on past the
        // first hit, but only as far as a box could still hold a nearer one.
        let mut cutoff = f32::INFINITY;
        broad.cast_segment_until(from, to, &mut self.segment, &mut |_, id| {
            if let Some(hit) = ray_against_body(bodies, id, from, to, &filter) {
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

    /// Every body the segment `from → to` enters among those `filter` allows, nearest first
    /// (by `t`, then id), into `out` (cleared first).
    pub fn cast_ray_all<'f>(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        from: Vec2,
        to: Vec2,
        filter: impl Into<QueryFilter<'f>>,
        out: &mut Vec<WorldHit>,
    ) {
        let filter = filter.into();
        out.clear();
        broad.cast_segment(from, to, &mut self.segment);
        out.extend(
            self.segment
                .iter()
                .filter_map(|&(_, id)| ray_against_body(bodies, id, from, to, &filter)),
        );
        out.sort_unstable_by(by_time);
        keep_headroom(out);
    }

    /// The first body `shape` meets moving along `motion` (the exact sweep against each body
    /// held at its end-of-frame pose) among those `filter` allows; `None` when it meets none.
    #[must_use]
    pub fn cast_shape<'s, 'f>(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        shape: impl Into<ShapeRef<'s>>,
        motion: &Motion,
        filter: impl Into<QueryFilter<'f>>,
    ) -> Option<WorldHit> {
        let (shape, filter) = (shape.into(), filter.into());
        let area = swept_box(shape, motion)?;
        broad.query_aabb(&area, &mut self.ids);
        self.ids
            .iter()
            .filter_map(|&id| shape_against_body(bodies, id, shape, motion, &filter))
            .fold(None, nearer)
    }

    /// Every body `shape` meets moving along `motion` among those `filter` allows, nearest
    /// first (by `t`, then id), into `out` (cleared first).
    pub fn cast_shape_all<'s, 'f>(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        shape: impl Into<ShapeRef<'s>>,
        motion: &Motion,
        filter: impl Into<QueryFilter<'f>>,
        out: &mut Vec<WorldHit>,
    ) {
        out.clear();
        let (shape, filter) = (shape.into(), filter.into());
        let Some(area) = swept_box(shape, motion) else {
            return;
        };
        broad.query_aabb(&area, &mut self.ids);
        out.extend(
            self.ids
                .iter()
                .filter_map(|&id| shape_against_body(bodies, id, shape, motion, &filter)),
        );
        out.sort_unstable_by(by_time);
        keep_headroom(out);
    }
}
