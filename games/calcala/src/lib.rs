//! Calcala, the 6x6 capture mancala for 2-4 players, for Tabula.
