#!/usr/bin/env bash
# A sharded tournament on a real Slurm: installs Slurm and munge from the
# distribution's packages (if missing), starts a one-node cluster on this
# machine (controller and node on localhost, no cgroups), submits the array
# job and the dependent merge job of docs/cluster/ unchanged, waits, and
# checks that the merged results equal an unsharded run of the same
# tournament (timing fields aside).
#
# Exit status: 0 the results agree; 1 they do not, or a job failed;
# 3 Slurm could not be installed or started here (the reason is printed).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
started=$(date +%s)

cannot() {
    echo "slurm-test: CANNOT RUN: $*"
    exit 3
}
fail() {
    echo "slurm-test: FAILED: $*"
    exit 1
}

# --- Install -----------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
    ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
    [ "$(id -u)" = 0 ] || cannot "Slurm is not installed and this is not root"
    command -v apt-get >/dev/null || cannot "Slurm is not installed and there is no apt-get"
    echo "slurm-test: installing slurm-wlm and munge with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -q && apt-get install -y -q --no-install-recommends slurm-wlm munge; } \
        >/tmp/slurm-test-apt.log 2>&1 ||
        cannot "apt-get install slurm-wlm munge failed (see /tmp/slurm-test-apt.log)"
fi
[ "$(id -u)" = 0 ] || cannot "starting munged and slurmd needs root"
echo "slurm-test: $(slurmctld -V), $(munged --version 2>&1 | head -1)"

# --- The tabula binary ----------------------------------------------------
# The test build's binary: `cargo test --no-run` builds exactly what the test
# step built (`cargo build` would not activate the dev-dependencies' features
# and would compile the workspace again).
cargo test -q --workspace --no-run || fail "cannot build tabula"
tabula=$root/target/debug/tabula
[ -x "$tabula" ] || fail "no $tabula"

# --- A one-node cluster -----------------------------------------------------
work=$(mktemp -d /tmp/tabula-slurm.XXXXXX)
chmod 755 "$work"
mkdir -p "$work/state" "$work/spool" "$work/munge" "$work/results"
host=$(hostname -s)
cpus=$(nproc)
memory=$(awk '/MemTotal/ {print int($2 / 1024 / 2)}' /proc/meminfo)
# Ports of our own, so that a Slurm already on the machine is left alone.
port=$((17000 + RANDOM % 2000))
cat >"$work/slurm.conf" <<EOF
ClusterName=tabula-ci
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
SchedulerType=sched/builtin
MinJobAge=3600
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=ci Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf

pids=()
stop() {
    # Only the daemons this script started, by their process ids.
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    sleep 1
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
}
trap stop EXIT

chown munge: "$work/munge"
runuser -u munge -- munged --socket="$work/munge/munge.socket" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
    --seed-file="$work/munge/munged.seed" ||
    cannot "munged did not start ($(tail -3 "$work/munge/munged.log" 2>/dev/null))"
sleep 1
pids+=("$(cat "$work/munge/munged.pid")")
munge -n --socket="$work/munge/munge.socket" | unmunge --socket="$work/munge/munge.socket" >/dev/null ||
    cannot "munge does not work here"

slurmctld -D -i >"$work/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D >"$work/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
    state=$(sinfo -h -n "$host" -o %T 2>/dev/null)
    [ "$state" = idle ] && break
    sleep 1
done
[ "$state" = idle ] ||
    cannot "the node did not become idle (state '${state:-none}'): $(tail -5 "$work/slurmctld.log" "$work/slurmd.log" 2>/dev/null | tr '\n' ' ')"
echo "slurm-test: cluster up in $(($(date +%s) - started)) s: node $host, $cpus CPU(s)"

# --- The tournament, sharded through Slurm ----------------------------------
export TABULA=$tabula RESULTS=$work/results SHARDS=4 ROUNDS=4 SEED=11 MAX_PLIES=1000
export GAMES="diffusion(width=4,stones=2),calcala(players=3,setup=short)"
export AGENTS="random,mcts(iterations=20),mcts(iterations=5)"
cd "$work"
array=$(sbatch --parsable --array=0-$((SHARDS - 1)) --cpus-per-task=1 --export=ALL \
    "$root/docs/cluster/tabula-arena.sbatch") || fail "sbatch of the array job failed"
merge=$(sbatch --parsable --dependency="afterok:$array" --export=ALL \
    "$root/docs/cluster/merge.sbatch") || fail "sbatch of the merge job failed"
echo "slurm-test: submitted array job $array (shards 0-$((SHARDS - 1))) and merge job $merge"

job_state() { scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort -u | cut -d= -f2 | tr '\n' ' '; }
deadline=$(($(date +%s) + 300))
while squeue -h -j "$array,$merge" 2>/dev/null | grep -q .; do
    if [ "$(date +%s)" -gt "$deadline" ]; then
        squeue
        if squeue -h -j "$array" -o %r | grep -q -v None; then
            cannot "the jobs did not run within 5 minutes: $(squeue -h -o '%i %T %r' | tr '\n' ' ')"
        fi
        fail "the jobs did not finish within 5 minutes"
    fi
    sleep 1
done
for log in tabula-arena-*.log tabula-merge-*.log; do
    echo "--- $log"
    tail -4 "$log"
done
[ "$(job_state "$array")" = "COMPLETED " ] || fail "the array job ended $(job_state "$array")"
[ "$(job_state "$merge")" = "COMPLETED " ] || fail "the merge job ended $(job_state "$merge")"
echo "slurm-test: array and merge jobs completed in $(($(date +%s) - started)) s since the start"

# --- The same tournament on one machine, and the comparison -----------------
"$tabula" arena --games "$GAMES" --agents "$AGENTS" --rounds "$ROUNDS" --seed "$SEED" \
    --max-plies "$MAX_PLIES" --out "$work/whole" >/dev/null 2>&1 || fail "the unsharded run failed"
merged=$work/results/merged
# Timings differ from run to run; everything else must not.
untimed_summary() { grep -v '"seconds_per_move"' "$1/summary.json"; }
untimed_records() { sed -E 's/"seconds":\[[^]]*\],//' "$1/games.jsonl" | sort; }
untimed_csv() { sed -E 's/,[^,]*,(anchor|rated|above|below|unrated),/,\1,/' "$1/summary.csv"; }
diff <(untimed_summary "$work/whole") <(untimed_summary "$merged") || fail "summary.json differs"
diff <(untimed_records "$work/whole") <(untimed_records "$merged") >/dev/null || fail "games.jsonl differs"
diff <(untimed_csv "$work/whole") <(untimed_csv "$merged") || fail "summary.csv differs"
for svg in "$work"/whole/ratings-*.svg; do
    [ -s "$merged/$(basename "$svg")" ] || fail "no $(basename "$svg") in the merged results"
done
games=$(wc -l <"$merged/games.jsonl")
rm -rf "$work"
echo "slurm-test: PASSED: $games games in $SHARDS shards merged equal the unsharded run ($(($(date +%s) - started)) s)"
