//! One-way platforms in the collision pass: a body landing on one from above hits it (as it
//! hits the same platform made solid); one rising through it from below, moving into its
//! side, or starting partly inside it gives no hit; the same after a turn, and for a slice of
//! obstacles, static bodies and a static world alike.

use collide::{
    Body, CollisionPass, Obstacle, Obstacles, Other, Reaction, Response, StaticBodies, StaticWorld,
    TileMap,
};
use collide_core::{Circle, Hull, Layers, Pose, Rect, Shape};
use glam::Vec2;

/// A platform 80 × 8 with its top at y = 0 (y up), centred on x = 0.
fn platform() -> (Rect, Pose) {
    let half = Vec2::new(40.0, 4.0);
    (
        Rect { half_extents: half },
        Pose::from_position(Vec2::new(0.0, -4.0)),
    )
}

fn movers() -> [Shape; 3] {
    [
        Circle { radius: 3.0 }.into(),
        Rect {
            half_extents: Vec2::new(4.0, 2.0),
        }
        .into(),
        Hull::regular(5, 4.0).unwrap().into(),
    ]
}

/// The platform, one-way (up +y) or solid, as three kinds of static world.
fn worlds(one_way: bool) -> (Vec<Obstacle<'static>>, StaticBodies, StaticWorld) {
    let (rect, pose) = platform();
    let o = Obstacle::new(0, rect, pose);
    let slice = vec![if one_way { o.with_one_way(Vec2::Y) } else { o }];
    let mut bodies = StaticBodies::new();
    let h = bodies.add(rect, pose, Layers::ALL).unwrap();
    assert_eq!(h.id(), 0);
    bodies.refresh();
    if one_way {
        assert!(bodies.set_one_way(h, Some(Vec2::Y)));
    }
    let tiles = TileMap::from_rows(&["."], Vec2::splat(1.0), Vec2::new(500.0, 500.0)).unwrap();
    let mut world = StaticWorld::new(tiles);
    world.bodies = bodies.clone();
    (slice, bodies, world)
}

/// The obstacle hits of one frame of each body moving from `start` to `end`.
fn hits<O: Obstacles + ?Sized>(shape: &Shape, start: Vec2, end: Vec2, world: &O) -> Vec<Vec2> {
    let bodies = [Body::new(shape.as_shape_ref(), start, end)];
    let mut pass = CollisionPass::default();
    pass.detect(&bodies, world).unwrap();
    let on_platform = |h: &&collide::PassHit| h.b == Other::Obstacle(0);
    pass.hits()
        .iter()
        .filter(on_platform)
        .map(|h| h.impact.normal)
        .collect()
}

/// Every mover's path, against each kind of static world: `true` where a one-way platform
/// is hit (on its top, normal straight down), `false` where it is passed.
fn check(start: Vec2, end: Vec2, lands: bool) {
    let (slice, bodies, world) = worlds(true);
    let (solid_slice, ..) = worlds(false);
    for shape in movers() {
        let found = [
            hits(&shape, start, end, &slice[..]),
            hits(&shape, start, end, &bodies),
            hits(&shape, start, end, &world),
        ];
        for (kind, normals) in found.iter().enumerate() {
            let what = format!("{shape:?} from {start} to {end}, world {kind}: {normals:?}");
            if lands {
                assert_eq!(normals, &[Vec2::NEG_Y], "{what}");
            } else {
                assert!(normals.is_empty(), "{what}");
            }
        }
        // The same path does meet the platform when it is solid.
        assert_eq!(hits(&shape, start, end, &solid_slice[..]).len(), 1);
    }
}

#[test]
fn landing_from_above_hits_it() {
    check(Vec2::new(0.0, 20.0), Vec2::new(3.0, -10.0), true);
    check(Vec2::new(-20.0, 8.0), Vec2::new(30.0, -2.0), true);
    // Fast: ending far below it.
    check(Vec2::new(10.0, 50.0), Vec2::new(-10.0, -4_000.0), true);
}

#[test]
fn rising_through_it_from_below_passes() {
    check(Vec2::new(0.0, -20.0), Vec2::new(3.0, 20.0), false);
    check(Vec2::new(0.0, -20.0), Vec2::new(-1.0, 4_000.0), false);
}

#[test]
fn moving_into_its_side_passes() {
    check(Vec2::new(-60.0, -4.0), Vec2::new(-30.0, -4.0), false);
    check(Vec2::new(60.0, -3.0), Vec2::new(30.0, -6.0), false);
}

#[test]
fn a_body_partly_inside_at_the_start_passes() {
    check(Vec2::new(0.0, 1.0), Vec2::new(0.0, -30.0), false);
    check(Vec2::new(-41.0, -2.0), Vec2::new(-20.0, -2.5), false);
}

