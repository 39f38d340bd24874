//! Which faces of a solid cell are exposed, and the rule that keeps hits off internal faces.

use collide_core::{Impact, Pose, ShapeRef};
use glam::Vec2;

use super::cells::{AsIs, Cells};
use super::obstacles::on_line;
use super::shape::is_shaped;
use super::{TileMap, TileShape};
use crate::working_skin;

/// How close to an axis (the smaller component over the larger) a normal must be to count as
/// that axis's face rather than a corner. The sweeps give a face's normal to within rounding,
/// far inside this; a true corner that close to a face touches the same flat surface.
pub(crate) const SNAP: f32 = 1e-3;

/// One face of a cell, named by where it lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Face {
    Left,
    Right,
    Bottom,
    Top,
}

impl Face {
    /// The unit normal pointing into the cell through this face: the direction of a normal
    /// "from the shape into the cell" that meets it.
    pub(crate) fn inward(self) -> Vec2 {
        match self {
            Face::Left => Vec2::X,
            Face::Right => Vec2::NEG_X,
            Face::Bottom => Vec2::Y,
            Face::Top => Vec2::NEG_Y,
        }
    }

    /// The cell across this face of cell `(x, y)`: `None` below index `0` or past
    /// `u32::MAX`, where no cell lies (outside the map, so empty).
    pub(crate) fn across(self, x: u32, y: u32) -> Option<(u32, u32)> {
        match self {
            Face::Left => x.checked_sub(1).map(|x| (x, y)),
            Face::Right => x.checked_add(1).map(|x| (x, y)),
            Face::Bottom => y.checked_sub(1).map(|y| (x, y)),
            Face::Top => y.checked_add(1).map(|y| (x, y)),
        }
    }

    /// What `at` (a question about the cell at an offset from this face's cell) answers for
    /// the cell across this face.
    pub(crate) fn beside(self, at: &impl Fn(i64, i64) -> bool) -> bool {
        match self {
            Face::Left => at(-1, 0),
            Face::Right => at(1, 0),
            Face::Bottom => at(0, -1),
            Face::Top => at(0, 1),
        }
    }

    /// The face on the other side of the same edge, the neighbour's.
    pub(crate) fn opposite(self) -> Face {
        match self {
            Face::Left => Face::Right,
            Face::Right => Face::Left,
            Face::Bottom => Face::Top,
            Face::Top => Face::Bottom,
        }
    }

    /// The face of the unit cell the segment `p → q` (in unit coordinates) lies on, if any.
    pub(super) fn of_edge(p: Vec2, q: Vec2) -> Option<Face> {
        let on = |axis: usize, at: f32| p[axis] == at && q[axis] == at;
        [
            (Face::Left, 0, 0.0),
            (Face::Right, 0, 1.0),
            (Face::Bottom, 1, 0.0),
            (Face::Top, 1, 1.0),
        ]
        .into_iter()
        .find_map(|(f, axis, at)| on(axis, at).then_some(f))
    }

    /// The face a normal into the cell along one axis goes through.
    fn of_x(n: f32) -> Face {
        if n > 0.0 {
            Face::Left
        } else {
            Face::Right
        }
    }

    fn of_y(n: f32) -> Face {
        if n > 0.0 {
            Face::Bottom
        } else {
            Face::Top
        }
    }
}

/// Where a normal into a cell meets it: one face, or the corner between two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Meets {
    Face(Face),
    Corner(Face, Face),
}

/// Where the normal `n` (from a shape into the cell) meets the cell, or `None` for a zero or
/// non-finite normal.
pub(crate) fn meets(n: Vec2) -> Option<Meets> {
    if !n.is_finite() || n == Vec2::ZERO {
        return None;
    }
    Some(if n.x.abs() <= SNAP * n.y.abs() {
        Meets::Face(Face::of_y(n.y))
    } else if n.y.abs() <= SNAP * n.x.abs() {
        Meets::Face(Face::of_x(n.x))
    } else {
        Meets::Corner(Face::of_x(n.x), Face::of_y(n.y))
    })
}

impl TileMap {
    /// Whether face `face` of cell `(x, y)` is exposed: the cell across it does not cover
    /// the part of the edge the cell's own solid part covers (it is empty, outside the map,
    /// also past index `u32::MAX` or below `0`, or shaped and covering less). A one-way cell
    /// covers its neighbour's side only for another one-way cell beside it (a row of them is
    /// one platform): a solid cell's side beside one is a wall for what passes through the
    /// platform, and a top under one (of a solid cell or another platform) a floor.
    #[inline(always)]
    pub(crate) fn exposed(&self, x: u32, y: u32, face: Face) -> bool {
        self.exposed_near(&AsIs, x, y, face, None)
    }

