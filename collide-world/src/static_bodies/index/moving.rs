//! Moving an item of a built [`CellIndex`]: in place while its box keeps its cell (the cost of
//! writing it down), else out of the cells, among the items every query checks, until the
//! next build.

use collide_core::Aabb;

use super::{cell_of, place, CellIndex, Cells, Corners, Place, GONE, MOVED_MAX, MOVED_PER_ITEMS};

impl<T> CellIndex<T> {
    /// Every item, with its place, each once.
    pub fn places(&self) -> impl Iterator<Item = (Place, &T)> {
        let celled = (self.boxes.iter().zip(&self.data).enumerate())
            .filter(|(_, (corners, _))| **corners != GONE)
            .map(|(i, (_, data))| (Place::Celled(i as u32), data));
        let loose = (self.loose.iter().enumerate()).map(|(i, (_, d))| (Place::Loose(i as u32), d));
        celled.chain(loose)
    }

    /// The data of the item at `place`, to change what a query hands out about it (not its
    /// box: [`relocate`](Self::relocate) moves that).
    pub fn data_mut(&mut self, place: Place) -> Option<&mut T> {
        match place {
            Place::Celled(i) => self.data.get_mut(i as usize),
            Place::Loose(i) => self.loose.get_mut(i as usize).map(|(_, data)| data),
        }
    }

    /// Moves the item at `place` to the box `bounds` (finite), with `data`, and returns where
    /// it lies now.
    ///
    /// An item whose new box has the same level and first cell as before is written over in
    /// place (its level's bitmap and runs widened to hold it); any other leaves its cell
    /// (its old box there no longer touches anything) for the items every query checks.
    pub fn relocate(&mut self, at: Place, bounds: &Aabb, data: T) -> Place {
        let corners: Corners = [bounds.min(), bounds.max()];
        let i = match at {
            Place::Loose(j) => {
                if let Some(item) = self.loose.get_mut(j as usize) {
                    *item = (corners, data);
                }
                return at;
            }
            Place::Celled(i) => i as usize,
        };
        let k = self.levels.partition_point(|l| l.end <= i);
        if let (Some(level), Some(old)) = (self.levels.get_mut(k), self.boxes.get(i)) {
            let first = cell_of(level.inverse, old[0]);
            let cell = [first[0] as i32, first[1] as i32];
            if place(self.finest, corners[0], corners[1]) == Some((level.level, cell)) {
                match &mut level.cells {
                    Cells::Dense {
                        occupancy: Some(occupancy),
                        ..
                    } => occupancy.mark(corners),
                    Cells::Sparse(sparse) => sparse.widen(cell, corners),
                    _ => {}
                }
                self.boxes[i] = corners;
                self.data[i] = data;
                return at;
            }
            self.boxes[i] = GONE;
        }
        self.loose.push((corners, data));
        self.moved += 1;
        Place::Loose((self.loose.len() - 1) as u32)
    }

    /// Whether so many items have left their cells that a rebuild pays: every query checks
    /// each of them.
    pub fn wants_rebuild(&self) -> bool {
        self.moved > MOVED_MAX + self.boxes.len() / MOVED_PER_ITEMS
    }
}
