//! The float functions glam does not cover, routed to `std` or `libm` so both builds share code.

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

#[cfg(feature = "std")]
#[inline]
pub(crate) fn sin_cos(x: f32) -> (f32, f32) {
    x.sin_cos()
}

#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn sin_cos(x: f32) -> (f32, f32) {
    (libm::sinf(x), libm::cosf(x))
}

#[cfg(feature = "std")]
#[inline]
pub(crate) fn atan2(y: f32, x: f32) -> f32 {
    y.atan2(x)
}

#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn atan2(y: f32, x: f32) -> f32 {
    libm::atan2f(y, x)
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
