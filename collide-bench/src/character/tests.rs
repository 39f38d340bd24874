//! The failure counters count what they say (a scripted controller makes known mistakes),
//! collide makes none on the scene, and rapier's side is wired to the same scene.

use std::cell::Cell;

use collide_core::DEFAULT_SKIN;

use super::failures::{caught, jittered, tunnelled};
use super::*;

/// A mistake the scripted controller makes on the walking frames faster than 400 units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    None,
    /// Stops 1 unit short along the surface.
    Short,
    /// Moves the whole way but reports touching a surface of another kind.
    OtherSurface,
    /// Ends a thousandth of a unit farther off the surface.
    Lift,
    /// Ends 1 unit into the surface.
    Sink,
    /// Ignores the floor on the fast moves (walks are right).
    Tunnel,
}

/// A controller that knows the scene is flat: it moves the whole travel and stops a skin off
/// the floor and the wall, unless its fault says otherwise.
struct Scripted {
    fault: Fault,
    mover_reach: [Vec2; 3],
    calls: Cell<usize>,
}

impl Scripted {
    fn new(fault: Fault) -> Self {
        let reach = movers().map(|(_, s)| Vec2::new(Walk::Wall.reach(&s), Walk::Floor.reach(&s)));
        Self {
            fault,
            mover_reach: reach,
            calls: Cell::new(0),
        }
    }
}

const FAST: f32 = 400.0;

impl Controller for Scripted {
    fn name(&self) -> &'static str {
        "scripted"
    }

    fn step(
        &self,
        mover: usize,
        position: Vec2,
        travel: Vec2,
        touches: Option<&mut Vec<Touch>>,
    ) -> Vec2 {
        self.calls.set(self.calls.get() + 1);
        // A walk presses exactly `PRESS` into its surface; a fast move goes any way.
        let walking = travel.x == -scene::PRESS || travel.y == -scene::PRESS;
        let fast_walk = walking && travel.max_element() > FAST;
        let fast_move = !walking;
        let mut gap = Vec2::splat(DEFAULT_SKIN);
        match self.fault {
            Fault::Lift if fast_walk => gap += 1e-3,
            Fault::Sink if fast_walk => gap -= 1.0,
            _ => {}
        }
        let least = self.mover_reach[mover] + gap;
        let mut end = position + travel;
        let mut normal = None;
        if !(self.fault == Fault::Tunnel && fast_move) {
            if end.x < least.x {
                end.x = least.x;
                normal = Some(Vec2::NEG_X);
            }
            if end.y < least.y {
                end.y = least.y;
                normal = Some(Vec2::NEG_Y);
            }
        }
        if self.fault == Fault::Short && fast_walk {
            end -= travel.normalize() * 1.0;
        }
        if let Some(touches) = touches {
            touches.clear();
            touches.extend(normal.map(|normal| Touch {
                position: end,
                normal,
            }));
            if self.fault == Fault::OtherSurface && fast_walk {
                // A floor walk meets a wall, a wall climb a floor.
                let other = normal.map_or(Vec2::NEG_Y, |n| n.perp().abs() * -1.0);
                touches.push(Touch {
                    position: end,
                    normal: other,
                });
            }
        }
        end
    }
}

const FRAMES: usize = 300;
const MOVES: usize = 100;

fn scripted(fault: Fault, mover: usize) -> Failures {
    let speeds = walk_speeds(FRAMES, scene::SEED);
    let fast = fast_moves(MOVES, scene::SEED);
    count_failures(
        &Scripted::new(fault),
        &Checker::new(),
        mover,
        &speeds,
        &fast,
    )
}

/// The judged frames (every frame but the landing one, of both walks) faster than [`FAST`].
fn fast_judged_frames() -> usize {
    let speeds = walk_speeds(FRAMES, scene::SEED);
    2 * speeds[1..].iter().filter(|&&s| s > FAST).count()
}

#[test]
fn a_controller_without_mistakes_fails_nothing() {
    for mover in 0..3 {
        let f = scripted(Fault::None, mover);
        assert_eq!(f.total(), 0, "{f:?}");
        assert_eq!((f.frames, f.moves), (2 * (FRAMES - 1), MOVES));
    }
}

