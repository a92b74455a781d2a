"""Bad input raises ValueError with the REPL's message and changes nothing."""

from __future__ import annotations

import re

import pytest

import tabula


def test_unknown_games_and_parameters():
    with pytest.raises(ValueError, match="unknown game `chess`; choose one of: diffusion, grid-diffusion"):
        tabula.load_game("chess")
    with pytest.raises(ValueError, match="width"):
        tabula.load_game("diffusion(width=7)")
    with pytest.raises(ValueError, match="depth"):
        tabula.load_game("diffusion(depth=2)")
    with pytest.raises(ValueError):
        tabula.load_game("calcala(players=3")


def test_the_messages_are_the_repls(repl):
    # The REPL prints `error: MESSAGE` on stderr; the bindings raise MESSAGE.
    import subprocess

    from conftest import binary

    def repl_error(spec: str, line: str) -> str:
        done = subprocess.run(
            [str(binary("tabula")), "play", spec], input=line + "\n", capture_output=True, text=True
        )
        errors = [l for l in done.stderr.splitlines() if l.startswith("error: ")]
        assert errors, done.stderr
        return errors[0][len("error: ") :]

    state = tabula.load_game("differo").new_initial_state()
    with pytest.raises(ValueError) as raised:
        state.apply_move("B2-B3")
    assert str(raised.value) == repl_error("differo", "B2-B3")
    with pytest.raises(ValueError) as raised:
        state.apply_action(state.string_to_action("B2-C2"))
    assert str(raised.value) == repl_error("differo", "B2-C2")
    with pytest.raises(ValueError) as raised:
        tabula.load_game("differo").new_state("bad")
    assert str(raised.value) == repl_error("differo", "setup bad")


def test_illegal_actions_leave_the_state_untouched():
    game = tabula.load_game("diffusion")
    state = game.new_initial_state()
    before = state.position()
    count = game.num_distinct_actions()
    for bad in (count, -1, 10**30, 2**63):
        with pytest.raises(ValueError, match=r"is not a move: expected the action number of a move of diffusion \(0 to 11\)"):
            state.apply_action(bad)
    with pytest.raises(TypeError):
        state.apply_action("D")
    with pytest.raises(TypeError):
        state.apply_action(1.5)
    with pytest.raises(ValueError, match="is not a move"):
        state.apply_move("zz")
    with pytest.raises(ValueError, match="is not a move"):
        state.string_to_action("zz")
    with pytest.raises(ValueError, match="is not a move"):
        state.action_to_string(-3)
    assert state.position() == before and state.history() == []


def test_the_hot_calls_take_positional_arguments_only():
    # `legal_actions` and `apply_action` are plain C methods (src/fast_calls.rs):
    # positional-only, as in OpenSpiel, and checked like every other method.
    state = tabula.load_game("tictactoe").new_initial_state()
    assert state.legal_actions(None) == state.legal_actions(0) == list(range(9))
    assert state.legal_actions(1) == []
    with pytest.raises(TypeError, match=r"takes at most 1 argument \(2 given\)"):
        state.legal_actions(0, 1)
    with pytest.raises(TypeError, match="keyword"):
        state.legal_actions(player=0)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="keyword"):
        state.apply_action(action=4)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        state.apply_action()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        tabula.State.apply_action(tabula.load_game("diffusion"), 0)  # type: ignore[arg-type]
    assert state.history() == []


def test_moves_after_the_end_are_refused():
    game = tabula.load_game("tictactoe")
    state = game.new_state("xx./oo./... x")
    state.apply_move("c1")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    with pytest.raises(ValueError, match="the game is over"):
        state.apply_action(8)
    with pytest.raises(ValueError, match="the game is over: name the player"):
        state.observation_tensor()
    with pytest.raises(ValueError, match="the game is over"):
        tabula.Agent("random").step(state)
    assert state.observation_tensor(1)  # a named player may still observe


def test_bad_players():
    state = tabula.load_game("calcala(players=3)").new_initial_state()
    for bad in (3, -1, 99):
        with pytest.raises(ValueError, match=rf"player {bad} is not a seat of calcala\(players=3\) \(0 to 2\)"):
            state.observation_tensor(bad)
        with pytest.raises(ValueError, match="is not a seat"):
            state.legal_actions(bad)
        with pytest.raises(ValueError, match="is not a seat"):
            state.seat_name(bad)
        with pytest.raises(ValueError, match="is not a seat"):
            state.action_to_string(bad, 0)


def test_bad_positions():
    game = tabula.load_game("calcala")
    with pytest.raises(ValueError, match="bad position"):
        game.new_state("1,2,3 1 0,0")
    with pytest.raises(ValueError, match="bad position"):
        game.new_state("x" * 10_000_000)


def test_bad_agents():
    with pytest.raises(ValueError, match="unknown agent `deep-blue`"):
        tabula.Agent("deep-blue")
    with pytest.raises(ValueError, match="iterations"):
        tabula.Agent("mcts(iterations=0)")
    with pytest.raises(ValueError, match="mcts has no parameter `depth`; its parameters are: iterations"):
        tabula.Agent("mcts(depth=3)")
    with pytest.raises(ValueError, match="`human` is a person's seat"):
        tabula.Agent("human")
    with pytest.raises(TypeError):
        tabula.Agent("random").step("not a state")


def test_bad_arenas():
    with pytest.raises(ValueError, match="^agents: an arena needs at least two agents"):
        tabula.arena(["random"], games="tictactoe")
    with pytest.raises(ValueError, match="^rounds must be at least 1"):
        tabula.arena(["random", "greedy"], games="tictactoe", rounds=0)
    with pytest.raises(ValueError, match="^games: unknown game `go`"):
        tabula.arena(["random", "greedy"], games="go")
    with pytest.raises(ValueError, match="invalid value '-2' for 'rounds"):
        tabula.arena(["random", "greedy"], games="tictactoe", rounds=-2)


def test_bad_undo_child_and_serializations_change_nothing():
    game = tabula.load_game("tictactoe")
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="nothing to undo: no action was applied since this state's start"):
        state.undo_action(0, 4)
    state.apply_action(4)
    before = state.serialize()
    with pytest.raises(ValueError, match=r"the last action is 4 \(b2\) by player 0, not 3 by player 0"):
        state.undo_action(0, 3)
    with pytest.raises(ValueError, match=r"the last action is 4 \(b2\) by player 0, not 4 by player 1"):
        state.undo_action(1, 4)
    with pytest.raises(ValueError, match="player 2 is not a seat"):
        state.undo_action(2, 4)
    with pytest.raises(ValueError, match="b2 is not legal here"):
        state.child(4)
    with pytest.raises(ValueError, match="is not a move"):
        state.child(-1)
    assert state.serialize() == before
    corrupt = {
        "": "line 1: bad position ``",
        "x": "line 1: bad position `x`",
        before + "\nfour": "line 3: `four` is not an action number",
        before + "\n4": "line 3: b2 is not legal here",
        before + "\n\n": "line 3: `` is not an action number",
        before + "\n9": "line 3: `9` is not a move",
    }
    for text, message in corrupt.items():
        with pytest.raises(ValueError, match=f"not a serialized state of tictactoe: {re.escape(message)}"):
            game.deserialize_state(text)
    # Another variant's state is not this one's.
    with pytest.raises(ValueError, match="not a serialized state of tictactoe"):
        game.deserialize_state(tabula.load_game("tictactoe(size=4,line=3)").new_initial_state().serialize())
    with pytest.raises(ValueError, match="the game is over: name the player"):
        game.new_state("xxx/oo./... o").observation_string()
