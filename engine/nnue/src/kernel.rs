//! The net's inner loops, in plain Rust and in AVX2 (chosen at run time, so
//! one binary runs everywhere). Both give identical integers: every sum is
//! exact (the AVX2 pairwise products, at most 2 × 127 × 128, never
//! saturate their int16 lanes) and the int16 sums wrap in both.

use crate::HALF;

/// Which code computes the net.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernel {
    /// AVX2 where the processor has it.
    pub(crate) fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Kernel::Avx2;
        }
        Kernel::Scalar
    }

    /// `sums += row` (`add`) or `sums −= row`.
    #[inline(always)]
    pub(crate) fn add_row(self, sums: &mut [i16; HALF], row: &[i16; HALF], add: bool) {
        match self {
            Kernel::Scalar => {
                for (s, &w) in sums.iter_mut().zip(row) {
                    *s = if add {
                        s.wrapping_add(w)
                    } else {
                        s.wrapping_sub(w)
                    };
                }
            }
            // SAFETY: Avx2 is chosen only where the processor has AVX2.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::add_row(sums, row, add) },
        }
    }

    /// `out[i] = clamp(sums[i], 0, 127)`.
    #[inline(always)]
    pub(crate) fn clip_sums(self, sums: &[i16; HALF], out: &mut [u8]) {
        match self {
            Kernel::Scalar => {
                for (o, &s) in out.iter_mut().zip(sums) {
                    *o = s.clamp(0, 127) as u8;
                }
            }
            // SAFETY: as in `add_row`; `out` holds HALF bytes.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::clip_sums(sums, out) },
        }
    }

    /// `out[o] = clamp((biases[o] + Σ weights[o][i]·input[i]) >> shift, 0,
    /// 127)`, the weights stored output by output.
    #[inline(always)]
    pub(crate) fn affine_clipped(
        self,
        biases: &[i32],
        weights: &[i8],
        input: &[u8],
        out: &mut [u8],
        shift: u32,
    ) {
        let n = input.len();
        debug_assert_eq!(weights.len(), n * biases.len());
        for (o, (slot, &bias)) in out.iter_mut().zip(biases).enumerate() {
            let sum = bias + self.dot(&weights[o * n..(o + 1) * n], input);
            *slot = (sum >> shift).clamp(0, 127) as u8;
        }
    }

    /// `Σ w[i]·x[i]`; the length is a multiple of 32.
    #[inline(always)]
    pub(crate) fn dot(self, w: &[i8], x: &[u8]) -> i32 {
        match self {
            Kernel::Scalar => w.iter().zip(x).map(|(&w, &x)| w as i32 * x as i32).sum(),
            // SAFETY: as in `add_row`; both slices are as long, a multiple of 32.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::dot(w, x) },
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use crate::HALF;

    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn add_row(sums: &mut [i16; HALF], row: &[i16; HALF], add: bool) {
        for i in (0..HALF).step_by(16) {
            // SAFETY: i + 16 ≤ HALF for both arrays; unaligned loads and stores.
            unsafe {
                let s = _mm256_loadu_si256(sums.as_ptr().add(i).cast());
                let w = _mm256_loadu_si256(row.as_ptr().add(i).cast());
                let r = if add {
                    _mm256_add_epi16(s, w)
                } else {
                    _mm256_sub_epi16(s, w)
                };
                _mm256_storeu_si256(sums.as_mut_ptr().add(i).cast(), r);
            }
        }
    }

    /// # Safety
    /// The processor must have AVX2; `out` must hold HALF bytes.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn clip_sums(sums: &[i16; HALF], out: &mut [u8]) {
        assert!(out.len() >= HALF);
        for i in (0..HALF).step_by(32) {
            // SAFETY: i + 32 ≤ HALF reads and writes; unaligned access.
            unsafe {
                let a = _mm256_loadu_si256(sums.as_ptr().add(i).cast());
                let b = _mm256_loadu_si256(sums.as_ptr().add(i + 16).cast());
                // Pack with signed saturation to int8 (−128..127), then
                // raise negatives to 0; packs interleaves 128-bit lanes,
                // which the permute puts back in order.
                let packed = _mm256_packs_epi16(a, b);
                let clipped = _mm256_max_epi8(packed, _mm256_setzero_si256());
                let ordered = _mm256_permute4x64_epi64(clipped, 0b11_01_10_00);
                _mm256_storeu_si256(out.as_mut_ptr().add(i).cast(), ordered);
            }
        }
    }

    /// # Safety
    /// The processor must have AVX2; `w` and `x` as long, a multiple of 32.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn dot(w: &[i8], x: &[u8]) -> i32 {
        assert!(w.len() == x.len() && w.len().is_multiple_of(32));
        let ones = _mm256_set1_epi16(1);
        let mut acc = _mm256_setzero_si256();
        for i in (0..w.len()).step_by(32) {
            // SAFETY: i + 32 ≤ len for both; unaligned loads.
            unsafe {
                let xv = _mm256_loadu_si256(x.as_ptr().add(i).cast());
                let wv = _mm256_loadu_si256(w.as_ptr().add(i).cast());
                let pairs = _mm256_maddubs_epi16(xv, wv);
                acc = _mm256_add_epi32(acc, _mm256_madd_epi16(pairs, ones));
            }
        }
        let sum128 = _mm_add_epi32(
            _mm256_castsi256_si128(acc),
            _mm256_extracti128_si256(acc, 1),
        );
        let sum64 = _mm_add_epi32(sum128, _mm_unpackhi_epi64(sum128, sum128));
        let sum32 = _mm_add_epi32(sum64, _mm_shuffle_epi32(sum64, 0b01));
        _mm_cvtsi128_si32(sum32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Vector and scalar code agree on the extremes of every input.
    #[test]
    fn kernels_agree() {
        let k = Kernel::detect();
        if k == Kernel::Scalar {
            return;
        }
        let mut rng = 12345u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for _ in 0..200 {
            let sums: [i16; HALF] = std::array::from_fn(|_| next() as i16 >> (next() % 12));
            let row: [i16; HALF] = std::array::from_fn(|_| next() as i16);
            let (mut a, mut b) = (sums, sums);
            k.add_row(&mut a, &row, true);
            Kernel::Scalar.add_row(&mut b, &row, true);
            assert_eq!(a, b);
            k.add_row(&mut a, &row, false);
            Kernel::Scalar.add_row(&mut b, &row, false);
            assert_eq!(a, b);
            let (mut ca, mut cb) = ([0u8; HALF], [0u8; HALF]);
            k.clip_sums(&sums, &mut ca);
            Kernel::Scalar.clip_sums(&sums, &mut cb);
            assert_eq!(ca, cb);
            let w: Vec<i8> = (0..512).map(|_| next() as i8).collect();
            let x: Vec<u8> = (0..512).map(|_| (next() % 128) as u8).collect();
            assert_eq!(k.dot(&w, &x), Kernel::Scalar.dot(&w, &x));
        }
    }
}