#[test]
fn scripted_catches_are_counted() {
    let expected = fast_judged_frames();
    assert!(expected > 0);
    for fault in [Fault::Short, Fault::OtherSurface] {
        let f = scripted(fault, 0);
        assert_eq!(f.catches, expected, "{fault:?}: {f:?}");
        assert_eq!((f.penetrations, f.tunnelled), (0, 0), "{fault:?}");
    }
}

#[test]
fn jitters_are_counted_where_the_height_changes() {
    let speeds = walk_speeds(FRAMES, scene::SEED);
    let lifted: Vec<bool> = speeds.iter().map(|&s| s > FAST).collect();
    let changes = lifted.windows(2).filter(|w| w[0] != w[1]).count();
    assert!(changes > 0);
    let f = scripted(Fault::Lift, 1);
    assert_eq!(f.jitters, 2 * changes, "{f:?}");
    assert_eq!(f.penetrations, 0);
}

#[test]
fn a_mover_inside_a_tile_is_a_penetration() {
    let checker = Checker::new();
    // The box (half height 10) a skin above the floor's top, and 5 units into it.
    assert!(!checker.penetrates(0, Vec2::new(100.0, 10.0 + DEFAULT_SKIN)));
    assert!(checker.penetrates(0, Vec2::new(100.0, 5.0)));
    // The circle against the wall's face at x = 0, and across a seam inside the wall.
    assert!(!checker.penetrates(1, Vec2::new(6.0 + DEFAULT_SKIN, 300.0)));
    assert!(checker.penetrates(1, Vec2::new(-8.0, 32.0)));
    assert!(checker.penetrates(2, Vec2::NAN));

    let speeds = walk_speeds(FRAMES, scene::SEED);
    // Every fast frame of both walks, the landing one included, ends inside.
    let expected = 2 * speeds.iter().filter(|&&s| s > FAST).count();
    let f = scripted(Fault::Sink, 2);
    assert_eq!(f.penetrations, expected, "{f:?}");
}

#[test]
fn a_move_that_ignores_the_floor_tunnels() {
    let fast = fast_moves(MOVES, scene::SEED);
    let through = fast
        .iter()
        .filter(|m| m.mover == 0 && m.start.y + m.travel.y < 0.0)
        .count();
    assert!(through > 0 && through < MOVES, "{through}");
    let f = scripted(Fault::Tunnel, 0);
    assert_eq!(f.tunnelled, through, "{f:?}");
    assert!(f.penetrations > 0);
}

#[test]
fn each_counter_reads_one_thing() {
    let floor = Walk::Floor;
    let (a, b) = (Vec2::new(0.0, 10.0), Vec2::new(5.0, 10.0));
    assert!(!caught(floor, 5.0, a, b, &[]));
    assert!(caught(floor, 5.1, a, b, &[]));
    let wall = Touch {
        position: b,
        normal: Vec2::X,
    };
    assert!(caught(floor, 5.0, a, b, &[wall]));
    assert!(caught(floor, 5.0, a, Vec2::NAN, &[]));
    assert!(!jittered(floor, a, b));
    assert!(jittered(floor, a, b + Vec2::Y * 1e-3));
    assert!(!tunnelled(a, b, &[]));
    let under = Touch {
        position: Vec2::new(2.0, -1.0),
        normal: Vec2::NEG_Y,
    };
    assert!(tunnelled(a, b, &[under]));
}

#[test]
fn collide_fails_nothing_on_the_scene() {
    let speeds = walk_speeds(3_000, scene::SEED);
    let fast = fast_moves(300, scene::SEED);
    let (side, checker) = (CollideSide::new(), Checker::new());
    for (mover, (name, _)) in movers().iter().enumerate() {
        let f = count_failures(&side, &checker, mover, &speeds, &fast);
        assert_eq!(f.total(), 0, "{name}: {f:?}");
        assert_eq!((f.frames, f.moves), (2 * 2_999, 300), "{name}");
    }
}

