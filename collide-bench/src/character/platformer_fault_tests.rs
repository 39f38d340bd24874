//! Every counter of the platformer runs can fail: collide's side with a known mistake added
//! counts more of that failure than collide's side as it is.

use super::platformer::{jumps, platform_fast_moves, RAISED};
use super::platformer_sides::reach_down;
use super::*;

/// A mistake added to collide's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// Every tenth walking frame does not move.
    Stall,
    /// Walking frames end a unit lower.
    Sink,
    /// Every other walking frame ends 0.05 higher (and the next one back down).
    Hop,
    /// Walking frames end 0.5 higher.
    Float,
    /// Standing still never slides (the opposite mistake is collide's side as it is).
    Hold,
    /// A frame that ends on the raised one-way platform ends 2 units into it.
    Through,
    /// Rising frames stop under the raised one-way platform.
    Block,
    /// Fast moves go their whole travel.
    Tunnel,
}

struct Faulty {
    inner: CollideSlide,
    fault: Fault,
    mover: usize,
    walking_frames: usize,
}

impl Platformer for Faulty {
    fn name(&self) -> &'static str {
        "faulty"
    }

    fn place(&mut self, mover: usize, position: Vec2) {
        self.mover = mover;
        self.inner.place(mover, position);
    }

    fn set_lift(&mut self, frame: usize) {
        self.inner.set_lift(frame);
    }

    fn step(&mut self, travel: Vec2, touches: Option<&mut Vec<Touch>>) -> Moved {
        let start = self.inner.position();
        let mut moved = self.inner.step(travel, touches);
        let walking = travel.x != 0.0 && travel.length() < 100.0;
        let reach = reach_down(self.mover);
        self.walking_frames += usize::from(walking);
        let mut end = moved.position;
        match self.fault {
            Fault::Stall if walking && self.walking_frames % 10 == 0 => end = start,
            Fault::Sink if walking => end.y -= 1.0,
            Fault::Hop if walking && self.walking_frames % 2 == 0 => {
                moved.position.y += 0.05;
                return moved;
            }
            Fault::Float if walking => {
                moved.position.y += 0.5;
                return moved;
            }
            Fault::Hold if travel.x == 0.0 && travel.y > -20.0 && travel.y < 0.0 => {
                end.x = start.x;
            }
            Fault::Through => {
                let over = (RAISED.0..=RAISED.1).contains(&end.x);
                if over && (end.y - reach - RAISED.2).abs() < 0.1 {
                    end.y -= 2.0;
                }
            }
            Fault::Block if travel.y > 0.0 => {
                let under = RAISED.2 - 4.0 - reach - 0.01;
                if start.y <= under {
                    end.y = end.y.min(under);
                }
            }
            Fault::Tunnel if travel.length() >= 100.0 => end = start + travel,
            _ => {}
        }
        self.inner.place(self.mover, end);
        moved.position = end;
        moved
    }
}

fn failures(side: &mut dyn Platformer, mover: usize) -> PlatformFailures {
    let (jumps, fast) = (jumps(6, scene::SEED), platform_fast_moves(30, scene::SEED));
    count_platform_failures(side, &LevelChecker::new(), mover, &jumps, &fast, None)
}

fn faulty(fault: Fault, mover: usize) -> PlatformFailures {
    let mut side = Faulty {
        inner: CollideSlide::new(),
        fault,
        mover,
        walking_frames: 0,
    };
    failures(&mut side, mover)
}

#[test]
fn each_mistake_is_counted_where_it_belongs() {
    type Count = fn(&PlatformFailures) -> usize;
    let cases: [(Fault, Count); 8] = [
        (Fault::Stall, |f| f.catches),
        (Fault::Sink, |f| f.penetrations),
        (Fault::Hop, |f| f.jitters),
        (Fault::Float, |f| f.airborne),
        (Fault::Through, |f| f.falls_through),
        (Fault::Block, |f| f.blocked_from_below),
        (Fault::Tunnel, |f| f.tunnelled),
        (Fault::Hold, |f| f.idle_slides),
    ];
    // The box: each count against the same runs without the mistake.
    let plain = failures(&mut CollideSlide::new(), 0);
    for (fault, count) in cases {
        let (with, without) = (count(&faulty(fault, 0)), count(&plain));
        if fault == Fault::Hold {
            assert!(with == 0 && without > 0, "{fault:?}: {with} vs {without}");
        } else {
            assert!(with > without + 2, "{fault:?}: {with} vs {without}");
        }
    }
}

/// `move_and_slide` with the wrapper a game writes today: never through, never inside, never
/// caught and never through a one-way platform; but no snap, no step and no stop on slopes.
#[test]
fn move_and_slide_fails_only_what_it_lacks() {
    for (mover, (name, _)) in movers().iter().enumerate() {
        let f = failures(&mut CollideSlide::new(), mover);
        let never = [
            f.catches,
            f.penetrations,
            f.falls_through,
            f.blocked_from_below,
        ];
        assert_eq!((never, f.tunnelled), ([0; 4], 0), "{name}: {f:?}");
        assert_eq!(
            f.steps_not_taken,
            2 * platformer::WALK_SPEEDS.len(),
            "{name}"
        );
        let idle = platformer::IDLE_AT.len() * platformer_runs::IDLE_FRAMES;
        assert_eq!(f.idle_slides, idle, "{name}");
        assert!(f.airborne > 100, "{name}: {f:?}");
        assert_eq!((f.jumps, f.moves), (6, 30), "{name}");
    }
}
