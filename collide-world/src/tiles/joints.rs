//! The face rule on a map with shaped cells: a cell's outline is a polygon (its rectangle,
//! a half, a slope), its edges on the cell's sides are internal where the neighbour covers
//! them, and a hit on a vertex takes the normals of the exposed faces that truly meet there,
//! from every cell around it, so that joints between slopes, floors and half tiles at the
//! same height are flat, and a slope's crest or foot is the corner it is.

use collide_core::{Impact, Motion, Pose, ShapeRef};
use glam::Vec2;

use super::cells::Cells;
use super::faces::{Face, SNAP};
use super::obstacles::on_line;
use super::{TileMap, TileShape};
use crate::own_normal::ALONG_ULPS;
use crate::working_skin;

/// The most exposed faces that can meet at one vertex (two per cell around it, four cells).
const MOST_AT_VERTEX: usize = 8;

impl TileMap {
    /// [`face_normal`](Self::face_normal) for a cell whose solid part is the polygon
    /// `shape.outline()`: a normal within a thousandth of one of its edges' meets that edge,
    /// kept as the edge's normal when exposed (a slanted edge always is, a side edge where the
    /// neighbour does not cover it), else dropped; any other meets the vertex that is the
    /// polygon's support along it, and is ruled by the faces meeting there
    /// ([`vertex_normal`](Self::vertex_normal)). `within` names the one-way cells the moving
    /// shape passes through, by their offset from the cell: the cell's sides beside them are
    /// walls to their ends, and they are no faces.
    pub(super) fn shaped_face_normal(
        &self,
        cells: &impl Cells,
        (x, y): (u32, u32),
        shape: TileShape,
        normal: Vec2,
        within: &impl Fn(i64, i64) -> bool,
    ) -> Option<Vec2> {
        let outline = shape.outline()?;
        let out = -normal.try_normalize()?;
        let n = outline.len();
        if let Some(i) = (0..n).find(|&i| {
            let m = self.edge_normal(shape, outline, i);
            m.dot(out) > 0.0 && m.perp_dot(out).abs() <= SNAP
        }) {
            let exposed = match Face::of_edge(outline[i], outline[(i + 1) % n]) {
                Some(face) => self.exposed_near(cells, x, y, face, None),
                None => true,
            };
            return exposed.then(|| -self.edge_normal(shape, outline, i));
        }
        let size = self.cell_size();
        let k = (0..n)
            .max_by(|&a, &b| {
                (outline[a] * size)
                    .dot(out)
                    .total_cmp(&(outline[b] * size).dot(out))
            })
            .unwrap_or(0);
        self.vertex_normal(cells, (x, y), outline[k], normal, within)
    }

    /// The normal of a hit with normal `normal` on the vertex `at` (in the unit cell) of cell
    /// `(x, y)`, by the exposed faces of the cells around that meet there: none, the vertex
    /// lies inside the solid region and the hit is dropped; two in line, the surface is flat
    /// there and the hit gets their normal; two making an outside corner, a normal between
    /// theirs is kept, another gets the nearer of theirs; otherwise (an inside corner) the
    /// nearest face's normal. Where more meet (the region pinches there), the two that bound
    /// the open sector the body lies in are taken so.
    fn vertex_normal(
        &self,
        cells: &impl Cells,
        (x, y): (u32, u32),
        at: Vec2,
        normal: Vec2,
        within: &impl Fn(i64, i64) -> bool,
    ) -> Option<Vec2> {
        let faces = self.faces_at(cells, (x, y), at, within);
        let faces = &faces.list[..faces.len];
        let nearest = || {
            faces
                .iter()
                .map(|f| f.0)
                .max_by(|a, b| a.dot(normal).total_cmp(&b.dot(normal)))
        };
        let (m1, e1, m2, e2) = match faces {
            [(m1, e1), (m2, e2)] => (*m1, *e1, *m2, *e2),
            [_, _, _, ..] => match bounding(faces, -normal) {
                Some(pair) => pair,
                None => return nearest(),
            },
            _ => return nearest(),
        };
        if m1.perp_dot(m2).abs() <= SNAP && m1.dot(m2) > 0.0 {
            return Some(m1); // flat
        }
        // An outside corner: each face runs off into the other's solid side.
        let outside = e2.dot(m1) > 0.0 && e1.dot(m2) > 0.0;
        let between = m1.perp_dot(normal) * normal.perp_dot(m2) >= 0.0 && normal.dot(m1 + m2) > 0.0;
        if outside && between {
            Some(normal)
        } else {
            nearest()
        }
    }

