//! A character that meets two surfaces at once, in a crease between them (a notch where two
//! ceiling pieces meet, a V-shaped valley between two floor slopes), stops there, as
//! [`move_and_slide`] does: it is never thrown down and sideways out of a ceiling notch, nor
//! up the far slope of a valley it falls into. An independent tester found these inputs (its
//! exact f32 literals are kept). The character's walk slid the rest of its travel along one
//! surface of the crease, which turned it away from the other and back against the travel
//! (down out of the notch, up the far slope), and went on that way: it lacked the rule of
//! `move_and_slide` that such a rest is none. Seeded properties over random pairs of ceiling
//! and floor pieces guard the same for every mover shape.

use collide_core::{Circle, Hull, Rect, Rot, Shape};
use collide_testkit::SplitMix64;
use collide_world::{
    move_and_slide, Character, CharacterSettings, SlideSettings, Surface, TileMap,
};
use glam::Vec2;

/// How far from where it should end a character may end: a few skins (at least 0.01 each).
const NEAR: f32 = 0.05;

/// Moves a character of `shape` by `travel` from `start`, and answers where it ends and where
/// [`move_and_slide`] alone ends.
fn both_ends(
    map: &TileMap,
    shape: Shape,
    rotation: Rot,
    start: Vec2,
    travel: Vec2,
    settings: CharacterSettings,
) -> (Vec2, Vec2) {
    let slid = move_and_slide(&shape, rotation, start, travel, map, &settings.slide).position;
    let mut c = Character::new(shape, start, settings).unwrap();
    c.set_rotation(rotation);
    let m = *c.move_by(travel, map);
    (m.position, slid)
}

/// The tester's level: the notch between an `e` and a `Q` in a ceiling, whose circle jumps
/// straight up into it from (12.97728, 6.8009567) by 1.2758851.
fn e_q_notch() -> TileMap {
    let rows = [
        ".......eQ.....",
        "..............",
        "..............",
        "..............",
    ];
    TileMap::from_rows(&rows, Vec2::new(1.5728967, 2.0715368), Vec2::ZERO).unwrap()
}

/// The tester's circle jumping straight up into the notch between an `e` and a `Q`: it ended
/// 0.29 below and 0.35 left of the notch, for every max floor angle.
#[test]
fn a_jump_into_a_ceiling_notch_stops_in_the_notch() {
    let map = e_q_notch();
    let start = Vec2::new(12.97728, 6.8009567);
    let travel = Vec2::new(0.0, 1.2758851);
    for angle in [0.3589084_f32, core::f32::consts::FRAC_PI_4, 1.2] {
        let settings = CharacterSettings::new(Vec2::Y)
            .with_slide(SlideSettings::new(Vec2::Y).with_max_floor_angle(angle));
        let circle = Circle { radius: 0.5742514 }.into();
        let (end, slid) = both_ends(&map, circle, Rot::IDENTITY, start, travel, settings);
        assert!(
            (slid - Vec2::new(12.969099, 6.811731)).length() < NEAR,
            "{slid}"
        );
        assert!(
            (end - slid).length() < NEAR,
            "angle {angle}: {end}, slid to {slid}"
        );
        assert!(end.y >= start.y - NEAR, "angle {angle}: fell to {end}");
    }
}

/// The tester's box jumping up and a little right into the notch between a `g` and a `Q`: it
/// ended 11.1 below where it started and 31.9 to the left.
#[test]
fn a_box_jumping_into_a_ceiling_notch_is_not_thrown_down() {
    let rows = [
        ".gQ...........",
        "..............",
        "..............",
        "..............",
    ];
    let origin = Vec2::new(-739.5906, -10165.424);
    let map = TileMap::from_rows(&rows, Vec2::new(88.742, 91.730675), origin).unwrap();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_max_step_height(22.084423)
        .with_stop_on_slope(true)
        .with_constant_speed_on_slopes(true);
    let rect = Rect {
        half_extents: Vec2::new(32.5548, 9.882571),
    };
    let start = Vec2::new(-541.5684, -9865.857);
    let travel = Vec2::new(2.2003412, 84.597786);
    let (end, slid) = both_ends(&map, rect.into(), Rot::IDENTITY, start, travel, settings);
    assert!((end - slid).length() < NEAR, "{end}, slid to {slid}");
    assert!(end.y >= start.y - NEAR, "fell to {end}");
    assert!(end.x >= slid.x - NEAR, "thrown left to {end}");
}

