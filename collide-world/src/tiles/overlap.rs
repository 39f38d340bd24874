//! Discrete queries on a tile map: does a placed shape overlap it, and along which exposed faces.

use collide_core::{contact, overlaps, Aabb, Contact, Pose, ShapeRef};
use glam::Vec2;

use super::cells::{AsIs, Cells};
use super::faces::{meets, Face, Meets};
use super::shape::is_shaped;
use super::{TileCell, TileMap};

impl TileMap {
    /// Whether `shape` placed at `pose` overlaps any solid cell (strictly: touching is not
    /// overlapping): a shaped cell's own shape ([`cell_shape`](Self::cell_shape)); a one-way
    /// cell never (what stands inside one passes through it).
    ///
    /// Visits only the cells under the shape's box (plus a cell of margin each way); a
    /// non-finite pose gives `false`. Allocation-free.
    ///
    /// ```
    /// use collide_world::TileMap;
    /// use collide_core::{Circle, Pose};
    /// use glam::Vec2;
    ///
    /// let map = TileMap::from_rows(&["....", "####"], Vec2::splat(16.0), Vec2::ZERO)?;
    /// let ball = Circle { radius: 4.0 };
    /// assert!(map.overlaps(ball, &Pose::from_position(Vec2::new(20.0, 19.0))));
    /// assert!(!map.overlaps(ball, &Pose::from_position(Vec2::new(20.0, 20.0)))); // touching
    /// # Ok::<(), collide_world::Error>(())
    /// ```
    #[must_use]
    pub fn overlaps<'a>(&self, shape: impl Into<ShapeRef<'a>>, pose: &Pose) -> bool {
        let shape = shape.into();
        let rect = self.cell_rect();
        let shaped = self.has_shapes();
        let mut hit = false;
        self.solid_cells_under(&shape.aabb(pose), false, |x, y| {
            hit = if shaped {
                self.blocking_shape(x, y)
                    .is_some_and(|(cell, at)| overlaps(shape, pose, cell, &at))
            } else {
                let cell = Pose::from_position(self.cell_center(x, y));
                overlaps(shape, pose, rect, &cell)
            };
            hit
        });
        hit
    }

    /// Calls `visit(cell, contact)` with every contact between `shape` placed at `pose` and an
    /// exposed face of a solid cell it overlaps (a shaped cell's own shape; no one-way cell),
    /// and returns how many there were. The
    /// contact's normal points from the shape into the cell, through the exposed face (or, at
    /// an outside corner of the solid region, the corner's slanted normal); its point is the
    /// one [`collide_core::contact`] gives for the shape and the cell's box. Every contact has a
    /// depth above zero: a shape within rounding of touching a face (whose depth there rounds
    /// to zero or below) gets no contact with it.
    ///
    /// A face between two solid cells is internal and never gives a contact (see
    /// [`face_normal`](Self::face_normal)): where the shape's least way out of a cell is
    /// through an internal face, its contact is the shallower of that cell's exposed faces
    /// across the other axis on the side the shape's centre is, if it has one. So a box pressed into a floor gets only the
    /// floor's normal even where it straddles a seam, and a circle pushed into an inside
    /// corner gets both faces (one from each cell). A shape buried in the solid region,
    /// overlapping no cell with an exposed face, gets none.
    ///
    /// Visits only the cells under the shape's box (plus a cell of margin each way): at most
    /// `(w + 3) · (h + 3)` for a box `w × h` cells wide. Non-finite input gives none.
    /// Allocation-free.
    ///
    /// ```
    /// use collide_world::TileMap;
    /// use collide_core::{Circle, Pose};
    /// use glam::Vec2;
    ///
    /// // A floor with a wall on its right, each 16 units a tile; the corner is at (32, 16).
    /// let map = TileMap::from_rows(&["..#", "..#", "###"], Vec2::splat(16.0), Vec2::ZERO)?;
    /// let ball = Circle { radius: 5.0 };
    /// let mut normals = Vec::new();
    /// let n = map.contacts(ball, &Pose::from_position(Vec2::new(27.5, 20.5)), |_, c| normals.push(c.normal));
    /// assert_eq!(n, 2);
    /// assert!(normals.contains(&Vec2::NEG_Y) && normals.contains(&Vec2::X));
    /// # Ok::<(), collide_world::Error>(())
    /// ```
    pub fn contacts<'a>(
        &self,
        shape: impl Into<ShapeRef<'a>>,
        pose: &Pose,
        mut visit: impl FnMut(TileCell, Contact),
    ) -> usize {
        let shape = shape.into();
        let rect = self.cell_rect();
        let bounds = shape.aabb(pose);
        let mut count = 0;
        let shaped = self.has_shapes();
        self.solid_cells_under(&bounds, true, |x, y| {
            let found = if shaped {
                self.blocking_shape(x, y)
                    .and_then(|(cell, at)| contact(shape, pose, cell, &at))
            } else {
                contact(
                    shape,
                    pose,
                    rect,
                    &Pose::from_position(self.cell_center(x, y)),
                )
            };
            if let Some(c) = found {
                if let Some((normal, depth)) = self.exposed_way_out(&AsIs, x, y, c.normal, &bounds)
                {
                    let depth = if normal == c.normal { c.depth } else { depth };
                    // A face's depth from the shape's box rounds to zero or below where the
                    // shape is within rounding of touching that face: no contact there.
                    if depth > 0.0 {
                        let way_out = Contact {
                            point: c.point,
                            normal,
                            depth,
                        };
                        visit(TileCell::new(x, y), way_out);
                        count += 1;
                    }
                }
            }
            false
        });
        count
    }

    /// The normal and depth of a contact on cell `(x, y)` whose own normal is `normal`, by the
    /// face rule; where that normal meets an internal face, the shallower exposed face across
    /// the other axis on the shape's side of the cell, its depth from the shape's box `bounds`
    /// (exact for any convex shape: its extent along an axis is its box's).
    pub(super) fn exposed_way_out(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        normal: Vec2,
        bounds: &Aabb,
    ) -> Option<(Vec2, f32)> {
        if self.has_shapes() && is_shaped(cells.get(self, x, y).unwrap_or(0)) {
            return self.shaped_way_out(cells, x, y, normal, bounds);
        }
        if let Some(kept) = self.face_normal_within(cells, x, y, normal, |_, _| false) {
            let depth = match meets(kept)? {
                Meets::Face(f) => self.face_depth(x, y, f, bounds),
                Meets::Corner(..) => 0.0, // the core's own contact: its depth is kept
            };
            return Some((kept, depth));
        }
        let across = match meets(normal)? {
            Meets::Face(Face::Left | Face::Right) => [Face::Bottom, Face::Top],
            Meets::Face(Face::Bottom | Face::Top) => [Face::Left, Face::Right],
            Meets::Corner(..) => return None,
        };
        self.shallowest_way_out(cells, x, y, &across, bounds)
    }

    /// Of `faces` of whole cell `(x, y)`, the exposed one on the side of the cell where the box
    /// `bounds` is that the box reaches into the cell past least (past at all), with that
    /// depth. Only a face on the shape's side is a way out: a box pressed into a seam of the
    /// floor leaves through the floor's top, never through the bottom of the map.
    pub(super) fn shallowest_way_out(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        faces: &[Face],
        bounds: &Aabb,
    ) -> Option<(Vec2, f32)> {
        let (lo, hi) = (self.cell_min(x, y), self.cell_min(x + 1, y + 1));
        let (centre, middle) = (bounds.center, (lo + hi) * 0.5);
        let on_its_side = |f: Face| match f {
            Face::Left => centre.x < middle.x,
            Face::Right => centre.x > middle.x,
            Face::Bottom => centre.y < middle.y,
            Face::Top => centre.y > middle.y,
        };
        faces
            .iter()
            .filter(|&&f| self.exposed_near(cells, x, y, f, None) && on_its_side(f))
            .map(|&f| (f.inward(), self.face_depth(x, y, f, bounds)))
            .filter(|&(_, depth)| depth > 0.0)
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// [`exposed_way_out`](Self::exposed_way_out) for a shaped cell: the face rule's normal,
    /// with how far the box `bounds` reaches along it past the nearest point of the cell's
    /// shape (exact for a box, at most a rounder shape's depth); no other way out where the
    /// rule drops the normal.
    fn shaped_way_out(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        normal: Vec2,
        bounds: &Aabb,
    ) -> Option<(Vec2, f32)> {
        let kept = self.face_normal_within(cells, x, y, normal, |_, _| false)?;
        let (shape, pose) = self.cell_shape(x, y)?;
        let cell_near = match shape {
            ShapeRef::Hull(hull) => hull
                .vertices()
                .iter()
                .map(|v| (pose.position + *v).dot(kept))
                .fold(f32::INFINITY, f32::min),
            _ => {
                let b = shape.aabb(&pose);
                b.center.dot(kept) - b.half_extents.dot(kept.abs())
            }
        };
        let body_far = bounds.center.dot(kept) + bounds.half_extents.dot(kept.abs());
        Some((kept, body_far - cell_near))
    }

    /// How far a shape with box `bounds` reaches into cell `(x, y)` past face `face`.
    fn face_depth(&self, x: u32, y: u32, face: Face, bounds: &Aabb) -> f32 {
        let (lo, hi) = (self.cell_min(x, y), self.cell_min(x + 1, y + 1));
        match face {
            Face::Left => bounds.max().x - lo.x,
            Face::Right => hi.x - bounds.min().x,
            Face::Bottom => bounds.max().y - lo.y,
            Face::Top => hi.y - bounds.min().y,
        }
    }

    /// Calls `visit(x, y)` on every solid cell under the box `area` (with a cell of margin;
    /// with `rim_only`, only those with an exposed face), row by row, until it returns `true`.
    pub(crate) fn solid_cells_under(
        &self,
        area: &Aabb,
        rim_only: bool,
        mut visit: impl FnMut(u32, u32) -> bool,
    ) {
        let Some((lo, hi)) = self.cell_range(area.min(), area.max()) else {
            return;
        };
        for y in lo[1]..=hi[1] {
            for x in lo[0]..=hi[0] {
                let wanted = self.is_solid(x, y) && (!rim_only || self.has_exposed_face(x, y));
                if wanted && visit(x, y) {
                    return;
                }
            }
        }
    }
}
