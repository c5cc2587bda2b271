pub(super) const WEIGHTS: super::Weights = super::research_weights::WEIGHTS;
