//! Sensors in the static world: bodies and tile values that `move_and_slide` and a character
//! pass through, never stopped, pushed or held up by them, and report in path order.

use collide_core::{Circle, Layers, Pose, Rect, Rot};
use collide_world::{
    move_and_slide, Character, CharacterSettings, Obstacle, Obstacles, SlideSettings, StaticBodies,
    TileMap, MAX_SLIDE_SENSORS,
};
use glam::Vec2;

/// A coin's value in the tile maps below (`5` in their rows).
const COIN: u8 = 5;

/// An 8 × 14 player box.
fn player() -> Rect {
    Rect {
        half_extents: Vec2::new(4.0, 7.0),
    }
}

fn settings() -> CharacterSettings {
    CharacterSettings::new(Vec2::Y).with_snap_length(4.0)
}

/// A map of 16-unit cells from text rows, its `5` cells coins (sensors) when `sensors`.
fn map(rows: &[&str], sensors: bool) -> TileMap {
    let mut map = TileMap::from_rows(rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    if sensors {
        assert!(map.set_sensor_value(COIN, true));
    }
    map
}

/// Walks a character right at `speed` a frame (gravity pulling) for `frames` frames; answers
/// where it ends and every sensor id each frame reported, in order.
fn walk<O: Obstacles + ?Sized>(
    start: Vec2,
    speed: f32,
    frames: usize,
    level: &O,
) -> (Character, Vec<Vec<u32>>) {
    let mut c = Character::new(player(), start, settings()).unwrap();
    let mut seen = Vec::new();
    for _ in 0..frames {
        c.move_by(Vec2::new(speed, -1.0), level);
        seen.push(c.sensors().iter().map(|s| s.obstacle).collect());
    }
    (c, seen)
}

/// A coin tile standing on the floor in the player's way: with the value a sensor, the player
/// walks through it as through open ground and the coin is reported, entered once and left
/// once; the same value solid stops it.
#[test]
fn a_character_walks_through_a_sensor_tile() {
    let rows = ["........", "...5....", "########"];
    let (open, _) = walk(Vec2::new(8.0, 23.01), 3.0, 30, &map(&rows, false).clone());
    assert!(
        open.position().x < 45.0,
        "a solid coin stops it: {}",
        open.position()
    );
    let coins = map(&rows, true);
    let ground = map(&["........", "........", "########"], false);
    let (through, seen) = walk(Vec2::new(8.0, 23.01), 3.0, 30, &coins);
    let (plain, _) = walk(Vec2::new(8.0, 23.01), 3.0, 30, &ground);
    assert_eq!(through.position(), plain.position());
    assert!(through.on_floor());
    let coin = coins.cell_index(3, 1);
    let frames: Vec<usize> = (0..seen.len()).filter(|&f| seen[f] == [coin]).collect();
    assert!(!frames.is_empty(), "{seen:?}");
    // Entered once, left once: the first frame that reports it and the last.
    let mut c = Character::new(player(), Vec2::new(8.0, 23.01), settings()).unwrap();
    let (mut entered, mut left) = (0, 0);
    for _ in 0..30 {
        c.move_by(Vec2::new(3.0, -1.0), &coins);
        for s in c.sensors() {
            entered += usize::from(s.entered());
            left += usize::from(s.left());
        }
    }
    assert_eq!((entered, left), (1, 1));
}

/// A sensor body across the way down: the character falls through it onto the floor below,
/// as with no sensor there, and the fall reports it.
#[test]
fn a_character_falls_through_a_sensor_body() {
    let mut level = StaticBodies::new();
    let floor = Rect {
        half_extents: Vec2::new(100.0, 10.0),
    };
    level
        .add(
            floor,
            Pose::from_position(Vec2::new(0.0, -10.0)),
            Layers::ALL,
        )
        .unwrap();
    let shelf = Rect {
        half_extents: Vec2::new(50.0, 2.0),
    };
    let sensor = level
        .add(
            shelf,
            Pose::from_position(Vec2::new(0.0, 30.0)),
            Layers::ALL,
        )
        .unwrap();
    level.refresh();
    assert!(!level.has_sensors());
    let fall = |level: &StaticBodies| {
        let mut c = Character::new(player(), Vec2::new(0.0, 60.0), settings()).unwrap();
        let mut seen = Vec::new();
        for _ in 0..40 {
            c.move_by(Vec2::new(0.0, -3.0), level);
            seen.extend(c.sensors().to_vec());
        }
        (c.position(), c.on_floor(), seen)
    };
    let (held, _, _) = fall(&level);
    assert!(held.y > 30.0, "a solid shelf holds it up: {held}");
    assert!(level.set_sensor(sensor, true));
    assert!(level.has_sensors());
    let (end, on_floor, seen) = fall(&level);
    assert!(on_floor && (end.y - 7.0).abs() < 0.1, "{end}");
    let ids: Vec<u32> = seen.iter().map(|s| s.obstacle).collect();
    assert!(ids.iter().all(|&id| id == sensor.id()) && !ids.is_empty());
    assert_eq!(seen.iter().filter(|s| s.entered()).count(), 1);
    assert_eq!(seen.iter().filter(|s| s.left()).count(), 1);
    // Made solid again, it holds it up again.
    assert!(level.set_sensor(sensor, false));
    assert!(!level.has_sensors());
    assert!(fall(&level).0.y > 30.0);
}

/// A body that starts inside a sensor is never pushed out of it: standing still it stays put,
/// moving it moves by its whole travel, and the sensor is reported as started inside.
#[test]
fn a_body_is_never_pushed_out_of_a_sensor() {
    let block = Rect {
        half_extents: Vec2::splat(20.0),
    };
    let level = [Obstacle::new(4, block, Pose::IDENTITY).with_sensor(true)];
    let s = SlideSettings::new(Vec2::Y);
    for travel in [Vec2::ZERO, Vec2::new(3.0, 0.0), Vec2::new(0.0, -50.0)] {
        let step = move_and_slide(player(), Rot::IDENTITY, Vec2::ZERO, travel, &level[..], &s);
        assert_eq!(step.position, travel);
        assert!(step.contacts().is_empty());
        let hit = step.sensors()[0];
        assert!(hit.started_inside && hit.distance == 0.0, "{hit:?}");
        assert_eq!(hit.inside_at_end, travel.y == 0.0);
    }
    let mut c = Character::new(player(), Vec2::ZERO, settings()).unwrap();
    for _ in 0..5 {
        let m = *c.move_by(Vec2::ZERO, &level[..]);
        assert_eq!(m.position, Vec2::ZERO);
        assert!(c.sensors()[0].started_inside && c.sensors()[0].inside_at_end);
    }
}

/// A coin passed at 1 000 units a frame is collected, and three are reported in the order
/// the path meets them (not their ids' order), each where the body first touched it.
#[test]
fn coins_passed_at_a_thousand_units_a_frame_are_reported_in_path_order() {
    let coin = Circle { radius: 2.0 };
    let at = |x: f32| Pose::from_position(Vec2::new(x, 0.0));
    let level = [
        Obstacle::new(9, coin, at(100.0)).with_sensor(true),
        Obstacle::new(3, coin, at(500.0)).with_sensor(true),
        Obstacle::new(5, coin, at(900.0)).with_sensor(true),
        Obstacle::new(1, coin, at(1200.0)).with_sensor(true),
    ];
    let body = Circle { radius: 4.0 };
    let s = SlideSettings::new(Vec2::Y);
    let travel = Vec2::new(1000.0, 0.0);
    let step = move_and_slide(body, Rot::IDENTITY, Vec2::ZERO, travel, &level[..], &s);
    assert_eq!(step.position, travel);
    let ids: Vec<u32> = step.sensors().iter().map(|h| h.obstacle).collect();
    assert_eq!(ids, [9, 3, 5]);
    for (hit, x) in step.sensors().iter().zip([100.0, 500.0, 900.0]) {
        assert!((hit.distance - (x - 6.0)).abs() < 1e-3, "{hit:?}");
        assert!((hit.position.x - (x - 6.0)).abs() < 1e-3 && hit.normal == Vec2::X);
        assert!(hit.entered() && hit.left());
    }
    // The character too, through a row of coin tiles in one frame.
    let coins = map(&["5...5...5...5...", "################"], true);
    let mut c = Character::new(player(), Vec2::new(8.0, 23.01), settings()).unwrap();
    let m = *c.move_by(Vec2::new(200.0, 0.0), &coins);
    assert_eq!(m.position.x, 208.0);
    let ids: Vec<u32> = c.sensors().iter().map(|h| h.obstacle).collect();
    let want: Vec<u32> = [0, 4, 8, 12].map(|x| coins.cell_index(x, 1)).to_vec();
    assert_eq!(ids, want);
    assert!(c.sensors()[0].started_inside && c.sensors()[1].entered());
}

/// The path bends where the body stops: a sensor along the floor after the landing is
/// reported, one below the floor that the straight travel would have crossed is not.
#[test]
fn sensors_are_those_of_the_bent_path() {
    let floor = Rect {
        half_extents: Vec2::new(200.0, 10.0),
    };
    let coin = Rect {
        half_extents: Vec2::splat(3.0),
    };
    let level = [
        Obstacle::new(0, floor, Pose::from_position(Vec2::new(0.0, -10.0))),
        Obstacle::new(1, coin, Pose::from_position(Vec2::new(60.0, 4.0))).with_sensor(true),
        Obstacle::new(2, coin, Pose::from_position(Vec2::new(50.0, -30.0))).with_sensor(true),
        Obstacle::new(3, coin, Pose::from_position(Vec2::new(5.0, 30.0))).with_sensor(true),
    ];
    let s = SlideSettings::new(Vec2::Y);
    // From (0, 40) down and right: lands near x = 33, slides on along the floor.
    let travel = Vec2::new(80.0, -100.0);
    let start = Vec2::new(0.0, 47.0);
    let step = move_and_slide(player(), Rot::IDENTITY, start, travel, &level[..], &s);
    assert!(step.on_floor);
    let ids: Vec<u32> = step.sensors().iter().map(|h| h.obstacle).collect();
    assert_eq!(ids, [3, 1]);
}

/// A solid cell beside a sensor cell keeps its face towards it: a body walking through water
/// stops at the wall beyond it exactly as in open air, and slides on the floor under the
/// water as under open ground.
#[test]
fn a_sensor_cell_leaves_the_face_rule_of_its_solid_neighbours_alone() {
    let water = map(&["......", ".55#..", "######"], true);
    let open = map(&["......", "...#..", "######"], false);
    let s = SlideSettings::new(Vec2::Y);
    for travel in [Vec2::new(60.0, -1.0), Vec2::new(40.0, -20.0)] {
        let start = Vec2::new(8.0, 23.01);
        let a = move_and_slide(player(), Rot::IDENTITY, start, travel, &water, &s);
        let b = move_and_slide(player(), Rot::IDENTITY, start, travel, &open, &s);
        assert_eq!((a.position, a.contacts()), (b.position, b.contacts()));
        assert!(
            a.on_wall
                && a.contacts()
                    .iter()
                    .all(|c| c.normal.x == 0.0 || c.normal.y == 0.0)
        );
        assert_eq!(a.sensors().len(), 2);
    }
    // The map's own queries see the water as empty.
    assert!(!water.is_solid(1, 1) && water.sensor(1, 1) == Some(COIN));
}

/// A sensor cell is written and read through its own layer, and goes back to solid.
#[test]
fn sensor_values_move_cells_between_the_layers() {
    let mut m = map(&["5.5", "###"], false);
    assert!(!m.set_sensor_value(0, true) && !m.is_sensor_value(0));
    assert!(m.set_sensor_value(COIN, true) && m.is_sensor_value(COIN));
    assert!(m.has_sensors());
    assert_eq!((m.get(0, 1), m.sensor(0, 1)), (Some(0), Some(COIN)));
    assert_eq!(m.set(1, 1, COIN), Ok(0));
    assert_eq!(m.set(0, 1, 0), Ok(COIN)); // a collected coin
    assert_eq!(m.sensor(0, 1), Some(0));
    assert_eq!(m.set(2, 1, 1), Ok(COIN)); // a coin made a solid block
    assert_eq!((m.get(2, 1), m.sensor(2, 1)), (Some(1), Some(0)));
    assert!(m.set_sensor_value(COIN, false));
    assert_eq!((m.get(1, 1), m.sensor(1, 1)), (Some(COIN), Some(0)));
    assert!(!m.has_sensors() && m.is_solid(1, 1));
}

/// Filters reach everything a character looks at: a wall left out by id, or refused by a
/// predicate, is walked through; a floor left out is fallen through.
#[test]
fn a_character_walks_through_a_wall_its_filter_leaves_out() {
    let floor = Rect {
        half_extents: Vec2::new(200.0, 10.0),
    };
    let wall = Rect {
        half_extents: Vec2::new(5.0, 40.0),
    };
    let level = [
        Obstacle::new(0, floor, Pose::from_position(Vec2::new(0.0, -10.0))),
        Obstacle::new(1, wall, Pose::from_position(Vec2::new(40.0, 40.0))),
    ];
    let run = |filter: &collide_world::QueryFilter<'_>| {
        let mut c = Character::new(player(), Vec2::new(0.0, 7.01), settings()).unwrap();
        for _ in 0..30 {
            c.move_by_filtered(Vec2::new(3.0, -1.0), &level[..], filter);
        }
        c
    };
    let all = collide_world::QueryFilter::default();
    assert!(run(&all).position().x < 32.0);
    let door = [1];
    let open = run(&all.excluding(&door));
    assert!((open.position().x - 90.0).abs() < 1e-3 && open.on_floor());
    let not_walls = |id: u32| id != 1;
    let refused = run(&all.with_predicate(&not_walls));
    assert_eq!(refused.position(), open.position());
    let no_floor = [0];
    assert!(run(&all.excluding(&no_floor)).position().y < -20.0);
}

