//! Movers faster than a character is wide: one whose path this frame meets a character pushes
//! it along its motion, never passes through it, whether it stops in the character or ends
//! wholly past it.

use collide_core::{overlaps, Circle, Hull, Layers, Pose, Rect, Rot, Shape};
use collide_testkit::SplitMix64;
use collide_world::{Character, CharacterSettings, Obstacle, StaticBodies};
use glam::Vec2;

/// A vector in f64, for the test's own geometry.
type Wide = [f64; 2];

fn wide(v: Vec2) -> Wide {
    [f64::from(v.x), f64::from(v.y)]
}

/// The player of the reproducers: a 1 × 2 box.
const PLAYER: Rect = Rect {
    half_extents: Vec2::new(0.5, 1.0),
};

/// Ground (id 0) whose top is at y = 0.
fn ground() -> Obstacle<'static> {
    let r = Rect {
        half_extents: Vec2::new(100.0, 1.0),
    };
    Obstacle::new(0, r, Pose::from_position(Vec2::new(0.0, -1.0)))
}

fn player(at: Vec2) -> Character {
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(0.5);
    Character::new(PLAYER, at, settings).unwrap()
}

/// A 2 × 2 block ending at `to`, having moved by `v`, against a player standing at the origin.
fn block_into_player(to: Vec2, v: Vec2) -> (Character, Obstacle<'static>) {
    let block = Rect {
        half_extents: Vec2::ONE,
    };
    let block = Obstacle::new(1, block, Pose::from_position(to)).with_velocity(v);
    let mut p = player(Vec2::new(0.0, 1.001));
    p.move_by(Vec2::new(0.0, -0.1), &[ground(), block][..]);
    (p, block)
}

#[test]
fn a_block_that_passes_through_the_player_in_one_frame_pushes_it() {
    // Stopping in the player, as a baseline: pushed to the block's far face and a skin.
    let (p, _) = block_into_player(Vec2::new(0.5, 1.01), Vec2::new(10.0, 0.0));
    assert!(
        (p.position() - Vec2::new(2.01, 1.001)).length() < 1e-3,
        "{p:?}"
    );
    // From x = -5 to 5, wholly through the player: its face met the player at x = -0.5
    // and went on to 6, so the player is pushed as far.
    let (p, block) = block_into_player(Vec2::new(5.0, 1.01), Vec2::new(10.0, 0.0));
    let m = p.last_move();
    assert!(
        (p.position() - Vec2::new(6.51, 1.001)).length() < 1e-3,
        "{m:?}"
    );
    assert!((m.pushed - Vec2::new(6.51, 0.0)).length() < 1e-3, "{m:?}");
    let at = Pose::from_position(p.position());
    assert!(!overlaps(PLAYER, &at, block.shape, &block.pose));
    assert!(p.on_floor() && p.platform() == Some(0), "{m:?}");
}

/// A 4 × 0.5 lift ending at `to`, having risen by `rise`, under a player in the air at
/// (0, 4): answers the player after one falling move, and the lift.
fn lift_under_player(to: f32, rise: f32) -> (Character, Obstacle<'static>) {
    let lift = Rect {
        half_extents: Vec2::new(2.0, 0.25),
    };
    let lift = Obstacle::new(1, lift, Pose::from_position(Vec2::new(0.0, to)))
        .with_velocity(Vec2::new(0.0, rise));
    let mut p = player(Vec2::new(0.0, 4.0));
    p.move_by(Vec2::new(0.0, -0.1), &[ground(), lift][..]);
    (p, lift)
}

#[test]
fn a_lift_that_rises_through_the_player_in_one_frame_lifts_it() {
    // Stopping at 4.5 (its top at 4.75), as a baseline: the player stands on it.
    let (p, _) = lift_under_player(4.5, 2.5);
    assert!(
        (p.position().y - 5.76).abs() < 1e-3 && p.platform() == Some(1),
        "{p:?}"
    );
    // From 2 to 8, wholly through the player: it stands on the lift's top, at 8.25.
    let (p, lift) = lift_under_player(8.0, 6.0);
    let m = p.last_move();
    assert!(
        (p.position() - Vec2::new(0.0, 9.26)).length() < 1e-3,
        "{m:?}"
    );
    assert!(m.on_floor && m.platform == Some(1), "{m:?}");
    let at = Pose::from_position(p.position());
    assert!(!overlaps(PLAYER, &at, lift.shape, &lift.pose));
}

/// A random convex shape about `size` across: a circle, a box or a turned hull.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn shape(rng: &mut SplitMix64, size: f32) -> (Shape, Rot) {
    match rng.index(3) {
        0 => (Circle { radius: size }.into(), Rot::IDENTITY),
        1 => {
            let half = Vec2::new(rng.range(0.05, 1.0), rng.range(0.05, 1.0)) * size;
            (Rect { half_extents: half }.into(), Rot::IDENTITY)
        }
        _ => {
            let sides = 3 + rng.index(5);
            let hull = Hull::regular(sides, size).unwrap();
            (hull.into(), Rot::from_angle(rng.angle()))
        }
    }
}

