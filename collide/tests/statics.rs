//! The collision pass in a static world: the same hits and turns as the same obstacles given
//! as bodies that stand still, for every broad phase and every kind of obstacle set; a ball
//! bouncing in a tile-map box stays inside; obstacles never move or get used up.

use collide::{
    Body, BroadPhaseKind, CollisionPass, Layers, Obstacle, Other, PassHit, PassSettings, Reaction,
    Response, StaticBodies, TileMap, Turn,
};
use collide_core::{Circle, Hull, Pose, Rect, Shape};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// Shapes moving from a start to an end, and shapes standing somewhere.
type Scene = (Vec<(Shape, Vec2, Vec2)>, Vec<(Shape, Vec2)>);

/// Seeded moving bodies (circles, rects, hulls) and standing obstacles in a 400 × 400 field.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn scene(rng: &mut SplitMix64, hull: &Hull) -> Scene {
    let shape = |rng: &mut SplitMix64| -> Shape {
        match rng.index(3) {
            0 => Circle {
                radius: rng.range(1.0, 6.0),
            }
            .into(),
            1 => Rect {
                half_extents: Vec2::new(rng.range(1.0, 10.0), rng.range(1.0, 10.0)),
            }
            .into(),
            _ => (*hull).into(),
        }
    };
    let moving = (0..30)
        .map(|_| {
            let at = rng.in_box(Vec2::ZERO, Vec2::splat(400.0));
            let travel = Vec2::from_angle(rng.unit() * 6.3) * rng.range(0.0, 300.0);
            (shape(rng), at, at + travel)
        })
        .collect();
    let standing = (0..40)
        .map(|_| (shape(rng), rng.in_box(Vec2::ZERO, Vec2::splat(400.0))))
        .collect();
    (moving, standing)
}

/// The scene's standing bodies as a static world, and its moving bodies as bodies.
fn world_and_movers<'s>(
    moving: &'s [(Shape, Vec2, Vec2)],
    standing: &[(Shape, Vec2)],
) -> (StaticBodies, Vec<Body<'s>>) {
    let mut statics = StaticBodies::new();
    for (shape, at) in standing {
        statics
            .add(*shape, Pose::from_position(*at), Layers::ALL)
            .unwrap();
    }
    statics.refresh();
    let movers = moving
        .iter()
        .map(|(s, from, to)| Body::new(s.as_shape_ref(), *from, *to))
        .collect();
    (statics, movers)
}

