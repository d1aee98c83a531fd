//! The PGN syntax layer: lossless, span-carrying, error-recovering. Knows nothing of chess.