#[test]
fn collide_on_the_tile_map_fails_nothing_and_ends_where_the_bodies_do() {
    let speeds = walk_speeds(3_000, scene::SEED);
    let fast = fast_moves(300, scene::SEED);
    let (tiles, bodies, checker) = (
        CollideSide::on_tile_map(),
        CollideSide::new(),
        Checker::new(),
    );
    assert_eq!(tiles.name(), "collide-tiles");
    for (mover, (name, _)) in movers().iter().enumerate() {
        let f = count_failures(&tiles, &checker, mover, &speeds, &fast);
        assert_eq!(f.total(), 0, "{name}: {f:?}");
        assert_eq!((f.frames, f.moves), (2 * 2_999, 300), "{name}");
        // The same tiles, so the same stops: a fall onto the floor and a run into the wall.
        for (start, travel) in [
            (Vec2::new(300.0, 200.0), Vec2::new(40.0, -500.0)),
            (Vec2::new(100.0, 300.0), Vec2::new(-500.0, -30.0)),
        ] {
            let (a, b) = (
                tiles.step(mover, start, travel, None),
                bodies.step(mover, start, travel, None),
            );
            assert!((a - b).length() < 1e-3, "{name}: {a} vs {b}");
        }
    }
}

#[test]
fn rapier_lands_on_the_floor_and_stops_at_the_wall() {
    let side = RapierSide::new();
    let checker = Checker::new();
    for (mover, (name, shape)) in movers().iter().enumerate() {
        let reach = Walk::Floor.reach(shape);
        let fall = side.step(mover, Vec2::new(300.0, 200.0), Vec2::new(0.0, -500.0), None);
        let gap = fall.y - reach;
        assert!(gap > 0.0 && gap < 0.1, "{name}: gap {gap}");
        assert!(!checker.penetrates(mover, fall), "{name}");
        let mut touches = Vec::new();
        let at_wall = side.step(
            mover,
            Vec2::new(100.0, 300.0),
            Vec2::new(-500.0, 0.0),
            Some(&mut touches),
        );
        let gap = at_wall.x - Walk::Wall.reach(shape);
        assert!(gap > 0.0 && gap < 0.1, "{name}: gap {gap}");
        assert!(
            touches.iter().any(|t| t.normal.x < -0.99),
            "{name}: {touches:?}"
        );
    }
}

#[test]
fn a_small_comparison_fills_every_line() {
    let config = CharacterConfig {
        frames: 20,
        fast_moves: 5,
        batches: 3,
        frames_per_batch: 2,
        jumps: 3,
    };
    let entries = compare_character(&config, |_| {});
    assert_eq!(entries.len(), 3);
    for e in &entries {
        assert!(
            e.ours_ns > 0.0 && e.peer_ns > 0.0 && e.speedup > 0.0,
            "{e:?}"
        );
        assert_eq!(e.batches, 3);
        assert_eq!((e.ours.frames, e.peer.frames), (38, 38));
        assert_eq!((e.ours.moves, e.peer.moves), (5, 5));
    }
}

/// The timing's calls are the ones a correct controller makes: collide, which fails nothing
/// on the scene, called at each of a walker's positions, ends at (within rounding) the next
/// one, a skin off the surface.
#[test]
fn the_timed_calls_follow_a_correct_controller() {
    let side = CollideSide::new();
    let checker = Checker::new();
    let speeds = walk_speeds(300, scene::SEED);
    for mover in 0..movers().len() {
        for walk in Walk::ALL {
            let mut walker = Walker::new(walk, mover, &speeds);
            for (frame, &speed) in speeds.iter().enumerate() {
                let from = walker.position;
                assert!(!checker.penetrates(mover, from), "{walk:?} {mover} {frame}");
                let end = side.step(mover, from, walk.travel(speed), None);
                walker.step(&side);
                let next = walker.position;
                let expected = walk.wrapped(end);
                assert!(
                    (expected - next).abs().max_element() < 1e-3,
                    "{walk:?} mover {mover} frame {frame}: collide ends at {expected}, the walk at {next}"
                );
            }
        }
    }
}
