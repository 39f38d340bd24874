//! The shapes the scene's objects are drawn from: a bullet circle, the enemy box, the big enemy
//! box, and two hull slots.

use std::sync::OnceLock;

use collide_core::{Circle, Hull, Rect, Shape, ShapeRef};
use glam::Vec2;

/// Radius of a bullet.
pub const BULLET_RADIUS: f32 = 2.0;
/// Side of an ordinary enemy.
pub const ENEMY_SIZE: f32 = 32.0;
/// How much larger the uneven scene's big enemies are (per side).
pub const BIG_ENEMY_SCALE: f32 = 10.0;
/// Circumradius of the standard hull enemies (a hexagon and an octagon that fit an enemy's
/// 32×32 box).
pub const HULL_ENEMY_RADIUS: f32 = 16.0;

/// Which of a [`Palette`]'s shapes an object has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The bullet circle.
    Bullet,
    /// The ordinary enemy box.
    Enemy,
    /// The uneven scene's big enemy box.
    BigEnemy,
    /// The first hull enemy (a hexagon in the standard palette).
    HullA,
    /// The second hull enemy (an octagon in the standard palette).
    HullB,
}

impl Slot {
    /// Every slot, in the order of [`Palette::shapes`].
    pub const ALL: [Slot; 5] = [
        Slot::Bullet,
        Slot::Enemy,
        Slot::BigEnemy,
        Slot::HullA,
        Slot::HullB,
    ];
}

/// The shape of each [`Slot`].
///
/// The benchmarks use [`Palette::standard`]; a game or a demo can bring its own hull enemies
/// (hulls made from its sprites) with [`Palette::with_hulls`], and the scene stays the same.
///
/// ```
/// use collide_core::{Hull, ShapeRef};
/// use collide_scene::{Palette, Slot};
///
/// let triangle = Hull::regular(3, 16.0).unwrap();
/// let square = Hull::regular(4, 16.0).unwrap();
/// let palette = Palette::with_hulls(triangle, square);
/// assert!(matches!(palette.shape(Slot::HullA), ShapeRef::Hull(h) if h.vertex_count() == 3));
/// assert_eq!(palette.shape(Slot::Bullet), Palette::standard().shape(Slot::Bullet));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Palette {
    shapes: [Shape; 5],
}

impl Palette {
    /// The benchmark's palette: bullet circle, 32×32 enemy, 320×320 big enemy, a regular
    /// hexagon and a regular octagon of circumradius 16. Built once, shared by every scene.
    #[must_use]
    pub fn standard() -> &'static Palette {
        static STANDARD: OnceLock<Palette> = OnceLock::new();
        STANDARD.get_or_init(|| {
            let hull = |sides| Hull::regular(sides, HULL_ENEMY_RADIUS);
            match (hull(6), hull(8)) {
                (Ok(hexagon), Ok(octagon)) => Palette::with_hulls(hexagon, octagon),
                // Regular 6- and 8-gons of a finite radius always build; should that ever
                // change, the slots keep a valid shape (the enemy box) rather than panicking.
                _ => Palette {
                    shapes: [
                        bullet(),
                        enemy(1.0),
                        enemy(BIG_ENEMY_SCALE),
                        enemy(1.0),
                        enemy(1.0),
                    ],
                },
            }
        })
    }

    /// The standard circles and boxes with `hull_a` and `hull_b` as the two hull enemies.
    #[must_use]
    pub fn with_hulls(hull_a: Hull, hull_b: Hull) -> Palette {
        Palette {
            shapes: [
                bullet(),
                enemy(1.0),
                enemy(BIG_ENEMY_SCALE),
                Shape::Hull(hull_a),
                Shape::Hull(hull_b),
            ],
        }
    }

    /// The shape of `slot`, in the form the queries take.
    #[must_use]
    pub fn shape(&self, slot: Slot) -> ShapeRef<'_> {
        self.shapes[slot as usize].as_shape_ref()
    }

    /// Every shape, in the order of [`Slot::ALL`].
    #[must_use]
    pub fn shapes(&self) -> &[Shape; 5] {
        &self.shapes
    }
}

fn bullet() -> Shape {
    Shape::Circle(Circle {
        radius: BULLET_RADIUS,
    })
}

fn enemy(scale: f32) -> Shape {
    Shape::Rect(Rect {
        half_extents: Vec2::splat(ENEMY_SIZE / 2.0 * scale),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_palette_holds_the_benchmark_shapes_in_slot_order() {
        let p = Palette::standard();
        assert_eq!(p.shapes().len(), Slot::ALL.len());
        for (i, slot) in Slot::ALL.into_iter().enumerate() {
            assert_eq!(slot as usize, i);
        }
        assert!(matches!(p.shape(Slot::Bullet), ShapeRef::Circle(c) if c.radius == BULLET_RADIUS));
        assert!(
            matches!(p.shape(Slot::Enemy), ShapeRef::Rect(r) if r.half_extents == Vec2::splat(16.0))
        );
        assert!(
            matches!(p.shape(Slot::BigEnemy), ShapeRef::Rect(r) if r.half_extents == Vec2::splat(160.0))
        );
        assert!(matches!(p.shape(Slot::HullA), ShapeRef::Hull(h) if h.vertex_count() == 6));
        assert!(matches!(p.shape(Slot::HullB), ShapeRef::Hull(h) if h.vertex_count() == 8));
    }
}
