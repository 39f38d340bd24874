//! What each library is put through on the platformer level, and counted on its own path:
//! walks across it both ways at every speed, idle frames on each ramp, a ride on the lift,
//! jumps up through the raised one-way platform and falls back onto it, and fast moves down
//! onto the level.
//!
//! Walks, idle frames and the ride are driven as a game drives a character: gravity adds
//! [`PRESS`] a frame to the fall speed, which the controller's own "on the floor" resets to one
//! frame's worth.

use glam::Vec2;

use super::platformer::{
    ground, Lift, CURB, CURB_SPAN, IDLE_AT, PRESS, RAISED, WALK_FROM, WALK_SPEEDS, WALK_TO,
};
use super::platformer_failures::{
    airborne, caught, fell_through, idle_slid, jittered, LevelChecker, PlatformFailures,
};
use super::platformer_sides::{reach_down, Moved, Platformer};
use super::scene::{movers, FastMove};
use super::sides::Touch;

/// Frames a mover stands idle on each ramp, after it has landed.
pub const IDLE_FRAMES: usize = 60;

/// Frames a mover rides the lift, after it has landed.
pub const LIFT_FRAMES: usize = 240;

/// Frames a mover is given to land after it is placed above a ramp or the lift (not judged).
const LANDING_FRAMES: usize = 12;

/// How far above the ground a walk places its mover: it lands in its first frame.
const PLACE_ABOVE: f32 = PRESS / 2.0;

/// The fastest fall, units per frame.
const MAX_FALL: f32 = 16.0;

/// One call a walk made: where the mover was, and its travel.
pub type Call = (Vec2, Vec2);

/// A mover's half width (its box's; movers are not turned).
fn half_width(mover: usize) -> f32 {
    let shape = &movers()[mover].1;
    shape
        .as_shape_ref()
        .aabb(&collide_core::Pose::IDENTITY)
        .half_extents
        .x
}

/// One library's failures with mover `mover` over every run: the walks, the idle frames, the
/// lift ride, `jumps` (from [`jumps`](super::platformer::jumps)) and the moves of `fast` that
/// are this mover's. With `calls`, the walks' calls are listed there (for the timing).
pub fn count_platform_failures(
    side: &mut dyn Platformer,
    checker: &LevelChecker,
    mover: usize,
    jumps: &[(f32, f32)],
    fast: &[FastMove],
    mut calls: Option<&mut Vec<Call>>,
) -> PlatformFailures {
    let mut run = Run {
        side,
        checker,
        mover,
        out: PlatformFailures::default(),
        touches: Vec::new(),
    };
    run.side.set_lift(0);
    for speed in WALK_SPEEDS {
        for signed in [speed, -speed] {
            run.walk(signed, calls.as_deref_mut());
        }
    }
    for x in IDLE_AT {
        run.stand(x);
    }
    run.ride_lift();
    for &jump in jumps {
        run.jump_through(jump);
    }
    run.side.set_lift(0);
    for m in fast.iter().filter(|m| m.mover == mover) {
        run.fast_move(m);
    }
    run.out
}

/// The centre's path over a frame: its start, every stop, its end.
fn path(start: Vec2, touches: &[Touch], end: Vec2) -> Vec<Vec2> {
    let mut path = vec![start];
    path.extend(touches.iter().map(|t| t.position));
    path.push(end);
    path
}

/// A game's gravity: the fall speed grows by [`PRESS`] a frame in the air (up to
/// [`MAX_FALL`]) and is one frame's worth after a frame on the floor.
#[derive(Clone, Copy, Debug, Default)]
struct Gravity {
    fall: f32,
}

impl Gravity {
    /// This frame's travel, walking `speed` along x.
    fn travel(&mut self, speed: f32) -> Vec2 {
        self.fall = (self.fall + PRESS).min(MAX_FALL);
        Vec2::new(speed, -self.fall)
    }

    /// After a frame: on the floor, the fall starts over.
    fn landed(&mut self, on_floor: bool) {
        if on_floor {
            self.fall = 0.0;
        }
    }
}

/// How a frame is judged besides penetrations and falls through, which every frame is.
#[derive(Clone, Copy, Default)]
struct Judge {
    /// `Some(vertical motion of the frame before)` where the mover should stand on a floor
    /// throughout (airborne and jittering frames are counted).
    on_floor_after: Option<f32>,
    /// The lift's centre during the frame and its motion over it, where it is near.
    lift: Option<(Vec2, Vec2)>,
}

