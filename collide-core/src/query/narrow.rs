//! The narrow phase the collision pass calls for each candidate pair: what it hands back and
//! how it settles a pair from its discrete test and its sweep. The entry points,
//! [`narrow_phase`](crate::narrow_phase) and its detailed form, match on the shapes in
//! `dispatch.rs`.

use glam::Vec2;

use super::contact::Contact;
use crate::Impact;
use crate::{Motion, ShapeRef};

/// How the narrow phase looks between the frame's end positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SweepMode {
    /// The exact time of impact ([`time_of_impact`](crate::time_of_impact)): no shot is ever
    /// missed, and every hit gets the time its contact began.
    #[default]
    Exact,
    /// The expanded-box approximation, for comparison: a's box at the start, grown to cover
    /// its whole journey relative to b, against b's box at the start. It keeps no time, so its
    /// hits report `t = 1`, the centre of the two boxes' overlap as the point, and a's direction
    /// of travel relative to b as the normal (from a's box centre to b's when there is none).
    /// It over-reports on diagonals and for round or rotated shapes.
    ExpandedBox,
    /// No sweep: only the end-of-frame test, which tunnels above the tunnelling speed.
    Off,
}

/// A hit found by the narrow phase: the impact, and the end-of-frame overlap if there is one.
///
/// The [`impact`](Self::impact) is where and how the two shapes first touched, from each body's
/// own path at its `t` (a fraction of the frame): what a response needs (stop at the wall,
/// bounce off the paddle). `contact` is how they overlap at the end of the frame, for effects
/// placed where the shapes end up (hit sparks on an overlap); `None` when they no longer
/// overlap then, which is exactly when only the sweep found the hit.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hit {
    /// When contact began (see [`narrow_phase`](crate::narrow_phase); `t` never `-0.0`),
    /// where, and the unit normal from `a` to `b` at that moment.
    pub impact: Impact,
    /// How they overlap at the end of the frame (point, normal, depth), when they do.
    pub contact: Option<Contact>,
    /// `true` when the sweep found the hit (the end-of-frame test missed it).
    pub by_sweep: bool,
}

impl Hit {
    /// A hit with this impact.
    #[inline]
    fn at(impact: &Impact, contact: Option<Contact>) -> Hit {
        Hit {
            impact: *impact,
            contact,
            by_sweep: contact.is_none(),
        }
    }

    /// A hit at `t` where only the end of the frame was looked at: the contact's point and
    /// normal stand for the impact's.
    #[inline]
    fn from_contact(t: f32, contact: Contact) -> Hit {
        Hit {
            impact: Impact {
                t,
                point: contact.point,
                normal: contact.normal,
            },
            contact: Some(contact),
            by_sweep: false,
        }
    }
}

/// What the narrow phase did for one pair, for the pass's statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NarrowOutcome {
    /// The hit, if any.
    pub hit: Option<Hit>,
    /// Whether a sweep ran (exact or expanded box).
    pub swept: bool,
}

/// The narrow phase's decision for one pair, given its discrete test at the end of the frame,
/// whether it `moved` relative to each other, and its sweeps: `sweep`, the full impact;
/// `expanded`, the expanded-box test.
#[inline(always)]
pub(super) fn settle(
    discrete: Option<Contact>,
    moved: bool,
    mode: SweepMode,
    sweep: impl FnOnce() -> Option<Impact>,
    expanded: impl FnOnce() -> Option<Hit>,
) -> NarrowOutcome {
    if !moved {
        // No relative motion: overlapping all frame, or not at all.
        return NarrowOutcome {
            hit: discrete.map(|c| Hit::from_contact(0.0, c)),
            ..NarrowOutcome::default()
        };
    }
    match (mode, discrete) {
        (SweepMode::Exact, discrete) => {
            let impact = sweep();
            let hit = match (impact, discrete) {
                (Some(i), contact) => Some(Hit::at(&i, contact)),
                // Overlapping at the end by the discrete test, yet the sweep saw no overlap:
                // a pair within rounding of touching all frame. The end is all there is.
                (None, Some(c)) => Some(Hit::from_contact(1.0, c)),
                (None, None) => None,
            };
            NarrowOutcome { hit, swept: true }
        }
        // Only the end of the frame was looked at.
        (_, Some(c)) => NarrowOutcome {
            hit: Some(Hit::from_contact(1.0, c)),
            ..NarrowOutcome::default()
        },
        (SweepMode::ExpandedBox, None) => NarrowOutcome {
            hit: expanded(),
            swept: true,
        },
        (SweepMode::Off, None) => NarrowOutcome::default(),
    }
}

