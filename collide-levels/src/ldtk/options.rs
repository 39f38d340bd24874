//! [`LdtkOptions`]: which way y points, and the byte each IntGrid value becomes.

use std::collections::BTreeMap;

use collide_world::TileShape;

use crate::axis::YAxis;
use crate::error::ErrorKind;

/// How an LDtk project is loaded: which way world y points, and what byte each IntGrid value
/// becomes.
///
/// An IntGrid value with no mapping is kept as its cell's byte, so `1`–`223` and `241`–`255`
/// are solid cells holding the value (`0` is empty); a value below `0`, above `255` or in
/// `224`–`240` (the bytes of the tile shapes, see [`TileShape`]) with no mapping is an
/// error naming the cell.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LdtkOptions {
    y_axis: YAxis,
    values: BTreeMap<i64, CellValue>,
}

/// What the options map an IntGrid value to.
#[derive(Clone, Copy, Debug, PartialEq)]
enum CellValue {
    Byte(u8),
    Shape(TileShape),
}

impl LdtkOptions {
    /// Options with y down ([`YAxis::Down`]) and every value kept as its byte.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Which way world y points in what the loader produces.
    #[must_use]
    pub fn with_y_axis(mut self, y_axis: YAxis) -> Self {
        self.y_axis = y_axis;
        self
    }

    /// Cells of IntGrid value `value` hold `byte`, as it is (`0` empties them).
    #[must_use]
    pub fn with_byte(mut self, value: i64, byte: u8) -> Self {
        self.values.insert(value, CellValue::Byte(byte));
        self
    }

    /// Cells of IntGrid value `value` are of the shape `on_screen` as it looks in the editor
    /// (a floor rising to the right is [`TileShape::Slope45UpRight`] whichever the y axis:
    /// see [`YAxis::shape`]).
    #[must_use]
    pub fn with_shape(mut self, value: i64, on_screen: TileShape) -> Self {
        self.values.insert(value, CellValue::Shape(on_screen));
        self
    }

    /// Which way world y points.
    #[must_use]
    pub fn y_axis(&self) -> YAxis {
        self.y_axis
    }

    /// The byte a cell of IntGrid value `value` holds.
    pub(super) fn byte(&self, value: i64) -> Result<u8, ErrorKind> {
        match self.values.get(&value) {
            Some(CellValue::Byte(b)) => Ok(*b),
            Some(CellValue::Shape(s)) => Ok(self.y_axis.shape(*s).as_byte()),
            None => {
                let byte = u8::try_from(value).map_err(|_| ErrorKind::ValueNotAByte(value))?;
                if byte != 0 && TileShape::from_byte(byte) != TileShape::Solid {
                    return Err(ErrorKind::ValueIsAShapeByte(value));
                }
                Ok(byte)
            }
        }
    }
}