/// The fractions of a path from `from` by `v` (in f64) where the box of half-extents `half`
/// about it comes within `margin` of the box `other` (centre, half-extents): the slab test.
fn meets(from: Wide, v: Wide, half: Wide, other: (Wide, Wide), margin: f64) -> Option<(f64, f64)> {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for axis in 0..2 {
        let r = half[axis] + other.1[axis] + margin;
        let (p, d, c) = (from[axis], v[axis], other.0[axis]);
        if d == 0.0 {
            if (p - c).abs() >= r {
                return None;
            }
            continue;
        }
        let (a, b) = ((c - r - p) / d, (c + r - p) / d);
        lo = lo.max(a.min(b));
        hi = hi.min(a.max(b));
    }
    (lo <= hi).then_some((lo, hi))
}

/// One seeded case: a mover of random shape and speed (up to 10 000 units a frame) whose
/// path runs near a resting player, through a slice and through static bodies. Answers
/// whether its path met the player where it stood, and whether it ended wholly past it.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn one_mover(rng: &mut SplitMix64, case: usize) -> (bool, bool) {
    let size = 10f32.powf(rng.range(-1.0, 0.5));
    let (mover, rotation) = shape(rng, size);
    let speed = 10f32.powf(rng.range(-1.0, 4.0));
    let dir = rng.direction();
    let start = rng.in_box(Vec2::splat(-100.0), Vec2::splat(100.0));
    // Where along its path the mover passes the player, and how far beside it.
    let along = rng.range(-0.3, 1.3) * speed;
    let beside = rng.range(-1.5, 1.5) * (size + 1.0);
    let v = dir * speed;
    let to = start - dir * along + dir.perp() * beside + v;
    let to_pose = Pose::new(to, rotation);
    let from_pose = Pose::new(to - v, rotation);
    let still = Pose::from_position(start);
    if overlaps(PLAYER, &still, mover.as_shape_ref(), &from_pose) {
        return (false, false); // inside the player before it moved: not what this tests
    }
    let o = Obstacle::new(7, mover.as_shape_ref(), to_pose).with_velocity(v);
    let mut p = player(start);
    p.move_by(Vec2::ZERO, &[o][..]);
    let mut bodies = StaticBodies::new();
    let h = bodies.add(mover, from_pose, Layers::ALL).unwrap();
    bodies.refresh();
    assert!(bodies.move_body(h, to_pose, v));
    let mut q = player(start);
    q.move_by(Vec2::ZERO, &bodies);
    assert_eq!(
        p.position(),
        q.position(),
        "case {case}: slice and bodies differ"
    );
    check_clear_of_path(&p, start, &o, case)
}

/// The player `p`, which started at `start`, overlaps the mover `o` nowhere along its path
/// (sampled densely in f64 where their boxes meet), and was not pushed back against its
/// motion; one whose path's boxes never came near it was not moved. Answers whether the
/// path met the player's box where it started, and whether it ended wholly past that box.
fn check_clear_of_path(p: &Character, start: Vec2, o: &Obstacle<'_>, case: usize) -> (bool, bool) {
    let end = p.position();
    let (v, to) = (wide(o.velocity), wide(o.pose.position));
    let from = [to[0] - v[0], to[1] - v[1]];
    let half = wide(o.bounds().half_extents);
    let player = wide(PLAYER.half_extents);
    let met = meets(from, v, half, (wide(start), player), 1e-3).is_some();
    let past = met && meets(to, [0.0; 2], half, (wide(start), player), 1e-3).is_none();
    // The player looks a few skins below for a floor: one out of that reach leaves it be.
    if meets(from, v, half, (wide(start), player), 0.1).is_none() {
        assert_eq!(
            end, start,
            "case {case}: moved by a mover that never came near"
        );
    }
    assert!(
        (end - start).dot(o.velocity) >= -1e-3,
        "case {case}: pushed back"
    );
    let at = Pose::from_position(end);
    assert!(
        !overlaps(PLAYER, &at, o.shape, &o.pose),
        "case {case}: {p:?}"
    );
    let Some((lo, hi)) = meets(from, v, half, (wide(end), player), 1e-3) else {
        return (met, past);
    };
    for i in 0..=256 {
        let s = lo + (hi - lo) * f64::from(i) / 256.0;
        let along = Vec2::new((from[0] + v[0] * s) as f32, (from[1] + v[1] * s) as f32);
        let pose = Pose::new(along, o.pose.rotation);
        assert!(
            !overlaps(PLAYER, &at, o.shape, &pose),
            "case {case}: behind the mover's path at {s}: {p:?}"
        );
    }
    (met, past)
}