/// The tester's box falling down and a little left into the valley between a `\` (26.6°) and
/// an `a` (14°): it walked on 4.3 units up the `\`, rising 1.57 above where it started.
#[test]
fn a_fall_into_a_valley_stops_in_the_crease() {
    let rows = ["..........\\a..", ".............."];
    let origin = Vec2::new(8631.63, 6143.6865);
    let map = TileMap::from_rows(&rows, Vec2::new(84.64602, 42.32301), origin).unwrap();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(12.53438)
        .with_slide(SlideSettings::new(Vec2::Y).with_max_floor_angle(0.68893963));
    let rect = Rect {
        half_extents: Vec2::new(29.262524, 6.532273),
    };
    let start = Vec2::new(9574.05, 6202.9355);
    let travel = Vec2::new(-0.9679792, -26.004515);
    let (end, slid) = both_ends(&map, rect.into(), Rot::IDENTITY, start, travel, settings);
    assert!(
        (slid - Vec2::new(9572.491, 6202.3066)).length() < NEAR,
        "{slid}"
    );
    // The walk clips the fall's parts apart: it slides along the `a` a hair off it, and
    // meets the `\` 0.08 further up it than `move_and_slide` (the defect went 4.3 up it).
    assert!((end - slid).length() < 0.15, "{end}, slid to {slid}");
    assert!(end.y <= start.y, "rose to {end}");
    assert!(end.x >= slid.x - 0.15, "went on up the far slope to {end}");
}

/// The tester's box falling straight down into a `\/` valley (45°): it rose 0.19.
#[test]
fn a_fall_straight_down_into_a_valley_does_not_rise() {
    let rows = ["..\\/....", "........", "........", "........"];
    let origin = Vec2::new(-3330.085, -2472.1792);
    let map = TileMap::from_rows(&rows, Vec2::new(55.816334, 27.908167), origin).unwrap();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(22.657564)
        .with_stop_on_slope(false)
        .with_constant_speed_on_slopes(true)
        .with_slide(SlideSettings::new(Vec2::Y).with_max_floor_angle(1.0860728));
    let rect = Rect {
        half_extents: Vec2::new(23.101288, 3.8879683),
    };
    let start = Vec2::new(-3162.642, -2373.002);
    let travel = Vec2::new(0.0, -1.1879648);
    let (end, slid) = both_ends(&map, rect.into(), Rot::IDENTITY, start, travel, settings);
    assert!((end - slid).length() < NEAR, "{end}, slid to {slid}");
    assert!(end.y <= start.y, "rose to {end}");
}

/// A random mover: a circle, a box, a turned box or a hexagon, with the radius of a circle
/// around it.
fn random_mover(rng: &mut SplitMix64, size: f32) -> (Shape, Rot, f32) {
    let half = Vec2::new(rng.range(0.2, 0.4), rng.range(0.1, 0.4)) * size;
    match rng.index(4) {
        0 => (Circle { radius: half.x }.into(), Rot::IDENTITY, half.x),
        1 => (
            Rect { half_extents: half }.into(),
            Rot::IDENTITY,
            half.length(),
        ),
        2 => {
            let hull = Hull::from_half_extents(half).unwrap();
            (hull.into(), Rot::from_angle(rng.angle()), half.length())
        }
        _ => {
            let hull = Hull::regular(6, half.x).unwrap();
            (hull.into(), Rot::from_angle(rng.angle()), half.x)
        }
    }
}

/// Random settings: any max floor angle from 20° to 80°, snap, stop on slopes and constant
/// speed on or off (no step: a step may rightly rise).
fn random_settings(rng: &mut SplitMix64, cell: Vec2) -> CharacterSettings {
    let angle = rng.range(20.0, 80.0).to_radians();
    CharacterSettings::new(Vec2::Y)
        .with_snap_length(rng.range(0.0, 0.5) * cell.y)
        .with_stop_on_slope(rng.index(2) == 0)
        .with_constant_speed_on_slopes(rng.index(2) == 0)
        .with_slide(SlideSettings::new(Vec2::Y).with_max_floor_angle(angle))
}