    /// The exposed faces of the cells around that have the vertex `at` of cell `(x, y)` (in
    /// its unit cell) at an end: each one's normal into the solid and its direction away
    /// from the vertex; the cell's own sides beside the one-way cells `within` names exposed
    /// whole, and those cells left out.
    fn faces_at(
        &self,
        cells: &impl Cells,
        (x, y): (u32, u32),
        at: Vec2,
        within: &impl Fn(i64, i64) -> bool,
    ) -> Faces {
        let mut faces = Faces {
            list: [(Vec2::ZERO, Vec2::ZERO); MOST_AT_VERTEX],
            len: 0,
        };
        let size = self.cell_size();
        for dy in -1i64..=1 {
            for dx in -1i64..=1 {
                let (cx, cy) = (i64::from(x) + dx, i64::from(y) + dy);
                let (Ok(cx), Ok(cy)) = (u32::try_from(cx), u32::try_from(cy)) else {
                    continue;
                };
                let Some(shape) = cells.get(self, cx, cy).map(TileShape::from_byte) else {
                    continue;
                };
                let Some(outline) = shape.outline() else {
                    continue;
                };
                // A one-way cell the moving shape passes through is no surface to it at all.
                if shape.is_one_way() && within(dx, dy) {
                    continue;
                }
                // The vertex in that cell's unit cell (exact: halves and whole numbers).
                let local = at - Vec2::new(dx as f32, dy as f32);
                let n = outline.len();
                for i in 0..n {
                    let (p, q) = (outline[i], outline[(i + 1) % n]);
                    let away = if p == local {
                        q - p
                    } else if q == local {
                        p - q
                    } else {
                        continue;
                    };
                    let side = Face::of_edge(p, q);
                    let exposed = match side {
                        Some(face) if (dx, dy) == (0, 0) && face.beside(within) => {
                            self.exposed_near(cells, cx, cy, face, None)
                        }
                        Some(face) => {
                            let along = usize::from(matches!(face, Face::Left | Face::Right));
                            self.exposed_near(cells, cx, cy, face, Some(local[along]))
                        }
                        None => true,
                    };
                    let m = -self.edge_normal(shape, outline, i);
                    // A one-way cell is a surface only on the side it blocks from, told by the
                    // side's exact axis: the normalised edge normal can be an ulp short of it.
                    let up = self.one_way_up();
                    let blocks = !shape.is_one_way() || side.is_some_and(|f| -f.inward() == up);
                    if exposed && blocks && faces.len < MOST_AT_VERTEX {
                        faces.list[faces.len] = (m, (away * size).normalize());
                        faces.len += 1;
                    }
                }
            }
        }
        faces
    }

    /// The normal of a hit on shaped cell `(x, y)` exactly at a vertex of its outline, whose
    /// own normal named an edge there that the face rule drops (its neighbour covers it): the
    /// vertex's, by the exposed faces of the cells around it, as for a hit along `travel`
    /// ([`vertex_normal`](Self::vertex_normal)). The two edges tie at the vertex, and a ray
    /// entering there (down past a slope's top corner, its side against a half tile) passes
    /// inside the cell through the open side of that vertex. `None` off every vertex, and
    /// where the travel does not go into the surface there: a shape sliding along a row of
    /// half tiles meets no seam.
    pub(super) fn through_a_shaped_vertex(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        impact: &Impact,
        travel: Vec2,
    ) -> Option<Vec2> {
        let outline = TileShape::from_byte(cells.get(self, x, y)?).outline()?;
        let (lo, size, at) = (self.cell_min(x, y), self.cell_size(), impact.point);
        let vertex = outline.iter().find(|&&v| {
            let v = lo + v * size;
            on_line(at.x, v.x, travel) && on_line(at.y, v.y, travel)
        })?;
        // Ruled as a hit along the travel: the face it meets most head-on, or at a crest
        // the travel's own way in.
        let way = travel.try_normalize()?;
        self.vertex_normal(cells, (x, y), *vertex, way, &|_, _| false)
            .filter(|normal| travel.dot(*normal) > 0.0)
    }

