//! The pass, for a long hull turned a hair off an axis sliding over a small tile's corner: the
//! face rule counts the side's normal there as the floor's, which the slide along the floor
//! runs along, so the body met the corner again at once after every turn and was capped for
//! the rest of the frame, creeping some 20 units a frame. It now slides over it on its side's
//! own normal, as `move_and_slide` does, and never passes through the tile.

use collide::{
    move_and_slide, Body, CollisionPass, Reaction, Response, SlideSettings, StaticWorld, TileMap,
};
use collide_core::{contains_point, Hull, Pose, Rot};
use glam::Vec2;

#[test]
fn a_hull_turned_a_hair_slides_over_a_small_tile_in_the_pass() {
    // A half tile: x from 0 to 0.2, y from 0 to 0.1.
    let map = TileMap::from_rows(&["_"], Vec2::splat(0.2), Vec2::ZERO).unwrap();
    let world = StaticWorld::new(map);
    let hull = Hull::from_half_extents(Vec2::new(100.0, 10.0)).unwrap();
    let corners = [
        Vec2::new(0.0, 0.0),
        Vec2::new(0.2, 0.0),
        Vec2::new(0.2, 0.1),
        Vec2::new(0.0, 0.1),
    ];
    let settings = SlideSettings::new(Vec2::Y);
    let reactions = [Reaction::Slide, Reaction::Bounce { restitution: 0.0 }];
    for angle in [-0.0009_f32, -0.0005, 0.0005, 0.0009] {
        let rot = Rot::from_angle(angle);
        let drop = Vec2::new(0.0, -100.0);
        let rest = move_and_slide(&hull, rot, Vec2::new(60.0, 60.0), drop, &world, &settings);
        for (travel, reaction) in [Vec2::new(-300.0, 0.0), Vec2::new(300.0, 0.0)]
            .into_iter()
            .flat_map(|t| reactions.map(|r| (t, r)))
        {
            let start = rest.position;
            let bodies = [Body::new(&hull, start, start + travel).with_rotation(rot)];
            let mut pass = CollisionPass::default();
            pass.run(&bodies, &world, |_| Response::a(reaction))
                .unwrap();
            let mut path = vec![start];
            let mut end = start + travel;
            for turn in pass.turns() {
                assert!(
                    !turn.capped,
                    "{angle} {travel} {reaction:?}: {:?}",
                    pass.turns()
                );
                path.push(turn.position);
                end = turn.position + turn.velocity * (1.0 - turn.t);
            }
            path.push(end);
            assert!(
                (end.x - start.x).abs() > 290.0,
                "{angle} {travel}: ended at {end}"
            );
            for leg in path.windows(2) {
                for i in 0..=2000 {
                    let at = leg[0] + (leg[1] - leg[0]) * (i as f32 / 2000.0);
                    let pose = Pose::new(at, rot);
                    let inside = corners.iter().filter(|&&c| contains_point(&hull, &pose, c));
                    assert!(
                        inside.count() < 2,
                        "{angle} {travel}: the tile inside at {at}"
                    );
                }
            }
        }
    }
}
