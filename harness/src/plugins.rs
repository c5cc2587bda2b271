//! Games plugged in from crates of their own (see the book's plug-in
//! guide, `docs/game-plugin.md`): each family is listed once, at the foot of this file, and the
//! harness names, builds, searches, sweeps and records its trees with no
//! code of its own for them.

use yomi_tree::{GameFamily, Root, RootSpec};

/// Defines [`Plugged`] (a family, by `--tree` name), [`PluggedGame`] (one
/// of its roots) and `with_plugged!` (code generic over `Game` run on
/// one) for the families listed. `$d` is a `$`, for the inner macro.
macro_rules! plugged_families {
    ($d:tt $($variant:ident => $family:ty),* $(,)?) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Plugged {
            $($variant),*
        }

        #[derive(Clone)]
        pub(crate) enum PluggedGame {
            $($variant(<$family as GameFamily>::Game)),*
        }

        impl Plugged {
            pub(crate) const ALL: &'static [Plugged] = &[$(Plugged::$variant),*];

            pub(crate) fn name(self) -> &'static str {
                match self {
                    $(Plugged::$variant => <$family as GameFamily>::NAME),*
                }
            }

            pub(crate) fn about(self) -> &'static str {
                match self {
                    $(Plugged::$variant => <$family as GameFamily>::ABOUT),*
                }
            }

            pub(crate) fn paper_node_us(self) -> f64 {
                match self {
                    $(Plugged::$variant => <$family as GameFamily>::PAPER_NODE_US),*
                }
            }

            pub(crate) fn roots(self, spec: &RootSpec) -> Result<Vec<Root<PluggedGame>>, String> {
                match self {
                    $(Plugged::$variant => Ok(<$family as GameFamily>::roots(spec)?
                        .into_iter()
                        .map(|r| Root {
                            name: r.name,
                            group: r.group,
                            root: PluggedGame::$variant(r.root),
                        })
                        .collect())),*
                }
            }
        }

        impl PluggedGame {
            pub(crate) fn family(&self) -> Plugged {
                match self {
                    $(PluggedGame::$variant(_) => Plugged::$variant),*
                }
            }
        }

        /// `$body` with `$g` bound to the game of a [`PluggedGame`] (taken).
        macro_rules! with_plugged {
            ($d game:expr, |$d g:ident| $d body:expr) => {
                match $d game {
                    $($crate::plugins::PluggedGame::$variant($d g) => $d body),*
                }
            };
        }
        pub(crate) use with_plugged;
    };
}

plugged_families! { $
    Pick => yomi_pick::PickFamily,
}
