//! The skill ladder: one agent at doubling budgets, written as its spec
//! with one parameter a range, `mcts(iterations=16..1024)`: 16 against 32,
//! 32 against 64, and so on up to 512 against 1024.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tabula::Spec;

/// The most steps a ladder climbs.
pub const MAX_STEPS: usize = 40;

/// An agent at budgets `from`, `2·from`, `4·from`, … up to `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Ladder {
    /// The agent's spec with the budget's argument left out.
    agent: Spec,
    /// The parameter that doubles (`iterations`).
    pub param: String,
    /// The lowest budget.
    pub from: u64,
    /// The highest budget: the last step's stronger agent has the largest
    /// doubling of `from` up to it.
    pub to: u64,
}

impl Ladder {
    /// The budgets, lowest first: `from` doubled while it stays within `to`.
    pub fn budgets(&self) -> Vec<u64> {
        std::iter::successors(Some(self.from), |&b| b.checked_mul(2))
            .take_while(|&b| b <= self.to)
            .collect()
    }

    /// The agent spec at `budget` (its parameter last).
    pub fn agent(&self, budget: u64) -> String {
        let mut spec = self.agent.clone();
        spec.args.push((self.param.clone(), budget.to_string()));
        spec.to_string()
    }
}

impl FromStr for Ladder {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = |why: &str| {
            format!(
                "`{}` is not a ladder: {why}; expected an agent with one budget a range \
                 of doublings, e.g. mcts(iterations=16..1024)",
                tabula::excerpt(text)
            )
        };
        let mut agent = Spec::parse(text).map_err(|e| bad(&e.to_string()))?;
        let ranges: Vec<usize> = (agent.args.iter().enumerate())
            .filter(|(_, (_, v))| v.contains(".."))
            .map(|(i, _)| i)
            .collect();
        let [at] = ranges[..] else {
            return Err(bad("exactly one argument must be a range FROM..TO"));
        };
        let (param, range) = agent.args.remove(at);
        let (from, to) = range.split_once("..").expect("a range");
        let number = |t: &str| t.trim().parse::<u64>().ok().filter(|&n| n >= 1);
        let (Some(from), Some(to)) = (number(from), number(to)) else {
            return Err(bad("the range's ends must be whole numbers from 1"));
        };
        if from.checked_mul(2).is_none_or(|twice| twice > to) {
            return Err(bad(
                "the range must hold at least one doubling (TO >= 2 x FROM)",
            ));
        }
        let ladder = Ladder {
            agent,
            param,
            from,
            to,
        };
        if ladder.budgets().len() > MAX_STEPS + 1 {
            return Err(bad(&format!("at most {MAX_STEPS} doublings")));
        }
        Ok(ladder)
    }
}

impl fmt::Display for Ladder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut spec = self.agent.clone();
        spec.args
            .push((self.param.clone(), format!("{}..{}", self.from, self.to)));
        write!(f, "{spec}")
    }
}

impl TryFrom<String> for Ladder {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

impl From<Ladder> for String {
    fn from(ladder: Ladder) -> String {
        ladder.to_string()
    }
}
