//! What tables and charts call the agents: the display name a spec gives
//! (`mcts(iterations=1000,name=mcts-1k)` is `mcts-1k`), else the spec; in
//! charts, where a label must fit beside the plot, a long spec is
//! shortened readably (`engine(cmd=greedy_engine.py,time=200ms)`) as long
//! as that keeps the agents apart.

use tabula::agents::LABEL;
use tabula::Spec;

/// Labels in charts longer than this are shortened.
const CHART_LABEL: usize = 32;
/// Argument values longer than this are cut to their last word or path
/// component when a label is shortened.
const LONG_VALUE: usize = 12;

/// The display name `spec` gives, else the spec itself.
pub fn table_name(spec: &str) -> String {
    Spec::parse(spec)
        .ok()
        .and_then(|s| s.args.into_iter().find(|(k, _)| k == LABEL))
        .map_or_else(|| spec.to_string(), |(_, label)| label)
}

/// The agents' labels in a chart: their table names, a long spec
/// shortened unless that makes two agents' labels the same.
pub fn chart_names(specs: &[String]) -> Vec<String> {
    let names: Vec<String> = specs.iter().map(|s| table_name(s)).collect();
    let short: Vec<String> = names.iter().map(|n| shorten(n)).collect();
    names
        .iter()
        .zip(&short)
        .map(|(name, s)| match short.iter().filter(|t| *t == s).count() {
            1 => s.clone(),
            _ => name.clone(),
        })
        .collect()
}

/// `name` if it is short or no spec, else the spec with long values cut to
/// their last word or path component, and cut with `…` if still too long.
fn shorten(name: &str) -> String {
    if name.chars().count() <= CHART_LABEL {
        return name.to_string();
    }
    let Ok(spec) = Spec::parse(name) else {
        return cut(name);
    };
    let args = spec
        .args
        .into_iter()
        .map(|(key, value)| {
            let value = match value.chars().count() > LONG_VALUE {
                true => last_part(&value),
                false => value,
            };
            (key, value)
        })
        .collect();
    cut(&Spec {
        name: spec.name,
        args,
    }
    .to_string())
}

/// The last word's last path component: `python3 engines/greedy.py --fast`
/// gives `--fast`, `python3 engines/greedy.py` gives `greedy.py`.
fn last_part(value: &str) -> String {
    let word = value
        .split_whitespace()
        .rfind(|w| !w.starts_with('-'))
        .unwrap_or(value);
    word.rsplit(['/', '\\']).next().unwrap_or(word).to_string()
}

/// `text` cut to the chart's width with `…`.
fn cut(text: &str) -> String {
    match text.chars().count() > CHART_LABEL {
        true => text.chars().take(CHART_LABEL - 1).chain(['…']).collect(),
        false => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_display_name_wins_and_long_specs_shorten_apart() {
        assert_eq!(table_name("mcts(iterations=1000,name=mcts-1k)"), "mcts-1k");
        assert_eq!(table_name("mcts(iterations=1000)"), "mcts(iterations=1000)");
        let specs = [
            r#"engine(cmd="python3 examples/engines/greedy_engine.py",time=200ms)"#.to_string(),
            r#"engine(cmd="python3 examples/engines/random_engine.py",time=200ms)"#.to_string(),
            "random".to_string(),
        ];
        let names = chart_names(&specs);
        assert_eq!(
            names[0],
            "engine(cmd=greedy_engine.py,time=200ms)"
                .chars()
                .take(31)
                .chain(['…'])
                .collect::<String>()
        );
        assert_ne!(names[0], names[1]);
        assert_eq!(names[2], "random");
        // Shortened alike, two agents keep their whole specs.
        let alike = [
            r#"engine(cmd="python3 a/x/engine.py",time=2s)"#.to_string(),
            r#"engine(cmd="python3 b/y/engine.py",time=2s)"#.to_string(),
        ];
        assert_eq!(chart_names(&alike), alike);
    }
}
