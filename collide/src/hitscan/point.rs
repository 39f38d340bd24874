//! The point and area queries over a frame's bodies: the bodies that hold a point, those a
//! shape at a pose overlaps, and the nearest one to a point, each body tested exactly on its
//! real shape at its end-of-frame pose.

use collide_core::{contains_point, Pose, Probe, ShapeRef};
use glam::Vec2;

use super::{point_box, takes_part, widened_box, Hitscan};
use crate::Body;
use collide_broad::BroadPhase;
use collide_world::{NearestPoint, QueryFilter};

/// The body `id` at its end-of-frame pose, if it takes part in the query.
fn placed<'b>(
    bodies: &'b [Body<'b>],
    id: u32,
    filter: &QueryFilter<'_>,
) -> Option<(ShapeRef<'b>, Pose)> {
    let body = bodies.get(id as usize)?;
    takes_part(body, id, filter).then(|| (body.shape, Pose::new(body.end, body.rotation)))
}

impl Hitscan {
    /// Every body `filter` allows whose shape holds `point` strictly inside, by index
    /// ascending, into `out` (cleared first): what is under the mouse pointer.
    ///
    /// Strict, as every overlap in collide is ([`contains_point`]): a point on a body's outline
    /// is not in it. A non-finite point finds nothing. The broad phase lists the bodies whose
    /// boxes hold the point strictly ([`BroadPhase::query_point`]): a body holding the point
    /// strictly has a box that holds its shape with room to spare (the pass widens it, see
    /// [`Body::swept_bounds`]), so that box holds the point strictly too.
    ///
    /// ```
    /// use collide::{Body, CollisionPass, Hitscan};
    /// use collide_core::{Circle, Layers};
    /// use glam::Vec2;
    ///
    /// let bodies = [
    ///     Body::stationary(Circle { radius: 5.0 }, Vec2::ZERO),
    ///     Body::stationary(Circle { radius: 5.0 }, Vec2::new(4.0, 4.0)),
    /// ];
    /// let mut pass = CollisionPass::default();
    /// pass.detect(&bodies, &())?;
    /// let mut under = Vec::new();
    /// // Inside the second body's box but outside its circle: only the first.
    /// Hitscan::new().bodies_at_point(pass.broad_phase(), &bodies, Vec2::new(-0.5, 0.0), Layers::ALL, &mut under);
    /// assert_eq!(under, [0]);
    /// # Ok::<(), collide::Error>(())
    /// ```
    pub fn bodies_at_point<'f>(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        point: Vec2,
        filter: impl Into<QueryFilter<'f>>,
        out: &mut Vec<u32>,
    ) {
        out.clear();
        if !point.is_finite() {
            return;
        }
        let filter = filter.into();
        broad.query_point(point, &mut self.ids);
        out.extend(self.ids.iter().copied().filter(|&id| {
            placed(bodies, id, &filter).is_some_and(|(s, pose)| contains_point(s, &pose, point))
        }));
        out.sort_unstable();
    }

    /// Every body `filter` allows that `shape`, placed at `pose`, overlaps (exactly, on both
    /// real shapes: [`overlaps`](collide_core::overlaps)), by index ascending, into `out`
    /// (cleared first): what an explosion's circle reaches.
    ///
    /// Strict: a shape that only touches a body does not overlap it. Non-finite input, or a
    /// shape of invalid size, finds nothing.
    pub fn bodies_overlapping<'s, 'f>(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        shape: impl Into<ShapeRef<'s>>,
        pose: &Pose,
        filter: impl Into<QueryFilter<'f>>,
        out: &mut Vec<u32>,
    ) {
        out.clear();
        let shape = shape.into();
        if !pose.is_finite() {
            return;
        }
        let probe = Probe::new(shape, pose);
        let Some(area) = widened_box(probe.aabb()) else {
            return;
        };
        let filter = filter.into();
        broad.query_aabb(&area, &mut self.ids);
        out.extend(self.ids.iter().copied().filter(|&id| {
            placed(bodies, id, &filter).is_some_and(|(s, at)| probe.overlaps(s, &at))
        }));
        out.sort_unstable();
    }

    /// The body `filter` allows nearest to `point`, if one lies within `max_distance` of it (at
    /// that distance or nearer), with its nearest point, the normal there and the distance (see
    /// [`NearestPoint`]; `id` is the body's index). Ties go to the smaller index. A point
    /// inside a body is at distance `0` from it. A non-finite point, or a `max_distance` that
    /// is negative or not finite, finds nothing.
    #[must_use]
    pub fn nearest_body<'f>(
        &mut self,
        broad: &(impl BroadPhase + ?Sized),
        bodies: &[Body<'_>],
        point: Vec2,
        max_distance: f32,
        filter: impl Into<QueryFilter<'f>>,
    ) -> Option<NearestPoint> {
        if max_distance.is_nan() || max_distance < 0.0 {
            return None;
        }
        let area = point_box(point, max_distance)?;
        let filter = filter.into();
        broad.query_aabb(&area, &mut self.ids);
        self.ids
            .iter()
            .filter_map(|&id| {
                let (shape, pose) = placed(bodies, id, &filter)?;
                NearestPoint::of(id, shape, &pose, point, max_distance)
            })
            .fold(None, |best, near| Some(near.nearer(best)))
    }
}
