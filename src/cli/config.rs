//! `pgn-arbiter.toml`: per-project lint options, found from a file's folder upward.
//!
//! ```toml
//! profile = "export"          # or "import" (the default)
//! select = ["illegal-move"]   # only these rules (`ALL`: every rule)
//! ignore = ["line-too-long"]  # never these rules
//! ```
//! Command-line flags win over the file.

use crate::lint::{LintOptions, Profile, Rule};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The file name looked for.
pub const CONFIG_FILE: &str = "pgn-arbiter.toml";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    profile: Option<String>,
    #[serde(default)]
    select: Vec<String>,
    #[serde(default)]
    ignore: Vec<String>,
}

/// Options from the command line; `None`/empty means "not given".
#[derive(Debug, Clone, Default)]
pub struct CliOptions {
    /// `--profile`.
    pub profile: Option<Profile>,
    /// `--select`.
    pub select: Vec<Rule>,
    /// `--ignore`.
    pub ignore: Vec<Rule>,
}

/// Parses comma-separated rule ids, naming the unknown one on failure. `ALL` stands for every rule
/// of the catalogue (as in ruff: `--select ALL` runs the export rules under the import profile too).
pub fn parse_rules(list: &[String]) -> Result<Vec<Rule>, String> {
    let mut rules = Vec::new();
    for id in list
        .iter()
        .flat_map(|s| s.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        if id == "ALL" {
            rules.extend_from_slice(Rule::ALL);
            continue;
        }
        rules.push(Rule::from_id(id).ok_or_else(|| {
            format!("unknown rule `{id}` (see docs/rules.md for the rule ids, or `ALL`)")
        })?);
    }
    Ok(rules)
}

/// Parses `import` or `export`.
pub fn parse_profile(text: &str) -> Result<Profile, String> {
    match text {
        "import" => Ok(Profile::Import),
        "export" => Ok(Profile::Export),
        other => Err(format!(
            "unknown profile `{other}`: expected `import` or `export`"
        )),
    }
}

/// The config file that governs `path`: the nearest `pgn-arbiter.toml` in its folder or above.
pub fn find_config(path: &Path) -> Option<PathBuf> {
    let start = if path.is_dir() {
        Some(path)
    } else {
        path.parent()
    };
    let absolute = start
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })?
        .canonicalize()
        .ok()?;
    absolute
        .ancestors()
        .map(|dir| dir.join(CONFIG_FILE))
        .find(|candidate| candidate.is_file())
}

/// The options for files governed by `config` (if any), with the command line on top.
pub fn resolve(config: Option<&Path>, cli: &CliOptions) -> Result<LintOptions, String> {
    let mut options = LintOptions::default();
    if let Some(path) = config {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
        let file: ConfigFile =
            toml::from_str(&text).map_err(|e| format!("invalid `{}`: {e}", path.display()))?;
        if let Some(profile) = &file.profile {
            options.profile =
                parse_profile(profile).map_err(|e| format!("`{}`: {e}", path.display()))?;
        }
        options.select =
            parse_rules(&file.select).map_err(|e| format!("`{}`: {e}", path.display()))?;
        options.ignore =
            parse_rules(&file.ignore).map_err(|e| format!("`{}`: {e}", path.display()))?;
    }
    if let Some(profile) = cli.profile {
        options.profile = profile;
    }
    if !cli.select.is_empty() {
        options.select = cli.select.clone();
    }
    options.ignore.extend(cli.ignore.iter().copied());
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_selects_every_rule_and_unknown_ids_are_named() {
        let all = parse_rules(&["ALL".to_string()]).unwrap();
        assert_eq!(all, Rule::ALL);
        let options = LintOptions {
            select: all,
            ..LintOptions::default()
        };
        // An export rule runs under the import profile once everything is selected.
        assert!(options.is_enabled(Rule::SevenTagRoster));
        assert_eq!(
            parse_rules(&["illegal-move, tab".to_string()]).unwrap(),
            [Rule::IllegalMove, Rule::Tab]
        );
        let err = parse_rules(&["illegal-move,nope".to_string()]).unwrap_err();
        assert!(err.contains("`nope`"), "{err}");
    }
}
