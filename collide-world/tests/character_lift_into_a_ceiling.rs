//! A platform that carries a character under a ceiling and rises into it: the carry stops at
//! the ceiling, the platform moves on under the character, and the lift clear of the platform
//! is held down by the ceiling. A tester's 97-frame ride (a hexagon on a 48 × 6.8 lift moving
//! 14 units a frame sideways and 0.26 up, under a `P` ceiling tile on 16 × 8 cells) ended with
//! the character pushed out through the platform, 10.8 units down, below it, and not said to
//! be crushed. It is crushed by the platform (`CharacterMove::crushed`), which the rest of
//! the move leaves out, and stays above it.

use collide_core::{Hull, Layers, Pose, Rect};
use collide_world::{Character, CharacterSettings, StaticWorld, TileMap};
use glam::Vec2;

/// Where the lift is moved to, frame after frame (from the tester's run).
const LIFT: [[f32; 2]; 97] = [
    [-2297.0513, 731.1062],
    [-2311.0193, 731.3685],
    [-2324.9873, 731.63086],
    [-2338.9553, 731.8932],
    [-2352.9233, 732.1555],
    [-2366.8914, 732.41785],
    [-2380.8594, 732.6802],
    [-2386.8184, 732.9425],
    [-2372.8503, 733.20483],
    [-2358.8823, 733.46716],
    [-2344.9143, 733.7295],
    [-2330.9463, 733.9918],
    [-2316.9783, 734.25415],
    [-2303.0103, 734.5165],
    [-2289.0422, 734.7788],
    [-2275.0742, 735.04114],
    [-2261.1062, 735.30347],
    [-2258.7837, 735.5658],
    [-2272.7517, 735.8281],
    [-2286.7197, 736.09045],
    [-2300.6877, 736.3528],
    [-2314.6558, 736.6151],
    [-2328.6238, 736.87744],
    [-2342.5918, 737.1398],
    [-2356.5598, 737.4021],
    [-2370.5278, 737.6644],
    [-2384.4958, 737.92676],
    [-2386.8184, 738.1891],
    [-2372.8503, 738.4514],
    [-2358.8823, 738.71375],
    [-2344.9143, 738.9761],
    [-2330.9463, 739.2384],
    [-2316.9783, 739.50073],
    [-2303.0103, 739.76306],
    [-2289.0422, 740.0254],
    [-2275.0742, 740.2877],
    [-2261.1062, 740.55005],
    [-2258.7837, 740.8124],
    [-2272.7517, 741.0747],
    [-2286.7197, 741.33704],
    [-2300.6877, 741.59937],
    [-2314.6558, 741.8617],
    [-2328.6238, 742.124],
    [-2342.5918, 742.38635],
    [-2356.5598, 742.6487],
    [-2370.5278, 742.911],
    [-2384.4958, 743.17334],
    [-2386.8184, 743.43567],
    [-2372.8503, 743.698],
    [-2358.8823, 743.9603],
    [-2344.9143, 744.22266],
    [-2330.9463, 744.485],
    [-2316.9783, 744.7473],
    [-2303.0103, 745.00964],
    [-2289.0422, 745.272],
    [-2275.0742, 745.5343],
    [-2261.1062, 745.79663],
    [-2258.7837, 746.05896],
    [-2272.7517, 746.3213],
    [-2286.7197, 746.5836],
    [-2300.6877, 746.84595],
    [-2314.6558, 747.1083],
    [-2328.6238, 747.3706],
    [-2342.5918, 747.63293],
    [-2356.5598, 747.89526],
    [-2370.5278, 748.1576],
    [-2384.4958, 748.4199],
    [-2386.8184, 748.68225],
    [-2372.8503, 748.9446],
    [-2358.8823, 749.2069],
    [-2344.9143, 749.46924],
    [-2330.9463, 749.73157],
    [-2316.9783, 749.9939],
    [-2303.0103, 750.2562],
    [-2289.0422, 750.51855],
    [-2275.0742, 750.7809],
    [-2261.1062, 751.0432],
    [-2258.7837, 751.30554],
    [-2272.7517, 751.5679],
    [-2286.7197, 751.8302],
    [-2300.6877, 752.0925],
    [-2314.6558, 752.35486],
    [-2328.6238, 752.6172],
    [-2342.5918, 752.8795],
    [-2356.5598, 753.14185],
    [-2370.5278, 753.4042],
    [-2384.4958, 753.6665],
    [-2386.8184, 753.92883],
    [-2372.8503, 754.19116],
    [-2358.8823, 754.4535],
    [-2344.9143, 754.7158],
    [-2330.9463, 754.97815],
    [-2316.9783, 755.2405],
    [-2303.0103, 755.5028],
    [-2289.0422, 755.76514],
    [-2275.0742, 756.02747],
    [-2261.1062, 756.2898],
];

#[test]
fn a_lift_that_carries_a_character_into_a_ceiling_crushes_it_and_never_passes_it() {
    let mut rows = [".............."; 10];
    rows[1] = "...........P..";
    let cell = Vec2::new(16.0, 8.0);
    let tiles = TileMap::from_rows(&rows, cell, Vec2::new(-2434.801, 699.7324)).unwrap();
    let mut world = StaticWorld::new(tiles);
    let mut at = Vec2::new(-2283.0833, 730.8439);
    let half = Vec2::new(23.98278, 3.3936715);
    let lift = world
        .bodies
        .add(
            Rect { half_extents: half },
            Pose::from_position(at),
            Layers::ALL,
        )
        .unwrap();
    world.bodies.refresh();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(1.5715492)
        .with_max_step_height(3.991817);
    let hexagon = Hull::regular(6, 2.4757178).unwrap();
    let start = Vec2::new(-2276.2605, 736.3866);
    let mut character = Character::new(hexagon, start, settings).unwrap();
    let mut crushed = 0;
    for [x, y] in LIFT {
        let to = Vec2::new(x, y);
        world
            .bodies
            .move_body(lift, Pose::from_position(to), to - at);
        at = to;
        let moved = *character.move_by(Vec2::new(0.0, -0.28846595), &world);
        assert!(moved.position.y > to.y, "below the lift at {to}: {moved:?}");
        if moved.crushed.is_some() {
            assert_eq!(moved.crushed, Some(lift.id()), "{moved:?}");
            crushed += 1;
        }
    }
    assert!(crushed > 0, "the ceiling never held the character down");
}