    /// The normal of a hit with ruled normal `normal` at a vertex of cell `(x, y)`'s outline
    /// that is an outside corner of two exposed faces (a crest, a ledge's end), where `travel`
    /// goes into `normal` but runs along or away from one of those faces and the body, where
    /// it meets the vertex (`body`), reaches no further than that face's line (to rounding):
    /// that face's. A body grazing a crest exactly at one face's level (a box walking off a
    /// half tile's top over a slope's crest) passes along that face; the other face, or a
    /// normal between the two, would turn it up the slope. `None` elsewhere.
    pub(super) fn crest_graze_normal(
        &self,
        cells: &impl Cells,
        (x, y): (u32, u32),
        (impact, normal): (&Impact, Vec2),
        (shape, body, travel): (ShapeRef<'_>, &Pose, Vec2),
        within: &impl Fn(i64, i64) -> bool,
    ) -> Option<Vec2> {
        // Into a surface by more than the rounding of the travel's length, as the slide asks.
        let along = |m: Vec2| travel.dot(m) <= ALONG_ULPS * f32::EPSILON * travel.length();
        if along(normal) {
            return None;
        }
        let outline = TileShape::from_byte(cells.get(self, x, y)?).outline()?;
        let (lo, size) = (self.cell_min(x, y), self.cell_size());
        // The sweep's point lies within rounding of the vertex it met; the test below, on the
        // body's own extent, is the exact one.
        let near = 1e-3 * size.min_element();
        let vertex = *outline
            .iter()
            .find(|&&v| (lo + v * size - impact.point).abs().max_element() <= near)?;
        let faces = self.faces_at(cells, (x, y), vertex, within);
        let [(m1, e1), (m2, e2)] = faces.list[..faces.len] else {
            return None;
        };
        if !(e2.dot(m1) > 0.0 && e1.dot(m2) > 0.0) {
            return None; // not an outside corner
        }
        let point = lo + vertex * size;
        let rounding = working_skin(0.0, &[shape.aabb(body)]);
        let grazed = |m: Vec2| along(m) && shape.reach(body, m) <= point.dot(m) + rounding;
        match (grazed(m1), grazed(m2)) {
            (true, false) => Some(m1),
            (false, true) => Some(m2),
            _ => None,
        }
    }

    /// For a shaped cell, the normal of the exposed edge of its outline that `shape`, where
    /// `motion` starts, lies against (within rounding) and moves into, if there is one: what
    /// a hit at the very start on an internal edge is taken for, as for a whole cell.
    pub(super) fn shaped_pressed_face(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        shape: ShapeRef<'_>,
        motion: &Motion,
    ) -> Option<Vec2> {
        let tile = TileShape::from_byte(cells.get(self, x, y)?);
        let outline = tile.outline()?;
        let start = motion.start_pose();
        let size = self.cell_size();
        let scale = size.max_element() + start.position.abs().max_element();
        let tolerance = 1e-5 * (1.0 + scale);
        let n = outline.len();
        (0..n)
            .filter_map(|i| {
                let out = self.edge_normal(tile, outline, i);
                let exposed = match Face::of_edge(outline[i], outline[(i + 1) % n]) {
                    Some(face) => self.exposed_near(cells, x, y, face, None),
                    None => true,
                };
                // How far the shape stands off the edge's line, out of the cell.
                let on_line = self.cell_min(x, y) + outline[i] * size;
                let gap = (start.position - on_line).dot(out) - reach(shape, &start, -out);
                let into = motion.travel().dot(-out) > 0.0;
                (exposed && into && gap.abs() <= tolerance).then_some((-out, gap.abs()))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(normal, _)| normal)
    }

    /// The outward unit normal of edge `i` (from vertex `i` to the next) of a cell's outline,
    /// the slope hull's own where it is one (so that a hit on it reports the very normal the
    /// sweeps give).
    pub(super) fn edge_normal(&self, shape: TileShape, outline: &[Vec2], i: usize) -> Vec2 {
        if let Some(hull) = shape.slope_index().and_then(|s| self.slope_hull(s)) {
            return hull.normals()[i];
        }
        let e = (outline[(i + 1) % outline.len()] - outline[i]) * self.cell_size();
        Vec2::new(e.y, -e.x).normalize()
    }
}

/// Where more than two faces meet at a vertex (the region pinches there: a ceiling slope's
/// flat top beside a floor slope going down), the two that bound the sector around it the
/// direction `toward` (from the vertex to the body) lies in, as `(normal, away)` each: the
/// nearest face turning one way from `toward` and the nearest turning the other. `None` when
/// `toward` is not finite.
fn bounding(faces: &[(Vec2, Vec2)], toward: Vec2) -> Option<(Vec2, Vec2, Vec2, Vec2)> {
    let toward = toward.try_normalize()?;
    // How far each face's direction turns from `toward`, counterclockwise: a measure that
    // grows with the angle from 0 to 2π (in [0, 4)), in arithmetic alone, so that the same
    // bits come out everywhere.
    let turn = |away: Vec2| {
        let (cos, sin) = (toward.dot(away), toward.perp_dot(away));
        if sin >= 0.0 {
            1.0 - cos
        } else {
            3.0 + cos
        }
    };
    let by_turn = |a: &&(Vec2, Vec2), b: &&(Vec2, Vec2)| turn(a.1).total_cmp(&turn(b.1));
    let left = faces.iter().min_by(by_turn)?;
    let right = faces.iter().max_by(by_turn)?;
    Some((left.0, left.1, right.0, right.1))
}

/// How far `shape` placed at `pose` reaches from its position along the unit `direction`.
fn reach(shape: ShapeRef<'_>, pose: &Pose, direction: Vec2) -> f32 {
    match shape {
        ShapeRef::Circle(c) => c.radius,
        ShapeRef::Rect(r) => r.half_extents.dot(direction.abs()),
        ShapeRef::Hull(h) => {
            let local = pose.rotation.inverse().apply(direction);
            h.support(local).1.dot(local)
        }
    }
}

/// The exposed faces at a vertex: each one's normal into the solid and its direction away
/// from the vertex.
struct Faces {
    list: [(Vec2, Vec2); MOST_AT_VERTEX],
    len: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::cells::AsIs;
    use collide_core::Rect;

    #[test]
    fn a_start_against_a_shaped_edge_presses_on_it() {
        let map = TileMap::from_rows(&["_/", "##"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
        let body = ShapeRef::Rect(Rect {
            half_extents: Vec2::new(2.0, 3.0),
        });
        // Resting exactly on the half tile's top (y = 24), moving down and along.
        let on_half = Motion::linear(Vec2::new(8.0, 27.0), Vec2::new(12.0, 20.0));
        assert_eq!(
            map.shaped_pressed_face(&AsIs, 0, 1, body, &on_half),
            Some(Vec2::NEG_Y)
        );
        let away = Motion::linear(Vec2::new(8.0, 27.0), Vec2::new(12.0, 30.0));
        assert_eq!(map.shaped_pressed_face(&AsIs, 0, 1, body, &away), None);
        // The box's bottom-right corner on the slope's face (y = x), moving in.
        let corner = Vec2::new(24.0, 24.0);
        let on_slope = Motion::linear(corner + Vec2::new(-2.0, 3.0), Vec2::new(30.0, 20.0));
        let into = map
            .shaped_pressed_face(&AsIs, 1, 1, body, &on_slope)
            .unwrap();
        assert!(
            into.distance(Vec2::new(1.0, -1.0).normalize()) < 1e-6,
            "{into}"
        );
        // A few units off the face is no press.
        let off = Motion::linear(corner + Vec2::new(-3.0, 4.0), Vec2::new(30.0, 20.0));
        assert_eq!(map.shaped_pressed_face(&AsIs, 1, 1, body, &off), None);
    }
}