    /// [`exposed`](Self::exposed) among `cells`, or with `Some(end)`, whether the face is
    /// exposed next to its end `end` (a coordinate along the side in the unit cell, `0` or `1`
    /// for a whole side): what a corner there needs, as a face covered only near the corner
    /// leaves the surface flat there (a half tile's top flush with its neighbour's).
    #[inline(always)]
    pub(super) fn exposed_near(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        face: Face,
        end: Option<f32>,
    ) -> bool {
        let Some(other) = face.across(x, y).and_then(|(x, y)| cells.get(self, x, y)) else {
            return true;
        };
        if other == 0 {
            return true;
        }
        let own = cells.get(self, x, y).unwrap_or(1);
        if !(is_shaped(own) || is_shaped(other)) {
            return false; // two whole cells
        }
        let (own, other) = (TileShape::from_byte(own), TileShape::from_byte(other));
        if other.is_one_way() {
            // Across the platform's up axis (a cell's top under it, a solid cell's or another
            // platform's), nothing is covered: what passes through the platform stands on
            // that top, up to its ends.
            let Some(top) = self.top_end(face) else {
                return true;
            };
            if !own.is_one_way() && end.is_some_and(|e| e != top) {
                return true; // under the platform, the cell's corner stands out
            }
        }
        !covered(own, other, face, end)
    }

    /// Which end of a cell's `face` lies on the side one-way cells block from (`1.0` the top
    /// or right end, `0.0` the other), when `face` runs along that side's axis: the end where
    /// a one-way neighbour's top meets the cell. `None` when the face runs across it.
    fn top_end(&self, face: Face) -> Option<f32> {
        let up = self.one_way_up();
        let along = match face {
            Face::Left | Face::Right => up.y,
            Face::Top | Face::Bottom => up.x,
        };
        (along != 0.0).then(|| f32::from(u8::from(along > 0.0)))
    }

    /// Whether solid cell `(x, y)` has any exposed face (a cell with none lies inside the
    /// solid region, and no shape from outside can meet it first). A shaped cell other than
    /// a one-way one always has (its slope or its half's inner side).
    pub(crate) fn has_exposed_face(&self, x: u32, y: u32) -> bool {
        let shape = self.get(x, y).map(TileShape::from_byte);
        if shape.is_some_and(|s| !matches!(s, TileShape::Solid | TileShape::OneWayTop)) {
            return true;
        }
        [Face::Left, Face::Right, Face::Bottom, Face::Top]
            .into_iter()
            .any(|f| self.exposed(x, y, f))
    }

    /// The normal a hit on cell `(x, y)` with normal `normal` (from the shape into the cell)
    /// is reported with, or `None` when the hit lies on a seam and is no hit on the map.
    ///
    /// This is the one rule every query of the map applies:
    /// - a normal along an axis (within a thousandth) meets one face: kept, as that face's
    ///   exact normal, when the face is exposed (the cell across it is empty or outside the
    ///   map), else dropped. The first contact with the union of the solid cells touches an
    ///   internal face only at its ends, where the neighbour across it gives the same contact
    ///   on an exposed face.
    /// - any other normal meets a corner: kept when both faces meeting there are exposed (an
    ///   outside corner of the solid region); when exactly one is, the region is flat there
    ///   and the normal becomes that face's; when neither is, dropped.
    ///
    /// On a map with shaped cells ([`TileShape`]) the same rule takes each cell's outline (a
    /// solid cell's is its rectangle): a normal within a thousandth of one of its edges' meets
    /// that edge, kept when exposed (a slope or a half's inner side always is; a side of the
    /// cell where the neighbour does not cover the part the cell covers), else dropped. Any
    /// other meets the outline's vertex furthest along it, ruled by the exposed faces of the
    /// cells around that meet there (a one-way cell's only on the side it blocks from):
    /// none, dropped; two in line (a slope's low cell meeting
    /// its high cell, a half tile beside another, the foot of a ramp seen from a floor
    /// tile's corner), their normal; two making an outside corner (a slope's crest), a normal
    /// between theirs kept, another given the nearer of theirs; else the nearest face's. So
    /// the joints where slopes, floors and half tiles meet at the same height give no bump,
    /// no catch and no internal normal.
    ///
    /// A zero or non-finite normal gives `None`.
    ///
    /// ```
    /// use collide_world::TileMap;
    /// use glam::Vec2;
    ///
    /// // Two floor tiles side by side: the face between them is internal.
    /// let map = TileMap::from_rows(&["##"], Vec2::splat(16.0), Vec2::ZERO)?;
    /// assert_eq!(map.face_normal(1, 0, Vec2::X), None); // into tile 1's left face: a seam
    /// assert_eq!(map.face_normal(1, 0, Vec2::NEG_Y), Some(Vec2::NEG_Y)); // its top
    /// // At tile 1's top-left corner the floor is flat: the normal is the top's.
    /// let slanted = Vec2::new(1.0, -1.0).normalize();
    /// assert_eq!(map.face_normal(1, 0, slanted), Some(Vec2::NEG_Y));
    /// // Tile 0's top-left corner is the floor's end: a real corner.
    /// assert_eq!(map.face_normal(0, 0, slanted), Some(slanted));
    /// # Ok::<(), collide_world::Error>(())
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn face_normal(&self, x: u32, y: u32, normal: Vec2) -> Option<Vec2> {
        self.face_normal_within(&AsIs, x, y, normal, |_, _| false)
    }

