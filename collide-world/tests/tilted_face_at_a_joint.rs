//! A hull whose face lies a hair (under a thousandth of a radian) off a surface, resting on
//! it, walks across a joint with a neighbour flush with that surface, as it would on one
//! tile. A tester found both inputs below: the face met the joint's corner, and the rule for
//! a turned side meeting a small obstacle's corner (keep the side's own normal, so the side
//! does not slide through the obstacle) kept it there too, so the hexagon climbed its own
//! tilt, 0.035 units over 69. At a flush joint nothing of the body reaches past the corner
//! into the surface: the surface's normal stands.

use collide_core::{Hull, Rot, Shape};
use collide_world::{move_and_slide, SlideSettings, TileMap};
use glam::Vec2;

/// `move_and_slide` ends where `expected` says, within the rounding of the travel.
fn ends_at(map: &TileMap, shape: &Shape, rotation: Rot, start: Vec2, travel: Vec2, expected: Vec2) {
    let slide = move_and_slide(
        shape,
        rotation,
        start,
        travel,
        map,
        &SlideSettings::new(Vec2::Y),
    );
    let off = slide.position.distance(expected);
    assert!(
        off <= 1e-3,
        "from {start} by {travel}: ended at {}, {off} from {expected}; contacts {:?}",
        slide.position,
        slide.contacts()
    );
}

/// A hexagon turned 8.6e-4 rad off its bottom face's level walks along a half tile (`T`)
/// onto the flush top of the cell beside it.
#[test]
fn a_hexagon_tilted_a_hair_walks_across_a_flush_joint() {
    let map = TileMap::from_rows(
        &["....", "....", ".Tc.", "####"],
        Vec2::splat(67.54238),
        Vec2::new(-143.0088, 197.78487),
    )
    .unwrap();
    let hexagon = Shape::Hull(Hull::regular(6, 12.716306).unwrap());
    ends_at(
        &map,
        &hexagon,
        Rot::from_angle(1.0480608),
        Vec2::new(-41.903168, 343.88782),
        Vec2::new(69.062126, 0.0),
        Vec2::new(27.158958, 343.88782),
    );
}

/// A hexagon turned 4e-4 rad off a 45° ramp walks up it over the crest's joint.
#[test]
fn a_hexagon_tilted_a_hair_walks_up_a_ramp_to_its_crest() {
    let map = TileMap::from_rows(
        &["....", "....", "./\\.", "####"],
        Vec2::splat(84.53279),
        Vec2::new(-77.27701, -62.880253),
    )
    .unwrap();
    let hexagon = Shape::Hull(Hull::regular(6, 32.908413).unwrap());
    ends_at(
        &map,
        &hexagon,
        Rot::from_angle(2.880174),
        Vec2::new(59.743668, 114.45372),
        Vec2::new(66.720695, 66.720695),
        Vec2::new(126.46436, 181.17441),
    );
}
