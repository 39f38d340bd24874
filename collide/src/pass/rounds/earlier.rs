//! A turn placed back in time, before other bodies' turns, meets those bodies on the paths
//! they had then: the sweeps after a turn take each pair from the later of the two turns, so
//! they never see that part of the frame.

use collide_broad::BroadPhase;
use collide_core::{distance, time_of_impact, time_of_impact_with_skin, Motion, ShapeRef};
use collide_world::{working_skin, Obstacles};
use glam::Vec2;

use super::{can_be_inside, path_bounds, Frame, Rounds, FIRST};

/// A body's new path after a turn: where it starts, when, and its velocity.
#[derive(Clone, Copy)]
struct NewPath {
    start: Vec2,
    at: f32,
    velocity: Vec2,
}

impl NewPath {
    fn position_at(&self, t: f32) -> Vec2 {
        self.start + self.velocity * (t - self.at)
    }
}

impl Rounds {
    /// The latest time after `at` at which a body turned whose path before that turn `body`'s
    /// new path meets (from where its path puts it at `at`, at `velocity`); `at` when there is
    /// none. The bodies looked at are those whose first paths (the broad phase's boxes) or
    /// paths after a turn reach the new path's box up to the frame's latest turn.
    pub(super) fn met_before_turns<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        body: usize,
        at: f32,
        velocity: Vec2,
    ) -> f32 {
        let b = &frame.bodies[body];
        if self.last_turn <= at || b.sensor {
            return at;
        }
        // A body at its cap stops where it turns.
        let velocity = if self.latest[body].0 >= frame.max_turns {
            Vec2::ZERO
        } else {
            velocity
        };
        let start = self.motion_from(frame.bodies, body, at).start;
        let new = NewPath {
            start,
            at,
            velocity,
        };
        let until = Motion::new(start, new.position_at(self.last_turn), b.rotation);
        let area = path_bounds(b, &until);
        let mut candidates = core::mem::take(&mut self.candidates);
        frame.broad.query_aabb(&area, &mut candidates);
        candidates.retain(|&other| self.latest[other as usize].0 > 0);
        self.turned.near_any(&area, &mut candidates);
        candidates.sort_unstable();
        candidates.dedup();
        let mut latest = at;
        for &other in &candidates {
            let other = other as usize;
            let since = self.since(other);
            if since > latest
                && can_be_inside(frame, body, other)
                && self.meets_earlier_path(frame, body, new, other)
            {
                latest = since;
            }
        }
        self.candidates_done(candidates);
        latest
    }

    /// Whether `body` on its `new` path comes within a skin of `other` on its paths from then
    /// until its latest turn, walked back turn by turn.
    fn meets_earlier_path<B, O: ?Sized>(
        &self,
        frame: &Frame<'_, '_, B, O>,
        body: usize,
        new: NewPath,
        other: usize,
    ) -> bool {
        let (b, o) = (&frame.bodies[body], &frame.bodies[other]);
        let (_, mut turn) = self.latest[other];
        let mut until = self.turns[turn as usize].t;
        while until > new.at {
            let previous = self.previous[turn as usize];
            // The path `other` was on before `turn`: from its previous turn, or its first.
            let (from, at) = match previous {
                FIRST => (0.0, None),
                p => (self.turns[p as usize].t, Some(&self.turns[p as usize])),
            };
            let position =
                |t: f32| at.map_or(o.start + (o.end - o.start) * t, |p| p.position_at(t));
            let t0 = from.max(new.at);
            let theirs = Motion::new(position(t0), position(until), o.rotation);
            let ours = Motion::new(new.position_at(t0), new.position_at(until), b.rotation);
            // Within a skin: the turn backs its body off by up to a skin from where the path
            // puts it.
            let boxes = [
                b.shape.aabb(&ours.start_pose()),
                o.shape.aabb(&theirs.start_pose()),
            ];
            let skin = working_skin(frame.skin, &boxes);
            if within_skin(b.shape, &ours, o.shape, &theirs, skin) {
                return true;
            }
            if previous == FIRST {
                return false;
            }
            (turn, until) = (previous, from);
        }
        false
    }
}

/// Whether `a` and `b` on their motions come within `skin` of each other: at either end, or
/// between (overlapping, or closing to within the skin). A pair that closes as slowly as the
/// rounding of the sweep with a skin allows is caught at its ends.
fn within_skin(a: ShapeRef<'_>, ma: &Motion, b: ShapeRef<'_>, mb: &Motion, skin: f32) -> bool {
    let near = |pa, pb| distance(a, &pa, b, &pb).is_some_and(|d| d.distance < skin);
    near(ma.start_pose(), mb.start_pose())
        || near(ma.end_pose(), mb.end_pose())
        || time_of_impact(a, ma, b, mb).is_some()
        || time_of_impact_with_skin(a, ma, b, mb, skin).is_some()
}
