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

/// Marks the path that calls it as rarely taken, so that the compiler lays out and allocates
/// registers for the other path first (`core::hint::cold_path`, stable from Rust 1.95, does the
/// same; this crate supports older compilers).
#[cold]
#[inline(never)]
pub(crate) fn cold() {}
