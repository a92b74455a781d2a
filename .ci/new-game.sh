#!/usr/bin/env bash
# CI's new-game step: the checklist of docs/adding-a-game.md (the guide)
# replayed on a scratch copy of the workspace, so that the guide and the
# scaffold cannot drift apart unseen. In the copy it runs the guide's
# scaffold command; checks that the files it changed are those the guide's
# "Registration" section names, with the lines it gives, and that a second
# run refuses and changes nothing; runs the guide's `cargo test -p`; then
# builds the copy's `tabula` and Python module and finds the new game in
# `tabula list`, the REPL, `tabula arena`, `tabula serve` and
# `tabula.registered_games()`. Any mismatch fails the step, naming the phase.
#
# The guide is the source: the game's name, the scaffold command and the
# test command are read from it (the one `new-game` line of its `sh` blocks,
# its `cargo test -p ...`), and its "Registration" list is checked against
# the scaffold's edits. Change a command there and this replays the new one,
# or says why it cannot.
#
# Cost. cargo's target folder is the checkout's, and the copy keeps the
# files' times (tar does), so the copy's crates that are the checkout's are
# found built: cargo names a workspace crate's build by its path inside the
# workspace, not on the disk. The guide's `cargo test -p` compiles what a
# user's does (`-p` unifies features for that package alone: tabula-core
# and a few dependencies are compiled once more). After it, what the copy
# must compile (the new game, the catalog and the CLI above it; for Python,
# whose workspace is python/, every crate of ours, named by its path on the
# disk) is compiled without optimisation, and every other setting, and so
# every dependency's build, is the test build's (`test` profile) or
# .ci/python.sh's (`ci` profile). The copy lies at one fixed place,
# target/new-game/, so that the Python build's files replace those of the
# run before instead of piling up in target/. Each phase's time is printed
# at the end.
#
# Needs the test build (`cargo test --workspace`, CI's test step; checked
# here) and python3 with venv and pip (CI's python step installs them); pip
# fetches maturin. Usage: bash .ci/new-game.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CARGO_TERM_COLOR=never
export CARGO_TARGET_DIR="$root/target"
doc=docs/adding-a-game.md

phase=start
timings=()
started=$(date +%s)
phase_started=$started
# begin NAME: ends the phase before (its time kept) and starts NAME.
begin() {
    local now
    now=$(date +%s)
    if [ "$phase" != start ]; then
        timings+=("$(printf '%-10s %4d s' "$phase" $((now - phase_started)))")
    fi
    phase=$1
    phase_started=$now
    [ "$phase" = end ] || echo "new-game: --- $phase"
}
fail() {
    echo "new-game: $*" >&2
    exit 1
}
work=$(mktemp -d "${TMPDIR:-/tmp}/tabula-new-game.XXXXXX")
copy=""
server=""
cleanup() {
    local status=$?
    [ -z "$server" ] || kill "$server" 2>/dev/null || true
    [ -z "$copy" ] || rm -rf "$copy"
    rm -rf "$work"
    [ "$status" = 0 ] || echo "new-game: FAILED in phase $phase (exit status $status)" >&2
}
trap cleanup EXIT

