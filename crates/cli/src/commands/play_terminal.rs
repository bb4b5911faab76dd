//! The interactive side of `gametree play` on a terminal (crossterm): moves are typed, or
//! picked with the arrow keys (or Tab) and played with Enter.

use std::io::Write as _;

use anyhow::Result;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::style::{Attribute, Print, SetAttribute};
use crossterm::terminal::{self, Clear, ClearType};
use crossterm::{cursor, execute, queue};

use super::play::Io;

/// Raw-mode terminal input; restores the terminal when dropped (also on errors).
pub struct Terminal {
    _private: (),
}

impl Terminal {
    /// Switches the terminal to raw mode.
    pub fn start() -> Result<Terminal> {
        terminal::enable_raw_mode()?;
        Ok(Terminal { _private: () })
    }

    fn draw_prompt(prompt: &str, choices: &[String], selected: Option<usize>, typed: &str) -> Result<()> {
        let mut stdout = std::io::stdout();
        queue!(stdout, Print("\r"), Clear(ClearType::CurrentLine), Print(prompt), Print(" "))?;
        if typed.is_empty() {
            if let Some(index) = selected {
                queue!(
                    stdout,
                    Print("◀ "),
                    SetAttribute(Attribute::Reverse),
                    Print(&choices[index]),
                    SetAttribute(Attribute::Reset),
                    Print(" ▶  (arrows pick, Enter plays, or type)")
                )?;
            }
        } else {
            queue!(stdout, Print(typed))?;
        }
        stdout.flush()?;
        Ok(())
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
        let _ = execute!(std::io::stdout(), cursor::Show);
    }
}

impl Io for Terminal {
    fn show(&mut self, text: &str) -> Result<()> {
        // Raw mode does not turn "\n" into a new line at column 0.
        let mut stdout = std::io::stdout();
        stdout.write_all(text.replace('\n', "\r\n").as_bytes())?;
        stdout.flush()?;
        Ok(())
    }

    fn ask(&mut self, prompt: &str, choices: &[String]) -> Result<Option<String>> {
        let mut selected = (!choices.is_empty()).then_some(0);
        let mut typed = String::new();
        loop {
            Terminal::draw_prompt(prompt, choices, selected, &typed)?;
            let Event::Key(KeyEvent { code, modifiers, kind, .. }) = event::read()? else { continue };
            if kind == KeyEventKind::Release {
                continue;
            }
            match code {
                KeyCode::Char('c' | 'd') if modifiers.contains(KeyModifiers::CONTROL) => {
                    self.show("\n")?;
                    return Ok(Some("quit".into()));
                }
                KeyCode::Esc => {
                    self.show("\n")?;
                    return Ok(Some("quit".into()));
                }
                KeyCode::Enter => {
                    let answer = if typed.trim().is_empty() {
                        selected.map(|index| choices[index].clone()).unwrap_or_default()
                    } else {
                        typed.trim().to_string()
                    };
                    self.show(&format!("\r{}\r{prompt} {answer}\n", " ".repeat(prompt.len() + 48)))?;
                    return Ok(Some(answer));
                }
                KeyCode::Backspace => {
                    typed.pop();
                }
                KeyCode::Right | KeyCode::Down | KeyCode::Tab if typed.is_empty() => {
                    selected = selected.map(|index| (index + 1) % choices.len());
                }
                KeyCode::Left | KeyCode::Up | KeyCode::BackTab if typed.is_empty() => {
                    selected = selected.map(|index| (index + choices.len() - 1) % choices.len());
                }
                KeyCode::Char(character) => typed.push(character),
                _ => {}
            }
        }
    }
}
