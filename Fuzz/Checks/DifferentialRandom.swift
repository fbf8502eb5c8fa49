import RQLValues

/// The differential tester's generator: SplitMix64, whose sequence a seed
/// fixes on every machine, so that a differential case is the same wherever it runs.
typealias DifferentialRandom = SeededRandom