#[test]
fn no_mover_passes_through_a_resting_character() {
    let mut rng = SplitMix64::new(0x4D0E);
    let cases: Vec<_> = (0..800).map(|case| one_mover(&mut rng, case)).collect();
    let met = cases.iter().filter(|c| c.0).count();
    let past = cases.iter().filter(|c| c.1).count();
    assert!(
        met > 200 && past > 100,
        "{met} paths met the player, {past} passed it"
    );
}

/// Two blocks moving the same way, one behind the other: the leading one pushes the player
/// on ahead of both. The trailing block's end pose stopped that push, and its own push, made
/// from where the player stood, took the player back into it (behind the leading block).
#[test]
fn two_movers_in_a_row_push_the_player_ahead_of_both() {
    let floor = Rect {
        half_extents: Vec2::new(1000.0, 5.0),
    };
    let block = Rect {
        half_extents: Vec2::ONE,
    };
    let v = Vec2::new(-13.0, 0.0);
    let lead =
        Obstacle::new(1, block, Pose::from_position(Vec2::new(-10.0, 1.05))).with_velocity(v);
    let trail =
        Obstacle::new(2, block, Pose::from_position(Vec2::new(-7.0, 1.05))).with_velocity(v);
    let floor = Obstacle::new(0, floor, Pose::from_position(Vec2::new(0.0, -5.0)));
    for level in [[floor, lead, trail], [floor, trail, lead]] {
        let mut p = player(Vec2::new(0.0, 1.001));
        let m = *p.move_by(Vec2::ZERO, &level[..]);
        let at = Pose::from_position(m.position);
        for o in &level {
            assert!(!overlaps(PLAYER, &at, o.shape, &o.pose), "{m:?}");
        }
        assert!(m.position.x < -11.0 && m.on_floor, "{m:?}");
    }
}

/// The tester's crush: a ball rolling into a character standing against a wall pushes it to
/// the wall and stays partly inside it (crushed, as documented). The rest of the move then got
/// the character out of the ball the short way, under the wall and 2.1 deep into the floor.
/// A mover that crushed the character is left out of the rest of its move.
#[test]
fn a_character_crushed_against_a_wall_is_never_pushed_into_the_floor() {
    let floor = Rect {
        half_extents: Vec2::new(3319.007, 8.297518),
    };
    let wall = Rect {
        half_extents: Vec2::new(16.595036, 82.975174),
    };
    let ball = Circle { radius: 4.837514 };
    let level = [
        Obstacle::new(0, floor, Pose::from_position(Vec2::new(0.0, -8.297518))),
        Obstacle::new(
            1,
            wall,
            Pose::from_position(Vec2::new(43.703384, 82.975174)),
        ),
        Obstacle::new(2, ball, Pose::from_position(Vec2::new(25.502407, 4.870704)))
            .with_velocity(Vec2::new(6.653371, 0.0)),
    ];
    let points = [
        (-0.82975173, -1.6595035),
        (0.82975173, -1.6595035),
        (0.9957021, 0.49785104),
        (0.0, 1.6595035),
        (-1.1616524, 0.3319007),
    ];
    let hull = Hull::new(&points.map(|(x, y)| Vec2::new(x, y))).unwrap();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(0.82975173);
    let mut c = Character::new(hull, Vec2::new(25.215126, 1.671163), settings).unwrap();
    let m = *c.move_by(Vec2::new(0.0, -0.0016595), &level[..]);
    let at = Pose::from_position(m.position);
    for o in &level[..2] {
        assert!(!overlaps(&hull, &at, o.shape, &o.pose), "{m:?}");
    }
    assert!(m.pushed.x > 0.8, "{m:?}");
    // The move says which mover crushed it.
    assert_eq!(m.crushed, Some(2), "{m:?}");
}

/// A mover that pushes the character with room to spare crushes nothing, and neither does a
/// still world.
#[test]
fn a_push_with_room_to_spare_crushes_nothing() {
    let floor = Rect {
        half_extents: Vec2::new(1000.0, 10.0),
    };
    let ball = Circle { radius: 4.0 };
    let mut level = [
        Obstacle::new(0, floor, Pose::from_position(Vec2::new(0.0, -10.0))),
        Obstacle::new(1, ball, Pose::from_position(Vec2::new(0.0, 4.01)))
            .with_velocity(Vec2::new(6.0, 0.0)),
    ];
    let body = Rect {
        half_extents: Vec2::new(4.0, 8.0),
    };
    let settings = CharacterSettings::new(Vec2::Y);
    let mut c = Character::new(body, Vec2::new(6.0, 8.01), settings).unwrap();
    let m = *c.move_by(Vec2::new(0.0, -0.5), &level[..]);
    assert!(m.pushed.x > 1.9 && m.crushed.is_none(), "{m:?}");
    level[1] = level[1].with_velocity(Vec2::ZERO);
    let m = *c.move_by(Vec2::new(0.0, -0.5), &level[..]);
    assert!(m.pushed == Vec2::ZERO && m.crushed.is_none(), "{m:?}");
}