/// A random cell size (aspect 0.5 to 2) and an origin up to 2 000 units out.
fn random_grid(rng: &mut SplitMix64) -> (Vec2, Vec2) {
    let size = rng.range(0.5, 100.0);
    let cell = Vec2::new(size, size * rng.range(0.5, 2.0));
    let origin = Vec2::new(rng.range(-2000.0, 2000.0), rng.range(-2000.0, 2000.0));
    (cell, origin)
}

/// The tangent of `angle`, through the library's own sine and cosine.
fn tan(angle: f32) -> f32 {
    let (sin, cos) = collide_core::math::sin_cos(angle);
    sin / cos
}

/// Four skins at `at` (a skin is 0.01, or four ulps of the coordinates where that is more).
fn four_skins(at: Vec2) -> f32 {
    4.0 * (4.0 * f32::EPSILON * at.abs().max_element()).max(0.01)
}

/// A character of `shape` moved by `travel` four frames running from `start` (pressed into
/// what it met after the first, as a held jump or a fall is): where each frame started and
/// ended.
fn four_frames(
    map: &TileMap,
    (shape, rotation): (Shape, Rot),
    start: Vec2,
    travel: Vec2,
    settings: CharacterSettings,
) -> [(Vec2, Vec2); 4] {
    let mut c = Character::new(shape, start, settings).unwrap();
    c.set_rotation(rotation);
    core::array::from_fn(|_| {
        let from = c.position();
        (from, c.move_by(travel, map).position)
    })
}

/// A row of 14 cells, empty but for two random pieces of `pieces` side by side at 6 and 7.
fn pair_row(rng: &mut SplitMix64, pieces: &[u8]) -> String {
    let pair = [
        pieces[rng.index(pieces.len())],
        pieces[rng.index(pieces.len())],
    ];
    format!("......{}......", core::str::from_utf8(&pair).unwrap())
}

/// A random jump up (and a little aside) into a random pair of ceiling pieces side by side,
/// from under the junction.
struct CeilingJump {
    rows: [String; 4],
    map: TileMap,
    mover: (Shape, Rot),
    settings: CharacterSettings,
    start: Vec2,
    travel: Vec2,
}

impl CeilingJump {
    fn random(rng: &mut SplitMix64) -> Self {
        const PIECES: &[u8] = b"QPefghT#";
        let (cell, origin) = random_grid(rng);
        let empty = "..............".to_string();
        let rows = [
            "##############".to_string(),
            pair_row(rng, PIECES),
            empty.clone(),
            empty,
        ];
        let map = TileMap::from_rows(&rows.each_ref().map(String::as_str), cell, origin).unwrap();
        let (shape, rotation, reach) = random_mover(rng, cell.x.min(cell.y));
        let settings = random_settings(rng, cell);
        let below = origin.y + 2.0 * cell.y - reach - rng.range(0.0, 0.5) * cell.y;
        let start = Vec2::new(origin.x + cell.x * rng.range(6.5, 7.5), below);
        let aside = if rng.index(3) == 0 {
            0.0
        } else {
            rng.range(-0.3, 0.3)
        };
        let travel = Vec2::new(aside * cell.x, rng.range(0.2, 1.0) * cell.y);
        Self {
            rows,
            map,
            mover: (shape, rotation),
            settings,
            start,
            travel,
        }
    }
}

impl core::fmt::Display for CeilingJump {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (map, (shape, rotation)) = (&self.map, self.mover);
        write!(
            f,
            "{:?} {} {}, {shape:?} {rotation:?} from {} by {}",
            self.rows,
            map.cell_size(),
            map.origin(),
            self.start,
            self.travel
        )
    }
}

/// Jumps up (and a little aside) into a random pair of ceiling pieces side by side, under
/// the junction, four frames running: however the two meet (a notch, a step, a corner), no
/// frame ends lower than it started by more than its horizontal travel may slide it down a
/// ceiling's slope.
#[test]
fn a_jump_into_any_two_ceiling_pieces_never_throws_the_character_down() {
    let mut rng = SplitMix64::new(0xc3_11_0f_34);
    for case in 0..3000 {
        let jump = CeilingJump::random(&mut rng);
        let (start, travel) = (jump.start, jump.travel);
        let slope = tan(jump.settings.slide.max_floor_angle);
        let drop = 2.0 * travel.x.abs() * slope + four_skins(start);
        for (from, end) in four_frames(&jump.map, jump.mover, start, travel, jump.settings) {
            assert!(
                end.y >= from.y - drop,
                "case {case}: {jump}: frame from {from}: {end}"
            );
        }
    }
}

