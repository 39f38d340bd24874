//! What the exact separating-axis sweep gathers over the axes of a pair of polygons, one axis
//! at a time, shared by the general pair and by the hull–rect closed form, so that both give
//! the same time and face bit for bit.

use glam::Vec2;

/// The open intervals of time during which the gap along each axis is below zero, folded into
/// where they all first hold: the latest entry, the earliest exit, and the axis whose gap
/// closes last (an earlier one kept on a near tie), with `a`'s and `b`'s levels along it.
pub(super) struct AxisWindow {
    enter: f32,
    leave: f32,
    /// An axis at a gap of zero or more that neither shape closes on: never inside its slab.
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
            // Later beyond a near tie: `(entry − latest)·speed` is the gap it has left when
            // the one before closes.
            if gap > 0.0
                && entry > self.latest
                && (self.latest == f32::NEG_INFINITY || (entry - self.latest) * speed > self.tie)
            {
                self.latest = entry;
                self.latest_axis = axis;
                self.latest_levels = (a_most, a_most + gap);
            }
        } else if speed < 0.0 {
            let exit = gap / speed;
            self.leave = if exit < self.leave { exit } else { self.leave };
        } else {
            self.apart |= gap >= 0.0;
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
