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

    /// `out = base + Σ added − Σ removed`, in one pass over the rows.
    #[inline(always)]
    pub(crate) fn sums(
        self,
        base: &[i16; HALF],
        added: &[&[i16; HALF]],
        removed: &[&[i16; HALF]],
        out: &mut [i16; HALF],
    ) {
        match self {
            Kernel::Scalar => {
                for (j, o) in out.iter_mut().enumerate() {
                    let mut v = base[j];
                    for row in added {
                        v = v.wrapping_add(row[j]);
                    }
                    for row in removed {
                        v = v.wrapping_sub(row[j]);
                    }
                    *o = v;
                }
            }
            // SAFETY: Avx2 is chosen only where the processor has AVX2.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::sums(base, added, removed, out) },
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
            // SAFETY: as in `sums`; `out` holds HALF bytes.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::clip_sums(sums, out) },
        }
    }

    /// `out[o] = clamp((biases[o] + Σ weights[o][i]·input[i]) >> shift, 0,
    /// 127)` for 32 outputs and inputs (a multiple of 32) that are often
    /// zero, the weights stored output by output and, in `by_inputs`,
    /// grouped by four inputs (each output's four weights in turn). The
    /// vector code skips groups of four zero inputs and needs no
    /// horizontal sums.
    #[inline(always)]
    pub(crate) fn affine_sparse(
        self,
        biases: &[i32],
        weights: &[i8],
        by_inputs: &[i8],
        input: &[u8],
        out: &mut [u8],
        shift: u32,
    ) {
        match self {
            Kernel::Scalar => affine_clipped(biases, weights, input, out, shift),
            // SAFETY: as in `sums`; the shapes are as this function says.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::affine_sparse(biases, by_inputs, input, out, shift) },
        }
    }

    /// `Σ w[i]·x[i]`; the length is a multiple of 32.
    #[inline(always)]
    pub(crate) fn dot(self, w: &[i8], x: &[u8]) -> i32 {
        match self {
            Kernel::Scalar => w.iter().zip(x).map(|(&w, &x)| w as i32 * x as i32).sum(),
            // SAFETY: as in `sums`; both slices are as long, a multiple of 32.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::dot(w, x) },
        }
    }
}

