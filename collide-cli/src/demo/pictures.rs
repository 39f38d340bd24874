//! Part 3: the two pictures, `demo-scene.png` ([`scene`]) and `demo-tunnel.png` ([`tunnel`]),
//! drawn with the crate's rasterizer in one palette.

mod scene;
mod tunnel;

pub use scene::{scene_picture, SceneCaption, SCENE_WINDOW};
pub use tunnel::tunnel_picture;

use crate::raster::Colour;

const BACKGROUND: Colour = [18, 22, 38, 255];
const PANEL: Colour = [32, 38, 60, 255];
const TEXT: Colour = [230, 232, 240, 255];
const DIM_TEXT: Colour = [160, 166, 190, 255];
const BULLET: Colour = [255, 214, 64, 255];
const ENEMY_BOX: Colour = [96, 164, 255, 255];
const ENEMY_HULL: Colour = [110, 224, 140, 255];
const SWEPT_BOX: Colour = [170, 176, 210, 70];
const DISCRETE_HIT: Colour = [255, 140, 30, 255];
const SWEEP_HIT: Colour = [255, 60, 210, 255];
const TARGET: Colour = [96, 164, 255, 255];
