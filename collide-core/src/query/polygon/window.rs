//! What the separating-axis sweeps gather over the axes of a pair of polygons, one axis at a
//! time: the exact sweep's window, shared by the general pair and by the hull–rect closed form
//! so that both give the same time and face bit for bit, and the skin sweep's latest axis.
//! Both pick the axis they meet on by one rule, [`later_beyond_tie`].

use glam::Vec2;

/// How much larger, relative to the shapes' extent about `a`, the gap along an axis must be
/// for its entry to replace one found before it: a few roundings of the coordinates.
pub(super) const NEAR_TIE: f32 = 4.0 * f32::EPSILON;

/// Whether an axis whose gap closes at `entry`, at `speed` (above zero), replaces the one kept
/// so far, which closed at `latest` (`-inf` for none yet): it closes later beyond a near tie,
/// `(entry − latest)·speed` being the gap it has left when the one before closes, and `tie`
/// the least gap that counts ([`NEAR_TIE`] of the shapes' extent). Two faces meeting flat give
/// the same entry up to rounding; the earlier axis (`b`'s faces come first, and a tile's
/// axis-aligned face is exact where a built hull's normal is off by an ulp) is kept.
#[inline(always)]
fn later_beyond_tie(entry: f32, latest: f32, speed: f32, tie: f32) -> bool {
    entry > latest && (latest == f32::NEG_INFINITY || (entry - latest) * speed > tie)
}

/// The open intervals of time during which the gap along each axis is below zero, folded into
/// where they all first hold: the latest entry, the earliest exit, and the axis whose gap
/// closes last (an earlier one kept on a near tie), with `a`'s and `b`'s levels along it.
pub(super) struct AxisWindow {
    enter: f32,
    leave: f32,
    /// An axis at a gap of zero or more (within a near tie for a slanted axis) that neither
    /// shape closes on: never inside its slab.
    apart: bool,
    latest: f32,
    latest_axis: Vec2,
    latest_levels: (f32, f32),
    /// The sum of every gap and speed, finite only when each is.
    sum: f32,
    /// A near tie, as the latest axis takes it: entries whose gaps differ by less than this.
    tie: f32,
}

impl AxisWindow {
    /// No axis yet; `tie` is the gap below which two entries count as one.
    #[inline(always)]
    pub(super) fn new(tie: f32) -> Self {
        Self {
            enter: f32::NEG_INFINITY,
            leave: f32::INFINITY,
            apart: false,
            latest: f32::NEG_INFINITY,
            latest_axis: Vec2::ZERO,
            latest_levels: (0.0, 0.0),
            sum: 0.0,
            tie,
        }
    }

    /// One axis: the gap along it at the start, how fast `a` closes it, the axis, and `a`'s
    /// most along it (`b`'s least is that and the gap).
    #[inline(always)]
    pub(super) fn take(&mut self, gap: f32, speed: f32, axis: Vec2, a_most: f32) {
        self.sum += gap + speed;
        if speed > 0.0 {
            let entry = gap / speed;
            // Compare-and-pick rather than `f32::max`, which adds NaN handling: a NaN is
            // caught by the sum.
            self.enter = if entry > self.enter {
                entry
            } else {
                self.enter
            };
            if gap > 0.0 && later_beyond_tie(entry, self.latest, speed, self.tie) {
                self.latest = entry;
                self.latest_axis = axis;
                self.latest_levels = (a_most, a_most + gap);
            }
        } else if speed < 0.0 {
            let exit = gap / speed;
            self.leave = if exit < self.leave { exit } else { self.leave };
        } else {
            // Along a slanted axis, whose normal rounds, a gap within a few roundings of zero
            // all frame is touching, not overlapping (a corner running exactly along a
            // slope's face). An axis-aligned normal is exact: its gap is taken as it is.
            let slanted = axis.x != 0.0 && axis.y != 0.0;
            self.apart |= gap >= if slanted { -self.tie } else { 0.0 };
        }
    }

    /// When the intervals first all hold within the frame (negative when they hold from
    /// before it), or `None`: an axis apart all frame, an empty or out-of-frame window, or a
    /// gap or speed that was not finite.
    #[inline(always)]
    pub(super) fn enter(&self) -> Option<f32> {
        // `x · 0` is `0` for a finite `x`: a gap or speed that overflowed (coordinates near the
        // float range, or a sum of them that does) decides nothing, and neither does a NaN.
        if self.apart || self.sum * 0.0 != 0.0 {
            return None;
        }
        // Strict: an entry at the exit (a touch at one moment) is no overlap, and an exit at
        // zero (`0 / −speed`, touching at the start and parting) is none either.
        let (enter, leave) = (self.enter, self.leave);
        (enter < leave && enter < 1.0 && leave > 0.0).then_some(enter)
    }

