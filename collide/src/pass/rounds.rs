//! The rest of the frame after a response: bodies whose motion a hit changed are put a skin
//! short of the impact on their own paths, swept again over what is left of the frame against
//! everything, and their new hits join the queue in time order.
//!
//! [`Rounds`] keeps, for one frame, each body's turns ([`Turn`]) and the hits found after a
//! turn ([`Pending`]). A hit carries the number of turns each of its bodies had made when it
//! was found: once either body turns again, the hit is stale (its path is gone) and is skipped,
//! and the new sweep finds what the new path meets.

mod earlier;

use std::collections::BinaryHeap;

use collide_broad::buffers::keep_room;
use collide_broad::BroadPhase;
use collide_core::{narrow_phase, overlaps, time_of_impact_with_skin, Aabb, Motion, Pose};
use collide_world::{working_skin, Obstacle, Obstacles};
use glam::Vec2;

use crate::pass::apart::{gap_along, goes_into};
use crate::pass::pending::Pending;
use crate::pass::statics::{obstacle_index, refined_hit, seam_hit, standing};
use crate::pass::turned::TurnedIndex;
use crate::pass::{Body, Other, Outcome, PassHit, PassStats, Reaction, Response, Turn};

/// How many times one body's motion may change in one frame unless told otherwise.
///
/// Eight turns cover a body bouncing between walls that are a sixteenth of its travel per
/// frame apart, or sliding into a corner and out of it; a body that would turn more stops at
/// its last safe position for the rest of the frame (see [`Turn::capped`]).
pub const DEFAULT_MAX_TURNS: u32 = 8;

/// No turn: what [`Rounds::previous`] holds for a body's first turn.
const FIRST: u32 = u32::MAX;

/// The least room for turns a pass keeps once it has turned a body: small scenes swing the
/// most, by several times their body count from one frame to another.
const FEW_TURNS: usize = 256;

/// One frame's turns and the hits found after them; buffers kept from frame to frame.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rounds {
    /// Every turn of this frame, in the order they happened.
    turns: Vec<Turn>,
    /// Per turn of `turns`, the index of its body's turn before it ([`FIRST`] for its first).
    previous: Vec<u32>,
    /// Per body: its turns so far, and the index of its latest in `turns`.
    latest: Vec<(u32, u32)>,
    /// Where the bodies that have turned this frame went.
    turned: TurnedIndex,
    pending: BinaryHeap<Pending>,
    candidates: Vec<u32>,
    /// The most hits `pending` and bodies `candidates` held at once so far.
    peaks: (usize, usize),
    /// Whether any frame of this pass has turned a body.
    ever_turned: bool,
    /// The latest time of this frame's turns so far.
    last_turn: f32,
}

/// What a turn needs from the pass: its settings, the broad phase, the bodies and the static
/// world.
pub(crate) struct Frame<'p, 'b, B, O: ?Sized> {
    pub broad: &'p B,
    pub bodies: &'p [Body<'b>],
    pub statics: &'p O,
    pub used: &'p [bool],
    pub mode: collide_core::SweepMode,
    pub skin: f32,
    pub max_turns: u32,
}

impl Rounds {
    /// Forgets the last frame; ready for `bodies` bodies.
    pub(crate) fn begin(&mut self, bodies: usize) {
        // Room for half again the busiest frame so far, so that a frame a little busier than
        // the last does not allocate (see `keep_room`). Once a frame has turned a body, the
        // frames are of the bouncing kind, and the room is at least one turn per body (and as
        // many candidates and pending hits, and never less than for `FEW_TURNS`): over a long
        // game a frame busier than any before comes now and then, and it should find its room
        // already there.
        self.ever_turned |= !self.turns.is_empty();
        let floor = if self.ever_turned {
            bodies.max(FEW_TURNS)
        } else {
            0
        };
        let turns = self.turns.len().max(floor);
        keep_room(&mut self.turns, turns);
        keep_room(&mut self.previous, turns);
        keep_room(&mut self.candidates, self.peaks.1.max(floor));
        let peak = self.peaks.0.max(floor);
        let want = peak + peak / 2 + 16;
        if self.pending.capacity() < want {
            self.pending.reserve(want - self.pending.len());
        }
        self.turns.clear();
        self.previous.clear();
        self.last_turn = 0.0;
        self.latest.clear();
        self.latest.resize(bodies, (0, 0));
        self.turned.begin(bodies, floor);
        self.pending.clear();
    }

