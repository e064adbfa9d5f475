#!/usr/bin/env bash
# The Slurm recipe (scripts/slurm/) on a real one-node Slurm that this test starts and stops
# itself: munged, slurmctld and slurmd from Debian's munge and slurm-wlm, with a generated
# slurm.conf in a temporary folder (as root, no systemd). scripts/slurm/submit runs
# `nqueens count 16` as 8 array tasks and the merge job after them; task 3 is requeued by
# `scontrol requeue` and task 6 gets the time-limit signal (the SIGUSR1 of --signal=B:USR1@300)
# while their counts are in the middle (pausing_nqueens.sh holds them there). Both must resume
# from their records, and the merge must give the OEIS totals. A task whose array index is
# outside 1..K fails with exit 2 and one line; count-gpu.sbatch runs on a node with one GPU in
# Slurm's books (a real count where nqueens finds a GPU, nqueens's one line and exit 2 where it
# does not). Every daemon started here is stopped on the way out; where they cannot start, the
# test exits 77 (ctest's skip) and says why. About 40 s, most of it waiting for Slurm's
# periodic time-limit check.
# Usage: cluster_test.sh path/to/nqueens path/to/scripts/slurm
set -u
PATH=$PATH:/usr/sbin:/sbin
bin=$(realpath "$1")
scripts=$(realpath "$2")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
n=16 k=8 total=14772512 unique=1846955 # OEIS A000170 and A002562
requeued=3 near_limit=6                 # the tasks stopped in the middle of their count

skip() {
  echo "SKIP: $*"
  exit 77
}
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
# wait_for SECONDS COMMAND...: polls COMMAND every 0.1 s until it succeeds; false on time-out.
wait_for() {
  local end=$((SECONDS + $1))
  shift
  until "$@"; do
    [ "$SECONDS" -lt "$end" ] || return 1
    sleep 0.1
  done
}

[ "$(id -u)" -eq 0 ] || skip "slurmd starts jobs as their user, which needs root"
for tool in munged munge unmunge slurmctld slurmd sbatch scontrol squeue scancel sinfo; do
  command -v "$tool" >/dev/null ||
    skip "$tool not found: Debian's slurm-wlm and munge are not installed" \
      "(scripts/install-deps.sh slurm-wlm munge; scripts/test installs them)"
done
# Only this test's cluster: no job, partition or defaults of a surrounding Slurm.
while read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(SLURM|SBATCH|SALLOC|SRUN|SQUEUE|SINFO|SCANCEL)_')

tmp=$(mktemp -d /tmp/nqueens-slurm-test.XXXXXX)
chmod 755 "$tmp" # munged wants every folder above its socket open to all
mkdir -p "$tmp"/{munge,log,state,spool/node1,records}
daemons=() # process ids, stopped in reverse order

