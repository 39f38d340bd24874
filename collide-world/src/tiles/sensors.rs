//! Sensor cells: tile values that only report what meets them (a coin, water, spikes), kept
//! apart from the solid cells so that no solid query, nor the face rule, ever sees them.

use collide_core::Pose;

use super::hulls::cell_shape;
use super::scan::Blocks;
use super::shape::is_shaped;
use super::{TileMap, TileShape};
use crate::Obstacle;

impl TileMap {
    /// Makes every cell holding `value` a sensor cell (`sensor: true`), or a solid cell again
    /// (`false`), now and whenever [`set`](Self::set) writes that value later.
    ///
    /// A sensor cell is listed by [`near`](crate::Obstacles::near) as an obstacle with
    /// [`sensor`](Obstacle::sensor) set, the shape its byte gives (the whole cell, or a half
    /// tile or slope for the bytes `0xE0`–`0xF0`, never one-way): `move_and_slide`, a
    /// [`Character`](crate::Character) and the collision pass report it but never stop at
    /// it. To every solid query of the map it is an empty cell: a solid cell beside it keeps
    /// its face towards it, so a body resting in water on a floor meets the floor's top face
    /// as on open ground. Each distinct byte is its own kind (coins `b'c'`, water `b'w'`). A
    /// sensor cell's value is read with [`sensor`](Self::sensor) ([`get`](Self::get) reads
    /// `0`, as the solid queries do).
    ///
    /// Costs a pass over the cells when cells hold `value` (a level's setup, not a frame's
    /// work). Returns `false`, and changes nothing, for `0` (an empty cell is no sensor).
    ///
    /// ```
    /// use collide_world::{Obstacles, TileMap};
    /// use collide_core::{Aabb, Layers};
    /// use glam::Vec2;
    ///
    /// let mut map = TileMap::from_rows(&["...", "###"], Vec2::splat(16.0), Vec2::ZERO)?;
    /// let coin = b'C'; // a plain value (see `TileShape`), a sensor from here on
    /// map.set(1, 1, coin)?;
    /// assert!(map.set_sensor_value(coin, true));
    /// assert_eq!((map.get(1, 1), map.sensor(1, 1)), (Some(0), Some(coin)));
    /// let mut seen = Vec::new();
    /// map.near(&Aabb::new(Vec2::new(24.0, 24.0), Vec2::ONE), Layers::ALL, &mut |o| seen.push((o.id, o.sensor)));
    /// assert_eq!(seen, [(map.cell_index(1, 1), true)]);
    /// # Ok::<(), collide_world::Error>(())
    /// ```
    pub fn set_sensor_value(&mut self, value: u8, sensor: bool) -> bool {
        if value == 0 {
            return false;
        }
        let (word, bit) = (usize::from(value / 64), 1u64 << (value % 64));
        if sensor {
            self.sensor_values[word] |= bit;
        } else {
            self.sensor_values[word] &= !bit;
        }
        let (from, to) = if sensor {
            (&mut self.cells, &mut self.sensors)
        } else {
            (&mut self.sensors, &mut self.cells)
        };
        if !from.contains(&value) {
            return true;
        }
        if to.is_empty() {
            to.resize(from.len(), 0);
        }
        for (a, b) in from.iter_mut().zip(to.iter_mut()) {
            if *a == value {
                (*a, *b) = (0, value);
            }
        }
        self.recount();
        true
    }

    /// Whether cells holding `value` are sensor cells ([`set_sensor_value`](Self::set_sensor_value)).
    #[must_use]
    pub fn is_sensor_value(&self, value: u8) -> bool {
        self.sensor_values[usize::from(value / 64)] >> (value % 64) & 1 != 0
    }

    /// The value of sensor cell `(x, y)`: `Some(0)` for a cell that is no sensor, `None`
    /// outside the map.
    #[must_use]
    pub fn sensor(&self, x: u32, y: u32) -> Option<u8> {
        if x >= self.width() || y >= self.height() {
            return None;
        }
        Some(self.sensors.get(self.index(x, y)).copied().unwrap_or(0))
    }

    /// Whether any cell is a sensor cell.
    #[must_use]
    pub fn has_sensor_cells(&self) -> bool {
        self.sensor_cells > 0
    }

    /// Writes `value` into the sensor layer at cell index `i` when it is a sensor value (else
    /// clears it there); answers the byte the solid layer takes (`0` for a sensor) and the
    /// sensor byte the cell held.
    pub(super) fn put_sensor(&mut self, i: usize, value: u8) -> (u8, u8) {
        let sensor = self.is_sensor_value(value);
        if self.sensors.is_empty() && !sensor {
            return (value, 0);
        }
        if self.sensors.is_empty() {
            self.sensors.resize(self.cells.len(), 0);
        }
        let new = if sensor { value } else { 0 };
        let old = core::mem::replace(&mut self.sensors[i], new);
        self.sensor_cells = self.sensor_cells + usize::from(new != 0) - usize::from(old != 0);
        (if sensor { 0 } else { value }, old)
    }

    /// The obstacle of sensor cell `(x, y)`, `None` when it is no sensor cell.
    pub(super) fn sensor_obstacle(&self, x: u32, y: u32) -> Option<Obstacle<'_>> {
        let byte = self.sensor(x, y).filter(|&b| b != 0)?;
        let center = self.cell_center(x, y);
        let (shape, offset) = if is_shaped(byte) {
            cell_shape(TileShape::from_byte(byte), self.cell_size(), &self.hulls)
        } else {
            (self.cell_rect().into(), glam::Vec2::ZERO)
        };
        let pose = Pose::from_position(center + offset);
        let o = Obstacle::new(self.cell_index(x, y), shape, pose).with_layers(self.layers());
        Some(o.with_sensor(true))
    }

    /// Counts again what the layers hold after cells moved between them, and marks again
    /// which blocks hold a solid cell.
    fn recount(&mut self) {
        self.sensor_cells = self.sensors.iter().filter(|&&b| b != 0).count();
        self.shaped = self.cells.iter().filter(|&&b| is_shaped(b)).count();
        let blocks = Blocks::new(self.width(), self.height(), &self.cells);
        *self.blocks_mut() = blocks;
    }
}