/// What a frame handed over and turned, with every body answering every hit by a seeded
/// reaction (obstacles' reactions are ignored by the static pass, so the oracle's standing
/// bodies carry on).
fn frame(
    pass: &mut CollisionPass,
    bodies: &[Body<'_>],
    statics: Option<&StaticBodies>,
    moving: usize,
    seed: u64,
) -> (Vec<PassHit>, Vec<Turn>) {
    let mut handed = Vec::new();
    let mut choices = SplitMix64::new(seed);
    let resolve = |h: &PassHit| {
        if h.a >= moving {
            return Response::CARRY; // two obstacles: the static pass never pairs them
        }
        handed.push(*h);
        let react = |c: &mut SplitMix64| match c.index(4) {
            0 => Reaction::Stop,
            1 => Reaction::Slide,
            2 => Reaction::Bounce { restitution: 0.8 },
            _ => Reaction::Used,
        };
        let a = react(&mut choices);
        let b = if h.b.body().is_some_and(|b| b < moving) {
            react(&mut choices)
        } else {
            Reaction::Carry
        };
        Response { a, b }
    };
    match statics {
        Some(s) => pass.run(bodies, s, resolve),
        None => pass.run(bodies, &(), resolve),
    }
    .unwrap();
    (handed, pass.turns().to_vec())
}

/// Obstacles in a `StaticBodies` (ids in the order added, so a hit on obstacle `id` has
/// `b = bodies + id`) give exactly the hits and turns of the same obstacles appended to the
/// bodies as standing bodies, for every broad phase.
#[test]
fn a_static_world_gives_the_hits_of_the_same_obstacles_as_standing_bodies() {
    let hull = Hull::regular(6, 7.0).unwrap();
    let mut rng = SplitMix64::new(0x57A7);
    let mut checked = 0;
    for round in 0..30 {
        let (moving, standing) = scene(&mut rng, &hull);
        let (statics, movers) = world_and_movers(&moving, &standing);
        let mut all = movers.clone();
        all.extend(
            standing
                .iter()
                .map(|(s, at)| Body::stationary(s.as_shape_ref(), *at)),
        );
        for kind in BroadPhaseKind::ALL {
            let mut pass = CollisionPass::new(kind.build());
            let (want, want_turns) = frame(&mut pass, &all, None, movers.len(), round);
            let (got, got_turns) = frame(&mut pass, &movers, Some(&statics), movers.len(), round);
            // A static body `j` is body `movers + j` when the statics come as bodies.
            let slot = |b: Other| match b {
                Other::Body(i) => i,
                Other::Obstacle(id) => movers.len() + id as usize,
            };
            let strip = |hits: &[PassHit]| -> Vec<_> {
                hits.iter()
                    .map(|h| (h.a, slot(h.b), h.impact, h.contact, h.by_sweep))
                    .collect()
            };
            assert_eq!(strip(&got), strip(&want), "round {round}, {kind}");
            assert_eq!(got_turns, want_turns, "round {round}, {kind}");
            for h in &got {
                assert!(h.b.body().is_none_or(|b| b < movers.len()), "{h:?}");
            }
            checked += got.len();
        }
    }
    assert!(
        checked > 500,
        "{checked} hits: the scenes should meet their obstacles"
    );
}

/// A ball at 2 000 units per frame in a box of tiles with a block inside (a `TileMap` as the
/// static world): it bounces many times a frame and never leaves the box or enters a tile,
/// for 5 000 frames.
#[test]
fn a_ball_bouncing_in_a_tile_map_stays_inside() {
    let rows = [
        "####################",
        "#..................#",
        "#..................#",
        "#.......##.........#",
        "#..................#",
        "#..................#",
        "####################",
    ];
    let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let ball = Circle { radius: 3.0 };
    // Bouncing almost straight up and down between the floor and the block, 26 units apart,
    // the ball turns some 80 times a frame: the cap is set above that.
    let mut pass =
        CollisionPass::default().with_settings(PassSettings::default().with_max_turns(256));
    let (mut at, mut velocity) = (Vec2::new(40.0, 40.0), Vec2::new(1_500.0, 1_300.0));
    let mut bounces = 0;
    for _ in 0..5_000 {
        let bodies = [Body::new(ball, at, at + velocity)];
        let stats = pass
            .run(&bodies, &map, |h| {
                assert!(h.b.obstacle().is_some());
                Response::a(Reaction::Bounce { restitution: 1.0 })
            })
            .unwrap();
        assert_eq!(stats.capped, 0);
        bounces += stats.turns;
        if let Some(turn) = pass.turns().last() {
            (at, velocity) = (turn.end(), turn.velocity);
        } else {
            at += velocity;
        }
        let pose = Pose::from_position(at);
        assert!(!map.overlaps(ball, &pose), "inside a tile at {at}");
        let inside = at.cmpgt(Vec2::splat(16.0)).all() && at.cmplt(Vec2::new(304.0, 96.0)).all();
        assert!(inside, "left the box at {at}");
    }
    assert!(bounces > 5_000 * 10, "{bounces} bounces");
}

/// An obstacle never turns or is used up, whatever the response says for it; a slice of
/// obstacles works as a static world too.
#[test]
fn obstacles_ignore_their_reactions() {
    let wall = Rect {
        half_extents: Vec2::new(5.0, 50.0),
    };
    let obstacles = [Obstacle::new(
        7,
        wall,
        Pose::from_position(Vec2::new(30.0, 0.0)),
    )];
    let ball = Circle { radius: 2.0 };
    let bodies = [
        Body::new(ball, Vec2::ZERO, Vec2::new(60.0, 0.0)),
        Body::new(ball, Vec2::new(0.0, 10.0), Vec2::new(60.0, 10.0)),
    ];
    let mut pass = CollisionPass::default();
    let mut seen = Vec::new();
    let stats = pass
        .run(&bodies, &obstacles[..], |h| {
            seen.push((h.a, h.b, h.b.obstacle()));
            Response {
                a: Reaction::Stop,
                b: Reaction::Used,
            }
        })
        .unwrap();
    let wall = Other::Obstacle(7);
    assert_eq!(seen, [(0, wall, Some(7)), (1, wall, Some(7))], "{stats:?}");
    assert_eq!(stats.turns, 2);
    for turn in pass.turns() {
        assert!((turn.end().x - 23.0).abs() < 0.02, "{turn:?}");
    }
}

/// A `StaticWorld` lists what its bodies and its tile map list, the cells under their own ids
/// (`TILE_IDS` + cell index), and `which` names each; `move_and_slide` walks on it.
#[test]
fn a_static_world_is_its_bodies_and_its_tiles() {
    use collide::{move_and_slide, Obstacles, SlideSettings, StaticWorld, TILE_IDS};
    use collide_core::{Aabb, Layers, Rot};
    let rows = ["#........#", "#........#", "##########"];
    let mut world =
        StaticWorld::new(TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap());
    let mut rng = SplitMix64::new(0x3011D);
    for _ in 0..20 {
        let at = rng.in_box(Vec2::ZERO, Vec2::new(160.0, 48.0));
        let shape = Circle {
            radius: rng.range(1.0, 8.0),
        };
        world
            .bodies
            .add(shape, Pose::from_position(at), Layers::ALL)
            .unwrap();
    }
    world.bodies.refresh();
    for _ in 0..200 {
        let area = Aabb::new(
            rng.in_box(Vec2::ZERO, Vec2::new(160.0, 48.0)),
            Vec2::splat(rng.range(0.0, 30.0)),
        );
        let mut got = Vec::new();
        world.near(&area, Layers::ALL, &mut |o| got.push(o.id));
        let mut want = Vec::new();
        world
            .bodies
            .near(&area, Layers::ALL, &mut |o| want.push(o.id));
        world
            .tiles
            .near(&area, Layers::ALL, &mut |o| want.push(TILE_IDS + o.id));
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want);
        for id in got {
            match world.tile_cell(id) {
                None => assert!(id < TILE_IDS),
                Some(cell) => assert!(world.tiles.is_solid(cell.x, cell.y)),
            }
        }
    }
    // A box dropped onto the floor (its top at y = 16) in the world lands on it or on a body.
    let body = Rect {
        half_extents: Vec2::new(3.0, 3.0),
    };
    let step = move_and_slide(
        body,
        Rot::IDENTITY,
        Vec2::new(80.0, 60.0),
        Vec2::new(0.0, -80.0),
        &world,
        &SlideSettings::new(Vec2::Y),
    );
    assert!(step.on_floor && step.position.y >= 19.0, "{step:?}");
}

