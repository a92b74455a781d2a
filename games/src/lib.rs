pub use tabula_diffusion::Diffusion;