/// Falls (straight down or a little aside) into a random pair of floor pieces side by side,
/// over the junction, four frames running: however the two meet (a valley, a step, a crest),
/// no frame ends higher than it started by more than its horizontal travel may walk it up a
/// slope.
#[test]
fn a_fall_onto_any_two_floor_pieces_never_launches_the_character_up() {
    const PIECES: &[u8] = b"/\\abcd_#";
    let mut rng = SplitMix64::new(0xf1_34_0a_11);
    for case in 0..3000 {
        let (cell, origin) = random_grid(&mut rng);
        let row = pair_row(&mut rng, PIECES);
        let rows = ["..............", row.as_str(), "##############"];
        let map = TileMap::from_rows(&rows, cell, origin).unwrap();
        let (shape, rotation, reach) = random_mover(&mut rng, cell.x.min(cell.y));
        let settings = random_settings(&mut rng, cell);
        let above = origin.y + 2.0 * cell.y + reach + rng.range(0.0, 0.5) * cell.y;
        let start = Vec2::new(origin.x + cell.x * rng.range(6.5, 7.5), above);
        let aside = if rng.index(3) == 0 {
            0.0
        } else {
            rng.range(-0.3, 0.3)
        };
        let travel = Vec2::new(aside * cell.x, -rng.range(0.2, 1.0) * cell.y);
        let slope = tan(settings.slide.max_floor_angle);
        let rise = travel.x.abs() * slope + four_skins(start);
        for (from, end) in four_frames(&map, (shape, rotation), start, travel, settings) {
            assert!(
                end.y <= from.y + rise,
                "case {case}: {rows:?} {cell} {origin}, {shape:?} {rotation:?} from {from} by {travel}: {end}"
            );
        }
    }
}

/// The velocity the tester's circle keeps after its jump into the `eQ` notch: the `Q`'s
/// slanted underside (a wall) turned the jump into a sideways speed of −0.61 that went into
/// the `e`'s underside (a ceiling), and a game that kept it drifted out of the notch.
#[test]
fn a_jump_into_a_ceiling_notch_keeps_no_speed_into_it() {
    let map = e_q_notch();
    let circle = Circle { radius: 0.5742514 };
    let settings = CharacterSettings::new(Vec2::Y);
    let mut c = Character::new(circle, Vec2::new(12.97728, 6.8009567), settings).unwrap();
    let jump = Vec2::new(0.0, 1.2758851);
    let m = *c.move_by(jump, &map);
    assert_eq!(m.contacts().len(), 2, "{m:?}");
    assert_eq!(c.clip_velocity(jump), Vec2::ZERO);
}

/// Jumps up (and a little aside) into a random pair of ceiling pieces side by side: where the
/// move met two or more walls and ceilings (a notch, a corner), the velocity it keeps goes
/// into none of them.
#[test]
fn a_jump_into_two_ceiling_pieces_keeps_no_speed_into_them() {
    let mut rng = SplitMix64::new(0x0e_10_c1_17);
    for case in 0..3000 {
        let jump = CeilingJump::random(&mut rng);
        let mut c = Character::new(jump.mover.0, jump.start, jump.settings).unwrap();
        c.set_rotation(jump.mover.1);
        let m = *c.move_by(jump.travel, &jump.map);
        let sides: Vec<Vec2> = m
            .contacts()
            .iter()
            .filter(|s| s.surface != Surface::Floor)
            .map(|s| s.normal)
            .collect();
        let kept = c.clip_velocity(jump.travel);
        for normal in sides.iter().filter(|_| sides.len() >= 2) {
            assert!(
                kept.dot(*normal) <= 1e-3 * jump.travel.length(),
                "case {case}: {jump}: keeps {kept}, into {normal} of {sides:?}"
            );
        }
    }
}
