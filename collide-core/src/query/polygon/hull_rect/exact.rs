//! The exact separating-axis sweep of a hull against a rect (strict overlap, as
//! [`time_of_impact`](crate::time_of_impact) takes it) in the closed form of [`HullRect`]: the
//! same time, face and point as [`PolygonPair::exact_sweep`](super::super::PolygonPair), bit
//! for bit, for the casts of a hull through a level of tiles.

use glam::Vec2;

use super::super::meeting::{Meeting, ROUNDING};
use super::super::window::{AxisWindow, LeastGap, NEAR_TIE};
use super::HullRect;
use crate::query::sweep::{from_start, slab_flag};
use crate::Impact;
use crate::{Hull, Motion, Rect};

/// The time of impact of a moving hull `a` and a moving rect `b` (axis-aligned): `None` for a
/// miss, an invalid rect, and non-finite input. What the general separating-axis sweep of
/// two polygons gives for the pair (see `sweep_polygons`), for less work.
#[inline]
pub(in crate::query) fn sweep_hull_rect(
    a: &Hull,
    motion_a: &Motion,
    b: &Rect,
    motion_b: &Motion,
) -> Option<Impact> {
    let mut scratch = None;
    let pair = HullRect::new(a, motion_a, b, motion_b, &mut scratch)?;
    pair.exact_sweep(motion_a, motion_a.travel() - motion_b.travel())?
        .impact()
}

impl HullRect<'_> {
    /// The exact sweep of the hull against the rect, closing in by `closing`, as the general
    /// pair's `exact_sweep` finds it: where the open intervals of time during which the gap
    /// along each axis is below zero first all hold; the axis whose gap closes last (an earlier
    /// one kept on a near tie), or for a pair in touch or overlapping at the start the axis of
    /// least penetration.
    ///
    /// Inlined into its one caller: a meeting handed back through memory, stored a field at
    /// a time and loaded whole, waits for the stores to drain.
    #[inline(always)]
    pub(in crate::query) fn exact_sweep(
        &self,
        motion_a: &Motion,
        closing: Vec2,
    ) -> Option<Meeting> {
        let mut window = AxisWindow::new(NEAR_TIE / ROUNDING * self.margin.most());
        // The boxes around the two first: an axis of theirs that stays apart all frame is a
        // miss for a fraction of the work.
        let (a_lo, a_hi) = self.a_box;
        let (b_lo, b_hi) = (self.offset - self.half, self.offset + self.half);
        let half = (a_hi - a_lo + b_hi - b_lo) * 0.5;
        let from_b = (a_lo + a_hi - b_lo - b_hi) * 0.5;
        if !slab_flag(from_b, closing, half).0 {
            return None;
        }
        self.each_axis(closing, |gap, speed, axis, a_most| {
            window.take(gap, speed, axis, a_most);
        });
        let enter = window.enter()?;
        let touch_t = from_start(enter);
        let (normal, levels) = if enter > 0.0 {
            window.latest()
        } else {
            // In touch or overlapping at the start: the axis of the largest gap.
            let mut least = LeastGap::new();
            self.each_axis(closing, |gap, _, axis, a_most| {
                least.take(gap, axis, a_most)
            });
            least.axis()
        };
        let (tangent, margin) = (normal.perp(), self.margin.along(normal));
        let spans = [
            self.hull_span(normal, levels.0, margin, tangent),
            self.rect_span(normal, levels.1, margin, tangent),
        ];
        let point = self.touch_point(closing * touch_t, normal, levels.0, spans);
        Some(Meeting {
            touch_t,
            normal,
            point: motion_a.position_at(touch_t) + point,
            at_start: enter <= 0.0,
        })
    }
}