/// The expanded-box test (see [`SweepMode::ExpandedBox`]).
pub(super) fn expanded_box(
    a: ShapeRef<'_>,
    motion_a: &Motion,
    b: ShapeRef<'_>,
    motion_b: &Motion,
) -> Option<Hit> {
    let relative = motion_a.travel() - motion_b.travel();
    let box_a = a.aabb(&motion_a.start_pose()).expanded(relative);
    let box_b = b.aabb(&motion_b.start_pose());
    box_a.overlaps(&box_b).then(|| {
        let lo = box_a.min().max(box_b.min());
        let hi = box_a.max().min(box_b.max());
        let normal = relative
            .try_normalize()
            .or_else(|| (box_b.center - box_a.center).try_normalize())
            .unwrap_or(Vec2::X);
        Hit {
            impact: Impact {
                t: 1.0,
                point: (lo + hi) * 0.5,
                normal,
            },
            contact: None,
            by_sweep: true,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{contact, narrow_phase, time_of_impact, Circle, Rect};

    /// With the sweep on, the narrow phase is exactly the full sweep's impact with the discrete
    /// test at the end of the frame as its contact: its start-overlap shortcut changes nothing.
    /// Seeded random closed-form pairs, in both orders.
    #[test]
    fn narrow_phase_is_the_discrete_test_and_the_full_sweep() {
        let mut rng = collide_testkit::SplitMix64::new(0x5EED);
        let mut next = || rng.unit();
        let (mut discrete, mut swept) = (0, 0);
        for _ in 0..2000 {
            let mut v = || Vec2::new(next() * 40.0 - 20.0, next() * 40.0 - 20.0);
            let (sa, ta, sb, tb) = (v(), v(), v(), v());
            let (ma, mb) = (
                Motion::linear(sa, sa + ta),
                Motion::linear(sb, sb + tb * 0.2),
            );
            let circle = ShapeRef::Circle(Circle {
                radius: next() * 5.0,
            });
            let rect = ShapeRef::Rect(Rect {
                half_extents: Vec2::new(next() * 5.0, next() * 5.0),
            });
            for (a, b) in [
                (circle, rect),
                (rect, circle),
                (circle, circle),
                (rect, rect),
            ] {
                let out = narrow_phase(a, &ma, b, &mb, SweepMode::Exact);
                let impact = time_of_impact(a, &ma, b, &mb);
                let end = contact(a, &ma.end_pose(), b, &mb.end_pose());
                discrete += usize::from(end.is_some());
                swept += usize::from(end.is_none() && impact.is_some());
                let want = match (impact, end) {
                    (Some(i), end) => Some(Hit {
                        impact: i,
                        contact: end,
                        by_sweep: end.is_none(),
                    }),
                    (None, Some(c)) => Some(Hit {
                        impact: Impact {
                            t: 1.0,
                            point: c.point,
                            normal: c.normal,
                        },
                        contact: Some(c),
                        by_sweep: false,
                    }),
                    (None, None) => None,
                };
                let expected = NarrowOutcome {
                    hit: want,
                    swept: true,
                };
                assert_eq!(out, expected, "{a:?} {ma:?} {b:?} {mb:?}");
            }
        }
        assert!(
            discrete > 200 && swept > 500 && discrete + swept < 7000,
            "{discrete} discrete and {swept} swept hits: the cases should mix both with misses"
        );
    }
}
