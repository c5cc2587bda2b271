//! YaneuraOu's `nn.bin` for halfKP 256x2-32-32: the header, the hashes, the
//! architecture string and the parameters' order, read and written.
//!
//! The file, all little-endian: the version, the whole net's hash, the
//! architecture string (length, bytes); the feature transformer's hash, its
//! int16 biases and weights (feature-major); the network's hash, then per
//! affine layer its int32 biases and int8 weights (output-major).

use std::path::Path;

use crate::network::{Affine, FeatureTransformer, Network};
use crate::{FEATURES, HALF, HIDDEN};

/// The version word every `nn.bin` of this family starts with.
const VERSION: u32 = 0x7AF3_2F16;

/// The feature set's hash: HalfKP(Friend).
const HALF_KP_HASH: u32 = 0x5D69_D5B9 ^ 1;

const fn input_slice_hash(dims: u32) -> u32 {
    0xEC42_E90D ^ dims
}

const fn affine_hash(previous: u32, outputs: u32) -> u32 {
    0xCC03_DAE4u32.wrapping_add(outputs) ^ (previous >> 1) ^ (previous << 31)
}

const fn clipped_relu_hash(previous: u32) -> u32 {
    0x538D_24C7u32.wrapping_add(previous)
}

/// The feature transformer's hash (it names its 512 outputs).
pub(crate) const TRANSFORMER_HASH: u32 = HALF_KP_HASH ^ (2 * HALF as u32);

/// The hash of the layers after the transformer.
pub(crate) const NETWORK_HASH: u32 = {
    let h = input_slice_hash(2 * HALF as u32);
    let h = clipped_relu_hash(affine_hash(h, HIDDEN as u32));
    let h = clipped_relu_hash(affine_hash(h, HIDDEN as u32));
    affine_hash(h, 1)
};

/// The whole net's hash, in the header.
pub(crate) const FILE_HASH: u32 = TRANSFORMER_HASH ^ NETWORK_HASH;

/// The architecture string YaneuraOu writes today; older builds named the
/// first layer `AffineTransform` (the same layer, stored the same way).
const ARCHITECTURES: [&str; 2] = [
    "Features=HalfKP(Friend)[125388->256x2],Network=AffineTransform[1<-32](ClippedReLU[32](AffineTransform[32<-32](ClippedReLU[32](AffineTransformSparseInput[32<-512](InputSlice[512(0:512)])))))",
    "Features=HalfKP(Friend)[125388->256x2],Network=AffineTransform[1<-32](ClippedReLU[32](AffineTransform[32<-32](ClippedReLU[32](AffineTransform[32<-512](InputSlice[512(0:512)])))))",
];

/// The file's size, header included.
fn expected_size(architecture: &str) -> usize {
    let header = 12 + architecture.len();
    let transformer = 4 + 2 * HALF + 2 * HALF * FEATURES;
    let affine = |inputs: usize, outputs: usize| 4 * outputs + inputs * outputs;
    let network = 4 + affine(2 * HALF, HIDDEN) + affine(HIDDEN, HIDDEN) + affine(HIDDEN, 1);
    header + transformer + network
}

/// Why a file is not a net Yomi can use, or a net could not be written.
#[derive(Debug, thiserror::Error)]
pub enum NnueError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
    #[error("not a YaneuraOu NNUE file: version word {found:#010x}, expected {VERSION:#010x}")]
    Version { found: u32 },
    #[error(
        "unsupported architecture \"{found}\": Yomi reads halfKP 256x2-32-32 \
         (YaneuraOu's NNUE edition, \"HalfKP(Friend)[125388->256x2]\")"
    )]
    Architecture { found: String },
    #[error("{part} hash {found:#010x}, expected {expected:#010x}: not a halfKP 256x2-32-32 net")]
    Hash {
        part: &'static str,
        found: u32,
        expected: u32,
    },
    #[error("truncated or padded: {found} bytes, a halfKP 256x2-32-32 net has {expected}")]
    Size { found: usize, expected: usize },
}