    /// The axis that closed last, and `a`'s and `b`'s levels along it at the start.
    #[inline(always)]
    pub(super) fn latest(&self) -> (Vec2, (f32, f32)) {
        (self.latest_axis, self.latest_levels)
    }
}

/// The axis of the largest gap (the least penetration, for a pair overlapping at the start),
/// and `a`'s and `b`'s levels along it, folded one axis at a time as [`AxisWindow::take`].
pub(super) struct LeastGap {
    gap: f32,
    axis: Vec2,
    levels: (f32, f32),
}

impl LeastGap {
    /// No axis yet.
    pub(super) fn new() -> Self {
        Self {
            gap: f32::NEG_INFINITY,
            axis: Vec2::ZERO,
            levels: (0.0, 0.0),
        }
    }

    /// One axis, as [`AxisWindow::take`] gets it (the speed does not matter here).
    pub(super) fn take(&mut self, gap: f32, axis: Vec2, a_most: f32) {
        if gap > self.gap {
            (self.gap, self.axis, self.levels) = (gap, axis, (a_most, a_most + gap));
        }
    }

    /// The axis and the levels.
    pub(super) fn axis(&self) -> (Vec2, (f32, f32)) {
        (self.axis, self.levels)
    }
}

/// Of the axes given as `(gap, closing speed, axis)`, in order, the one whose gap closes last
/// and when (`-inf` for one that starts closed), by [`later_beyond_tie`]. `reach` is the
/// largest coordinate of the shapes' corners, which sets what a tie is.
pub(in crate::query) fn latest_axis(
    reach: f32,
    axes: impl Iterator<Item = (f32, f32, Vec2)>,
) -> Option<(f32, Vec2)> {
    let mut latest = LatestAxis::new(reach);
    for (gap, speed, axis) in axes {
        latest.offer(gap, speed, axis);
    }
    latest.found()
}

/// [`latest_axis`] offered one axis at a time.
pub(super) struct LatestAxis {
    /// A near tie: gaps that differ by less than this.
    tie: f32,
    /// The latest entry so far, its axis, and that axis's gap.
    best: Option<(f32, Vec2, f32)>,
    /// The first axis offered apart and not closing: see [`found`](Self::found).
    parting: Option<Vec2>,
}

impl LatestAxis {
    pub(super) fn new(reach: f32) -> Self {
        Self {
            tie: NEAR_TIE * reach,
            best: None,
            parting: None,
        }
    }

    /// The next axis, as `(gap, closing speed, axis)`.
    #[inline(always)]
    pub(super) fn offer(&mut self, gap: f32, speed: f32, axis: Vec2) {
        // A gap of zero is touching, not overlapping, and so is one below zero by no more
        // than a near tie (faces meeting flat, rounded past each other, which the overlap
        // test may call apart): closing in, it is met at once (entry 0), and so it outranks
        // every axis that overlaps all along, and keeps on a near tie the face met flat.
        let entry = if gap < 0.0 && !(speed > 0.0 && gap >= -self.tie) {
            f32::NEG_INFINITY
        } else if speed > 0.0 {
            gap.max(0.0) / speed
        } else {
            self.parting.get_or_insert(axis);
            return;
        };
        // The first axis is kept whatever its entry; an entry of `-inf` replaces another only
        // with a larger gap: of axes closed at the start, the least penetration (a hull's
        // corner resting on a tile within rounding, whose top is the way apart, not the
        // tile's bottom, which the first axis offered may be).
        let replaces = |(e, _, g): (f32, Vec2, f32)| {
            later_beyond_tie(entry, e, speed, self.tie)
                || (entry == f32::NEG_INFINITY && e == f32::NEG_INFINITY && gap > g)
        };
        if self.best.is_none_or(replaces) {
            self.best = Some((entry, axis, gap));
        }
    }

    /// The axis whose gap closes last and when, of those offered; or, when one was apart and
    /// not closing, that one (entry `-inf`).
    ///
    /// Such an axis separates the shapes all frame: they only graze within rounding, along
    /// it, and its normal says so (nothing closes along it). Another axis's normal would make
    /// a graze a stop: a hull whose vertex glides an ulp over a tile, where one of the hull's
    /// faces closes on the corner behind the tile's top, or a hull's face off by an ulp from
    /// the tile's closing at a crawl.
    pub(super) fn found(&self) -> Option<(f32, Vec2)> {
        match self.parting {
            Some(axis) => Some((f32::NEG_INFINITY, axis)),
            None => self.best.map(|(entry, axis, _)| (entry, axis)),
        }
    }
}