    /// Forgets the last frame's turns, as a frame that only detects its hits, or fails, has
    /// none; whether a frame ever turned a body is kept, for the room `begin` makes.
    pub(crate) fn forget_turns(&mut self) {
        self.ever_turned |= !self.turns.is_empty();
        self.turns.clear();
    }

    /// Where each of `bodies` ended the frame, into `out` (cleared first), given which were
    /// `used` up.
    pub(crate) fn outcomes(&self, bodies: &[Body<'_>], used: &[bool], out: &mut Vec<Outcome>) {
        out.clear();
        out.extend(bodies.iter().enumerate().map(|(i, body)| {
            let (turns, _) = self.latest[i];
            match self.latest_turn(i) {
                Some(turn) => Outcome {
                    position: turn.end(),
                    velocity: turn.velocity,
                    turns,
                    capped: turn.capped,
                    used: used[i],
                },
                None => Outcome {
                    position: body.end,
                    velocity: body.end - body.start,
                    turns,
                    capped: false,
                    used: used[i],
                },
            }
        }));
    }

    /// This frame's turns, in the order they happened.
    pub(crate) fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The earliest waiting hit, if any.
    pub(crate) fn peek(&self) -> Option<&Pending> {
        self.pending.peek()
    }

    /// Takes the earliest waiting hit.
    pub(crate) fn pop(&mut self) -> Option<Pending> {
        self.pending.pop()
    }

    /// The turns `body` has made this frame.
    pub(crate) fn turns_of(&self, body: usize) -> u32 {
        self.latest.get(body).map_or(0, |l| l.0)
    }

    /// `body`'s latest turn, if it has turned.
    fn latest_turn(&self, body: usize) -> Option<&Turn> {
        let &(count, index) = self.latest.get(body)?;
        (count > 0).then(|| &self.turns[index as usize])
    }

    /// `body`'s velocity (travel per frame) on its current path.
    fn velocity(&self, bodies: &[Body<'_>], body: usize) -> Vec2 {
        match self.latest_turn(body) {
            Some(turn) => turn.moving(),
            None => bodies[body].end - bodies[body].start,
        }
    }

    /// The velocity of what a hit's `a` met: an obstacle stands still.
    fn velocity_of(&self, bodies: &[Body<'_>], other: Other) -> Vec2 {
        other
            .body()
            .map_or(Vec2::ZERO, |b| self.velocity(bodies, b))
    }

    /// The turns made this frame by what a hit's `a` met: none for an obstacle.
    pub(crate) fn turns_of_other(&self, other: Other) -> u32 {
        other.body().map_or(0, |b| self.turns_of(b))
    }

    /// When the current path of what a hit's `a` met began: the frame's start for an
    /// obstacle.
    fn since_other(&self, other: Other) -> f32 {
        other.body().map_or(0.0, |b| self.since(b))
    }

    /// When `body`'s current path began.
    fn since(&self, body: usize) -> f32 {
        self.latest_turn(body).map_or(0.0, |turn| turn.t)
    }

    /// `body`'s motion over `[from, 1]` on its current path (`from` not before it began).
    fn motion_from(&self, bodies: &[Body<'_>], body: usize, from: f32) -> Motion {
        let b = &bodies[body];
        match self.latest_turn(body) {
            Some(turn) => Motion::new(turn.position_at(from), turn.end(), b.rotation),
            None if from == 0.0 => b.motion(),
            None => Motion::new(b.start + (b.end - b.start) * from, b.end, b.rotation),
        }
    }

    /// Applies `response` to `hit`: each body it turns is put a skin short of the impact on its
    /// own path with its new velocity, then swept again over the rest of the frame.
    pub(crate) fn turn<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        hit: &PassHit,
        response: Response,
        stats: &mut PassStats,
    ) {
        let a = hit.a;
        let b_turns = hit.b.body().is_some() && response.b.turns();
        let (va, vb) = (
            self.velocity(frame.bodies, a),
            self.velocity_of(frame.bodies, hit.b),
        );
        let carried = |reaction: Reaction, v: Vec2| (reaction == Reaction::Carry).then_some(v);
        let normal = hit.impact.normal;
        let new_a = response.a.velocity(va, normal, carried(response.b, vb));
        let new_b = response.b.velocity(vb, -normal, carried(response.a, va));
        let turning = [
            Some((a, new_a)).filter(|_| response.a.turns()),
            hit.b.body().filter(|_| b_turns).map(|b| (b, new_b)),
        ];
        let (at, short) = self.turn_time(frame, hit, turning);
        // What the paths leave short of a skin, each body that turns takes its share of,
        // along the normal.
        let share = if response.a.turns() && b_turns {
            0.5
        } else {
            1.0
        };
        let apart = hit.impact.normal * (short * share);
        let off_a = self.room_behind(frame, a, at, -apart);
        let turns_a = response.a.turns() && self.redirect(frame, a, (at, off_a), new_a, stats);
        // An obstacle never turns: the pass answers `Carry` for it.
        let b = hit.b.body().filter(|_| response.b.turns());
        let turns_b = b.is_some_and(|b| {
            let off_b = self.room_behind(frame, b, at, apart);
            self.redirect(frame, b, (at, off_b), new_b, stats)
        });
        if turns_a {
            self.sweep_again(frame, a, None, hit.impact.t, stats);
        }
        if let Some(b) = b.filter(|_| turns_b) {
            // `a` (if it turned) has just been swept against `b`'s new path already.
            self.sweep_again(frame, b, turns_a.then_some(a), hit.impact.t, stats);
        }
    }

    /// When `hit`'s bodies that turn (`turning`: `a` and `b`, where each does, with its new
    /// velocity) turn, and how much less than a skin apart they are then
    /// ([`safe_time`](Self::safe_time)). A turn before the bodies that turned since then
    /// rewrites its body's path under them: they were answered on the old one, and where one
    /// stands may be where the turn puts the body, or where its new path goes before their
    /// turns (which the sweeps after a turn, from the later turn of each pair, never see). So
    /// a turn goes back no further than the turn of any body it would put its body inside, or
    /// whose path before that turn its new path meets.
    fn turn_time<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        hit: &PassHit,
        turning: [Option<(usize, Vec2)>; 2],
    ) -> (f32, f32) {
        let (mut at, mut short) = self.safe_time(frame, hit, 0.0);
        // Each later time can put a body inside another body that turned later still.
        for _ in 0..4 {
            if self.last_turn <= at {
                break;
            }
            let mut later = at;
            for (body, velocity) in turning.into_iter().flatten() {
                later = later
                    .max(self.turned_into(frame, body, at))
                    .max(self.met_before_turns(frame, body, at, velocity));
            }
            if later == at {
                break;
            }
            (at, short) = self.safe_time(frame, hit, later);
        }
        (at, short)
    }

    /// The latest time after `at` that a body turned at, where `body`, standing where its
    /// path puts it at `at`, is inside it (not a sensor, on its layers, not used up); `at` when
    /// there is none.
    fn turned_into<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        body: usize,
        at: f32,
    ) -> f32 {
        let b = &frame.bodies[body];
        if b.sensor {
            return at;
        }
        let here = Pose::new(self.motion_from(frame.bodies, body, at).start, b.rotation);
        let mut candidates = core::mem::take(&mut self.candidates);
        self.turned
            .near(&b.shape.aabb(&here), &self.latest, &mut candidates);
        let mut latest = at;
        for &other in &candidates {
            let (other, o) = (other as usize, &frame.bodies[other as usize]);
            let since = self.since(other);
            if since <= latest || !can_be_inside(frame, body, other) {
                continue;
            }
            let pose = Pose::new(
                self.motion_from(frame.bodies, other, since).start,
                o.rotation,
            );
            if overlaps(b.shape, &here, o.shape, &pose) {
                latest = since;
            }
        }
        self.candidates_done(candidates);
        latest
    }

    /// `off`, the way `body` backs off what it hit at `at` (when its path left no room to),
    /// halved until it puts the body into no static obstacle and no other body (where that
    /// stands at `at`), nor deeper into one it was in already ([`goes_into`]; at most four
    /// times, then none): a body that fits its gap exactly, touching both sides, backs off
    /// neither side into the other.
    fn room_behind<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        body: usize,
        at: f32,
        off: Vec2,
    ) -> Vec2 {
        if off == Vec2::ZERO {
            return off;
        }
        let b = &frame.bodies[body];
        let here = Pose::new(self.motion_from(frame.bodies, body, at).start, b.rotation);
        let mut off = off;
        for _ in 0..4 {
            let there = Pose::new(here.position + off, b.rotation);
            let mut blocked = false;
            frame
                .statics
                .near(&b.shape.aabb(&there), b.layers, &mut |o| {
                    // A one-way platform or a sensor lets a body into it.
                    blocked = blocked
                        || !(o.sensor || o.one_way.is_some())
                            && goes_into(b.shape, (&here, &there), o.shape, &o.pose);
                });
            if !blocked && !self.bodies_block(frame, body, (&here, &there), at) {
                return off;
            }
            off *= 0.5;
        }
        Vec2::ZERO
    }

