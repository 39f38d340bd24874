//! The shmup benchmark scene: player bullets and enemies on a wrap-around playfield.
//!
//! - a 640×360 playfield at 100 objects, grown to 640·√(N/100) × 360·√(N/100) for N objects,
//!   so the density stays the same at every size; objects that leave it wrap around;
//! - half the objects are player bullets, circles of radius 2 moving 7.5 units per frame
//!   straight up (−y: the field is in screen coordinates, y down);
//! - half are enemies, 32×32 [`Rect`](collide_core::Rect)s moving 1.5 units per frame in
//!   seeded random directions;
//! - layers: bullets test against enemies only, enemies against bullets only;
//! - nothing is destroyed, so every frame of the uniform scene costs the same.
//!
//! The **uneven** scene puts the same objects in Gaussian clusters and makes 1 % of the
//! enemies (at least one) ten times larger: the "teapot in a stadium" case that breaks grids.
//! Optionally a fraction of the ordinary enemies use the palette's two hull slots (hexagons
//! and octagons unless the caller brings its own hulls) with a seeded fixed rotation, so the
//! hull sweeps get exercised too.
//!
//! Everything is derived from [`SceneConfig::seed`]: two scenes built from the same config are
//! identical, frame after frame. A scene holds where things are; what shape each one has comes
//! from a [`Palette`](crate::Palette).
//!
//! ```
//! use collide_scene::{Scene, SceneConfig};
//!
//! let mut scene = Scene::new(&SceneConfig::uniform(100));
//! assert_eq!(scene.objects().len(), 100);
//! scene.step();
//! let bullet = &scene.objects()[0];
//! assert_eq!(bullet.position - bullet.previous, bullet.velocity);
//! ```

use collide::Body;
use collide_core::{Layers, Motion, Rot};
use glam::Vec2;

use crate::palette::{Palette, Slot};
use collide_testkit::SplitMix64;

/// The seed every benchmark scene is built from unless told otherwise.
pub const DEFAULT_SEED: u64 = 0x000C_0111_DE00_0000;
/// Playfield at 100 objects: 640×360.
pub const BASE_FIELD: Vec2 = Vec2::new(640.0, 360.0);
/// The object count at which the field is [`BASE_FIELD`].
pub const BASE_OBJECTS: usize = 100;
/// A bullet's speed in units per frame (the game's fastest).
pub const BULLET_SPEED: f32 = 7.5;
/// An enemy's speed in units per frame.
pub const ENEMY_SPEED: f32 = 1.5;
/// Layer bit of the player's bullets.
pub const BULLET_LAYER: u32 = 1 << 0;
/// Layer bit of the enemies.
pub const ENEMY_LAYER: u32 = 1 << 1;

/// How the objects are spread over the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SceneKind {
    /// Uniformly at random, all enemies the same size.
    Uniform,
    /// Gaussian clusters, and 1 % of the enemies ten times larger.
    Uneven,
}

impl SceneKind {
    /// Both kinds, in report order.
    pub const ALL: [SceneKind; 2] = [SceneKind::Uniform, SceneKind::Uneven];

    /// The name used in reports and JSON: `"uniform"` or `"uneven"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SceneKind::Uniform => "uniform",
            SceneKind::Uneven => "uneven",
        }
    }
}

/// What an object is in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A player bullet: a small, fast circle.
    Bullet,
    /// An enemy: a box (or hull), slow.
    Enemy,
}

/// Everything that decides a scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneConfig {
    /// Uniform or uneven.
    pub kind: SceneKind,
    /// Number of objects; half (rounded down) are bullets.
    pub objects: usize,
    /// The seed every random choice comes from.
    pub seed: u64,
    /// Fraction (0 to 1) of the ordinary enemies that are hexagon or octagon hulls instead of
    /// boxes. `0` in the benchmarks.
    pub hull_enemies: f32,
}

impl SceneConfig {
    /// The uniform scene of `objects` objects with the default seed.
    #[must_use]
    pub const fn uniform(objects: usize) -> Self {
        Self {
            kind: SceneKind::Uniform,
            objects,
            seed: DEFAULT_SEED,
            hull_enemies: 0.0,
        }
    }

    /// The uneven (clustered, mixed sizes) scene of `objects` objects with the default seed.
    #[must_use]
    pub const fn uneven(objects: usize) -> Self {
        Self {
            kind: SceneKind::Uneven,
            objects,
            seed: DEFAULT_SEED,
            hull_enemies: 0.0,
        }
    }

    /// A scene of the given kind and size with the default seed.
    #[must_use]
    pub const fn new(kind: SceneKind, objects: usize) -> Self {
        Self {
            kind,
            objects,
            seed: DEFAULT_SEED,
            hull_enemies: 0.0,
        }
    }

