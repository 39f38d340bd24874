//! `Obstacles::has_moving`: `StaticBodies` counts its bodies with a non-zero velocity through
//! seeded runs of adds, moves and removes (a scan of every body is the oracle), `StaticWorld`,
//! references and slices agree; and a `Character` that skips its look for movers when the set
//! says nothing moves makes the same moves as through a set that cannot tell.

use collide_core::{Aabb, Hit, Layers, Motion, Pose, Rect, ShapeRef};
use collide_testkit::proptest_config as config;
use collide_world::{
    Character, CharacterSettings, Obstacle, Obstacles, StaticBodies, StaticHandle, StaticWorld,
    TileMap,
};
use glam::Vec2;
use proptest::prelude::*;

const TILE: Rect = Rect {
    half_extents: Vec2::splat(8.0),
};

/// One change to the set: add a body, move body `which` (by its place among the live ones)
/// with velocity `(vx, 0)`, or remove it; or refresh the index.
#[derive(Clone, Copy, Debug)]
enum Op {
    Add(f32),
    Move(usize, f32),
    Remove(usize),
    Refresh,
}

fn op() -> impl Strategy<Value = Op> {
    // Half of the moves stop the body (velocity zero), so counts go down as well as up.
    let speed = prop_oneof![Just(0.0f32), -5.0f32..5.0];
    prop_oneof![
        (-200.0f32..200.0).prop_map(Op::Add),
        (0usize..16, speed).prop_map(|(w, v)| Op::Move(w, v)),
        (0usize..16).prop_map(Op::Remove),
        Just(Op::Refresh),
    ]
}

fn apply(bodies: &mut StaticBodies, live: &mut Vec<StaticHandle>, op: Op) {
    match op {
        Op::Add(x) => live.push(
            bodies
                .add(TILE, Pose::from_position(Vec2::new(x, 0.0)), Layers::ALL)
                .unwrap(),
        ),
        Op::Move(w, vx) if !live.is_empty() => {
            let h = live[w % live.len()];
            let at = bodies.get(h).unwrap().pose.position + Vec2::new(vx, 0.0);
            assert!(bodies.move_body(h, Pose::from_position(at), Vec2::new(vx, 0.0)));
        }
        Op::Remove(w) if !live.is_empty() => {
            let h = live.swap_remove(w % live.len());
            assert!(bodies.remove(h));
        }
        Op::Refresh => bodies.refresh(),
        _ => {}
    }
}

proptest! {
    #![proptest_config(config(64, 0x4A5_0F0E))]

    /// After every change, the set says something moves exactly when a body's velocity is
    /// not zero; the world, a reference and a slice of the same obstacles say the same.
    #[test]
    fn static_bodies_count_what_moves(ops in prop::collection::vec(op(), 1..60)) {
        let mut world = StaticWorld::new(TileMap::from_rows(&["#"], Vec2::splat(16.0), Vec2::ZERO).unwrap());
        let mut live = Vec::new();
        for op in ops {
            apply(&mut world.bodies, &mut live, op);
            let all: Vec<Obstacle<'_>> = live.iter().map(|&h| world.bodies.get(h).unwrap()).collect();
            let oracle = all.iter().any(|o| o.velocity != Vec2::ZERO);
            prop_assert_eq!(world.bodies.has_moving(), oracle, "{:?}", op);
            prop_assert_eq!(world.has_moving(), oracle);
            prop_assert_eq!(<&StaticWorld as Obstacles>::has_moving(&&world), oracle);
            prop_assert_eq!(all[..].has_moving(), oracle);
        }
    }
}

#[test]
fn sets_that_never_move_say_so() {
    let map = TileMap::from_rows(&["##"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    assert!(!map.has_moving());
    assert!(!().has_moving());
    assert!(!StaticBodies::new().has_moving());
}

/// `StaticBodies` behind a set that keeps the trait's default: it cannot tell whether anything
/// moves, so a character always looks.
struct CannotTell<'a>(&'a StaticBodies);

impl Obstacles for CannotTell<'_> {
    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        self.0.near(area, layers, visit);
    }

    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        self.0.obstacle(id)
    }

    fn refine_hit(&self, id: u32, shape: ShapeRef<'_>, motion: &Motion, hit: Hit) -> Option<Hit> {
        self.0.refine_hit(id, shape, motion, hit)
    }
}

/// A character riding a lift that rises, then stops (nothing moves), then sinks, walking
/// all along: through the set that knows when nothing moves and through one that cannot
/// tell, every move is the same, to the bit.
#[test]
fn skipping_the_look_for_movers_changes_no_move() {
    let mut bodies = StaticBodies::new();
    let ground = Rect {
        half_extents: Vec2::new(1000.0, 10.0),
    };
    bodies
        .add(
            ground,
            Pose::from_position(Vec2::new(0.0, -10.0)),
            Layers::ALL,
        )
        .unwrap();
    let lift_box = Rect {
        half_extents: Vec2::new(40.0, 2.0),
    };
    let mut lift_at = Vec2::new(0.0, 2.0);
    let lift = bodies
        .add(lift_box, Pose::from_position(lift_at), Layers::ALL)
        .unwrap();
    bodies.refresh();
    let player = Rect {
        half_extents: Vec2::new(4.0, 8.0),
    };
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(4.0);
    let start = Vec2::new(0.0, 12.5);
    let mut knows = Character::new(player, start, settings).unwrap();
    let mut asks = knows.clone();
    let mut still_frames = 0;
    for frame in 0..60 {
        let v = match frame {
            0..20 => Vec2::new(0.0, 1.5),
            20..40 => Vec2::ZERO,
            _ => Vec2::new(0.5, -1.0),
        };
        lift_at += v;
        assert!(bodies.move_body(lift, Pose::from_position(lift_at), v));
        still_frames += usize::from(!bodies.has_moving());
        let travel = Vec2::new(if frame % 20 < 10 { 0.7 } else { -0.7 }, -0.3);
        let a = *knows.move_by(travel, &bodies);
        let b = *asks.move_by(travel, &CannotTell(&bodies));
        assert!(a == b, "frame {frame}: {a:?} against {b:?}");
        assert_eq!(
            knows.platform_velocity(),
            asks.platform_velocity(),
            "frame {frame}"
        );
        assert_eq!(a.platform, Some(lift.id()), "frame {frame}: rides the lift");
    }
    assert_eq!(still_frames, 20);
}
