//! The transcendental functions every collide crate calls, so that one switch decides where
//! they come from: the platform's `std`, or `libm` (pure Rust, the same bits on every target)
//! under the `deterministic` feature and in `no_std` builds. The crates never call
//! `f32::sin` and its kin directly, nor glam's own (`Vec2::from_angle`, …).
//!
//! ```
//! let (sin, cos) = collide_core::math::sin_cos(0.5);
//! assert!((sin * sin + cos * cos - 1.0).abs() < 1e-6);
//! ```

// The one place the platform's functions may be called (`clippy.toml` refuses them elsewhere).
#![allow(clippy::disallowed_methods)]

#[cfg(feature = "std")]
#[inline]
pub(crate) fn sqrt(x: f32) -> f32 {
    x.sqrt()
}

#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn sqrt(x: f32) -> f32 {
    libm::sqrtf(x)
}

#[cfg(feature = "std")]
#[inline]
pub(crate) fn sqrt64(x: f64) -> f64 {
    x.sqrt()
}

#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn sqrt64(x: f64) -> f64 {
    libm::sqrt(x)
}

/// Whether the transcendental functions below go through `libm`: always under
/// `deterministic`, and without `std` (where there is nothing else).
// `sqrt` stays with the platform even under `deterministic`: IEEE 754 rounds it exactly, so
// every correct implementation gives the same bits.
macro_rules! through_libm {
    ($libm:expr, $std:expr) => {{
        #[cfg(any(feature = "deterministic", not(feature = "std")))]
        {
            $libm
        }
        #[cfg(all(feature = "std", not(feature = "deterministic")))]
        {
            $std
        }
    }};
}

/// `(sin x, cos x)`.
#[inline]
#[must_use]
pub fn sin_cos(x: f32) -> (f32, f32) {
    through_libm!((libm::sinf(x), libm::cosf(x)), x.sin_cos())
}

/// `sin x`.
#[inline]
#[must_use]
pub fn sin(x: f32) -> f32 {
    through_libm!(libm::sinf(x), x.sin())
}

/// `cos x`.
#[inline]
#[must_use]
pub fn cos(x: f32) -> f32 {
    through_libm!(libm::cosf(x), x.cos())
}

/// The angle of `(x, y)` in `(-π, π]`, as `f32::atan2`.
#[inline]
#[must_use]
pub fn atan2(y: f32, x: f32) -> f32 {
    through_libm!(libm::atan2f(y, x), y.atan2(x))
}

/// Marks the path that calls it as rarely taken, so that the compiler lays out the other path
/// first.
// `core::hint::cold_path`, stable from Rust 1.95, does the same; this crate supports older
// compilers.
#[cold]
#[inline(never)]
pub(crate) fn cold() {}

/// The power of two that brings `m` (zero or positive, not NaN) to `[1, 2)`: `2^-e` for
/// `m = 1.x · 2^e`. The largest floats (`e = 127`, whose reciprocal power is subnormal) and
/// infinity get `2^-126`; subnormals and zero, `2^127`. Multiplying by it is exact wherever
/// the product stays a normal float, so a problem scaled by it has the same answer, scaled;
/// and a vector scaled by the power of its larger component has a squared length that is a
/// normal float.
// A few integer operations, no branch.
#[inline]
pub(crate) fn unit_scale(m: f32) -> f32 {
    let exponent = (m.to_bits() >> 23) & 0xff;
    f32::from_bits(254_u32.saturating_sub(exponent).max(1) << 23)
}
