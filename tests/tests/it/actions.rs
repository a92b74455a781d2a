//! The object-safe layer's action numbers and observations agree with its
//! move texts, on every registered game: what the Python bindings build on.

use tabula::MoveError;

#[test]
fn actions_and_observations_through_any_game() {
    let registry = tabula_games::registry();
    for name in registry.names() {
        let mut game = registry.create(&name).expect("the default variant");
        let count = game.action_count();
        let shape = game.observation_shape();
        let mut seen = Vec::new();
        for ply in 0..40 {
            if game.outcome().is_some() {
                break;
            }
            let actions = game.legal_actions();
            let texts: Vec<String> = actions
                .iter()
                .map(|&a| game.action_text(a).expect("a legal action has a text"))
                .collect();
            assert_eq!(texts, game.legal_moves(), "{name}, ply {ply}");
            for (text, &action) in texts.iter().zip(&actions) {
                assert!(action < count, "{name}: action {action} of {count}");
                assert_eq!(game.parse_action(text), Ok(action), "{name}: {text}");
            }
            for seat in 0..game.players() {
                seen.push(f32::NAN);
                game.observe(seat, &mut seen);
                assert_eq!(seen.len(), shape.iter().product::<usize>(), "{name}");
                assert!(seen.iter().all(|v| v.is_finite()), "{name}: {seen:?}");
            }
            let before = game.position();
            assert!(matches!(
                game.play_action(count),
                Err(MoveError::Syntax { .. })
            ));
            assert_eq!(game.position(), before, "{name}: a refused action moved");
            let action = actions[ply * 7 % actions.len()];
            let mut by_text = game.clone();
            by_text.play(&texts[ply * 7 % actions.len()]).unwrap();
            game.play_action(action).unwrap();
            assert_eq!(game.position(), by_text.position(), "{name}, ply {ply}");
        }
    }
}

#[test]
fn an_action_that_is_no_move_says_which_numbers_are() {
    let mut game = tabula_games::registry().create("diffusion").unwrap();
    let error = game.play_action(12).unwrap_err().to_string();
    assert_eq!(
        error,
        "`12` is not a move: expected the action number of a move of diffusion (0 to 11)"
    );
    assert_eq!(
        game.action_text(99).unwrap_err().to_string(),
        "`99` is not a move: expected the action number of a move of diffusion (0 to 11)"
    );
}