/// A pressure plate: entered when the character walks onto it, reported as still touched
/// while it stands there, left when it walks off.
#[test]
fn a_pressure_plate_is_entered_held_and_left() {
    let floor = Rect {
        half_extents: Vec2::new(200.0, 10.0),
    };
    let plate = Rect {
        half_extents: Vec2::new(8.0, 1.0),
    };
    let level = [
        Obstacle::new(0, floor, Pose::from_position(Vec2::new(0.0, -10.0))),
        Obstacle::new(7, plate, Pose::from_position(Vec2::new(30.0, 0.5))).with_sensor(true),
    ];
    let mut c = Character::new(player(), Vec2::new(0.0, 7.01), settings()).unwrap();
    let mut events = Vec::new();
    for frame in 0..40 {
        let speed = if (10..20).contains(&frame) { 0.0 } else { 2.0 };
        let m = *c.move_by(Vec2::new(speed, -1.0), &level[..]);
        assert!(m.on_floor);
        for s in c.sensors() {
            events.push((frame, s.entered(), s.left()));
        }
    }
    let entered: Vec<_> = events.iter().filter(|e| e.1).collect();
    let left: Vec<_> = events.iter().filter(|e| e.2).collect();
    assert_eq!((entered.len(), left.len()), (1, 1), "{events:?}");
    assert!(entered[0].0 < 10 && left[0].0 > 20);
    // Every frame between, it is held: reported, neither entered nor left.
    assert_eq!(events.len(), left[0].0 - entered[0].0 + 1);
}

