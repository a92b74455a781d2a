//! The engine protocol's lines (`tabula::protocol`): whatever a client or an
//! engine sends, reading it never panics, and what reads prints back to a
//! line that reads the same.

use proptest::prelude::*;
use tabula::protocol::{Command, Reply};

/// Lines near the protocol: a keyword (or garbage) and a tail of words,
/// numbers, `key=value` pairs and odd characters.
fn line() -> impl Strategy<Value = String> {
    let keyword = prop_oneof![
        Just("tabula-engine".to_string()),
        Just("game".to_string()),
        Just("position".to_string()),
        Just("go".to_string()),
        Just("stop".to_string()),
        Just("quit".to_string()),
        Just("id".to_string()),
        Just("ok".to_string()),
        Just("info".to_string()),
        Just("bestmove".to_string()),
        Just("error".to_string()),
        "[a-z]{0,6}",
    ];
    let word = prop_oneof![
        Just("moves".to_string()),
        Just("start".to_string()),
        Just("pv".to_string()),
        "(time|iterations|nodes|value|depth|x)=[-+0-9.a-z]{0,6}",
        "[0-9]{1,12}",
        "[A-Za-z0-9/.()=,\\-]{1,10}",
        "[^\n]{1,4}",
    ];
    (keyword, prop::collection::vec(word, 0..8), "[ \t]{1,2}")
        .prop_map(|(keyword, words, gap)| format!("{keyword}{gap}{}", words.join(&gap)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn lines_read_without_panics_and_print_back(text in line()) {
        if let Ok(command) = Command::parse(&text) {
            let printed = command.to_string();
            prop_assert_eq!(Command::parse(&printed), Ok(command), "{:?} -> {:?}", text, printed);
        }
        if let Ok(reply) = Reply::parse(&text) {
            let printed = reply.to_string();
            prop_assert_eq!(Reply::parse(&printed), Ok(reply), "{:?} -> {:?}", text, printed);
        }
    }
}
