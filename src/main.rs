//! The `pgn-arbiter` command line. Everything lives in [`cli`]; this file only runs it.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