    /// [`face_normal`](Self::face_normal) among `cells`, for a shape passing through the
    /// one-way cells that `within` names (by their offset from cell `(x, y)`): beside those a
    /// solid cell's side is a wall whole, its ends no joint with the platform's top.
    pub(super) fn face_normal_within(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        normal: Vec2,
        within: impl Fn(i64, i64) -> bool,
    ) -> Option<Vec2> {
        if self.has_shapes() {
            let shape = cells
                .get(self, x, y)
                .map_or(TileShape::Solid, TileShape::from_byte);
            if !matches!(
                shape,
                TileShape::Solid | TileShape::OneWayTop | TileShape::Empty
            ) {
                return self.shaped_face_normal(cells, (x, y), shape, normal, &within);
            }
        }
        let exposed = |face, end| self.exposed_near(cells, x, y, face, end);
        match meets(normal)? {
            Meets::Face(f) => exposed(f, None).then(|| f.inward()),
            Meets::Corner(fx, fy) => match (
                exposed(fx, end_unless(fx.beside(&within), fy == Face::Top)),
                exposed(fy, end_unless(fy.beside(&within), fx == Face::Right)),
            ) {
                (true, true) => Some(normal),
                (true, false) => Some(fx.inward()),
                (false, true) => Some(fy.inward()),
                (false, false) => None,
            },
        }
    }
}

impl TileMap {
    /// The normal of a hit on whole cell `(x, y)` with an axis normal lying exactly at the
    /// corner the travel enters the cell through, where the neighbour across that face covers
    /// it (a half tile's side reaching the corner): the face is exposed only away from the
    /// corner, so the other face there rules, as
    /// [`through_the_corner`](Self::through_the_corner) gives it. `None` elsewhere.
    pub(super) fn covered_corner_normal(
        &self,
        cells: &impl Cells,
        (x, y): (u32, u32),
        impact: &Impact,
        travel: Vec2,
    ) -> Option<Vec2> {
        let solid = cells.get(self, x, y).map(TileShape::from_byte) == Some(TileShape::Solid);
        if !solid || impact.t <= 0.0 || travel.x == 0.0 || travel.y == 0.0 {
            return None;
        }
        let Some(Meets::Face(face)) = meets(impact.normal) else {
            return None;
        };
        // The corner's lines: the cell's low side along an axis the travel goes up.
        let cell = [i64::from(x), i64::from(y)];
        let on_corner = |axis: usize| {
            let line = self.edge(axis, cell[axis] + i64::from(travel[axis] < 0.0));
            on_line(impact.point[axis], line, travel)
        };
        // The face's end at that corner: its far end (`1`) for a travel going down its axis.
        if !(on_corner(0) && on_corner(1)) {
            return None;
        }
        let along = usize::from(matches!(face, Face::Left | Face::Right));
        let end = f32::from(u8::from(travel[along] < 0.0));
        if self.exposed_near(cells, x, y, face, Some(end)) {
            return None;
        }
        self.through_the_corner(cells, x, y, impact, travel)
    }