/// Reads little-endian words off a byte slice. Past the header, reads
/// come after the exact size was checked, so every slice is in range.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let chunk = self.bytes.get(self.at..self.at + N)?;
        self.at += N;
        chunk.try_into().ok()
    }

    fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }

    fn i16s(&mut self, n: usize) -> Vec<i16> {
        let chunk = &self.bytes[self.at..self.at + 2 * n];
        self.at += 2 * n;
        chunk
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect()
    }

    fn i32s(&mut self, n: usize) -> Vec<i32> {
        let chunk = &self.bytes[self.at..self.at + 4 * n];
        self.at += 4 * n;
        chunk
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    }

    fn i8s(&mut self, n: usize) -> Vec<i8> {
        let chunk = &self.bytes[self.at..self.at + n];
        self.at += n;
        chunk.iter().map(|&b| b as i8).collect()
    }

    fn hash(&mut self, part: &'static str, expected: u32) -> Result<(), NnueError> {
        let found = self.u32().ok_or(NnueError::Size {
            found: self.bytes.len(),
            expected: expected_size(ARCHITECTURES[0]),
        })?;
        if found == expected {
            Ok(())
        } else {
            Err(NnueError::Hash {
                part,
                found,
                expected,
            })
        }
    }

    fn affine(&mut self, inputs: usize, outputs: usize) -> Affine {
        let biases = self.i32s(outputs);
        let weights = self.i8s(inputs * outputs);
        Affine::new(biases, weights)
    }
}

impl Network {
    /// Reads `nn.bin`.
    pub fn load(path: &Path) -> Result<Network, NnueError> {
        let bytes = std::fs::read(path).map_err(|source| NnueError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Network::from_bytes(&bytes)
    }

    /// Parses a whole `nn.bin` image: header, hashes, architecture and size
    /// are checked before any parameter is read.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NnueError> {
        let short = || NnueError::Size {
            found: bytes.len(),
            expected: expected_size(ARCHITECTURES[0]),
        };
        let mut r = Reader { bytes, at: 0 };
        let version = r.u32().ok_or_else(short)?;
        if version != VERSION {
            return Err(NnueError::Version { found: version });
        }
        let file_hash = r.u32().ok_or_else(short)?;
        let length = r.u32().ok_or_else(short)? as usize;
        let text = bytes.get(12..12 + length).ok_or_else(short)?;
        let architecture = String::from_utf8_lossy(text).into_owned();
        if !ARCHITECTURES.contains(&architecture.as_str()) {
            return Err(NnueError::Architecture {
                found: architecture,
            });
        }
        if file_hash != FILE_HASH {
            return Err(NnueError::Hash {
                part: "file",
                found: file_hash,
                expected: FILE_HASH,
            });
        }
        let expected = expected_size(&architecture);
        if bytes.len() != expected {
            return Err(NnueError::Size {
                found: bytes.len(),
                expected,
            });
        }
        r.at = 12 + length;
        r.hash("feature transformer", TRANSFORMER_HASH)?;
        let biases = r.i16s(HALF);
        let weights = r.i16s(HALF * FEATURES);
        let transformer = FeatureTransformer::new(biases, weights);
        r.hash("network", NETWORK_HASH)?;
        let hidden1 = r.affine(2 * HALF, HIDDEN);
        let hidden2 = r.affine(HIDDEN, HIDDEN);
        let output = r.affine(HIDDEN, 1);
        Ok(Network::new(transformer, [hidden1, hidden2, output]))
    }

    /// The net as `nn.bin` bytes, as YaneuraOu writes them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let architecture = ARCHITECTURES[0];
        let mut out = Vec::with_capacity(expected_size(architecture));
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&FILE_HASH.to_le_bytes());
        out.extend_from_slice(&(architecture.len() as u32).to_le_bytes());
        out.extend_from_slice(architecture.as_bytes());
        out.extend_from_slice(&TRANSFORMER_HASH.to_le_bytes());
        let t = self.transformer();
        out.extend(t.biases().iter().flat_map(|v| v.to_le_bytes()));
        out.extend(t.weights().iter().flat_map(|v| v.to_le_bytes()));
        out.extend_from_slice(&NETWORK_HASH.to_le_bytes());
        for layer in self.layers() {
            out.extend(layer.biases().iter().flat_map(|v| v.to_le_bytes()));
            out.extend(layer.weights().iter().map(|&v| v as u8));
        }
        out
    }

    /// Writes [`Network::to_bytes`] to `path`.
    pub fn save(&self, path: &Path) -> Result<(), NnueError> {
        std::fs::write(path, self.to_bytes()).map_err(|source| NnueError::Write {
            path: path.display().to_string(),
            source,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hashes YaneuraOu's own generator script computes for this
    /// architecture (`nnue_dummy_gen.py`: 0x5D69D5B8 for the features).
    #[test]
    fn hashes_follow_the_layers() {
        assert_eq!(HALF_KP_HASH, 0x5D69_D5B8);
        assert_eq!(TRANSFORMER_HASH, 0x5D69_D5B8 ^ 512);
    }

    #[test]
    fn size_of_a_net() {
        // 64 MB of transformer weights dominate.
        assert_eq!(
            expected_size(ARCHITECTURES[0]),
            12 + ARCHITECTURES[0].len()
                + 4
                + 512
                + 512 * 125_388
                + 4
                + (128 + 16_384)
                + (128 + 1024)
                + (4 + 32)
        );
    }
}