    /// The same scene built from another seed.
    #[must_use]
    pub const fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The same scene with a fraction (clamped to 0..=1) of the ordinary enemies as hulls.
    #[must_use]
    pub fn with_hull_enemies(mut self, fraction: f32) -> Self {
        self.hull_enemies = if fraction.is_finite() {
            fraction.clamp(0.0, 1.0)
        } else {
            0.0
        };
        self
    }
}

/// The playfield size for `objects` objects: 640·√(N/100) × 360·√(N/100).
#[must_use]
pub fn field_size(objects: usize) -> Vec2 {
    let scale = (objects.max(1) as f32 / BASE_OBJECTS as f32).sqrt();
    BASE_FIELD * scale
}

/// One object of the scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Object {
    /// Bullet or enemy.
    pub role: Role,
    /// Which of the palette's shapes it has.
    pub slot: Slot,
    /// Position at the start of the current frame (where it was before the last [`Scene::step`]).
    pub previous: Vec2,
    /// Position at the end of the current frame.
    pub position: Vec2,
    /// Travel per frame.
    pub velocity: Vec2,
    /// Fixed rotation (only hulls use it).
    pub rotation: Rot,
    /// Collision layers: bullets against enemies, enemies against bullets.
    pub layers: Layers,
}

impl Object {
    /// This frame's motion, for the core's queries.
    #[must_use]
    pub fn motion(&self) -> Motion {
        Motion::new(self.previous, self.position, self.rotation)
    }

    /// This frame's body for the collision pass, its shape taken from `palette`.
    #[must_use]
    pub fn body<'p>(&self, palette: &'p Palette) -> Body<'p> {
        Body::new(palette.shape(self.slot), self.previous, self.position)
            .with_rotation(self.rotation)
            .with_layers(self.layers)
    }
}

/// The benchmark scene: the objects, where they are and how they move.
///
/// `clone_from` reuses the target's memory: copying one scene of the same size onto another
/// allocates nothing.
#[derive(Debug, PartialEq)]
pub struct Scene {
    config: SceneConfig,
    field: Vec2,
    objects: Vec<Object>,
    frame: u64,
}

impl Scene {
    /// Builds the scene `config` describes. The same config always gives the same scene.
    #[must_use]
    pub fn new(config: &SceneConfig) -> Self {
        let field = field_size(config.objects);
        let mut rng = SplitMix64::new(config.seed);
        let bullets = config.objects / 2;
        let enemies = config.objects - bullets;
        let big = match config.kind {
            SceneKind::Uniform => 0,
            SceneKind::Uneven => enemies.div_ceil(100),
        };
        let clusters = Clusters::new(config, field, &mut rng);

        let mut objects = Vec::with_capacity(config.objects);
        for _ in 0..bullets {
            let position = clusters.place(&mut rng, field);
            objects.push(Object {
                role: Role::Bullet,
                slot: Slot::Bullet,
                previous: position,
                position,
                velocity: Vec2::new(0.0, -BULLET_SPEED),
                rotation: Rot::IDENTITY,
                layers: Layers::on(BULLET_LAYER).with_mask(ENEMY_LAYER),
            });
        }
        for i in 0..enemies {
            let position = clusters.place(&mut rng, field);
            let velocity = rng.direction() * ENEMY_SPEED;
            let hull_roll = rng.unit();
            let angle = rng.angle();
            let (slot, rotation) = if i < big {
                (Slot::BigEnemy, Rot::IDENTITY)
            } else if hull_roll < config.hull_enemies {
                let slot = if i % 2 == 0 { Slot::HullA } else { Slot::HullB };
                (slot, Rot::from_angle(angle))
            } else {
                (Slot::Enemy, Rot::IDENTITY)
            };
            objects.push(Object {
                role: Role::Enemy,
                slot,
                previous: position,
                position,
                velocity,
                rotation,
                layers: Layers::on(ENEMY_LAYER).with_mask(BULLET_LAYER),
            });
        }
        Self {
            config: *config,
            field,
            objects,
            frame: 0,
        }
    }

    /// The config the scene was built from.
    #[must_use]
    pub fn config(&self) -> &SceneConfig {
        &self.config
    }

    /// The playfield size; positions lie in `[0, width) × [0, height)`.
    #[must_use]
    pub fn field(&self) -> Vec2 {
        self.field
    }

