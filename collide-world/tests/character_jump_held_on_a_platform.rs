//! A jump off a moving platform that a ceiling holds down does not leave the platform: the
//! move is made as one that stays on it, and never ends inside it (a lift rising into the
//! ceiling crushes it). A tester's cases, exact: a turned box on the end of a moving platform,
//! its lower corner over the edge, under a tile a little more than its height above the
//! platform, jumped up and aside; the tile held it down, and the move, made without the
//! platform it was leaving, walked it into the platform's side, 0.19 deep. A box jumping off
//! a rising lift under a tile ended 0.51 inside the lift, crushed by nothing; one jumping into
//! a `P` beside a platform moving aside slid down into it, 0.74 deep. Seeded jumps from random
//! platforms under random ceilings guard the same.
use collide_core::{contact, Hull, Layers, Pose, Rot, Shape};
use collide_testkit::SplitMix64;
use collide_world::{Character, CharacterSettings, StaticHandle, StaticWorld, TileMap};
use glam::Vec2;

/// How deep `shape` at `at` (a position and a rotation) is in the platform `id` of `world`.
fn depth_in_platform(world: &StaticWorld, id: StaticHandle, shape: &Shape, at: (Vec2, Rot)) -> f32 {
    let o = world.bodies.get(id).unwrap();
    contact(shape, &Pose::new(at.0, at.1), o.shape, &o.pose).map_or(0.0, |c| c.depth)
}

#[test]
fn the_testers_jump_under_a_tile_stays_out_of_the_platform() {
    let mut rows = vec!["............................"; 12];
    rows[8] = ".................#..........";
    let tiles = TileMap::from_rows(&rows, Vec2::new(16.0, 8.0), Vec2::ZERO).unwrap();
    let mut world = StaticWorld::new(tiles);
    let plank = Hull::from_half_extents(Vec2::new(20.563751, 3.031718)).unwrap();
    let mut at = Vec2::new(265.734, 16.968283);
    let id = world
        .bodies
        .add(plank, Pose::from_position(at), Layers::ALL)
        .unwrap();
    world.bodies.refresh();
    let shape = Shape::Hull(Hull::from_half_extents(Vec2::new(2.4186082, 1.45231)).unwrap());
    let rotation = Rot::from_angle(-0.3725066);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(1.742427)
        .with_max_step_height(1.7478659);
    let start = Vec2::new(285.81717, 21.757036);
    let mut c = Character::new(shape, start, settings).unwrap();
    c.set_rotation(rotation);
    let frames = [
        (
            Vec2::new(265.32172, 16.968283),
            Vec2::new(-0.560446, -0.12120826),
        ),
        (
            Vec2::new(264.90942, 16.968283),
            Vec2::new(-0.9727385, 1.0348587),
        ),
    ];
    for (to, travel) in frames {
        assert!(world.bodies.move_body(id, Pose::from_position(to), to - at));
        at = to;
        let m = *c.move_by(travel, &world);
        let depth = depth_in_platform(&world, id, &shape, (m.position, rotation));
        assert!(depth <= 0.011, "{depth} deep: {m:?}");
    }
    assert!(c.on_floor() && c.platform() == Some(id.id()));
}

/// A random mover of about `size`: a circle, a box, a turned box or a turned hexagon, and
/// how far it reaches below its centre.
fn random_mover(rng: &mut SplitMix64, size: f32) -> (Shape, Rot, f32) {
    let half = Vec2::new(rng.range(0.2, 0.5), rng.range(0.1, 0.4)) * size;
    let turned = Rot::from_angle(rng.range(-0.6, 0.6));
    let (shape, rotation): (Shape, Rot) = match rng.index(4) {
        0 => (
            collide_core::Circle { radius: half.x }.into(),
            Rot::IDENTITY,
        ),
        1 => (
            collide_core::Rect { half_extents: half }.into(),
            Rot::IDENTITY,
        ),
        2 => (Hull::from_half_extents(half).unwrap().into(), turned),
        _ => (Hull::regular(6, half.x).unwrap().into(), turned),
    };
    let reach = shape.aabb(&Pose::new(Vec2::ZERO, rotation)).half_extents.y;
    (shape, rotation, reach)
}