/// One library, one mover, and the tallies.
struct Run<'a> {
    side: &'a mut dyn Platformer,
    checker: &'a LevelChecker,
    mover: usize,
    out: PlatformFailures,
    touches: Vec<Touch>,
}

impl Run<'_> {
    /// One frame from `start` by `travel`, judged; returns what it did and its vertical
    /// motion (relative to the lift when judged on it).
    fn frame(&mut self, start: Vec2, travel: Vec2, judge: Judge) -> (Moved, f32) {
        let moved = self.side.step(travel, Some(&mut self.touches));
        let (end, mover) = (moved.position, self.mover);
        let lift_centre = judge.lift.map(|(centre, _)| centre);
        let checker = self.checker;
        self.out.penetrations += usize::from(checker.penetrates(mover, end, lift_centre));
        let path = path(start, &self.touches, end);
        let through = fell_through(&path, reach_down(mover), &checker.one_way());
        self.out.falls_through += usize::from(through);
        let dy = end.y - start.y - judge.lift.map_or(0.0, |(_, v)| v.y);
        if let Some(before) = judge.on_floor_after {
            let height = checker.height(mover, end, lift_centre);
            self.out.frames += 1;
            self.out.airborne += usize::from(airborne(moved.on_floor, height));
            self.out.jitters += usize::from(jittered(before, dy));
        }
        (moved, dy)
    }

    /// A walk across the level at `speed` (negative: from right to left), placed just above
    /// the floor at one end.
    fn walk(&mut self, speed: f32, mut calls: Option<&mut Vec<Call>>) {
        let (from, to) = if speed > 0.0 {
            (WALK_FROM, WALK_TO)
        } else {
            (WALK_TO, WALK_FROM)
        };
        let (reach, half) = (reach_down(self.mover), half_width(self.mover));
        let mut at = Vec2::new(from, ground(from) + reach + PLACE_ABOVE);
        self.side.place(self.mover, at);
        let (mut gravity, mut landing, mut dy) = (Gravity::default(), true, 0.0);
        let budget = 2 * ((to - from).abs() / speed.abs()) as usize + 50;
        for _ in 0..budget {
            if (at.x - to) * speed.signum() >= 0.0 {
                break;
            }
            let travel = gravity.travel(speed);
            if let Some(calls) = calls.as_deref_mut() {
                calls.push((at, travel));
            }
            let judge = Judge {
                on_floor_after: (!landing).then_some(dy),
                lift: None,
            };
            let riser = riser_ahead(speed, at, half, reach);
            let (moved, moved_dy) = self.frame(at, travel, judge);
            let end = moved.position;
            gravity.landed(moved.on_floor);
            if riser && (end.x - at.x) * speed.signum() < speed.abs() / 2.0 {
                // Stopped at the riser: the game lifts it onto the curb, past the riser.
                self.out.steps_not_taken += 1;
                let riser = if speed > 0.0 {
                    CURB_SPAN.0
                } else {
                    CURB_SPAN.1
                };
                at = Vec2::new(
                    riser + speed.signum() * (half + 1.0),
                    CURB + reach + PLACE_ABOVE,
                );
                self.side.place(self.mover, at);
                (gravity, landing) = (Gravity::default(), true);
                continue;
            }
            if end.y - reach < ground(end.x) - 1.0 {
                // Fell below the walked ground (through the one-way bridge): the game puts it
                // back on the ground where it is, so that one fall is not counted again as
                // frames stuck in the pit.
                at = Vec2::new(end.x, ground(end.x) + reach + PLACE_ABOVE);
                self.side.place(self.mover, at);
                (gravity, landing) = (Gravity::default(), true);
                continue;
            }
            if !landing && !near_riser(speed, at, half, reach) {
                let caught = caught(travel, half, at, end, &self.touches);
                self.out.catches += usize::from(caught);
            }
            (at, dy, landing) = (end, moved_dy, false);
        }
    }

    /// A mover placed above a ramp at `x`, left to land, then standing still for
    /// [`IDLE_FRAMES`].
    fn stand(&mut self, x: f32) {
        let (reach, half) = (reach_down(self.mover), half_width(self.mover));
        let highest = ground(x - half).max(ground(x + half));
        let mut at = Vec2::new(x, highest + reach + 1.0);
        self.side.place(self.mover, at);
        let (mut gravity, mut dy) = (Gravity::default(), 0.0);
        for f in 0..LANDING_FRAMES + IDLE_FRAMES {
            let judged = f >= LANDING_FRAMES;
            let judge = Judge {
                on_floor_after: judged.then_some(dy),
                lift: None,
            };
            let (moved, moved_dy) = self.frame(at, gravity.travel(0.0), judge);
            gravity.landed(moved.on_floor);
            if judged {
                self.out.idle_slides += usize::from(idle_slid(at, moved.position));
            }
            (at, dy) = (moved.position, moved_dy);
        }
    }

    /// A mover placed 2.5 units above the lift, left to land, then riding it for
    /// [`LIFT_FRAMES`], carried by it.
    fn ride_lift(&mut self) {
        let reach = reach_down(self.mover);
        let mut at = Lift::centre(0) + Vec2::Y * (Lift::HALF_EXTENTS.y + reach + 2.5);
        self.side.place(self.mover, at);
        let (mut gravity, mut dy) = (Gravity::default(), 0.0);
        for f in 0..LANDING_FRAMES + LIFT_FRAMES {
            self.side.set_lift(f);
            let judge = Judge {
                on_floor_after: (f >= LANDING_FRAMES).then_some(dy),
                lift: Some((Lift::centre(f + 1), Lift::velocity(f))),
            };
            let (moved, moved_dy) = self.frame(at, gravity.travel(0.0), judge);
            gravity.landed(moved.on_floor);
            (at, dy) = (moved.position, moved_dy);
        }
        self.side.set_lift(0);
    }

    /// A mover standing on the floor under the raised one-way platform at `x` jumps up
    /// through it at `speed` units a frame until it is clear above it, then falls back onto
    /// it at the same speed until it stops.
    fn jump_through(&mut self, (x, speed): (f32, f32)) {
        let reach = reach_down(self.mover);
        let mut at = Vec2::new(x, reach + PLACE_ABOVE);
        self.side.place(self.mover, at);
        self.free_frame(&mut at, Vec2::new(0.0, -PRESS));
        self.out.jumps += 1;
        let clear = |at: Vec2| at.y - reach > RAISED.2 + 1.0;
        for _ in 0..200 {
            if clear(at) {
                break;
            }
            self.free_frame(&mut at, Vec2::new(0.0, speed));
        }
        if !clear(at) {
            self.out.blocked_from_below += 1;
            return;
        }
        for _ in 0..200 {
            if self.free_frame(&mut at, Vec2::new(0.0, -speed)) < 1e-3 || at.y < 0.0 {
                break;
            }
        }
    }

    /// A frame judged only for penetrations and falls through, from `at` (moved to where it
    /// ends); returns how far it went.
    fn free_frame(&mut self, at: &mut Vec2, travel: Vec2) -> f32 {
        let (moved, _) = self.frame(*at, travel, Judge::default());
        (std::mem::replace(at, moved.position) - moved.position).length()
    }

    /// One fast move down onto the level.
    fn fast_move(&mut self, m: &FastMove) {
        self.side.place(self.mover, m.start);
        let lift = Some((Lift::centre(1), Lift::velocity(0)));
        let (moved, _) = self.frame(
            m.start,
            m.travel,
            Judge {
                on_floor_after: None,
                lift,
            },
        );
        let path = path(m.start, &self.touches, moved.position);
        self.out.moves += 1;
        let tunnelled = self.checker.tunnelled(&path, Some(Lift::centre(1)));
        self.out.tunnelled += usize::from(tunnelled);
    }
}

