//! Fast shots that clip a rim: the mission's own case, given to both libraries.
//!
//! A shot (a circle) travels from 10 to 100 000 times the radius of the rim it passes in one
//! frame: a circle's rim (the two radii summed), or a box's rounded corner (the shot's own
//! radius). Its path passes the rim's centre at a known fraction of that radius, closest in
//! mid-frame: at 0–0.98 the right answer is a hit, at 1.02–1.3 a miss. Past a corner the path
//! runs across the corner's diagonal at 0.72 radii or more, so that only the rounded corner
//! decides (nearer, it would meet an edge first). The 2 % margin is well above the rounding of
//! the `f32` start positions at these distances (under 0.6 % of the radius), so every answer
//! is known without an oracle.
//!
//! The comparison counts, for each library, the shots it calls wrong: a hit called a miss or
//! a miss called a hit. Speed is not measured here.

use collide_core::{time_of_impact, Circle, Motion, Rect, Shape};
use glam::Vec2;

use crate::cases::CastCase;
use crate::peer;
use collide_scene::SplitMix64;

/// The speed ranges compared: travel per frame from `10^d` to `10^(d+1)` rim radii.
pub const DECADES: [u32; 4] = [1, 2, 3, 4];

/// Shots of each rim kind per speed range.
pub const SHOTS: usize = 2_000;

/// The seed of the shots.
pub const SEED: u64 = 0xFA57_5407;

/// One shot, and the right answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClippingShot {
    /// The shot (`a`, a circle) and its target (`b`, a circle or a box, at rest).
    pub case: CastCase,
    /// Whether the path passes inside the rim: the right answer is a hit.
    pub passes_inside: bool,
}

/// The rim a shot clips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rim {
    /// A circle's rim: the target is a circle.
    Circle,
    /// A box's rounded corner: the target is a box.
    Corner,
}

impl Rim {
    /// Both kinds, in report order.
    pub const ALL: [Rim; 2] = [Rim::Circle, Rim::Corner];

    /// The name used in reports and JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rim::Circle => "circle",
            Rim::Corner => "box corner",
        }
    }
}

/// `count` shots past a rim of `kind`, travelling `10^decade` to `10^(decade + 1)` of its
/// radius per frame, half of them passing inside, from `seed`.
#[must_use]
#[allow(clippy::disallowed_methods)] // the benchmark's inputs, not the library's arithmetic
pub fn clipping_shots(kind: Rim, decade: u32, count: usize, seed: u64) -> Vec<ClippingShot> {
    let mut rng = SplitMix64::new(seed ^ (u64::from(decade) << 8) ^ kind as u64);
    let sign = |rng: &mut SplitMix64| if rng.unit() < 0.5 { -1.0 } else { 1.0 };
    (0..count)
        .map(|i| {
            let r = rng.range(0.5, 4.0);
            let size = rng.range(4.0, 40.0);
            let inside = i % 2 == 0;
            // Where the path passes, in rim radii.
            let pass = match (inside, kind) {
                (false, _) => rng.range(1.02, 1.3),
                (true, Rim::Circle) => rng.range(0.0, 0.98),
                (true, Rim::Corner) => rng.range(0.72, 0.98),
            };
            let (target, centre, radius, out) = match kind {
                Rim::Circle => (
                    Shape::Circle(Circle { radius: size }),
                    Vec2::ZERO,
                    r + size,
                    rng.direction(),
                ),
                Rim::Corner => {
                    let h = Vec2::new(size, rng.range(4.0, 40.0));
                    let corner = Vec2::new(sign(&mut rng), sign(&mut rng));
                    (
                        Shape::Rect(Rect { half_extents: h }),
                        h * corner,
                        r,
                        corner / 2f32.sqrt(),
                    )
                }
            };
            let travel = radius * 10f32.powf(decade as f32 + rng.unit());
            let closest = centre + out * (pass * radius);
            let along = out.perp() * travel;
            let phase = rng.range(0.3, 0.7);
            ClippingShot {
                case: CastCase {
                    a: Shape::Circle(Circle { radius: r }),
                    motion_a: Motion::linear(
                        closest - along * phase,
                        closest + along * (1.0 - phase),
                    ),
                    b: target,
                    motion_b: Motion::stationary(Vec2::ZERO),
                },
                passes_inside: inside,
            }
        })
        .collect()
}

/// One line of the comparison: a rim kind at a range of speeds.
#[derive(Clone, Debug, PartialEq)]
pub struct FastShotsEntry {
    /// The rim the shots clip.
    pub rim: Rim,
    /// Travel per frame, in rim radii: from `10^decade` to ten times that.
    pub decade: u32,
    /// The shots compared.
    pub shots: usize,
    /// The shots collide calls wrong.
    pub ours_wrong: usize,
    /// The shots parry2d calls wrong (a shot it refuses counts as wrong).
    pub peer_wrong: usize,
}

/// Both libraries on [`SHOTS`] shots of each rim kind in each range of [`DECADES`].
#[must_use]
pub fn compare_fast_shots() -> Vec<FastShotsEntry> {
    let mut entries = Vec::new();
    for decade in DECADES {
        for rim in Rim::ALL {
            let shots = clipping_shots(rim, decade, SHOTS, SEED);
            // One at a time, so that a shot parry2d refused would count as wrong alone.
            let peer_right = shots
                .iter()
                .filter(|s| {
                    peer::peer_cast_cases(std::slice::from_ref(&s.case))
                        .first()
                        .is_some_and(|c| peer::toi(c).is_some() == s.passes_inside)
                })
                .count();
            let ours_right = shots
                .iter()
                .filter(|s| {
                    let c = &s.case;
                    time_of_impact(&c.a, &c.motion_a, &c.b, &c.motion_b).is_some()
                        == s.passes_inside
                })
                .count();
            entries.push(FastShotsEntry {
                rim,
                decade,
                shots: shots.len(),
                ours_wrong: shots.len() - ours_right,
                peer_wrong: shots.len() - peer_right,
            });
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shots are what the module says: half pass inside, each kind has its target, and
    /// the travel spans the decade.
    #[test]
    fn shots_are_built_as_described() {
        for rim in Rim::ALL {
            let shots = clipping_shots(rim, 3, 400, SEED);
            assert_eq!(shots.iter().filter(|s| s.passes_inside).count(), 200);
            for s in &shots {
                let Shape::Circle(shot) = s.case.a else {
                    panic!("{s:?}")
                };
                let radius = match (rim, s.case.b) {
                    (Rim::Circle, Shape::Circle(c)) => c.radius + shot.radius,
                    (Rim::Corner, Shape::Rect(_)) => shot.radius,
                    _ => panic!("{s:?}"),
                };
                let travel = s.case.motion_a.travel().length() / radius;
                assert!((1e3 * 0.999..1e4 * 1.001).contains(&travel), "{travel}");
            }
        }
    }

    /// collide calls every shot right at every speed: the claim the report's table makes.
    #[test]
    fn collide_calls_every_fast_shot_right() {
        let entries = compare_fast_shots();
        assert_eq!(entries.len(), DECADES.len() * Rim::ALL.len());
        for e in &entries {
            assert_eq!(e.shots, SHOTS);
            assert_eq!(e.ours_wrong, 0, "{e:?}");
        }
    }
}