/// Stands a random character on the end of a platform moving sideways, under a row of tiles
/// about its height above the platform (a little less: it fits only hanging over the edge),
/// then jumps up and back over the platform: whether the tiles hold it down or not, it never
/// ends inside the platform.
#[test]
fn a_jump_held_down_by_a_ceiling_never_ends_inside_its_platform() {
    let mut rng = SplitMix64::new(0x1e_a7_1c_35);
    for case in 0..3000 {
        let mut rows = vec!["................"; 8];
        rows[2] = "################";
        let tiles = TileMap::from_rows(&rows, Vec2::new(16.0, 8.0), Vec2::ZERO).unwrap();
        let ceiling = 5.0 * 8.0;
        let mut world = StaticWorld::new(tiles);
        let (shape, rotation, reach) = random_mover(&mut rng, 8.0);
        let half = Vec2::new(rng.range(8.0, 30.0), rng.range(1.0, 4.0));
        let top = ceiling - 2.0 * reach * rng.range(0.85, 1.05);
        let mut at = Vec2::new(64.0, top - half.y);
        let plank = Hull::from_half_extents(half).unwrap();
        let id = world
            .bodies
            .add(plank, Pose::from_position(at), Layers::ALL)
            .unwrap();
        world.bodies.refresh();
        let side = if rng.index(2) == 0 { 1.0 } else { -1.0 };
        let edge = at.x + half.x * side;
        let start = Vec2::new(edge + side * rng.range(0.0, reach), ceiling - reach - 0.02);
        let settings = CharacterSettings::new(Vec2::Y).with_snap_length(reach);
        let mut c = Character::new(shape, start, settings).unwrap();
        c.set_rotation(rotation);
        let speed = rng.range(-2.0, 2.0);
        let jump = Vec2::new(-side * rng.range(0.0, 3.0), rng.range(0.5, 3.0));
        for travel in [Vec2::new(0.0, -1.0), Vec2::new(0.0, -1.0), jump, jump] {
            let to = at + Vec2::new(speed, 0.0);
            assert!(world.bodies.move_body(id, Pose::from_position(to), to - at));
            at = to;
            let m = *c.move_by(travel, &world);
            let depth = depth_in_platform(&world, id, &shape, (m.position, rotation));
            assert!(
                depth <= 0.011 || m.crushed == Some(id.id()),
                "case {case}: {shape:?} {rotation:?} from {start}, plank {half} moving {speed}, top {top}, by {travel}: {depth} deep, {m:?}"
            );
        }
    }
}

/// Runs a character of `half` extents from `start` on a 40 × 6 platform from `from`, moved by
/// `moves` a frame, and gives it each frame's travel (`None`: a jump of `jump` plus the
/// platform's velocity): at the end of each frame it is not inside the platform deeper than
/// its skin, unless the platform crushed it. Answers the last move.
fn ride(
    tiles: TileMap,
    (from, moves): (Vec2, &[Vec2]),
    (half, start): (Vec2, Vec2),
    travels: &[Option<Vec2>],
    jump: Vec2,
) -> collide_world::CharacterMove {
    let mut world = StaticWorld::new(tiles);
    let plank = Hull::from_half_extents(Vec2::new(20.0, 3.0)).unwrap();
    let id = world
        .bodies
        .add(plank, Pose::from_position(from), Layers::ALL)
        .unwrap();
    world.bodies.refresh();
    let shape = Shape::Rect(collide_core::Rect { half_extents: half });
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(1.0);
    let mut c = Character::new(shape, start, settings).unwrap();
    let mut at = from;
    let mut last = None;
    for (by, travel) in moves.iter().zip(travels) {
        let to = at + *by;
        assert!(world.bodies.move_body(id, Pose::from_position(to), *by));
        at = to;
        let travel = travel.unwrap_or(jump + c.platform_velocity());
        let m = *c.move_by(travel, &world);
        let depth = depth_in_platform(&world, id, &shape, (m.position, Rot::IDENTITY));
        assert!(
            depth <= 0.011 || m.crushed == Some(id.id()),
            "{depth} deep by {travel}: {m:?}"
        );
        last = Some(m);
    }
    last.unwrap()
}

/// A tester's lift rising under a tile: the character jumps with the lift's velocity added,
/// the tile holds it down, and the lift rises into it: crushed by the lift, as a ride into a
/// ceiling is (it ended 0.51 inside the lift, crushed by nothing).
#[test]
fn a_jump_off_a_lift_rising_into_a_ceiling_is_crushed_by_the_lift() {
    let tiles = TileMap::from_rows(&["#"], Vec2::splat(16.0), Vec2::new(0.0, 28.5)).unwrap();
    let lift = (Vec2::new(8.0, 17.0), &[Vec2::Y; 5][..]);
    let character = (Vec2::splat(2.0), Vec2::new(8.0, 22.01));
    let fall = Some(Vec2::new(0.0, -0.1));
    let travels = [fall, fall, fall, fall, None];
    let m = ride(tiles, lift, character, &travels, Vec2::new(0.0, 2.0));
    assert!(m.crushed.is_some(), "{m:?}");
}

/// A tester's platform moving aside under the edge of a `P` ceiling: the character jumps up
/// and aside into the ceiling, slides along it and down, and stays out of the platform (it
/// ended 0.74 inside it).
#[test]
fn a_jump_into_a_ceiling_beside_a_moving_platform_stays_out_of_it() {
    let tiles = TileMap::from_rows(&["P", "."], Vec2::splat(16.0), Vec2::new(272.0, 8.0)).unwrap();
    let platform = (Vec2::new(290.0, 17.0), &[Vec2::new(-0.5, 0.0); 3][..]);
    let character = (Vec2::new(2.0, 1.99), Vec2::new(275.0, 22.0));
    let fall = Some(Vec2::new(0.0, -0.1));
    let travels = [fall, fall, Some(Vec2::new(-2.5, 0.5))];
    ride(tiles, platform, character, &travels, Vec2::ZERO);
}
