//! Lines on stdout that survive a reader going away.
//!
//! `println!` panics when stdout is a pipe whose reader has exited (`clarify eval … | head`).
//! [`outln!`](crate::outln) writes the same line, and a closed pipe ends the program quietly
//! with success, as the standard tools do; any other write error ends it with a message.

use std::fmt;
use std::io::{self, Write};

/// `println!` for the command's output; see the module's documentation.
#[macro_export]
macro_rules! outln {
    () => { $crate::output::line(format_args!("")) };
    ($($arg:tt)*) => { $crate::output::line(format_args!($($arg)*)) };
}

/// Writes `args` and a newline to stdout, or ends the program when stdout cannot take it.
pub fn line(args: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.write_all(b"\n")) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("clarify: cannot write the output: {e}");
        std::process::exit(2);
    }
}
