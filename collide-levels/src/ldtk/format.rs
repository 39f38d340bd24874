//! The part of LDtk's JSON the loader reads (LDtk 1.x): a project, its levels (in the project
//! or in `.ldtkl` files of their own), and their layer instances. Unknown fields are ignored.

use serde::Deserialize;
use serde_json::Value;

/// The project file.
#[derive(Deserialize)]
pub(super) struct Project {
    /// The LDtk version that saved it: every project has one, so a JSON file without it is
    /// not a project (its levels would silently be none).
    #[serde(rename = "jsonVersion", default)]
    pub json_version: Option<String>,
    #[serde(rename = "worldLayout", default)]
    pub world_layout: Option<String>,
    #[serde(default)]
    pub levels: Vec<Level>,
    /// Multi-world projects keep their levels here instead.
    #[serde(default)]
    pub worlds: Vec<World>,
}

/// One world of a multi-world project.
#[derive(Deserialize)]
pub(super) struct World {
    #[serde(rename = "worldLayout", default)]
    pub world_layout: Option<String>,
    #[serde(default)]
    pub levels: Vec<Level>,
}

/// A level, in the project or in its own `.ldtkl` file.
#[derive(Deserialize)]
pub(super) struct Level {
    pub identifier: String,
    #[serde(default)]
    pub iid: String,
    #[serde(rename = "worldX", default)]
    pub world_x: i64,
    #[serde(rename = "worldY", default)]
    pub world_y: i64,
    #[serde(rename = "layerInstances", default)]
    pub layer_instances: Option<Vec<Layer>>,
    /// The level's own file, relative to the project's, when levels are saved apart.
    #[serde(rename = "externalRelPath", default)]
    pub external_rel_path: Option<String>,
}

/// A layer instance of a level.
#[derive(Deserialize)]
pub(super) struct Layer {
    #[serde(rename = "__identifier")]
    pub identifier: String,
    #[serde(rename = "__type")]
    pub kind: String,
    #[serde(rename = "__cWid")]
    pub c_wid: i64,
    #[serde(rename = "__cHei")]
    pub c_hei: i64,
    #[serde(rename = "__gridSize")]
    pub grid_size: i64,
    #[serde(rename = "__pxTotalOffsetX", default)]
    pub px_total_offset_x: i64,
    #[serde(rename = "__pxTotalOffsetY", default)]
    pub px_total_offset_y: i64,
    #[serde(rename = "intGridCsv", default)]
    pub int_grid_csv: Vec<i64>,
    #[serde(rename = "entityInstances", default)]
    pub entity_instances: Vec<Entity>,
}

/// An entity instance of an entity layer.
#[derive(Deserialize)]
pub(super) struct Entity {
    #[serde(rename = "__identifier")]
    pub identifier: String,
    #[serde(default)]
    pub iid: String,
    /// Its pivot's pixel in the level, without the layer's offset.
    pub px: [f64; 2],
    #[serde(rename = "__grid", default)]
    pub grid: [i64; 2],
    #[serde(default)]
    pub width: f64,
    #[serde(default)]
    pub height: f64,
    #[serde(rename = "__pivot", default)]
    pub pivot: [f64; 2],
    #[serde(rename = "fieldInstances", default)]
    pub field_instances: Vec<Field>,
}

/// A field of an entity, its value as the JSON holds it.
#[derive(Deserialize)]
pub(super) struct Field {
    #[serde(rename = "__identifier")]
    pub identifier: String,
    #[serde(rename = "__value", default)]
    pub value: Value,
}
