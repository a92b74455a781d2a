//! What tables and charts call the agents: the display name a spec gives
//! (`mcts(iterations=1000,name=mcts-1k)` is `mcts-1k`), else the spec. In
//! charts, which grow to hold their labels but read better with short
//! ones, a long spec is shortened readably
//! (`engine(cmd=greedy_engine.py,time=200ms)`), keeping both its ends, and
//! only where that keeps every label different from every other.

use std::collections::HashMap;

use tabula::agents::LABEL;
use tabula::Spec;

/// Labels in charts longer than this are shortened.
const CHART_LABEL: usize = 48;
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
/// shortened, unless that makes its label the same as another's (agents
/// differing only in a part that shortening drops): then those keep their
/// whole names, which are all different (`prepare` refuses two agents of
/// one name).
pub fn chart_names(specs: &[String]) -> Vec<String> {
    let names: Vec<String> = specs.iter().map(|s| table_name(s)).collect();
    let mut labels: Vec<String> = names.iter().map(|n| shorten(n)).collect();
    // Each pass gives at least one clashing label its whole name back, so
    // this ends, with every label different. A pass counts the labels once
    // (a chart may have thousands of agents), and a second pass is needed
    // only where a name given back clashes with a shortened label.
    loop {
        let mut count: HashMap<&str, usize> = HashMap::new();
        for label in &labels {
            *count.entry(label).or_default() += 1;
        }
        let clashing: Vec<usize> = (0..labels.len())
            .filter(|&i| labels[i] != names[i] && count[labels[i].as_str()] > 1)
            .collect();
        if clashing.is_empty() {
            return labels;
        }
        for i in clashing {
            labels[i] = names[i].clone();
        }
    }
}

/// `name` if it is short or no spec, else the spec with long values cut to
/// their last word or path component; still too long, its middle is cut
/// out with `…`, keeping the kind and the last settings.
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

/// The program a command runs, by its file name: the last word naming a
/// file (`python3 engines/greedy.py --depth 3` gives `greedy.py`), else the
/// last word that is no option.
fn last_part(value: &str) -> String {
    let words: Vec<&str> = value.split_whitespace().collect();
    let word = words
        .iter()
        .rfind(|w| !w.starts_with('-') && (w.contains('/') || w.contains('.')))
        .or_else(|| words.iter().rfind(|w| !w.starts_with('-')))
        .copied()
        .unwrap_or(value);
    word.rsplit(['/', '\\']).next().unwrap_or(word).to_string()
}

/// `text` cut to the chart's width by taking out its middle: both ends
/// stay, the kind and the last settings of a spec.
fn cut(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= CHART_LABEL {
        return text.to_string();
    }
    let head = (CHART_LABEL - 1) / 2;
    let tail = CHART_LABEL - 1 - head;
    let mut out: String = chars[..head].iter().collect();
    out.push('…');
    out.extend(&chars[chars.len() - tail..]);
    out
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
        assert_eq!(names[0], "engine(cmd=greedy_engine.py,time=200ms)");
        assert_ne!(names[0], names[1]);
        assert_eq!(names[2], "random");
        // Shortened alike, two agents keep their whole specs.
        let alike = [
            r#"engine(cmd="python3 a/x/engine.py",time=2s)"#.to_string(),
            r#"engine(cmd="python3 b/y/engine.py",time=2s)"#.to_string(),
        ];
        assert_eq!(chart_names(&alike), alike);
    }

    /// Specs that differ only in their middle, past shortening's cut, keep
    /// labels that tell them apart; a short label never takes the name of
    /// an agent whose label is its whole name.
    #[test]
    fn labels_stay_different_whatever_the_specs() {
        let middle = |m: &str| {
            format!(
                "mcts(iterations=1000,c=0.7,rave=on,prior=greedy,name=long-agent-{m}-with-the-same-end-1)"
            )
        };
        let specs = [middle("a"), middle("b"), "random".to_string()];
        let labels = chart_names(&specs);
        assert_eq!(labels[0], "long-agent-a-with-the-same-end-1");
        assert_ne!(labels[0], labels[1]);
        let long = |m: &str| {
            format!(
                r#"engine(cmd="python3 engines/{m}/greedy_engine.py --depth 3 --table 64",time=200ms,seed=1)"#
            )
        };
        let specs = [long("one"), long("two"), "random".to_string()];
        let labels = chart_names(&specs);
        assert_eq!(labels[0], specs[0], "{labels:?}");
        assert_ne!(labels[0], labels[1]);
        // One long spec alone is shortened, both its ends kept.
        let labels = chart_names(&[long("one"), "random".to_string()]);
        assert!(labels[0].chars().count() <= CHART_LABEL, "{labels:?}");
        assert!(
            labels[0].starts_with("engine(") && labels[0].ends_with("seed=1)"),
            "{labels:?}"
        );
        // Every label is different, and each is either the shortened or
        // the whole name.
        let many: Vec<String> = (0..6)
            .map(|i| format!("mcts(iterations=1000,c=0.{i},rave=on,prior=greedy,threads=1,seed=1)"))
            .chain([cut(&long("x")), long("x")])
            .collect();
        let labels = chart_names(&many);
        let distinct: std::collections::HashSet<&String> = labels.iter().collect();
        assert_eq!(distinct.len(), labels.len(), "{labels:?}");
        // Their middles (`c=`) told them apart: their whole names.
        assert_eq!(labels[..6], many[..6]);
    }
}