/// After a turn the rest of the frame is swept again: a ball bouncing off a wall down onto a
/// one-way platform hits it; one bouncing off the floor below rises through it.
#[test]
fn after_a_turn_the_same_rule_holds() {
    let (rect, pose) = platform();
    let wall = Rect {
        half_extents: Vec2::new(4.0, 100.0),
    };
    let floor = Rect {
        half_extents: Vec2::new(100.0, 4.0),
    };
    let level = [
        Obstacle::new(0, rect, pose).with_one_way(Vec2::Y),
        Obstacle::new(1, wall, Pose::from_position(Vec2::new(30.0, 20.0))),
        Obstacle::new(2, floor, Pose::from_position(Vec2::new(0.0, -54.0))),
    ];
    let ball = Circle { radius: 2.0 };
    let run = |start: Vec2, end: Vec2| {
        let bodies = [Body::new(ball, start, end)];
        let mut pass = CollisionPass::default();
        let mut met = Vec::new();
        pass.run(&bodies, &level[..], |h| {
            met.push(h.b);
            Response::a(Reaction::Bounce { restitution: 1.0 })
        })
        .unwrap();
        met
    };
    // Right into the wall, bounced back left and down onto the platform.
    let met = run(Vec2::new(10.0, 25.0), Vec2::new(40.0, -5.0));
    assert_eq!(met, [Other::Obstacle(1), Other::Obstacle(0)]);
    // Down onto the floor below, bounced back up through the platform.
    let met = run(Vec2::new(-10.0, -40.0), Vec2::new(-10.0, -120.0));
    assert_eq!(met, [Other::Obstacle(2)]);
}