    /// Fills `out` with this frame's bodies, one per object in [`objects`](Self::objects)
    /// order, their shapes taken from `palette`.
    pub fn bodies<'p>(&self, palette: &'p Palette, out: &mut Vec<Body<'p>>) {
        out.clear();
        out.extend(self.objects.iter().map(|o| o.body(palette)));
    }

    /// All objects: bullets first, then enemies.
    #[must_use]
    pub fn objects(&self) -> &[Object] {
        &self.objects
    }

    /// How many times [`Scene::step`] has run.
    #[must_use]
    pub fn frame(&self) -> u64 {
        self.frame
    }

    /// Moves every object by its velocity, keeping the previous position, and wraps objects
    /// that left the field to the opposite side. A wrapped object's previous position moves with
    /// it, so its travel this frame stays its velocity (no field-wide jump). Allocation-free.
    pub fn step(&mut self) {
        let field = self.field;
        for o in &mut self.objects {
            let moved = o.position + o.velocity;
            let wrapped = wrap(moved, field);
            o.previous = o.position + (wrapped - moved);
            o.position = wrapped;
        }
        self.frame += 1;
    }

    /// Puts object `index` at `end` for the end of this frame, moving at `velocity` from then
    /// on: what a collision response decided (a bullet that bounced). It wraps at the next
    /// [`step`](Self::step). An index past the objects is ignored.
    pub fn redirect(&mut self, index: usize, end: Vec2, velocity: Vec2) {
        if let Some(o) = self.objects.get_mut(index) {
            o.position = end;
            o.velocity = velocity;
        }
    }
}

impl Clone for Scene {
    fn clone(&self) -> Self {
        Self {
            config: self.config,
            field: self.field,
            objects: self.objects.clone(),
            frame: self.frame,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.config = source.config;
        self.field = source.field;
        self.objects.clone_from(&source.objects);
        self.frame = source.frame;
    }
}

/// `p` wrapped into `[0, field)`. Objects move far less than the field per frame, so one
/// add or subtract per axis suffices (a general `rem_euclid` is a libm call per axis, which
/// would weigh on the frame being measured); anything else falls back to `rem_euclid`.
#[inline]
fn wrap(p: Vec2, field: Vec2) -> Vec2 {
    let axis = |v: f32, size: f32| {
        let w = if v < 0.0 {
            v + size
        } else if v >= size {
            v - size
        } else {
            v
        };
        if (0.0..size).contains(&w) {
            w
        } else {
            // Far outside (or rounding at the edge): the general case, clamped into range.
            let r = v.rem_euclid(size);
            if r >= size {
                0.0
            } else {
                r
            }
        }
    };
    Vec2::new(axis(p.x, field.x), axis(p.y, field.y))
}

/// Where objects are placed: uniformly, or around Gaussian cluster centres.
struct Clusters {
    centres: Vec<Vec2>,
    sigma: f32,
}

impl Clusters {
    /// One cluster per 250 objects (at least two), each with a standard deviation of a tenth of
    /// the field's width over √clusters: the density inside a cluster is the same at every N.
    fn new(config: &SceneConfig, field: Vec2, rng: &mut SplitMix64) -> Self {
        match config.kind {
            SceneKind::Uniform => Self {
                centres: Vec::new(),
                sigma: 0.0,
            },
            SceneKind::Uneven => {
                let count = (config.objects / 250).max(2);
                let centres = (0..count).map(|_| rng.in_box(Vec2::ZERO, field)).collect();
                Self {
                    centres,
                    sigma: 0.1 * field.x / (count as f32).sqrt(),
                }
            }
        }
    }

