//! From LDtk's JSON to [`LdtkProject`]: levels (reading `.ldtkl` files where levels are saved
//! apart), IntGrid layers into tile maps, entities into world points.

use std::path::Path;

use collide_world::TileMap;
use glam::Vec2;

use super::format::{self, Layer};
use super::options::LdtkOptions;
use super::project::{IntGridLayer, LdtkEntity, LdtkLevel, LdtkProject};
use crate::error::{invalid, Error, ErrorKind};
use crate::read::{cell_count, read_text, too_many_cells};

/// The project in `text` (the file `file`, in the folder `dir` when read from disk).
pub(super) fn project(
    file: &str,
    text: &str,
    dir: Option<&Path>,
    options: &LdtkOptions,
) -> Result<LdtkProject, Error> {
    let project: format::Project =
        serde_json::from_str(text).map_err(|e| Error::new(file, ErrorKind::Json(e.to_string())))?;
    if project.json_version.is_none() {
        return Err(invalid(
            file,
            "not an LDtk project (no `jsonVersion`): a wrong file would load as no levels",
        ));
    }
    let mut levels = Vec::new();
    let worlds = std::iter::once((project.world_layout.as_deref(), &project.levels)).chain(
        project
            .worlds
            .iter()
            .map(|w| (w.world_layout.as_deref(), &w.levels)),
    );
    for (layout, world_levels) in worlds {
        let placed = !matches!(layout, Some("LinearHorizontal" | "LinearVertical"));
        for level in world_levels {
            levels.push(load_level(file, level, placed, dir, options)?);
        }
    }
    Ok(LdtkProject { levels })
}

/// One level of the project, from its own file if it was saved apart.
fn load_level(
    file: &str,
    level: &format::Level,
    placed: bool,
    dir: Option<&Path>,
    options: &LdtkOptions,
) -> Result<LdtkLevel, Error> {
    let here = |e: Error| e.in_level(&level.identifier);
    let world_position = if placed {
        Vec2::new(level.world_x as f32, level.world_y as f32)
    } else {
        Vec2::ZERO
    };
    if let Some(layers) = &level.layer_instances {
        return convert(file, level, layers, world_position, options).map_err(here);
    }
    let Some(rel) = &level.external_rel_path else {
        return Err(here(invalid(file, "a level with no layer instances")));
    };
    let Some(dir) = dir else {
        return Err(here(Error::new(
            file,
            ErrorKind::Unsupported(format!(
                "the level is saved in {rel:?}: load the project from its path"
            )),
        )));
    };
    let (level_file, text) = read_text(&dir.join(rel)).map_err(here)?;
    let apart: format::Level = serde_json::from_str(&text)
        .map_err(|e| here(Error::new(&level_file, ErrorKind::Json(e.to_string()))))?;
    if apart.identifier != level.identifier {
        let what = format!(
            "the file holds the level {:?}, where the project lists {:?}",
            apart.identifier, level.identifier
        );
        return Err(here(invalid(&level_file, what)));
    }
    // As a level inside the project: no layer list is a broken file, not an empty level.
    let Some(layers) = &apart.layer_instances else {
        return Err(here(invalid(
            &level_file,
            "a level with no layer instances",
        )));
    };
    convert(&level_file, level, layers, world_position, options).map_err(here)
}

/// The level with these layer instances.
fn convert(
    file: &str,
    level: &format::Level,
    layers: &[Layer],
    world_position: Vec2,
    options: &LdtkOptions,
) -> Result<LdtkLevel, Error> {
    let mut int_grids = Vec::new();
    let mut entities = Vec::new();
    for layer in layers {
        let offset = world_position
            + Vec2::new(
                layer.px_total_offset_x as f32,
                layer.px_total_offset_y as f32,
            );
        match layer.kind.as_str() {
            "IntGrid" => int_grids.push(IntGridLayer {
                identifier: layer.identifier.clone(),
                map: int_grid(file, layer, offset, options)
                    .map_err(|e| e.in_layer(&layer.identifier))?,
            }),
            "Entities" => {
                for e in &layer.entity_instances {
                    let placed = entity(e, &layer.identifier, offset, options);
                    let size = placed.size;
                    if !(placed.center.is_finite() && size.is_finite() && size.min_element() >= 0.0)
                    {
                        let what = format!("the entity {:?}'s position or size", e.iid);
                        return Err(invalid(file, what).in_layer(&layer.identifier));
                    }
                    entities.push(placed);
                }
            }
            _ => {}
        }
    }
    Ok(LdtkLevel {
        identifier: level.identifier.clone(),
        iid: level.iid.clone(),
        world_position,
        int_grids,
        entities,
    })
}

/// An IntGrid layer's tile map; `top_left` is the editor's pixel of its top-left corner.
fn int_grid(
    file: &str,
    layer: &Layer,
    top_left: Vec2,
    options: &LdtkOptions,
) -> Result<TileMap, Error> {
    let side = |n: i64| u32::try_from(n).ok();
    let (Some(w), Some(h)) = (side(layer.c_wid), side(layer.c_hei)) else {
        return Err(invalid(file, "the layer's size in cells (__cWid, __cHei)"));
    };
    let Some(count) = cell_count(w, h) else {
        let what = too_many_cells("a layer (__cWid, __cHei)", w, h);
        return Err(invalid(file, what));
    };
    if layer.grid_size <= 0 {
        return Err(invalid(file, "the layer's grid size (__gridSize)"));
    }
    if layer.int_grid_csv.len() != count {
        return Err(invalid(
            file,
            format!(
                "intGridCsv holds {} values for {w} × {h} cells",
                layer.int_grid_csv.len()
            ),
        ));
    }
    let axis = options.y_axis();
    let mut cells = vec![0; count];
    for (i, &value) in layer.int_grid_csv.iter().enumerate() {
        let (x, row) = ((i % w as usize) as u32, (i / w as usize) as u32);
        let byte = options
            .byte(value)
            .map_err(|kind| Error::new(file, kind).at_cell(x, row))?;
        cells[axis.row(row, h) as usize * w as usize + x as usize] = byte;
    }
    let grid = layer.grid_size as f32;
    let origin = axis.origin(top_left, h as f32 * grid);
    let mut map = TileMap::from_cells(w, h, &cells, Vec2::splat(grid), origin)
        .map_err(|e| Error::new(file, ErrorKind::World(e)))?;
    map.set_one_way_up(axis.up());
    Ok(map)
}

/// An entity, placed in the world; `offset` is the editor's pixel of its layer's top-left.
fn entity(e: &format::Entity, layer: &str, offset: Vec2, options: &LdtkOptions) -> LdtkEntity {
    let axis = options.y_axis();
    let pivot_px = offset + Vec2::new(e.px[0] as f32, e.px[1] as f32);
    let size = Vec2::new(e.width as f32, e.height as f32);
    let pivot = Vec2::new(e.pivot[0] as f32, e.pivot[1] as f32);
    let center_px = pivot_px + (Vec2::splat(0.5) - pivot) * size;
    LdtkEntity {
        identifier: e.identifier.clone(),
        iid: e.iid.clone(),
        layer: layer.to_owned(),
        position: axis.point(pivot_px),
        center: axis.point(center_px),
        size,
        cell: (e.grid[0], e.grid[1]),
        fields: e
            .field_instances
            .iter()
            .map(|f| (f.identifier.clone(), f.value.clone()))
            .collect(),
    }
}
