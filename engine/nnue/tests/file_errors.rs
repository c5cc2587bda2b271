//! A file that is not a halfKP 256x2-32-32 net is refused with an error
//! that says why; a written net reads back the same.

use yomi_nnue::{Network, NnueError};
use yomi_shogi::board::{Position, STARTPOS};

#[test]
fn broken_files_are_refused_with_the_reason() {
    let bytes = Network::random(3).to_bytes();
    let back = Network::from_bytes(&bytes).expect("a written net reads back");
    let start = Position::from_sfen(STARTPOS).unwrap();
    assert_eq!(
        yomi_nnue::evaluate(&back, &start),
        yomi_nnue::evaluate(&Network::random(3), &start)
    );

    let refused = |b: &[u8]| Network::from_bytes(b).err().expect("refused");

    // Truncated: at any length, including inside the header.
    for len in [0, 3, 10, 200, bytes.len() / 2, bytes.len() - 1] {
        let e = refused(&bytes[..len]);
        assert!(matches!(e, NnueError::Size { .. }), "{len} bytes: {e}");
    }
    // Padded.
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(refused(&longer), NnueError::Size { .. }));

    // Another version word: not this family's file at all.
    let mut other = bytes.clone();
    other[0] ^= 1;
    assert!(matches!(refused(&other), NnueError::Version { .. }));

    // Another architecture (halfKP 512x2-16-32's string), named in the error.
    let length = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let arch = String::from_utf8(bytes[12..12 + length].to_vec()).unwrap();
    let wider = arch.replace("256x2", "512x2");
    let mut file = bytes[..8].to_vec();
    file.extend_from_slice(&(wider.len() as u32).to_le_bytes());
    file.extend_from_slice(wider.as_bytes());
    file.extend_from_slice(&bytes[12 + length..]);
    let e = refused(&file);
    assert!(matches!(e, NnueError::Architecture { .. }), "{e}");
    assert!(e.to_string().contains("512x2"), "{e}");

    // A damaged hash: the file's, the transformer's, the network's.
    let transformer_at = 12 + length;
    let network_at = transformer_at + 4 + 512 + 512 * 125_388;
    for (at, part) in [
        (4, "file"),
        (transformer_at, "feature transformer"),
        (network_at, "network"),
    ] {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x40;
        let e = refused(&damaged);
        assert!(
            matches!(e, NnueError::Hash { part: p, .. } if p == part),
            "{part}: {e}"
        );
    }

    // Missing file: the path is in the message.
    let e = Network::load(std::path::Path::new("/nonexistent/nn.bin"))
        .err()
        .unwrap();
    assert!(e.to_string().contains("/nonexistent/nn.bin"), "{e}");
}

proptest::proptest! {
    /// Any short byte string is refused, never a panic.
    #[test]
    fn arbitrary_bytes_are_refused(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..2048)) {
        proptest::prop_assert!(Network::from_bytes(&bytes).is_err());
    }

    /// A header naming any length of architecture string is refused.
    #[test]
    fn any_architecture_length_is_refused(length in proptest::num::u32::ANY, tail in proptest::collection::vec(proptest::num::u8::ANY, 0..64)) {
        let mut bytes = 0x7AF3_2F16u32.to_le_bytes().to_vec();
        bytes.extend_from_slice(&0u32.to_le_bytes());
        bytes.extend_from_slice(&length.to_le_bytes());
        bytes.extend_from_slice(&tail);
        proptest::prop_assert!(Network::from_bytes(&bytes).is_err());
    }
}
