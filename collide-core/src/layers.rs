/// Collision layers: which layer a body is on, and which layers it collides with.
///
/// Both are bit sets. Two bodies are tested **only when each one's `mask` contains the other's
/// `layer`**: a player shot (`layer = SHOT`, `mask = ALIEN`) and an alien (`layer = ALIEN`,
/// `mask = SHOT | PLAYER`) interact; two shots do not. The rule is symmetric, so the order of
/// a pair never changes the answer. The test is one `&` per side, cheap enough to run before
/// any geometry.
///
/// ```
/// use collide_core::Layers;
///
/// const SHOT: u32 = 1 << 1;
/// const ALIEN: u32 = 1 << 2;
/// let shot = Layers::on(SHOT).with_mask(ALIEN);
/// let alien = Layers::on(ALIEN).with_mask(SHOT);
/// assert!(shot.interacts(alien) && alien.interacts(shot));
/// assert!(!shot.interacts(shot));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Layers {
    /// The layer bits this body is on (usually one bit).
    pub layer: u32,
    /// The layer bits this body collides with.
    pub mask: u32,
}

impl Default for Layers {
    fn default() -> Self {
        Self::ALL
    }
}

impl Layers {
    /// On every layer and colliding with every layer.
    pub const ALL: Layers = Layers {
        layer: u32::MAX,
        mask: u32::MAX,
    };
    /// On no layer: interacts with nothing.
    pub const NONE: Layers = Layers { layer: 0, mask: 0 };

    /// On the layer bits `layer`, colliding with every layer: name the mask next with
    /// [`with_mask`](Self::with_mask). Named, so that a layer and a mask never swap unseen.
    #[inline]
    #[must_use]
    pub const fn on(layer: u32) -> Self {
        Self {
            layer,
            mask: u32::MAX,
        }
    }

    /// These layers, colliding only with the layer bits `mask`.
    #[inline]
    #[must_use]
    pub const fn with_mask(self, mask: u32) -> Self {
        Self {
            layer: self.layer,
            mask,
        }
    }

    /// Whether two bodies with these layers should be tested: each mask holds the other's layer.
    #[inline]
    #[must_use]
    pub const fn interacts(self, other: Layers) -> bool {
        self.mask & other.layer != 0 && other.mask & self.layer != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sides_must_agree() {
        let a = Layers::on(0b01).with_mask(0b10);
        let b = Layers::on(0b10).with_mask(0b00); // b collides with nothing
        assert!(!a.interacts(b) && !b.interacts(a));
        assert!(Layers::ALL.interacts(Layers::ALL));
        assert!(!Layers::NONE.interacts(Layers::ALL));
    }
}