/// A row of one-way pieces side by side (tile cells, or static bodies) is one platform to the
/// pass too: a circle partly inside one piece, moving down past the next piece's corner, hits
/// neither; from above the row, it lands on it.
#[test]
fn a_body_partly_inside_a_row_of_one_way_pieces_passes_the_next_corner() {
    let map = TileMap::from_rows(&[".=====..", "........"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let mut row = StaticBodies::new();
    for i in 0..5 {
        let cell = Rect {
            half_extents: Vec2::splat(8.0),
        };
        let at = Pose::from_position(Vec2::new(24.0 + 16.0 * i as f32, 24.0));
        let h = row.add(cell, at, Layers::ALL).unwrap();
        assert!(row.set_one_way(h, Some(Vec2::Y)));
    }
    row.refresh();
    let circle: Shape = Circle { radius: 7.0 }.into();
    let all_hits = |start: Vec2, end: Vec2, world: &dyn Obstacles| {
        let bodies = [Body::new(circle.as_shape_ref(), start, end)];
        let mut pass = CollisionPass::default();
        pass.detect(&bodies, world).unwrap();
        pass.hits().len()
    };
    // The row's top is at y = 32; the circle's bottom starts 3 units below it.
    for x in [26.0_f32, 42.0, 45.0, 58.0, 74.0, 90.0] {
        let (start, end) = (Vec2::new(x, 36.0), Vec2::new(x, -40.0));
        assert_eq!(all_hits(start, end, &map), 0, "tiles, x {x}");
        assert_eq!(all_hits(start, end, &row), 0, "bodies, x {x}");
        let above = Vec2::new(x, 60.0);
        assert!(all_hits(above, end, &map) >= 1, "tiles from above, x {x}");
        assert!(all_hits(above, end, &row) >= 1, "bodies from above, x {x}");
    }
}

/// A one-way cell between two solid ones, over a gap: `#=#`, cells 16 (the platform's top at
/// y = 48, the solid cell to its right from x = 32).
fn platform_between_walls() -> (collide::TileMap, collide::TileMap) {
    let rows = ["....", "....", "#=#.", "..#/", "#..#"];
    let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let solid_only = rows.map(|r| r.replace('=', "."));
    let solid_only = solid_only.iter().map(String::as_str).collect::<Vec<_>>();
    let walls = TileMap::from_rows(&solid_only, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    (map, walls)
}

/// Where the pass ends `body` when every hit slides it.
fn slid_to(body: Body<'_>, map: &TileMap) -> (Vec2, Vec<Vec2>) {
    let mut pass = CollisionPass::default();
    let mut normals = Vec::new();
    pass.run(&[body], map, |hit| {
        normals.push(hit.impact.normal);
        Response::a(Reaction::Slide)
    })
    .unwrap();
    (pass.outcomes()[0].position, normals)
}

/// A body partly inside a one-way cell meets the solid cell beside it as a wall, corner and
/// all: the corner where the platform's top meets the cell's is a joint only for what comes
/// down onto the top. It used to be met as the floor (normal `-y`), and the body slid on
/// into the solid cell (2 418 of 7 784 balls near the joint ended inside).
#[test]
fn a_body_inside_a_one_way_cell_meets_the_solid_cell_beside_it_as_a_wall() {
    let (map, walls) = platform_between_walls();
    let ball = Circle { radius: 3.0 };
    let from = Vec2::new(26.0, 48.65);
    let (end, normals) = slid_to(
        Body::new(ball, from, from + Vec2::new(3.9202664, -0.7946773)),
        &map,
    );
    assert!(!walls.overlaps(ball, &Pose::from_position(end)), "{end:?}");
    assert!(normals.iter().all(|n| n.x > 0.9), "{normals:?}");
    // The tester's turned box, in the pass and in `move_and_slide`.
    let hull = Hull::from_half_extents(Vec2::new(0.9472847, 5.4316974)).unwrap();
    let turn = collide_core::Rot::from_angle(-0.1585577);
    let (from, travel) = (
        Vec2::new(31.331543, 51.85913),
        Vec2::new(5.0658755, -10.131751),
    );
    let (end, _) = slid_to(
        Body::new(&hull, from, from + travel).with_rotation(turn),
        &map,
    );
    assert!(!walls.overlaps(&hull, &Pose::new(end, turn)), "{end:?}");
    let settings = collide::SlideSettings::new(Vec2::Y);
    let s = collide::move_and_slide(&hull, turn, from, travel, &map, &settings);
    assert!(
        !walls.overlaps(&hull, &Pose::new(s.position, turn)),
        "{s:?}"
    );
    assert!(s.contacts().iter().all(|c| c.point.y >= 47.99), "{s:?}");
    // Balls started all over the platform's cell, partly inside it, moved at random.
    let mut rng = collide_testkit::SplitMix64::new(0x000e_5a17);
    for _ in 0..2000 {
        let from = Vec2::new(rng.range(19.0, 29.0), rng.range(45.5, 50.9));
        let travel = Vec2::new(rng.range(0.0, 8.0), rng.range(-4.0, 1.0));
        let (end, _) = slid_to(Body::new(ball, from, from + travel), &map);
        assert!(
            !walls.overlaps(ball, &Pose::from_position(end)),
            "{from:?} by {travel:?}: {end:?}"
        );
    }
}

/// The tester's case: two one-way cells stacked. A body or a ray starting inside the upper
/// one and going down meets the lower one's top, as the map's own segment cast says: the
/// static cast and the pass had the lower top covered by the upper cell, and passed it.
#[test]
fn a_body_inside_the_upper_of_two_stacked_platforms_lands_on_the_lower() {
    let map = TileMap::from_rows(&["=", "=", "."], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let (from, to) = (Vec2::new(8.0, 44.0), Vec2::new(8.0, 20.0));
    let own = map.cast_segment(from, to).expect("the lower top");
    let ray = collide::cast_ray_static(&map, from, to, Layers::ALL).expect("the lower top");
    assert_eq!(
        (ray.impact.t, ray.impact.normal),
        (own.impact.t, own.impact.normal)
    );
    let ball = Circle { radius: 2.0 };
    let mut pass = CollisionPass::default();
    pass.run(&[Body::new(ball, from, to)], &map, |_| {
        Response::a(Reaction::Stop)
    })
    .unwrap();
    // Stopped on the lower cell's top (y = 32), its bottom a skin or so above it.
    let end = pass.outcomes()[0].position;
    assert!(end.y - 2.0 >= 32.0 && end.y - 2.0 < 32.1, "{end:?}");
}

/// A later tester's case: a ball moving right through a one-way cell, rising a little, meets
/// the top corner of the solid cell beside it. The corner was taken for the joint of the
/// platform's top and the cell's (as for a body walking on the platform), and then for a
/// graze along that top: no hit, and the ball ended 1.2 inside the cell. A body that came
/// in through the platform's side meets the cell's side as a wall, to its end.
#[test]
fn a_ball_through_a_platform_meets_the_corner_of_the_block_beside_it() {
    let map = TileMap::from_rows(&["...", ".=#"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let ball = Circle { radius: 4.0 };
    let (from, to) = (Vec2::new(4.0, 14.0), Vec2::new(30.0, 18.0));
    let mut pass = CollisionPass::default();
    pass.run(&[Body::new(ball, from, to)], &map, |_| {
        Response::a(Reaction::Stop)
    })
    .unwrap();
    let end = pass.outcomes()[0].position;
    assert!(end.distance(Vec2::new(32.0, 16.0)) >= 4.0 - 1e-3, "{end:?}");
    let path = collide_core::Motion::linear(from, to);
    let cast = collide::cast_shape_static(&map, ball, &path, Layers::ALL);
    assert!(cast.is_some(), "the cast passed the corner");
}
