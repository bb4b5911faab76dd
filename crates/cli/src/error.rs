//! The error for bad input: reported on one line, exit status 2.

/// Input that could not be used (a game name, position, move or contest file), with the
/// place at fault in the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError(pub String);

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

impl From<gametree_games::NotationError> for InputError {
    fn from(error: gametree_games::NotationError) -> InputError {
        InputError(error.message)
    }
}

/// Shorthand: an `anyhow` error carrying an [`InputError`].
pub fn input_error(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(InputError(message.into()))
}
