//! Kashio Fujii's hex race game Differo for Tabula.