/// The static world is looked through before the broad phase: a frame with too many body
/// pairs still hands over no hits (not even the static world's) and the stats of a frame that
/// tested nothing; the same pass with room for its pairs then finds exactly the hits of a fresh
/// one, in the same order, for every broad phase.
#[test]
fn too_many_pairs_leave_no_static_hits_behind() {
    let hull = Hull::regular(6, 7.0).unwrap();
    let mut rng = SplitMix64::new(0x7A1F);
    let (moving, standing) = scene(&mut rng, &hull);
    let (statics, movers) = world_and_movers(&moving, &standing);
    for kind in BroadPhaseKind::ALL {
        let mut fresh = CollisionPass::new(kind.build());
        let want = fresh
            .detect(&movers, &statics)
            .expect("within the default limit");
        assert!(want.pairs > 1 && want.static_pairs > 0, "{kind}: {want:?}");
        assert!(
            fresh.hits().iter().any(|h| h.b.obstacle().is_some()),
            "{kind}"
        );
        let mut pass = CollisionPass::new(kind.build())
            .with_settings(PassSettings::default().with_max_pairs(want.pairs - 1));
        let refused = pass.detect(&movers, &statics);
        assert!(
            matches!(
                refused,
                Err(collide::Error::Broad(
                    collide::broad::Error::TooManyPairs { .. }
                ))
            ),
            "{kind}: {refused:?}"
        );
        assert!(pass.hits().is_empty(), "{kind}");
        let stats = pass.stats();
        assert_eq!(
            (stats.static_pairs, stats.sweeps, stats.swept_hits),
            (0, 0, 0),
            "{kind}"
        );
        assert_eq!(stats.proxies, movers.len(), "{kind}");
        pass.set_settings(pass.settings().with_max_pairs(want.pairs));
        assert_eq!(pass.detect(&movers, &statics), Ok(want), "{kind}");
        assert_eq!(pass.hits(), fresh.hits(), "{kind}");
    }
}
