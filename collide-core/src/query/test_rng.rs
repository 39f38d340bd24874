//! A small seeded generator for the unit tests, so their random cases are the same on every run.

/// Uniform floats in `[0, 1)` from a linear congruential generator started at `seed`.
pub(crate) fn uniform(seed: u32) -> impl FnMut() -> f32 {
    let mut state = seed;
    move || {
        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (state >> 8) as f32 / (1u32 << 24) as f32
    }
}
