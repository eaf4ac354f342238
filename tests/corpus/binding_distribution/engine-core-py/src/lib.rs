// the Python module `engine_core`, built by maturin from this crate