    /// Whether `body`, moved from `here` to `there` at `at`, would go into another body (not a
    /// sensor, on its layers, not used up), or deeper into one it is in at `here`
    /// ([`goes_into`]), that body where it stands at `at`.
    fn bodies_block<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        body: usize,
        (here, there): (&Pose, &Pose),
        at: f32,
    ) -> bool {
        let b = &frame.bodies[body];
        if b.sensor {
            return false;
        }
        let area = b.shape.aabb(there);
        let candidates = self.bodies_near(frame, &area);
        let blocked = candidates.iter().any(|&other| {
            let (other, o) = (other as usize, &frame.bodies[other as usize]);
            if !can_be_inside(frame, body, other) {
                return false;
            }
            let pose = Pose::new(self.motion_from(frame.bodies, other, at).start, o.rotation);
            goes_into(b.shape, (here, there), o.shape, &pose)
        });
        self.candidates_done(candidates);
        blocked
    }

    /// The time a skin short of `hit`'s impact, on both bodies' current paths: where a body
    /// that turns is put, apart from the other so that a sweep from there starts clean; and
    /// how much less than a skin apart they still are then, when their paths leave no room to
    /// back off (they began them closer than a skin, or touching, as a body resting against
    /// a wall is): a turn there would run along the surface within rounding of it, and end a
    /// rounding inside it. Never before `floor`.
    fn safe_time<B: BroadPhase, O: Obstacles + ?Sized>(
        &self,
        frame: &Frame<'_, '_, B, O>,
        hit: &PassHit,
        floor: f32,
    ) -> (f32, f32) {
        let a = hit.a;
        let from = self.since(a).max(self.since_other(hit.b)).max(floor);
        let ma = self.motion_from(frame.bodies, a, from);
        let sa = frame.bodies[a].shape;
        let (sb, mb) = match hit.b {
            Other::Body(b) => (
                frame.bodies[b].shape,
                self.motion_from(frame.bodies, b, from),
            ),
            Other::Obstacle(id) => match frame.statics.obstacle(id) {
                Some(o) => (o.shape, standing(&o)),
                None => return (hit.impact.t.max(from), 0.0),
            },
        };
        let boxes = [
            sa.aabb(&ma.start_pose()),
            sa.aabb(&ma.end_pose()),
            sb.aabb(&mb.start_pose()),
            sb.aabb(&mb.end_pose()),
        ];
        let skin = working_skin(frame.skin, &boxes);
        let at = hit.impact.t.max(from);
        let (local, room) = match time_of_impact_with_skin(sa, &ma, sb, &mb, skin) {
            Some(stop) if stop.started_inside => return (from, 0.0),
            Some(stop) => (stop.t, stop.t > 0.0),
            // Within rounding of touching all along: the impact is as safe as it gets.
            None if from < 1.0 => ((at - from) / (1.0 - from), false),
            None => return (at, 0.0),
        };
        let t = (from + local * (1.0 - from)).clamp(from, at);
        if room {
            return (t, 0.0);
        }
        let (pa, pb) = (ma.pose_at(local), mb.pose_at(local));
        let gap = gap_along(sa, &pa, sb, &pb, hit.impact.normal);
        (t, (skin - gap).clamp(0.0, skin))
    }

    /// Records that `body` turns at `at`, moved by `off` (to keep a skin from what it hit), to
    /// `velocity` (or stops, at the cap); `false` when it was capped and stopped already, so
    /// nothing changes.
    fn redirect<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        body: usize,
        (at, off): (f32, Vec2),
        velocity: Vec2,
        stats: &mut PassStats,
    ) -> bool {
        let (count, _) = self.latest[body];
        if self.latest_turn(body).is_some_and(|turn| turn.capped) {
            return false;
        }
        let capped = count >= frame.max_turns;
        let position = self.motion_from(frame.bodies, body, at).start + off;
        // A velocity whose path does not end at a finite position (a bounce whose speed into
        // the surface overflows near the top of the `f32` range, a caller's infinite or NaN
        // velocity) stops the body instead: every turn stays finite.
        let finite = (position + velocity * (1.0 - at)).is_finite();
        self.last_turn = self.last_turn.max(at);
        self.turns.push(Turn {
            body,
            t: at,
            position,
            velocity: if finite { velocity } else { Vec2::ZERO },
            capped,
        });
        let (_, before) = self.latest[body];
        self.previous.push(if count == 0 { FIRST } else { before });
        self.latest[body] = (count + 1, (self.turns.len() - 1) as u32);
        let path = self.motion_from(frame.bodies, body, at);
        let area = path_bounds(&frame.bodies[body], &path);
        self.turned.insert(body as u32, count + 1, &area);
        stats.turns += 1;
        stats.capped += usize::from(capped);
        true
    }

    /// The bodies whose current paths may reach `area`: those the broad phase finds that never
    /// turned, and those that turned (whose paths may have left their boxes), by `turned`. In
    /// the pass's own buffer: hand it back with [`candidates_done`](Self::candidates_done).
    fn bodies_near<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        area: &Aabb,
    ) -> Vec<u32> {
        let mut candidates = core::mem::take(&mut self.candidates);
        frame.broad.query_aabb(area, &mut candidates);
        candidates.retain(|&other| self.latest[other as usize].0 == 0);
        self.turned.near(area, &self.latest, &mut candidates);
        self.peaks.1 = self.peaks.1.max(candidates.len());
        candidates
    }

    /// Gives [`bodies_near`](Self::bodies_near)'s buffer back, emptied, for the next query.
    fn candidates_done(&mut self, mut candidates: Vec<u32>) {
        candidates.clear();
        self.candidates = candidates;
    }

    /// Sweeps `body`'s new path against every body its box reaches and every body that has
    /// turned (whose path may have left its box), except `skip`; queues the hits, none before
    /// `now`.
    fn sweep_again<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        body: usize,
        skip: Option<usize>,
        now: f32,
        stats: &mut PassStats,
    ) {
        let since = self.since(body);
        let path = self.motion_from(frame.bodies, body, since);
        let area = path_bounds(&frame.bodies[body], &path);
        let candidates = self.bodies_near(frame, &area);
        for &other in &candidates {
            let other = other as usize;
            if other == body || Some(other) == skip || frame.used[other] {
                continue;
            }
            if !frame.bodies[body]
                .layers
                .interacts(frame.bodies[other].layers)
            {
                continue;
            }
            self.test_pair(frame, body, other, now, stats);
        }
        self.candidates_done(candidates);
        let layers = frame.bodies[body].layers;
        frame.statics.near(&area, layers, &mut |o| {
            self.test_obstacle(frame, body, &o, now, stats);
        });
        self.test_seams(frame, body, now);
    }

    /// `body` on its current path over what is left of the frame against the seams of the
    /// static world, if it is a point ([`seam_hit`]); a hit joins the queue.
    fn test_seams<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        body: usize,
        now: f32,
    ) {
        let from = self.since(body);
        let ma = self.motion_from(frame.bodies, body, from);
        let (shape, layers) = (frame.bodies[body].shape, frame.bodies[body].layers);
        let Some((o, found)) = seam_hit(frame.statics, shape, &ma, layers) else {
            return;
        };
        if obstacle_index(frame.bodies.len(), o.id).is_some() {
            let sensor = frame.bodies[body].sensor || o.sensor;
            let hit = PassHit::new(body, Other::Obstacle(o.id), found, sensor);
            self.queue(hit, &ma, &standing(&o), from, now);
        }
    }

    /// The narrow phase of `body` on its current path against a static obstacle over what is
    /// left of the frame; a hit joins the queue.
    fn test_obstacle<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        body: usize,
        o: &Obstacle<'_>,
        now: f32,
        stats: &mut PassStats,
    ) {
        if obstacle_index(frame.bodies.len(), o.id).is_none() {
            return;
        }
        let from = self.since(body);
        let ma = self.motion_from(frame.bodies, body, from);
        let outcome = narrow_phase(
            frame.bodies[body].shape,
            &ma,
            o.shape,
            &standing(o),
            frame.mode,
        );
        stats.sweeps_after_turns += 1;
        let shape = frame.bodies[body].shape;
        let found = outcome
            .hit
            .and_then(|h| refined_hit(frame.statics, o, shape, &ma, h));
        if let Some(found) = found {
            let sensor = frame.bodies[body].sensor || o.sensor;
            let hit = PassHit::new(body, Other::Obstacle(o.id), found, sensor);
            self.queue(hit, &ma, &standing(o), from, now);
        }
    }

    /// The narrow phase of `x` and `y` on their current paths over what is left of the frame
    /// for both; a hit joins the queue.
    fn test_pair<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        frame: &Frame<'_, '_, B, O>,
        x: usize,
        y: usize,
        now: f32,
        stats: &mut PassStats,
    ) {
        let (a, b) = (x.min(y), x.max(y));
        let from = self.since(a).max(self.since(b));
        let (ma, mb) = (
            self.motion_from(frame.bodies, a, from),
            self.motion_from(frame.bodies, b, from),
        );
        let (sa, sb) = (frame.bodies[a].shape, frame.bodies[b].shape);
        let outcome = narrow_phase(sa, &ma, sb, &mb, frame.mode);
        stats.sweeps_after_turns += 1;
        if let Some(found) = outcome.hit {
            let sensor = frame.bodies[a].sensor || frame.bodies[b].sensor;
            let hit = PassHit::new(a, Other::Body(b), found, sensor);
            self.queue(hit, &ma, &mb, from, now);
        }
    }

    /// Queues `found`, a hit of the narrow phase over the rest of the frame from `from` (the
    /// motions `ma` and `mb` of its two sides), at its time in the whole frame and never
    /// before `now`, so the hits stay in time order.
    fn queue(&mut self, found: PassHit, ma: &Motion, mb: &Motion, from: f32, now: f32) {
        // Overlapping at the start of the rest of the frame and moving apart or along (a body
        // that turned inside another, and now leaves it): letting it go is the answer, not a
        // hit at once that would turn it back in. The same for a pair that only the end of the
        // frame's test finds (`t = 1`: the sweep saw them within rounding of touching all
        // along, as a body resting on a floor is): once it turned, handing it over again at the
        // same moment would turn it again, the same way, until the cap stopped it.
        let closing = (mb.travel() - ma.travel()).dot(found.impact.normal);
        if (found.impact.t == 0.0 || found.impact.t == 1.0) && closing >= 0.0 {
            return;
        }
        let meet = from + found.impact.t * (1.0 - from);
        let mut hit = found;
        hit.impact.t = meet.max(now);
        self.pending.push(Pending {
            hit,
            turns: [self.turns_of(found.a), self.turns_of_other(found.b)],
            meet,
        });
        self.peaks.0 = self.peaks.0.max(self.pending.len());
    }
}

/// Whether `body` can end inside `other` in the pass's eyes: another body, not used up, not a
/// sensor, on `body`'s layers.
fn can_be_inside<B, O: ?Sized>(frame: &Frame<'_, '_, B, O>, body: usize, other: usize) -> bool {
    let (b, o) = (&frame.bodies[body], &frame.bodies[other]);
    other != body && !frame.used[other] && !o.sensor && b.layers.interacts(o.layers)
}

/// The box covering `body`'s shape over `path`, widened by the rounding its corners can lose
/// (see [`Body::swept_bounds`]).
fn path_bounds(body: &Body<'_>, path: &Motion) -> Aabb {
    let at_start = body.shape.aabb(&Pose::new(path.start, body.rotation));
    let at_end = body.shape.aabb(&Pose::new(path.end, body.rotation));
    crate::pass::body::widened(Aabb::from_min_max(
        at_start.min().min(at_end.min()),
        at_start.max().max(at_end.max()),
    ))
}