/// More sensors than a slide holds: the earliest along the path are kept and the slide says
/// some were dropped.
#[test]
fn a_slide_keeps_the_earliest_sensors_and_says_when_it_dropped_some() {
    let coin = Circle { radius: 1.0 };
    let level: Vec<Obstacle<'_>> = (0..40u32)
        .rev()
        .map(|i| {
            let pose = Pose::from_position(Vec2::new(10.0 + 20.0 * i as f32, 0.0));
            Obstacle::new(i, coin, pose).with_sensor(true)
        })
        .collect();
    let s = SlideSettings::new(Vec2::Y);
    let travel = Vec2::new(1000.0, 0.0);
    let step = move_and_slide(player(), Rot::IDENTITY, Vec2::ZERO, travel, &level[..], &s);
    let ids: Vec<u32> = step.sensors().iter().map(|h| h.obstacle).collect();
    assert_eq!(ids, (0..MAX_SLIDE_SENSORS as u32).collect::<Vec<_>>());
    assert!(step.sensors_truncated());
    let few = move_and_slide(
        player(),
        Rot::IDENTITY,
        Vec2::ZERO,
        travel,
        &level[30..],
        &s,
    );
    assert!(!few.sensors_truncated() && few.sensors().len() == 10);
}

/// The filter reaches the sensors too: one left out by id or by a predicate, or on a layer
/// the body does not interact with, is not reported.
#[test]
fn a_filter_leaves_sensors_out_of_the_report() {
    let coin = Circle { radius: 2.0 };
    let at = |x: f32| Pose::from_position(Vec2::new(x, 0.0));
    let ghosts = Layers::on(4).with_mask(4);
    let level = [
        Obstacle::new(1, coin, at(10.0)).with_sensor(true),
        Obstacle::new(2, coin, at(20.0)).with_sensor(true),
        Obstacle::new(3, coin, at(30.0)).with_sensor(true),
        Obstacle::new(4, coin, at(40.0))
            .with_sensor(true)
            .with_layers(ghosts),
    ];
    let s = SlideSettings::new(Vec2::Y).with_layers(Layers::on(1).with_mask(1));
    let gone = [2];
    let not_three = |id: u32| id != 3;
    let filter = collide_world::QueryFilter::default()
        .excluding(&gone)
        .with_predicate(&not_three);
    let travel = Vec2::new(60.0, 0.0);
    let body = Circle { radius: 1.0 };
    let all = move_and_slide(body, Rot::IDENTITY, Vec2::ZERO, travel, &level[..], &s);
    let ids: Vec<u32> = all.sensors().iter().map(|h| h.obstacle).collect();
    assert_eq!(ids, [1, 2, 3]);
    let some = collide_world::move_and_slide_filtered(
        body,
        Rot::IDENTITY,
        Vec2::ZERO,
        travel,
        &level[..],
        &s,
        &filter,
    );
    let ids: Vec<u32> = some.sensors().iter().map(|h| h.obstacle).collect();
    assert_eq!(ids, [1]);
    assert_eq!(some.position, travel);
}
