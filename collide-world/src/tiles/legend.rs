//! A tile map drawn as text: [`TileMap::from_rows`] and its legend, a character per shape.

use glam::Vec2;

use super::limits::check;
use super::{TileMap, TileShape};
use crate::Error;

impl TileMap {
    /// A map drawn as text, **first row at the top** (the highest `y`), so the last row is the
    /// bottom of the map, `y = 0`. Every row must have the same length. The legend, a
    /// character a cell (the bytes are [`TileShape`]'s table):
    ///
    /// | character | cell |
    /// | --- | --- |
    /// | `.` or space | empty |
    /// | `#` | solid, value `1` |
    /// | `1`–`9` | solid with that value |
    /// | `T` `_` `[` `]` | the top, bottom, left or right half of the cell |
    /// | `/` `\` | a 45° floor rising to the right (◢) or to the left (◣) |
    /// | `Q` `P` | a 45° ceiling coming down to the right (◥) or to the left (◤) |
    /// | `a` `b` | a floor rising half a cell per cell to the right: its low and its high cell |
    /// | `c` `d` | the same rising to the left: its high and its low cell |
    /// | `e` `f`, `g` `h` | the ceilings of `ab` and `cd` (each turned upside down) |
    /// | `=` | a one-way platform: blocks only what comes down onto its top |
    ///
    /// ```
    /// use collide_world::{TileMap, TileShape};
    /// use glam::Vec2;
    ///
    /// // A ramp up to a ledge with a one-way platform above a gap, and a half-tile step.
    /// let map = TileMap::from_rows(
    ///     &["......==..",
    ///       "...ab#..._",
    ///       "./########"],
    ///     Vec2::splat(16.0),
    ///     Vec2::ZERO,
    /// )?;
    /// assert_eq!(map.shape(1, 0), Some(TileShape::Slope45UpRight));
    /// assert_eq!(map.shape(3, 1), Some(TileShape::Slope22UpRightLow));
    /// assert_eq!(map.shape(6, 2), Some(TileShape::OneWayTop));
    /// assert_eq!(map.shape(9, 1), Some(TileShape::HalfBottom));
    /// # Ok::<(), collide_world::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`from_fn`](Self::from_fn); [`Error::TileMapSize`] when the rows differ in length;
    /// [`Error::TileMapText`] at the first character not in the legend.
    pub fn from_rows(rows: &[&str], cell_size: Vec2, origin: Vec2) -> Result<Self, Error> {
        let height = u32::try_from(rows.len()).map_err(|_| Error::TileMapSize)?;
        let width = rows.first().map_or(0, |r| r.chars().count());
        let width = u32::try_from(width).map_err(|_| Error::TileMapSize)?;
        check(width, height, cell_size, origin)?;
        let mut cells = vec![0; width as usize * height as usize];
        for (row, line) in rows.iter().enumerate() {
            let y = height as usize - 1 - row;
            let mut columns = 0;
            for (column, c) in line.chars().enumerate() {
                let Some(value) = TileShape::byte_of_char(c) else {
                    return Err(Error::TileMapText {
                        row: row as u32,
                        column: column as u32,
                    });
                };
                if column < width as usize {
                    cells[y * width as usize + column] = value;
                }
                columns += 1;
            }
            if columns != width as usize {
                return Err(Error::TileMapSize);
            }
        }
        Self::assemble(width, height, cell_size, origin, cells)
    }
}