# The guide's parts this replays, read by Python (markdown is easier there):
# `commands` prints the game's name, the scaffold command's arguments to
# `tabula` and the test command; `registered ROOT COPY BEFORE AFTER` checks
# the scaffold's edits (BEFORE and AFTER: `sha1sum` lines of the copy's
# files) against the guide's "Registration" section and the template.
guide() {
    python3 - "$@" <<'PY'
import re
import sys

command, doc = sys.argv[1], open(sys.argv[2]).read()


def die(why):
    sys.exit(f"docs/adding-a-game.md: {why}")


def squeeze(text):
    return " ".join(text.split())


# The scaffold command: the one line of an `sh` block that runs `new-game`.
lines = [
    line.strip()
    for lang, body in re.findall(r"^```(\w*)\n(.*?)^```", doc, re.M | re.S)
    if lang in ("sh", "bash")
    for line in body.splitlines()
    if " new-game " in line
]
if len(lines) != 1:
    die(f"expected one scaffold command (`... new-game NAME`) in its sh blocks, found {lines}")
# `cargo run --release -- ARGS` is the `tabula` binary run with ARGS, as
# cli/tests/it/docs.rs runs every page's commands.
prefix = "cargo run --release -- "
if not lines[0].startswith(prefix):
    die(f"the scaffold command `{lines[0]}` does not start `{prefix}`: teach .ci/new-game.sh the new form")
args = lines[0][len(prefix):].split()
if args[0] != "new-game" or len(args) != 2:
    die(f"the scaffold command `{lines[0]}` is not `{prefix}new-game NAME`")
name = args[1]
crate = f"tabula-{name}"
type_name = "".join(word.capitalize() for word in name.split("-"))

if command == "commands":
    # Every `cargo test -p ...` it gives, the same command, for the crate.
    tests = sorted(set(squeeze(t) for t in re.findall(r"`(cargo test -p [^`]+)`", doc)))
    if len(tests) != 1 or tests[0].split()[3] != crate:
        die(f"expected one test command, `cargo test -p {crate}` and its options; found {tests}")
    print(name)
    print(" ".join(args))
    print(tests[0])
    sys.exit(0)

# registered ROOT COPY BEFORE AFTER
root, copy, before, after = sys.argv[3:7]


def snapshot(path):
    files = {}
    for line in open(path):
        digest, file = line.split(maxsplit=1)
        files[file.strip().removeprefix("./")] = digest
    return files


before, after = snapshot(before), snapshot(after)
changed = sorted(f for f in before if f in after and before[f] != after[f])
added = sorted(f for f in after if f not in before)
removed = sorted(f for f in before if f not in after)
template = sorted(
    f.removeprefix("examples/takeaway/") for f in before if f.startswith("examples/takeaway/")
)
expected_added = [f"games/{name}/{f}" for f in template]
if removed or added != expected_added:
    die(f"the scaffold should add {expected_added} and remove nothing; it added {added}, removed {removed}")
section = re.search(r"^## \d+\. Registration\n(.*?)^## ", doc, re.M | re.S)
if not section:
    die("no section `## N. Registration`")
items = re.findall(r"^\d+\. (.*?)(?=^\d+\. |^\s*$)", section.group(1), re.M | re.S)
if not items:
    die("its Registration section lists no edits (`1. `FILE`: ...`)")
files = []
forms = (name, name.replace("-", "_"), type_name)
for item in items:
    quoted = [squeeze(q) for q in re.findall(r"`([^`]+)`", item, re.S)]
    file, snippets = quoted[0], quoted[1:]
    files.append(file)
    old = squeeze(open(f"{root}/{file}").read())
    new = squeeze(open(f"{copy}/{file}").read())
    for snippet in snippets:
        if snippet not in new:
            die(f"Registration says {file} gets `{snippet}`; the scaffold did not write it")
        if any(form in snippet for form in forms) and snippet in old:
            die(f"`{snippet}` was in {file} before the scaffold ran")
        print(f"new-game: {file} has `{snippet}`")
if sorted(files) != changed:
    die(f"Registration names the files {sorted(files)}; the scaffold changed {changed}")
crate_text = "".join(open(f"{copy}/{f}").read() for f in added)
if re.search("takeaway", crate_text, re.I):
    die("the new crate still names the template (takeaway)")
PY
}

begin "test build"
# The test build's binaries, current: CI's test step made them; this only
# checks, as .ci/python.sh does. The scaffold is run with its `tabula`.
cargo test -q --workspace --no-run
checkout_tabula=$root/target/debug/tabula

