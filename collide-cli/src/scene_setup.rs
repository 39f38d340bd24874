//! What `collide demo` and `collide play` both set up: the shmup scene's configuration, the
//! enemy hulls that `collide hull` made from two bundled sprites, and the sweep modes' names.
//! A module of its own, so that neither command's files import the other's.

use anyhow::{Context, Result};
use collide_core::{Hull, SweepMode};
use collide_hull::{ColliderFile, Origin, Placement, YAxis};
use collide_scene::{SceneConfig, ENEMY_SIZE};

/// Fraction of the ordinary enemies that use a sprite hull instead of a 32×32 box.
pub const HULL_ENEMIES: f32 = 0.25;

/// The scene the demo and the game run at `objects` objects: uniform, default seed, a quarter
/// of the enemies hulls.
pub fn scene_config(objects: usize) -> SceneConfig {
    SceneConfig::uniform(objects).with_hull_enemies(HULL_ENEMIES)
}

/// The name of a sweep mode on the command line and in JSON.
pub fn mode_name(mode: SweepMode) -> &'static str {
    match mode {
        SweepMode::Off => "off",
        SweepMode::ExpandedBox => "expanded",
        SweepMode::Exact => "exact",
    }
}

// The enemy hulls are embedded in the binary, so `collide demo` runs from any folder with
// nothing beside it.

/// One embedded collider: its sprite's name and the `.collider.json` text.
struct Embedded {
    name: &'static str,
    json: &'static str,
}

/// `fighter.collider.json` and `sleeper.collider.json`, the reviewed output of
/// `assets/regenerate-colliders.sh`, which copies them into this crate's `assets/` so that it
/// packages alone (a test checks the copies match).
const EMBEDDED: [Embedded; 2] = [
    Embedded {
        name: "fighter",
        json: include_str!("../assets/fighter.collider.json"),
    },
    Embedded {
        name: "sleeper",
        json: include_str!("../assets/sleeper.collider.json"),
    },
];

/// An enemy hull built from a sprite's first animation frame.
#[derive(Clone, Debug)]
pub struct SpriteHull {
    /// The sprite's file stem.
    pub name: &'static str,
    /// The hull, centred on the frame's centre and scaled so the frame is an enemy's 32 units.
    pub hull: Hull,
}

/// The demo's enemy hulls, in the order the scene's two hull shapes use them.
///
/// # Errors
/// When an embedded file does not parse or its first frame is empty: a build that bundles a
/// broken collider.
pub fn enemy_hulls() -> Result<[SpriteHull; 2]> {
    let load = |e: &Embedded| -> Result<SpriteHull> {
        let file = ColliderFile::from_json(e.json)
            .with_context(|| format!("embedded {}.collider.json", e.name))?;
        let placement = Placement {
            origin: Origin::Center,
            scale: ENEMY_SIZE / file.frame_width.max(file.frame_height) as f32,
            y_axis: YAxis::Down,
        };
        let hull = file
            .hulls(&placement)
            .with_context(|| format!("embedded {}.collider.json", e.name))?
            .into_iter()
            .next()
            .flatten()
            .with_context(|| format!("embedded {}.collider.json has no first frame", e.name))?;
        Ok(SpriteHull { name: e.name, hull })
    };
    Ok([load(&EMBEDDED[0])?, load(&EMBEDDED[1])?])
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::Pose;

    #[test]
    fn embedded_hulls_load_and_fit_an_enemy_box() {
        let hulls = enemy_hulls().unwrap();
        for h in &hulls {
            let b = h.hull.aabb(&Pose::IDENTITY);
            assert!(h.hull.vertex_count() >= 3, "{}", h.name);
            // Inside the 32×32 frame, and most of it: a real sprite outline, not a sliver.
            assert!(
                b.min().cmpge(glam::Vec2::splat(-16.001)).all(),
                "{}",
                h.name
            );
            assert!(b.max().cmple(glam::Vec2::splat(16.001)).all(), "{}", h.name);
            assert!(
                h.hull.area() > 0.4 * 32.0 * 32.0,
                "{}: {}",
                h.name,
                h.hull.area()
            );
        }
    }
}