/// [`Kernel::affine_sparse`] in plain Rust, every input read.
fn affine_clipped(biases: &[i32], weights: &[i8], input: &[u8], out: &mut [u8], shift: u32) {
    let n = input.len();
    debug_assert_eq!(weights.len(), n * biases.len());
    for (o, (slot, &bias)) in out.iter_mut().zip(biases).enumerate() {
        let sum = bias + Kernel::Scalar.dot(&weights[o * n..(o + 1) * n], input);
        *slot = (sum >> shift).clamp(0, 127) as u8;
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use crate::HALF;

    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn sums(
        base: &[i16; HALF],
        added: &[&[i16; HALF]],
        removed: &[&[i16; HALF]],
        out: &mut [i16; HALF],
    ) {
        // Four registers (64 sums) at a time, every row added into them
        // before they are stored. (No closures: they would not inherit
        // the AVX2 target feature.)
        for i in (0..HALF).step_by(64) {
            // SAFETY: i + 64 ≤ HALF for every row; unaligned loads and stores.
            unsafe {
                let b = base.as_ptr().add(i).cast::<__m256i>();
                let mut v0 = _mm256_loadu_si256(b);
                let mut v1 = _mm256_loadu_si256(b.add(1));
                let mut v2 = _mm256_loadu_si256(b.add(2));
                let mut v3 = _mm256_loadu_si256(b.add(3));
                for row in added {
                    let r = row.as_ptr().add(i).cast::<__m256i>();
                    v0 = _mm256_add_epi16(v0, _mm256_loadu_si256(r));
                    v1 = _mm256_add_epi16(v1, _mm256_loadu_si256(r.add(1)));
                    v2 = _mm256_add_epi16(v2, _mm256_loadu_si256(r.add(2)));
                    v3 = _mm256_add_epi16(v3, _mm256_loadu_si256(r.add(3)));
                }
                for row in removed {
                    let r = row.as_ptr().add(i).cast::<__m256i>();
                    v0 = _mm256_sub_epi16(v0, _mm256_loadu_si256(r));
                    v1 = _mm256_sub_epi16(v1, _mm256_loadu_si256(r.add(1)));
                    v2 = _mm256_sub_epi16(v2, _mm256_loadu_si256(r.add(2)));
                    v3 = _mm256_sub_epi16(v3, _mm256_loadu_si256(r.add(3)));
                }
                let o = out.as_mut_ptr().add(i).cast::<__m256i>();
                _mm256_storeu_si256(o, v0);
                _mm256_storeu_si256(o.add(1), v1);
                _mm256_storeu_si256(o.add(2), v2);
                _mm256_storeu_si256(o.add(3), v3);
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
        for i in (0..x.len()).step_by(32) {
            // SAFETY: i + 32 ≤ len of both; unaligned loads.
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

    /// For each byte 0..256, the indices of its set bits, lowest first.
    static SET_BITS: [[u16; 8]; 256] = {
        let mut table = [[0u16; 8]; 256];
        let mut byte = 0;
        while byte < 256 {
            let (mut bit, mut k) = (0, 0);
            while bit < 8 {
                if byte >> bit & 1 == 1 {
                    table[byte][k] = bit as u16;
                    k += 1;
                }
                bit += 1;
            }
            byte += 1;
        }
        table
    };

    /// The indices of the groups of four inputs that are not all zero, into
    /// `out`, and how many there are: eight groups a step, by a compare and
    /// a table, so that no branch depends on the inputs (a branch a group
    /// follows the inputs, which no predictor can learn).
    ///
    /// # Safety
    /// The processor must have AVX2; `input.len()` a multiple of 32 and at
    /// most four times `out.len()`.
    #[target_feature(enable = "avx2")]
    unsafe fn nonzero_groups(input: &[u8], out: &mut [u16]) -> usize {
        assert!(input.len().is_multiple_of(32) && input.len() <= 4 * out.len());
        let mut count = 0;
        let mut base = _mm_setzero_si128();
        let eight = _mm_set1_epi16(8);
        for i in (0..input.len()).step_by(32) {
            // SAFETY: i + 32 ≤ len; the eight indices stored at `count`
            // fit, as count ≤ i / 4 ≤ out.len() − 8; unaligned access.
            unsafe {
                let v = _mm256_loadu_si256(input.as_ptr().add(i).cast());
                let zero = _mm256_cmpeq_epi32(v, _mm256_setzero_si256());
                let mask = !_mm256_movemask_ps(_mm256_castsi256_ps(zero)) as usize & 0xFF;
                let bits = _mm_loadu_si128(SET_BITS[mask].as_ptr().cast());
                _mm_storeu_si128(
                    out.as_mut_ptr().add(count).cast(),
                    _mm_add_epi16(base, bits),
                );
                count += mask.count_ones() as usize;
            }
            base = _mm_add_epi16(base, eight);
        }
        count
    }

    /// # Safety
    /// The processor must have AVX2; 32 outputs, at most 2 × HALF inputs, a
    /// multiple of 32; `by_inputs` 32 × inputs long.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn affine_sparse(
        biases: &[i32],
        by_inputs: &[i8],
        input: &[u8],
        out: &mut [u8],
        shift: u32,
    ) {
        assert!(biases.len() == 32 && out.len() >= 32 && input.len() <= 2 * HALF);
        assert!(by_inputs.len() >= 32 * input.len());
        let mut groups = [0u16; 2 * HALF / 4];
        // SAFETY: AVX2; the input's length as asserted above and in
        // `nonzero_groups`.
        let count = unsafe { nonzero_groups(input, &mut groups) };
        let ones = _mm256_set1_epi16(1);
        // SAFETY: 32 biases; each group j < inputs / 4 has 128 weights at
        // 128j (asserted above) and four inputs at 4j; unaligned loads and
        // stores.
        unsafe {
            let b = biases.as_ptr().cast::<__m256i>();
            let mut acc = [
                _mm256_loadu_si256(b),
                _mm256_loadu_si256(b.add(1)),
                _mm256_loadu_si256(b.add(2)),
                _mm256_loadu_si256(b.add(3)),
            ];
            for &j in &groups[..count] {
                let j = usize::from(j);
                let four = input.as_ptr().add(4 * j).cast::<i32>().read_unaligned();
                let x = _mm256_set1_epi32(four);
                let w = by_inputs.as_ptr().add(128 * j).cast::<__m256i>();
                for (k, a) in acc.iter_mut().enumerate() {
                    let pairs = _mm256_maddubs_epi16(x, _mm256_loadu_si256(w.add(k)));
                    *a = _mm256_add_epi32(*a, _mm256_madd_epi16(pairs, ones));
                }
            }
            // Shifted, then packed with signed saturation to int8 and
            // negatives raised to 0: `clamp(s >> shift, 0, 127)`. The packs
            // interleave 128-bit lanes (four outputs a 32-bit lane, in the
            // order 0, 8, 16, 24, 4, 12, 20, 28), which the permute undoes.
            let count = _mm_cvtsi32_si128(shift as i32);
            let [a, b, c, d] = acc.map(|a| _mm256_sra_epi32(a, count));
            let packed = _mm256_packs_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
            let clipped = _mm256_max_epi8(packed, _mm256_setzero_si256());
            let ordered =
                _mm256_permutevar8x32_epi32(clipped, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
            _mm256_storeu_si256(out.as_mut_ptr().cast(), ordered);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xorshift::XorShiftRng;

    /// Vector and scalar code agree on the extremes of every input.
    #[test]
    fn kernels_agree() {
        let k = Kernel::detect();
        if k == Kernel::Scalar {
            return;
        }
        let mut rng = XorShiftRng::seed_from_u64(12345);
        let mut next = || rng.next_u64();
        for _ in 0..200 {
            let base: [i16; HALF] = std::array::from_fn(|_| next() as i16 >> (next() % 12));
            let row: [i16; HALF] = std::array::from_fn(|_| next() as i16);
            let other: [i16; HALF] = std::array::from_fn(|_| next() as i16);
            let (mut a, mut b) = ([0; HALF], [0; HALF]);
            k.sums(&base, &[&row, &other], &[&other], &mut a);
            Kernel::Scalar.sums(&base, &[&row, &other], &[&other], &mut b);
            assert_eq!(a, b);
            k.sums(&base, &[], &[&row], &mut a);
            Kernel::Scalar.sums(&base, &[], &[&row], &mut b);
            assert_eq!(a, b);
            let (mut ca, mut cb) = ([0u8; HALF], [0u8; HALF]);
            k.clip_sums(&base, &mut ca);
            Kernel::Scalar.clip_sums(&base, &mut cb);
            assert_eq!(ca, cb);
            let w: Vec<i8> = (0..512).map(|_| next() as i8).collect();
            let x: Vec<u8> = (0..512).map(|_| (next() % 128) as u8).collect();
            assert_eq!(k.dot(&w, &x), Kernel::Scalar.dot(&w, &x));
            let biases: Vec<i32> = (0..32).map(|_| next() as i32 >> 16).collect();
            let weights: Vec<i8> = (0..32 * 512).map(|_| next() as i8).collect();
            let (mut oa, mut ob) = ([0u8; 32], [0u8; 32]);
            let by_inputs = crate::network::grouped_by_inputs;
            let by_512 = by_inputs(&weights, 512);
            k.affine_sparse(&biases, &weights, &by_512, &x, &mut oa, 6);
            affine_clipped(&biases, &weights, &x, &mut ob, 6);
            assert_eq!(oa, ob);
            let sparse: Vec<u8> = x.iter().map(|&v| if v % 3 == 0 { v } else { 0 }).collect();
            k.affine_sparse(&biases, &weights, &by_512, &sparse, &mut oa, 6);
            affine_clipped(&biases, &weights, &sparse, &mut ob, 6);
            assert_eq!(oa, ob);
            // The second layer's shape: 32 inputs.
            let (w32, x32) = (&weights[..32 * 32], &sparse[..32]);
            k.affine_sparse(&biases, w32, &by_inputs(w32, 32), x32, &mut oa, 6);
            affine_clipped(&biases, w32, x32, &mut ob, 6);
            assert_eq!(oa, ob);
            // Whole groups of four zero, as a trained net's inputs often are.
            let zeros = next();
            let groups: Vec<u8> = (0..512)
                .map(|i| {
                    if zeros >> (i / 4 % 64) & 1 == 1 {
                        0
                    } else {
                        x[i]
                    }
                })
                .collect();
            k.affine_sparse(&biases, &weights, &by_512, &groups, &mut oa, 6);
            affine_clipped(&biases, &weights, &groups, &mut ob, 6);
            assert_eq!(oa, ob);
        }
    }
}