# running PID: the process exists and is not a zombie (the state after "(name) " in stat).
running() { [ -e "/proc/$1" ] && [ "$(sed 's/.*) //; s/ .*//' "/proc/$1/stat" 2>/dev/null)" != Z ]; }
stop() {
  kill -TERM "$1" 2>/dev/null
  wait_for 20 eval '! running '"$1" || kill -KILL "$1" 2>/dev/null
  wait "$1" 2>/dev/null
}
show_logs() {
  local f
  for f in "$tmp"/log/* "$tmp"/records/*.out; do
    [ -s "$f" ] || continue
    echo "---- $f (last 25 lines)"
    tail -n 25 "$f"
  done
}
cleanup() {
  if [ -n "${SLURM_CONF:-}" ] && scontrol ping >/dev/null 2>&1; then
    squeue -h -o %A | xargs -r scancel 2>/dev/null
    wait_for 30 eval '[ -z "$(squeue -h 2>/dev/null)" ]' || echo "jobs still there: $(squeue -h)"
  fi
  local i
  for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do stop "${daemons[i]}"; done
  if [ -n "${NQUEENS_KEEP_TEST_FILES:-}" ]; then echo "kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# munge: a fresh key, a socket in the temporary folder.
dd if=/dev/urandom of="$tmp/munge/key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/key"
socket=$tmp/munge/socket
munged -F --key-file="$tmp/munge/key" --socket="$socket" --pid-file="$tmp/munge/pid" \
  --seed-file="$tmp/munge/seed" --log-file="$tmp/log/munged.log" >"$tmp/log/munged.out" 2>&1 &
daemons+=($!)
munge_works() { munge -n -S "$socket" 2>/dev/null | unmunge -S "$socket" >/dev/null 2>&1; }
# up DAEMON_PID CHECK: waits until the function CHECK succeeds (true) or the daemon has ended
# (false).
up() {
  wait_for 60 eval "$2 || ! running $1" && $2
}
# why NAME: the daemon's last error line, from its output and its log.
why() {
  local line
  line=$(cat "$tmp/log/$1".* 2>/dev/null | grep -i -E 'error|fatal' | tail -n 1)
  echo "${line:-$(cat "$tmp/log/$1".* 2>/dev/null | tail -n 1)}"
}
up "${daemons[0]}" munge_works || skip "munged did not start: $(why munged)"

# Two free TCP ports (none listed in /proc/net/tcp*), one for each daemon.
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 40000))
    [ "$p" != "${1:-}" ] || continue
    grep -qi ":$(printf %04X "$p") " /proc/net/tcp /proc/net/tcp6 2>/dev/null || break
  done
  echo "$p"
}
ctld_port=$(free_port)
node_port=$(free_port "$ctld_port")
export SLURM_CONF=$tmp/slurm.conf
# One node with the machine's CPUs. linuxproc tracks a job's processes without cgroups; no
# accounting database: the test reads job states from slurmctld (scontrol), which keeps them
# for MinJobAge seconds. KillWait: the seconds from SIGTERM to SIGKILL.
cat >"$SLURM_CONF" <<EOF
ClusterName=nqueens-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool/%n
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SwitchType=switch/none
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
SlurmdParameters=config_overrides
SchedulerParameters=batch_sched_delay=0
ReturnToService=2
MinJobAge=600
KillWait=30
GresTypes=gpu
NodeName=node1 NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=$(nproc) Gres=gpu:1 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
# One GPU in Slurm's books, so that count-gpu.sbatch (--gres=gpu:1) can be scheduled.
echo "Name=gpu File=/dev/null" >"$tmp/gres.conf"
slurmctld -D -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &
daemons+=($!)
slurmd -D -f "$SLURM_CONF" -N node1 >"$tmp/log/slurmd.out" 2>&1 &
daemons+=($!)
controller_up() { scontrol ping 2>/dev/null | grep -q 'is UP'; }
node_idle() { [ "$(sinfo -h -n node1 -o %T 2>/dev/null)" = idle ]; }
up "${daemons[1]}" controller_up || skip "slurmctld did not start: $(why slurmctld)"
up "${daemons[2]}" node_idle || skip "slurmd did not come up: $(why slurmd)"
echo "Slurm is up: slurmctld on port $ctld_port, slurmd on $node_port, $(nproc) CPUs"

# job_field JOB FIELD: one field of `scontrol show job` (an array task is ARRAY_TASK).
job_field() { scontrol -o show job "$1" 2>/dev/null | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1; }
finished() {
  case $(job_field "$1" JobState) in
    COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE) ;;
    *) return 1 ;;
  esac
}
# A requeued job waits two minutes (Slurm's begin time) before it may run again: once it is
# pending for its second run, let it start in 2 s (not at once: its new job credential must be
# dated a later second than the revocation of its first one). release JOB [FIELD=VALUE...]
requeued_pending() {
  local restarts
  restarts=$(job_field "$1" Restarts)
  [ "$(job_field "$1" JobState)" = PENDING ] && [ "${restarts:-0}" != 0 ]
}
release() {
  local job=$1
  shift
  wait_for 90 requeued_pending "$job" || {
    fail "$job was not requeued: $(scontrol -o show job "$job")"
    return
  }
  scontrol update JobId="$job" StartTime=now+2 "$@" || fail "scontrol update JobId=$job $*"
}

# 1. count 16 as 8 array tasks and the merge job after them, by the scripts under test.
export REAL_NQUEENS=$bin PAUSE_TASKS="$requeued $near_limit" PAUSE_DIR=$tmp
records=$tmp/records
start=$SECONDS
submitted=$("$scripts/submit" --records "$records" --nqueens "$here/pausing_nqueens.sh" $n $k 2>&1) ||
  fail "submit: $submitted"
echo "$submitted"
array=$(sed -n 's/^array job \([0-9][0-9]*\):.*/\1/p' <<<"$submitted")
merge=$(sed -n 's/^merge job \([0-9][0-9]*\):.*/\1/p' <<<"$submitted")
if [ -z "$array" ] || [ -z "$merge" ]; then
  fail "no job ids in the output of submit"
  show_logs
  exit 1
fi

# 2. Task 3, in the middle of its count: scontrol requeue (Slurm's SIGCONT + SIGTERM to the
# job's processes). Task 6: a time limit of 4 minutes, so that Slurm's periodic check finds it
# within the 5 minutes of --signal=B:USR1@300 and sends SIGUSR1 to the batch shell alone, after
# which the task saves and requeues itself; its second run has no time limit again.
wait_for 120 test -e "$tmp/paused-$requeued" || fail "task $requeued never reached the middle of its count"
scontrol requeue "${array}_$requeued" || fail "scontrol requeue ${array}_$requeued"
release "${array}_$requeued"
wait_for 120 test -e "$tmp/paused-$near_limit" || fail "task $near_limit never reached the middle of its count"
scontrol update JobId="${array}_$near_limit" TimeLimit=4 || fail "scontrol update TimeLimit=4"
release "${array}_$near_limit" TimeLimit=UNLIMITED

# 3. The merge job runs once all 8 tasks have succeeded, and adds their records up.
wait_for 240 finished "$merge" || fail "the merge job did not end: $(scontrol -o show job "$merge")"
echo "count and merge took $((SECONDS - start)) s"
[ "$(job_field "$merge" JobState)" = COMPLETED ] ||
  fail "merge job: $(job_field "$merge" JobState), exit $(job_field "$merge" ExitCode)"
merged=$records/nqueens-merge-$merge.out
grep -q "^total: $total\$" "$merged" || fail "merged total is not $total"
grep -q "^unique: $unique\$" "$merged" || fail "merged unique is not $unique"
grep -q "^merged: $k shards" "$merged" || fail "merged not $k shards"
grep -q '^checked: the class split agrees' "$merged" || fail "merge checked no class split"
grep -q "^job logs: the $k logs add up to the same counts\$" "$merged" || fail "merge: no job logs"
for ((i = 1; i <= k; i++)); do
  state="$(job_field "${array}_$i" JobState) $(job_field "${array}_$i" ExitCode)"
  [ "$state" = "COMPLETED 0:0" ] || fail "task $i: $state"
done

# 4. Both stopped tasks saved in the middle (interrupted after X of Y jobs, 0 < X < Y) and their
# second run resumed exactly those X jobs from the record.
resumed_from_record() { # resumed_from_record TASK WHAT
  local out=$records/nqueens-count-${array}_$1.out saved jobs resumed
  saved=$(sed -n 's/.*interrupted after \([0-9]*\) of [0-9]* jobs; saved in.*/\1/p' "$out")
  jobs=$(sed -n 's/.*interrupted after [0-9]* of \([0-9]*\) jobs; saved in.*/\1/p' "$out")
  resumed=$(sed -n 's/.* \([0-9]*\) resumed from .*nqueens-16-shard-'"$1"'-of-8.record.*/\1/p' "$out")
  if [ -z "$saved" ] || [ -z "$resumed" ] || [ "$saved" -le 0 ] || [ "$saved" -ge "$jobs" ] ||
    [ "$resumed" != "$saved" ]; then
    fail "task $1 ($2): saved [$saved] of [$jobs] jobs, resumed [$resumed]: $(cat "$out")"
  fi
  grep -q "count-shard.sh: task $1 of 8, N = 16, run 2 " "$out" || fail "task $1 ($2) ran no second time"
  grep -q '^verified: [0-9]* jobs recounted' "$out" || fail "task $1 ($2) recounted no sample"
  echo "task $1 ($2): saved $saved of $jobs jobs, its second run resumed $resumed"
}
resumed_from_record $requeued "scontrol requeue"
grep -q 'count-shard.sh: stopped;' "$records/nqueens-count-${array}_$requeued.out" ||
  fail "task $requeued: no 'stopped' line"
resumed_from_record $near_limit "time-limit signal"
grep -q "count-shard.sh: saved before the time limit; requeueing task $near_limit" \
  "$records/nqueens-count-${array}_$near_limit.out" || fail "task $near_limit did not requeue itself"

# 5. An array index outside 1..K: the task fails with exit 2 and one line. Submitted by plain
# sbatch from the checkout, which finds count-shard.sh there without NQUEENS_SLURM_DIR.
unset NQUEENS_SLURM_DIR
bad=$(cd "$scripts/../.." && NQUEENS=$bin NQUEENS_RECORDS=$records sbatch --parsable --array=9 \
  --output="$records/outside-%A_%a.out" scripts/slurm/count-cpu.sbatch $n $k)
bad=${bad%%;*}
wait_for 60 finished "${bad}_9" || fail "the task with index 9 did not end"
[ "$(job_field "${bad}_9" ExitCode)" = 2:0 ] ||
  fail "index 9 of 8: exit $(job_field "${bad}_9" ExitCode), expected 2:0"
outside=$records/outside-${bad}_9.out
[ "$(cat "$outside")" = "count-shard.sh: array index 9 is outside 1..8 (submit with --array=1-8)" ] ||
  fail "index 9 of 8 printed: $(cat "$outside")"

# 6. count-gpu.sbatch through submit --gpu: count 12 as 2 tasks on the one "GPU" of the node
# (with 1 CPU each instead of the script's 4, which this machine may not have).
# Where this nqueens counts on a GPU the tasks and the merge succeed; elsewhere each task fails
# with nqueens's one line and exit 2 ("--gpu: no CUDA device available", or built without CUDA).
submitted=$("$scripts/submit" --gpu --records "$tmp/gpu" --nqueens "$bin" \
  --sbatch=--cpus-per-task=1 12 2 2>&1) ||
  fail "submit --gpu: $submitted"
echo "$submitted"
array=$(sed -n 's/^array job \([0-9][0-9]*\):.*/\1/p' <<<"$submitted")
merge=$(sed -n 's/^merge job \([0-9][0-9]*\):.*/\1/p' <<<"$submitted")
wait_for 120 finished "${array}_2" && wait_for 60 finished "${array}_1" || fail "GPU tasks did not end"
if "$bin" count 4 --gpu >/dev/null 2>&1; then
  wait_for 120 finished "$merge" || fail "GPU merge did not end"
  grep -q '^total: 14200$' "$tmp/gpu/nqueens-merge-$merge.out" || fail "GPU merge: $(cat "$tmp/gpu/nqueens-merge-$merge.out")"
else
  for i in 1 2; do
    [ "$(job_field "${array}_$i" ExitCode)" = 2:0 ] || fail "GPU task $i: exit $(job_field "${array}_$i" ExitCode)"
    out=$tmp/gpu/nqueens-count-gpu-${array}_$i.out
    grep -q "^nqueens: --gpu: " "$out" || fail "GPU task $i printed: $(cat "$out")"
    echo "GPU task $i: $(grep '^nqueens:' "$out")"
  done
  # --kill-on-invalid-dep: the merge job is cancelled, not left pending for ever.
  wait_for 60 finished "$merge" && [ "$(job_field "$merge" JobState)" = CANCELLED ] ||
    fail "the merge after failed tasks: $(job_field "$merge" JobState) $(job_field "$merge" Reason)"
fi

if [ "$failures" -ne 0 ]; then
  show_logs
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