begin copy
# One run at a time owns target/new-game/.
exec 9>"$root/target/new-game.lock"
flock -n 9 || fail "another run of .ci/new-game.sh holds target/new-game.lock"
copy=$root/target/new-game
rm -rf "$copy"
mkdir -p "$copy"
# The workspace as it is: tracked files and new ones git does not ignore,
# with their times.
git ls-files -z -co --exclude-standard |
    tar --null --ignore-failed-read -T - -cf - | tar -xf - -C "$copy"
mapfile -t commands < <(guide commands "$doc")
[ "${#commands[@]}" = 3 ] || fail "cannot read the guide's commands"
name=${commands[0]}
read -ra scaffold <<<"${commands[1]}"
read -ra test_command <<<"${commands[2]}"
echo "new-game: the guide writes \`$name\` with \`tabula ${commands[1]}\` and tests it with \`${commands[2]}\`"

begin scaffold
# The guide's `cargo run --release -- new-game NAME` is run as the test
# build's `tabula new-game NAME` at the copy's root, as cli/tests/it/docs.rs
# runs the guide's commands: the same program (the template is compiled in
# from the same files), without a release build of the whole workspace,
# which CI makes nowhere else.
snapshot() { (cd "$copy" && find . -type f -print0 | sort -z | xargs -0 sha1sum); }
snapshot >"$work/before"
(cd "$copy" && "$checkout_tabula" "${scaffold[@]}") | tee "$work/scaffold.out"
grep -q "^registered in " "$work/scaffold.out" || fail "the scaffold did not say it registered the game"
grep -qF "\`${commands[2]}\`" "$work/scaffold.out" ||
    fail "the scaffold's advice does not name the guide's test command, \`${commands[2]}\`"
snapshot >"$work/after"
guide registered "$doc" "$root" "$copy" "$work/before" "$work/after"
# Once more: refused, and nothing changed.
if (cd "$copy" && "$checkout_tabula" "${scaffold[@]}") >"$work/again.out" 2>&1; then
    cat "$work/again.out"
    fail "a second \`tabula ${commands[1]}\` succeeded"
fi
grep -q "registered already" "$work/again.out" ||
    { cat "$work/again.out"; fail "a second run failed, but not because the game is registered"; }
snapshot | cmp -s - "$work/after" || fail "a second, refused run changed files"
echo "new-game: a second run refuses: $(cat "$work/again.out")"

begin "cargo test"
# The guide's test command, as it gives it (the guide says it works at
# once).
[ "${test_command[0]}" = cargo ] || fail "the guide's test command is not cargo's"
(cd "$copy" && "${test_command[@]}") 2>&1 | tee "$work/test.out"
grep -Eq "^test result: ok\. [1-9][0-9]* passed; 0 failed" "$work/test.out" ||
    fail "\`${test_command[*]}\` ran no tests"

begin build
# The copy's `tabula`, with the test build's features: those of every
# package's dependencies and dev-dependencies, which `cargo test --workspace`
# unifies. A plain `cargo build` leaves the dev-dependencies' features out
# and `-p tabula-cli` unifies the CLI's alone: either compiles the workspace
# again. Naming `--examples` makes cargo resolve features as for tests
# without compiling a test (the test build built the examples too). The
# crates compiled for the copy alone are not optimised (a quarter of the
# time).
(cd "$copy" && cargo build -q --workspace --profile test --bin tabula --examples \
    --config "profile.test.package.tabula-$name.opt-level=0" \
    --config "profile.test.package.tabula-games.opt-level=0")
# Copied out, and the checkout's target/debug/tabula linked back: both
# builds link that name.
cp "$root/target/debug/tabula" "$work/tabula"
tabula=$work/tabula
cargo test -q --workspace --no-run
if "$checkout_tabula" list | grep -q "^$name "; then
    fail "target/debug/tabula is still the copy's after the checkout's build"
fi

begin list
"$tabula" list >"$work/list.out"
awk -v name="$name" '$1 == name { shown = 1; print; next } /^[^ ]/ { shown = 0 } shown' \
    "$work/list.out" | tee "$work/listed.out"
