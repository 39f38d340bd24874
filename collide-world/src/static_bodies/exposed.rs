//! The face rule for a body overlapping static rects laid edge to edge: its way out of one
//! rect is through a face that no other rect covers, as out of a tile map's cell, so a body
//! sunk into a floor of blocks is pushed up through the floor's top, never along the side two
//! blocks share.

use collide_core::{Aabb, Contact, ShapeRef};
use glam::Vec2;

use super::flush::REACH;
use super::StaticBodies;
use crate::tiles::faces::{meets, Face, Meets};
use crate::Obstacle;

impl StaticBodies {
    /// The contact `c` of a body whose box is `bounds` with rect body `id` (that `keeps`
    /// keeps the others of), by the face rule: kept where the face its normal meets is
    /// exposed where the box overlaps it; else the way out through the exposed face across
    /// it, on the box's side, that the box reaches past least, with that depth; `None` where
    /// there is none. A corner's: the face's where the region is flat there
    /// ([`flat_corner_normal`](Self::flat_corner_normal)), kept where a face meeting there is
    /// exposed, else `None`. Any other body's contact is kept.
    pub(super) fn exposed_contact(
        &self,
        id: u32,
        c: Contact,
        bounds: &Aabb,
        keeps: &impl Fn(&Obstacle<'_>) -> bool,
    ) -> Option<Contact> {
        let Some(body) = self.body_at(id) else {
            return Some(c);
        };
        let ShapeRef::Rect(rect) = body.shape else {
            return Some(c);
        };
        let (lo, hi) = (
            body.pose.position - rect.half_extents,
            body.pose.position + rect.half_extents,
        );
        let exposed = |f: Face| !self.covers(past(f, (lo, hi), bounds), &body, keeps);
        let depth = |f: Face| face_depth(f, (lo, hi), bounds);
        let across = match meets(c.normal)? {
            Meets::Face(f) if exposed(f) => return Some(c),
            Meets::Face(Face::Left | Face::Right) => [Face::Bottom, Face::Top],
            Meets::Face(Face::Bottom | Face::Top) => [Face::Left, Face::Right],
            Meets::Corner(fx, fy) => {
                let Some(normal) = self.flat_corner_normal(id, c.normal, keeps) else {
                    // A corner of the union, or one inside it (no way out there).
                    return (exposed(fx) || exposed(fy)).then_some(c);
                };
                let f = meets(normal).and_then(|m| match m {
                    Meets::Face(f) => Some(f),
                    Meets::Corner(..) => None,
                })?;
                let depth = depth(f);
                return Some(Contact { normal, depth, ..c });
            }
        };
        let middle = body.pose.position;
        let on_its_side = |f: Face| match f {
            Face::Left => bounds.center.x < middle.x,
            Face::Right => bounds.center.x > middle.x,
            Face::Bottom => bounds.center.y < middle.y,
            Face::Top => bounds.center.y > middle.y,
        };
        across
            .into_iter()
            .filter(|&f| on_its_side(f) && exposed(f))
            .map(|f| (f, depth(f)))
            .filter(|&(_, depth)| depth > 0.0)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(f, depth)| Contact {
                normal: f.inward(),
                depth,
                ..c
            })
    }
}

/// A point just outside face `f` of the rect `(lo, hi)`, at the middle of the part of the face
/// that the box `bounds` spans (of the whole face where it spans none): a rect that holds it
/// covers the face there.
fn past(f: Face, (lo, hi): (Vec2, Vec2), bounds: &Aabb) -> Vec2 {
    let step = (REACH * (hi - lo).min_element() * 0.5)
        .max(8.0 * f32::EPSILON * lo.abs().max(hi.abs()).max_element());
    let middle = |axis: usize| {
        let (a, b) = (
            lo[axis].max(bounds.min()[axis]),
            hi[axis].min(bounds.max()[axis]),
        );
        if a <= b {
            (a + b) * 0.5
        } else {
            (lo[axis] + hi[axis]) * 0.5
        }
    };
    match f {
        Face::Left => Vec2::new(lo.x - step, middle(1)),
        Face::Right => Vec2::new(hi.x + step, middle(1)),
        Face::Bottom => Vec2::new(middle(0), lo.y - step),
        Face::Top => Vec2::new(middle(0), hi.y + step),
    }
}

/// How far the box `bounds` reaches into the rect `(lo, hi)` past its face `f`.
fn face_depth(f: Face, (lo, hi): (Vec2, Vec2), bounds: &Aabb) -> f32 {
    match f {
        Face::Left => bounds.max().x - lo.x,
        Face::Right => hi.x - bounds.min().x,
        Face::Bottom => bounds.max().y - lo.y,
        Face::Top => hi.y - bounds.min().y,
    }
}
