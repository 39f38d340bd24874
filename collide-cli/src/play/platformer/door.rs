//! The door and its pressure plate: the plate's started- and stopped-touching events, read
//! from the character's move, open the door and, a moment after the plate is left, shut it.
//! The move reports the plate whenever its path touches it; whether it ends on it
//! (`inside_at_end`) is the plate's state, and its changes are the events (for a path that
//! walks on and off, the same as the hit's `entered` and `left`; a teleport too).

use collide::{overlaps, Character, Pose, StaticWorld};

use super::level::{Level, DOOR, DOOR_AT};

/// Frames the door stays open after the plate is left: time to walk through.
pub const HOLD: usize = 90;

/// Whether the door is open, and for how long yet once the plate is left.
#[derive(Default)]
pub struct Door {
    /// The door is open (its body a sensor, passed through).
    pub open: bool,
    /// Something stands on the plate.
    pub pressed: bool,
    /// Frames left before it shuts, once the plate is left.
    hold: usize,
}

impl Door {
    /// Reads the plate's events from the player's last move and opens or shuts the door.
    pub fn update(&mut self, level: &mut Level, player: &Character) {
        let plate = level.plate.id();
        let hits = player.sensors();
        let on = hits.iter().any(|h| h.obstacle == plate && h.inside_at_end);
        match (self.pressed, on) {
            (false, true) => self.pressed = true, // started touching
            (true, false) => (self.pressed, self.hold) = (false, HOLD), // stopped touching
            _ => {}
        }
        let shut = self.open && !self.pressed && self.hold == 0 && !in_doorway(player);
        let world: &mut StaticWorld = &mut level.world;
        if self.pressed && !self.open {
            self.open = world.bodies.set_sensor(level.door, true);
        } else if shut {
            self.open = !world.bodies.set_sensor(level.door, false);
        }
        self.hold = self.hold.saturating_sub(1);
    }
}

/// Whether the player stands in the doorway (the door never shuts on it).
fn in_doorway(player: &Character) -> bool {
    let pose = Pose::from_position(player.position());
    overlaps(player.shape(), &pose, DOOR, &Pose::from_position(DOOR_AT))
}