[ -s "$work/listed.out" ] || { cat "$work/list.out"; fail "\`tabula list\` does not list $name"; }

begin repl
# A user at the REPL: picks the game, seats an agent, moves; the agent
# replies; the state is shown.
printf 'new %s\nagent 2 random(seed=1)\nplay 1\nstate\nquit\n' "$name" |
    "$tabula" play | tee "$work/repl.out"
python3 - "$work/repl.out" "$name" <<'PY'
import json
import sys

out, name = open(sys.argv[1]).read(), sys.argv[2]
state = json.loads([line for line in out.splitlines() if line.startswith("{")][-1])
assert state["game"] == name, state
assert len(state["moves"]) == 2 and state["moves"][0] == "1", f"a move and the agent's reply: {state}"
PY

begin arena
"$tabula" arena --games "$name" --agents random "mcts(iterations=20)" --rounds 1 --seed 1 \
    --threads 1 --out "$work/arena" | tee "$work/arena.out"
python3 - "$work/arena/games.jsonl" "$name" <<'PY'
import json
import sys

games = [json.loads(line) for line in open(sys.argv[1])]
assert len(games) == 2 and all(g["game"] == sys.argv[2] for g in games), games
PY

begin serve
# On a free port of the loopback; its game list as the page reads it.
"$tabula" serve --port 0 >"$work/serve.out" 2>&1 &
server=$!
for _ in $(seq 600); do
    grep -q "http://" "$work/serve.out" && break
    kill -0 "$server" 2>/dev/null || { cat "$work/serve.out"; fail "tabula serve ended"; }
    sleep 0.1
done
address=$(grep -o 'http://[^/ ]*/' "$work/serve.out" | head -1)
[ -n "$address" ] || { cat "$work/serve.out"; fail "tabula serve printed no address"; }
python3 - "${address}api/games" "$name" <<'PY'
import json
import sys
import urllib.request

with urllib.request.urlopen(sys.argv[1], timeout=60) as answer:
    names = [game["name"] for game in json.load(answer)]
print(f"new-game: {sys.argv[1]} offers {names}")
assert sys.argv[2] in names, names
PY
kill "$server"
wait "$server" 2>/dev/null || true
server=""

begin python
# The module built from the copy's python/ as .ci/python.sh builds it (the
# `ci` profile, the shared target folder; our crates not optimised, as
# above), into a fresh virtual environment.
python3 -c "import ensurepip, venv" 2>/dev/null ||
    fail "python3 needs venv and pip (.ci/python.sh installs them)"
python3 -m venv "$work/venv"
grep -o '^\[profile\.ci\.package\.tabula[a-z0-9-]*\]' "$copy/python/Cargo.toml" |
    sed 's/$/\nopt-level = 0/' >"$work/unoptimised.toml"
MATURIN_PEP517_ARGS="--profile ci --config $work/unoptimised.toml" \
    "$work/venv/bin/python" -m pip install -q "$copy/python"
(cd "$work" && "$work/venv/bin/python" - "$name" <<'PY'
import sys

import tabula

name = sys.argv[1]
assert name in tabula.registered_games(), tabula.registered_games()
# A game through the API: MCTS against the first legal move.
state = tabula.load_game(name).new_initial_state()
mcts = tabula.Agent("mcts(iterations=50)", seed=1)
while not state.is_terminal():
    player = state.current_player()
    state.apply_action(mcts.step(state) if player == 0 else state.legal_actions()[0])
print(f"new-game: tabula.registered_games() has {name}; a game through the API ends at "
      f"{state.position()!r}, returns {state.returns()}")
assert sorted(state.returns()) == [-1.0, 1.0], state.returns()
PY
)

begin end
echo "new-game: passed; timings"
printf 'new-game:   %s\n' "${timings[@]}"
echo "new-game:   $(printf '%-10s %4d s' total $(($(date +%s) - started)))"
