//! The face rule for static rects laid edge to edge: a hit on a rect's corner where another
//! body covers one of the two faces meeting there is a hit on the other face, as on a tile
//! map, so a body never bounces off the seam between two wall blocks.

use collide_core::{Hit, Impact, Layers, ShapeRef};
use glam::Vec2;

use super::StaticBodies;
use crate::tiles::faces::{meets, Meets};
use crate::{Obstacle, Obstacles};

/// How far past a face, as a fraction of the rect's smaller half extent, a point must lie
/// inside another body for that body to cover the face at the corner.
const REACH: f32 = 1e-3;

/// How far back inside the other face's line, as a fraction of that reach, the point lies (at
/// least the rounding of the corner): a neighbour whose surface falls away from the line by
/// more than this slope (about 3°), a ramp meeting the corner, leaves the corner a crest with
/// its own normal.
const FLAT: f32 = 0.05;

impl StaticBodies {
    /// `hit` on body `id` with the normal [`flat_corner_normal`](Self::flat_corner_normal)
    /// gives it, if any.
    pub(super) fn face_rule(&self, id: u32, hit: Hit) -> Hit {
        self.face_rule_among(id, hit, &|_| true)
    }

    /// [`face_rule`](Self::face_rule) on the set without the bodies `keeps` leaves out: only
    /// the bodies it keeps cover a face.
    pub(super) fn face_rule_among(
        &self,
        id: u32,
        hit: Hit,
        keeps: &impl Fn(&Obstacle<'_>) -> bool,
    ) -> Hit {
        match self.flat_corner_normal(id, hit.impact.normal, keeps) {
            Some(normal) => Hit {
                impact: Impact {
                    normal,
                    ..hit.impact
                },
                ..hit
            },
            None => hit,
        }
    }

    /// The face normal a hit with `normal` (from the mover into body `id`) on a rect body
    /// gets, by a tile map's face rule ([`face_normal`](crate::TileMap::face_normal)): off
    /// an axis by less than a thousandth, that face's exact normal; on a corner where another
    /// body of the same kind (layers, one-way side, sensor or not) covers one of the two faces meeting there
    /// and goes on flush with the other (a point just past the first face, a sliver inside the
    /// other's line, lies inside it) and not the other way round, the other face's. `None` when the hit keeps its normal: not on a rect, on a face
    /// exactly, or on a corner where both faces or neither are covered (a corner of the
    /// union stays a corner).
    pub(super) fn flat_corner_normal(
        &self,
        id: u32,
        normal: Vec2,
        keeps: &impl Fn(&Obstacle<'_>) -> bool,
    ) -> Option<Vec2> {
        let body = self.body_at(id)?;
        let ShapeRef::Rect(rect) = body.shape else {
            return None;
        };
        let (fx, fy) = match meets(normal)? {
            // A corner met within a thousandth of a face's normal: that face's, exactly (one
            // along the axis already is the face's, to within the rounding of its length).
            Meets::Face(f) => return (normal.x != 0.0 && normal.y != 0.0).then(|| f.inward()),
            Meets::Corner(fx, fy) => (fx, fy),
        };
        // The corner facing the mover, and which way is out of the rect along each axis.
        let out = -Vec2::new(normal.x.signum(), normal.y.signum());
        let corner = body.pose.position + out * rect.half_extents;
        let rounding = corner.abs().max_element() * (8.0 * f32::EPSILON);
        let step = (REACH * rect.half_extents.min_element()).max(rounding);
        // Just out through the face across x (or y), and back inside along the other axis by
        // a sliver of that: only a neighbour that goes on flush with the other face holds it,
        // not a ramp that meets the corner (its surface falls away from the face's line).
        let sliver = (FLAT * step).max(rounding);
        let past_x = corner + Vec2::new(out.x * step, -out.y * sliver);
        let past_y = corner + Vec2::new(-out.x * sliver, out.y * step);
        match (
            self.covers(past_x, &body, keeps),
            self.covers(past_y, &body, keeps),
        ) {
            (false, true) => Some(fx.inward()),
            (true, false) => Some(fy.inward()),
            _ => None,
        }
    }

    /// Whether a body other than `body`, of the same kind (its layers, one-way the same way
    /// or not at all, and a sensor only beside a sensor), that `keeps` keeps holds `point`.
    fn covers(
        &self,
        point: Vec2,
        body: &Obstacle<'_>,
        keeps: &impl Fn(&Obstacle<'_>) -> bool,
    ) -> bool {
        let area = collide_core::Aabb::new(point, Vec2::ZERO);
        let mut held = false;
        self.near(&area, Layers::ALL, &mut |o| {
            let alike =
                o.layers == body.layers && o.one_way == body.one_way && o.sensor == body.sensor;
            held |= o.id != body.id && alike && holds(&o, point) && keeps(&o);
        });
        held
    }
}

/// Whether obstacle `o` holds `point`, its boundary included.
fn holds(o: &Obstacle<'_>, point: Vec2) -> bool {
    let from_centre = point - o.pose.position;
    match o.shape {
        ShapeRef::Circle(c) => from_centre.length_squared() <= c.radius * c.radius,
        // A rect ignores rotation.
        ShapeRef::Rect(r) => from_centre.abs().cmple(r.half_extents).all(),
        ShapeRef::Hull(h) => h.contains_point(o.pose.rotation.apply_inverse(from_centre)),
    }
}
