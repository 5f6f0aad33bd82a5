//! GTP version 2's framing (the Go Text Protocol, Farnebäck's specification, sections 2.2–2.10):
//! an input line preprocessed (control characters dropped, tabs made spaces, a `#` comment cut
//! off) and read as an optional numeric id, a command name and its arguments; a reply written
//! as `=id text` or `?id text` and ended by an empty line.

/// One command line as the engine reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    /// The numeric id the controller gave, echoed in the reply.
    pub id: Option<u64>,
    /// The command name, as written.
    pub name: String,
    pub args: Vec<String>,
}

/// What one input line holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Nothing to answer: an empty or comment-only line.
    Nothing,
    Command(CommandLine),
    /// A line holding an id and no command name: answered with an error.
    Malformed {
        id: Option<u64>,
        why: String,
    },
}

/// Read one input line (without its line ending).
pub fn parse_line(line: &str) -> Input {
    let cleaned = preprocess(line);
    let mut words = cleaned.split(' ').filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return Input::Nothing;
    };
    let (id, name) = match first.parse::<u64>() {
        Ok(id) => match words.next() {
            Some(name) => (Some(id), name),
            None => {
                return Input::Malformed {
                    id: Some(id),
                    why: "no command after the id".to_string(),
                }
            }
        },
        Err(_) if first.starts_with(|c: char| c.is_ascii_digit()) => {
            return Input::Malformed {
                id: None,
                why: format!("{first}: not a valid id"),
            }
        }
        Err(_) => (None, first),
    };
    Input::Command(CommandLine {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

/// The specification's preprocessing: control characters other than tab and line feed
/// removed, tabs made spaces, everything from `#` on dropped.
fn preprocess(line: &str) -> String {
    let uncommented = line.split('#').next().unwrap_or("");
    uncommented
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

/// A successful reply: `=id text`, ended by an empty line.
pub fn success(id: Option<u64>, text: &str) -> String {
    reply('=', id, text)
}

/// A failure reply: `?id text`, ended by an empty line.
pub fn failure(id: Option<u64>, text: &str) -> String {
    reply('?', id, text)
}

fn reply(mark: char, id: Option<u64>, text: &str) -> String {
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    let body = without_empty_lines(text);
    if body.is_empty() {
        format!("{mark}{id}\n\n")
    } else if body.starts_with('\n') {
        format!("{mark}{id}{body}\n\n")
    } else {
        format!("{mark}{id} {body}\n\n")
    }
}

/// `text` with its empty lines dropped and trailing line ends trimmed: an empty line ends a
/// reply, so none may occur inside one. A leading line end is kept (a multi-line reply such as
/// `showboard`'s starts on the line after the `=`).
fn without_empty_lines(text: &str) -> String {
    let lead = if text.starts_with('\n') { "\n" } else { "" };
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    format!("{lead}{}", lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(id: Option<u64>, name: &str, args: &[&str]) -> Input {
        Input::Command(CommandLine {
            id,
            name: name.to_string(),
            args: args.iter().map(|a| a.to_string()).collect(),
        })
    }

    #[test]
    fn lines_are_read_as_the_specification_says() {
        assert_eq!(parse_line("play b d4"), command(None, "play", &["b", "d4"]));
        assert_eq!(
            parse_line("12 play\tB  D4 # a comment"),
            command(Some(12), "play", &["B", "D4"])
        );
        assert_eq!(parse_line("\u{7}name\r"), command(None, "name", &[]));
        assert_eq!(parse_line(""), Input::Nothing);
        assert_eq!(parse_line("   # only a comment"), Input::Nothing);
        assert!(matches!(
            parse_line("7"),
            Input::Malformed { id: Some(7), .. }
        ));
        assert!(matches!(
            parse_line("7x name"),
            Input::Malformed { id: None, .. }
        ));
    }

    #[test]
    fn replies_carry_the_id_and_end_with_an_empty_line() {
        assert_eq!(success(None, ""), "=\n\n");
        assert_eq!(success(Some(3), "2"), "=3 2\n\n");
        assert_eq!(failure(None, "unknown command"), "? unknown command\n\n");
        assert_eq!(success(None, "\nA\n\nB\n"), "=\nA\nB\n\n");
        assert_eq!(success(Some(1), "a\n\n\nb"), "=1 a\nb\n\n");
    }
}