    /// The normal of a hit on cell `(x, y)` that the face rule keeps as `normal`, where the
    /// hit lies at a corner that rules it otherwise: a corner a point enters through
    /// ([`covered_corner_normal`](Self::covered_corner_normal)), the end of a side the
    /// neighbour covers there ([`covered_end_normal`](Self::covered_end_normal)), a crest
    /// grazed along one of its faces
    /// ([`crest_graze_normal`](Self::crest_graze_normal)). `None` elsewhere.
    pub(super) fn at_a_corner(
        &self,
        cells: &impl Cells,
        (x, y): (u32, u32),
        (impact, normal): (&Impact, Vec2),
        (shape, body, travel): (ShapeRef<'_>, &Pose, Vec2),
        within: &impl Fn(i64, i64) -> bool,
    ) -> Option<Vec2> {
        let moving = (shape, body, travel);
        self.covered_corner_normal(cells, (x, y), impact, travel)
            .or_else(|| match meets(normal) {
                Some(Meets::Face(face)) => {
                    self.covered_end_normal(cells, (x, y), (impact, face), moving, within)
                }
                _ => None,
            })
            .or_else(|| self.crest_graze_normal(cells, (x, y), (impact, normal), moving, within))
    }

    /// Whether cell `(x, y)`'s outline has an edge on its side `face` with an end at that
    /// side's end `end` (`0` or `1` along it).
    fn has_edge_to(&self, cells: &impl Cells, (x, y): (u32, u32), face: Face, end: f32) -> bool {
        let Some(outline) = cells
            .get(self, x, y)
            .and_then(|b| TileShape::from_byte(b).outline())
        else {
            return false;
        };
        let corner = match face {
            Face::Left => Vec2::new(0.0, end),
            Face::Right => Vec2::new(1.0, end),
            Face::Bottom => Vec2::new(end, 0.0),
            Face::Top => Vec2::new(end, 1.0),
        };
        let n = outline.len();
        (0..n).any(|i| {
            let (p, q) = (outline[i], outline[(i + 1) % n]);
            Face::of_edge(p, q) == Some(face) && (p == corner || q == corner)
        })
    }

    /// The normal of a hit the face rule keeps on side `face` of cell `(x, y)`, where the
    /// body (`body`, where it meets the cell) lies wholly beyond the line of one of the cell's
    /// sides across `face` (to rounding), so that it touches `face` only at its end there, and
    /// the neighbour across `face` covers it next to that end: the surface runs on flat across
    /// the corner (a half tile's top flush with the cell's, which a body resting on it meets
    /// the corner of), so the hit is on that other side, as the face rule rules it (`None`
    /// when it drops it there too, or elsewhere).
    pub(super) fn covered_end_normal(
        &self,
        cells: &impl Cells,
        (x, y): (u32, u32),
        (impact, face): (&Impact, Face),
        (shape, body, travel): (ShapeRef<'_>, &Pose, Vec2),
        within: impl Fn(i64, i64) -> bool,
    ) -> Option<Vec2> {
        let across = usize::from(matches!(face, Face::Bottom | Face::Top));
        let along = 1 - across;
        let cell = [i64::from(x), i64::from(y)];
        let far_side = matches!(face, Face::Right | Face::Top);
        let side = self.edge(across, cell[across] + i64::from(far_side));
        if !on_line(impact.point[across], side, travel) {
            return None;
        }
        let (near, far) = if along == 0 {
            (Face::Left, Face::Right)
        } else {
            (Face::Bottom, Face::Top)
        };
        // Beyond the other side's line: no point of the body further into the cell than it.
        let rounding = working_skin(0.0, &[shape.aabb(body)]);
        let beyond = |other: Face, i: i64| {
            let m = other.inward();
            shape.reach(body, m) <= self.edge(along, i) * m[along] + rounding
        };
        let (other, end) = if beyond(far, cell[along] + 1) {
            (far, 1.0)
        } else if beyond(near, cell[along]) {
            (near, 0.0)
        } else {
            return None;
        };
        // The cell's own edge on that side must reach the corner (a slope's cell has none on
        // some sides, which then expose nothing and cover nothing).
        if !self.has_edge_to(cells, (x, y), face, end)
            || self.exposed_near(cells, x, y, face, Some(end))
        {
            return None;
        }
        self.face_normal_within(cells, x, y, other.inward(), within)
    }
}

/// The end of a side a corner lies at (`1` for the far end, `0` the near), or `None` (the
/// whole side) when `whole`.
fn end_unless(whole: bool, far: bool) -> Option<f32> {
    (!whole).then_some(f32::from(u8::from(far)))
}

/// Whether the side `face` of a cell of shape `own` is covered by the neighbour of shape
/// `other` across it: the neighbour's solid part covers at least the span of the edge the
/// cell's own covers (a cell with no edge on that side has nothing to expose); with
/// `Some(end)`, only next to that end of the edge.
///
/// A one-way neighbour covers a solid cell's whole side for nothing (what passes through the
/// platform meets that side as a wall), but covers the ends of a side beside it (not of a top
/// under it: `exposed_near` answers for those) as a solid one would: a corner
/// there is where the platform's top meets the cell's, and is met as their joint (a slope's
/// crest flush with a one-way top is a crest, not a corner jutting out of the platform). The
/// end under the platform is no joint: [`TileMap::exposed_near`] keeps it exposed.
fn covered(own: TileShape, other: TileShape, face: Face, end: Option<f32>) -> bool {
    if end.is_none() && other.is_one_way() && !own.is_one_way() {
        return false;
    }
    match (own.covers(face), other.covers(face.opposite()), end) {
        (None, _, _) => true,
        (Some(_), None, _) => false,
        (Some(a), Some(b), None) => b.0 <= a.0 && a.1 <= b.1,
        // From the end into the edge, the neighbour's span goes on past it.
        (Some(a), Some(b), Some(e)) if e == a.0 => b.0 <= e && b.1 > e,
        (Some(a), Some(b), Some(e)) => e == a.1 && b.0 < e && b.1 >= e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_inside_a_block_are_internal_and_its_rim_is_exposed() {
        let map = TileMap::from_rows(&["###", "###", "#.."], Vec2::ONE, Vec2::ZERO).unwrap();
        // The centre cell (1, 1): solid on three sides, empty below.
        assert!(!map.exposed(1, 1, Face::Left));
        assert!(!map.exposed(1, 1, Face::Top));
        assert!(map.exposed(1, 1, Face::Bottom));
        assert!(map.exposed(2, 2, Face::Right)); // the map's edge counts as empty
        assert!(map.exposed(0, 0, Face::Left));
        assert!(map.has_exposed_face(1, 2)); // top edge of the map
        let inner = TileMap::from_rows(&["###", "###", "###"], Vec2::ONE, Vec2::ZERO).unwrap();
        assert!(!inner.has_exposed_face(1, 1));
    }

    #[test]
    fn the_rule_drops_seams_and_flattens_half_exposed_corners() {
        let map = TileMap::from_rows(&["###", "###", "#.."], Vec2::ONE, Vec2::ZERO).unwrap();
        let down_right = Vec2::new(1.0, -1.0).normalize();
        let up_right = Vec2::new(1.0, 1.0).normalize();
        // Cell (1, 1): into its bottom (exposed) is kept, nearly-axis normals snap to it.
        assert_eq!(map.face_normal(1, 1, Vec2::Y), Some(Vec2::Y));
        assert_eq!(
            map.face_normal(1, 1, Vec2::new(1e-5, 1.0).normalize()),
            Some(Vec2::Y)
        );
        assert_eq!(map.face_normal(1, 1, Vec2::X), None);
        // Its bottom-left corner: bottom exposed, left internal → the bottom's normal.
        assert_eq!(map.face_normal(1, 1, up_right), Some(Vec2::Y));
        // Cell (1, 2)'s top-left corner: both internal? Its left (0, 2) is solid, its top is
        // the map's edge: exposed → the top's normal.
        assert_eq!(map.face_normal(1, 2, down_right), Some(Vec2::NEG_Y));
        // Cell (0, 0): the map's corner, both faces exposed: kept as it is.
        assert_eq!(
            map.face_normal(0, 0, Vec2::new(1.0, 1.0).normalize()),
            Some(up_right)
        );
        // Cell (1, 1)'s top-right corner: right (2, 1) and top (1, 2) solid → dropped.
        assert_eq!(
            map.face_normal(1, 1, Vec2::new(-1.0, -1.0).normalize()),
            None
        );
        assert_eq!(map.face_normal(1, 1, Vec2::ZERO), None);
        assert_eq!(map.face_normal(1, 1, Vec2::new(f32::NAN, 1.0)), None);
    }
}