    fn place(&self, rng: &mut SplitMix64, field: Vec2) -> Vec2 {
        if self.centres.is_empty() {
            return rng.in_box(Vec2::ZERO, field);
        }
        let centre = self.centres[rng.index(self.centres.len())];
        let offset = Vec2::new(rng.gaussian(), rng.gaussian()) * self.sigma;
        wrap(centre + offset, field)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_keeps_the_density_of_100_objects() {
        assert_eq!(field_size(100), Vec2::new(640.0, 360.0));
        let f = field_size(10_000);
        assert!((f.x - 6400.0).abs() < 1e-2 && (f.y - 3600.0).abs() < 1e-2);
        for n in [100, 1_000, 10_000, 100_000] {
            let f = field_size(n);
            let per_object = f.x * f.y / n as f32;
            assert!((per_object - 2304.0).abs() < 1.0, "{n}: {per_object}");
        }
    }

    #[test]
    fn same_config_same_scene_and_other_seed_differs() {
        for kind in SceneKind::ALL {
            let config = SceneConfig::new(kind, 500).with_hull_enemies(0.3);
            let mut a = Scene::new(&config);
            let mut b = Scene::new(&config);
            for _ in 0..50 {
                a.step();
                b.step();
            }
            assert_eq!(a.objects(), b.objects());
            let c = Scene::new(&config.with_seed(config.seed + 1));
            assert_ne!(Scene::new(&config).objects(), c.objects());
        }
    }

    #[test]
    fn roles_shapes_speeds_and_layers() {
        let scene = Scene::new(&SceneConfig::uniform(1_001));
        let objects = scene.objects();
        let bullets = objects.iter().filter(|o| o.role == Role::Bullet).count();
        assert_eq!(bullets, 500);
        for o in objects {
            match o.role {
                Role::Bullet => {
                    assert_eq!(o.slot, Slot::Bullet);
                    assert_eq!(o.velocity, Vec2::new(0.0, -BULLET_SPEED));
                    assert_eq!(o.layers, Layers::on(BULLET_LAYER).with_mask(ENEMY_LAYER));
                }
                Role::Enemy => {
                    assert_eq!(o.slot, Slot::Enemy);
                    assert!((o.velocity.length() - ENEMY_SPEED).abs() < 1e-4);
                    assert_eq!(o.layers, Layers::on(ENEMY_LAYER).with_mask(BULLET_LAYER));
                }
            }
        }
        let bullet = objects[0].layers;
        let enemy = objects[600].layers;
        assert!(bullet.interacts(enemy));
        assert!(!bullet.interacts(bullet) && !enemy.interacts(enemy));
    }

    #[test]
    fn uneven_has_one_percent_big_enemies_and_clusters() {
        let n = 10_000;
        let uneven = Scene::new(&SceneConfig::uneven(n));
        let big = uneven
            .objects()
            .iter()
            .filter(|o| o.slot == Slot::BigEnemy)
            .count();
        assert_eq!(big, 50);
        assert_eq!(
            Scene::new(&SceneConfig::uneven(100))
                .objects()
                .iter()
                .filter(|o| o.slot == Slot::BigEnemy)
                .count(),
            1
        );
        // Clustering: the uneven scene leaves far more of a coarse grid's cells empty.
        let empty_cells = |scene: &Scene| {
            let cells = 20;
            let mut used = vec![false; cells * cells];
            for o in scene.objects() {
                let c = (o.position / scene.field() * cells as f32)
                    .as_ivec2()
                    .max(glam::IVec2::ZERO);
                used[c.y.min(19) as usize * cells + c.x.min(19) as usize] = true;
            }
            used.iter().filter(|u| !**u).count()
        };
        let uniform = Scene::new(&SceneConfig::uniform(n));
        assert!(empty_cells(&uniform) < 5);
        assert!(empty_cells(&uneven) > 100, "{}", empty_cells(&uneven));
    }

    #[test]
    fn step_moves_keeps_previous_and_wraps() {
        let mut scene = Scene::new(&SceneConfig::uneven(300).with_hull_enemies(0.5));
        let field = scene.field();
        for _ in 0..200 {
            scene.step();
            for o in scene.objects() {
                assert!(o.position.cmpge(Vec2::ZERO).all() && o.position.cmplt(field).all());
                assert!(((o.position - o.previous) - o.velocity).length() < 1e-3);
            }
        }
        assert_eq!(scene.frame(), 200);
        // 200 frames at 7.5 units moved every bullet across the 360-unit-tall field at least once.
        let m = scene.objects()[0].motion();
        assert!((m.travel() - Vec2::new(0.0, -BULLET_SPEED)).length() < 1e-3);
        // The swept box of a bullet spans its travel plus its radius, never the whole field.
        let bullet = &scene.objects()[0];
        let swept = bullet.body(Palette::standard()).swept_bounds();
        assert!((swept.size() - Vec2::new(4.0, 4.0 + BULLET_SPEED)).length() < 1e-3);
        assert!(swept.contains_point(bullet.previous) && swept.contains_point(bullet.position));
    }

    #[test]
    fn wrap_keeps_points_in_the_field() {
        let field = Vec2::new(640.0, 360.0);
        for p in [
            Vec2::new(-0.5, 360.0),
            Vec2::new(640.0, -1e-9),
            Vec2::new(-5000.0, 9999.0),
            Vec2::new(-1e-7, 0.0),
            Vec2::new(639.99, 359.99),
        ] {
            let w = wrap(p, field);
            assert!(
                w.cmpge(Vec2::ZERO).all() && w.cmplt(field).all(),
                "{p} -> {w}"
            );
            let k = ((p - w) / field).round();
            assert!((p - w - k * field).length() < 1e-3, "{p} -> {w}");
        }
    }

    #[test]
    fn hull_enemies_are_swapped_in_on_request() {
        let none = Scene::new(&SceneConfig::uniform(1_000));
        let is_hull = |o: &&Object| matches!(o.slot, Slot::HullA | Slot::HullB);
        assert!(!none.objects().iter().any(|o| is_hull(&o)));
        let some = Scene::new(&SceneConfig::uniform(1_000).with_hull_enemies(0.5));
        let hulls = some.objects().iter().filter(is_hull).count();
        assert!((150..350).contains(&hulls), "{hulls}");
    }
}
