//! The `pgn-arbiter` binary. Everything lives in [`pgn_arbiter::cli`]; this file only runs it.

fn main() -> std::process::ExitCode {
    pgn_arbiter::cli::run()
}