/// Whether a walk at `speed` from `at` meets a riser of the curb this frame: its box's front
/// within the frame's travel (and a unit) of the riser, or past it by up to its half width (a
/// hexagon's side overhangs the curb's corner), its lowest point below the curb's top.
fn riser_ahead(speed: f32, at: Vec2, half: f32, reach: f32) -> bool {
    let riser = if speed > 0.0 {
        CURB_SPAN.0
    } else {
        CURB_SPAN.1
    };
    let ahead = (riser - (at.x + speed.signum() * half)) * speed.signum();
    let low = at.y - reach < CURB - 0.5;
    low && (-half..=speed.abs() + 1.0).contains(&ahead)
}

/// Whether a walk at `speed` from `at` is at a riser of the curb, stepping it or climbing its
/// corner (a round mover slides up it): its front within the frame's travel and its own
/// width of the riser, its lowest point not yet clear above the curb. The step count judges
/// these frames, not the catch count.
fn near_riser(speed: f32, at: Vec2, half: f32, reach: f32) -> bool {
    let riser = if speed > 0.0 {
        CURB_SPAN.0
    } else {
        CURB_SPAN.1
    };
    let front = at.x + speed.signum() * half;
    let low = at.y - reach < CURB + 0.5;
    low && (front - riser).abs() <= speed.abs() + 2.0 * half + 1.0
}
