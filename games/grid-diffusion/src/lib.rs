//! Greg van Patten's grid Diffusion for Tabula.
