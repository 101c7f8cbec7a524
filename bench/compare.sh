#!/usr/bin/env bash
# bench/compare.sh: judge a speed change in one command on a noisy machine.
#
#   bench/compare.sh [BASE]     BASE: a commit, branch or tag (default: the merge-base with main;
#                               HEAD when the branch has no commits of its own)
#
# It builds BASE in a detached git worktree under /tmp and the current working tree (uncommitted
# changes included), then runs the two builds interleaved ROUNDS times, alternating which goes
# first, each pinned to one core (taskset -c CPU, GOMAXPROCS=1):
#   - `duelist sim --games GAMES --seed SEED --quiet --deck yugi-40 --opp-deck kaiba-40`, timed
#     in CPU seconds (user+sys from /usr/bin/time, so the time the process waits for the core
#     while other work runs is not counted), reported as duels per CPU-second;
#   - each benchmark of BENCH from the test binaries of ./cards/all (`go test -c`), run for a
#     fixed BENCHN duels and timed the same way (duels per CPU-second; the CPU time of a run of
#     one duel, the process's start-up, taken off), with its allocs/op and B/op (per duel);
#     BenchmarkSetup's "duels" are set-ups, 1e6 / duels-per-CPU-s its microseconds each.
# It checks that both sims ended with the same outcome line (the same seeds must give the same
# duels unless the change meant to alter play). For every measure it prints both builds' medians
# and the ratio current/base as the min, median and max of the per-round ratios (each round's
# two runs are back to back, so a slow spell of the machine hits both).
#
# Environment: ROUNDS (default 5), GAMES (default 2000), SEED (1), CPU (0),
# BENCH (regexp, default '^Benchmark(StarterDuel|KouhuDuel|TagDuel)$'; empty skips the
# benchmarks), BENCHN (duels per benchmark run, default 400), OVERLAY (files of the current tree
# copied over the base's before building, default cards/all/bench_test.go, so that benchmarks
# added since measure the base too; empty for none), KEEP=1 keeps the /tmp build directory.
set -euo pipefail
export GOTOOLCHAIN=auto
cd "$(git rev-parse --show-toplevel)"

ROUNDS=${ROUNDS:-5}
GAMES=${GAMES:-2000}
SEED=${SEED:-1}
CPU=${CPU:-0}
BENCH=${BENCH-'^Benchmark(StarterDuel|KouhuDuel|TagDuel)$'}
BENCHN=${BENCHN:-400}
OVERLAY=${OVERLAY-cards/all/bench_test.go}

base=${1:-}
if [ -z "$base" ]; then
	base=$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)
fi
base_sha=$(git rev-parse --verify "$base^{commit}") || { echo "compare.sh: $base is not a commit" >&2; exit 2; }

work=$(mktemp -d /tmp/duelist-bench.XXXXXX)
wt="$work/base-src"
cleanup() {
	git worktree remove --force "$wt" >/dev/null 2>&1 || true
	if [ "${KEEP:-}" = 1 ]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

echo "base    $(git log -1 --format='%h %s' "$base_sha")"
echo "current $(git log -1 --format='%h %s' HEAD)$(git diff --quiet HEAD -- . || echo ' + uncommitted changes')"
echo "building in $work ..."
git worktree add --detach --quiet "$wt" "$base_sha"
for f in $OVERLAY; do # the current benchmarks, so that new ones measure the base too
	cp "$f" "$wt/$f"
done
build() { # build SRC OUT
	mkdir -p "$2"
	(cd "$1" && go build -o "$2/duelist" ./cmd/duelist && go test -c -o "$2/all.test" ./cards/all)
}
build "$wt" "$work/base"
build "$PWD" "$work/cur"

# run_sim DIR: prints duels per CPU-second and the sim's own wall duels/s.
run_sim() {
	local out tf
	tf="$work/time.$$"
	out=$(GOMAXPROCS=1 /usr/bin/time -f '%U %S' -o "$tf" taskset -c "$CPU" \
		"$1/duelist" sim --games "$GAMES" --seed "$SEED" --quiet --deck yugi-40 --opp-deck kaiba-40)
	grep '^outcomes' <<<"$out" >"$work/outcomes.$(basename "$1")"
	awk -v g="$GAMES" -v wall="$(sed -n 's/.*: \([0-9.]*\) duels\/s.*/\1/p' <<<"$out")" \
		'{ printf "%.1f %s\n", g / ($1 + $2), wall }' "$tf"
}

# run_bench DIR NAME: prints duels per CPU-second, allocs/op and B/op of one benchmark run for
# exactly BENCHN duels ("- - -" if the build has no such benchmark). The Go benchmark's own
# duels/s is wall time, which the other processes of a shared machine distort; the process's
# CPU time does not. The process also loads the card library and the decks and runs the
# benchmark once with N=1 before N=BENCHN: a run of N=1 alone is timed too and its CPU time
# taken off, so that what is left is BENCHN duels (or set-ups) and nothing else.
run_bench() {
	local line tf cpu one
	tf="$work/time.$$"
	line=$(cd "$work" && GOMAXPROCS=1 /usr/bin/time -f '%U %S' -o "$tf" taskset -c "$CPU" \
		"$1/all.test" -test.run '^$' -test.bench "^$2\$" -test.benchtime "${BENCHN}x" \
		-test.benchmem -test.cpu 1 2>/dev/null | grep "^$2" || true)
	if [ -z "$line" ]; then echo "- - -"; return; fi
	cpu=$(awk '{ print $1 + $2 }' "$tf")
	(cd "$work" && GOMAXPROCS=1 /usr/bin/time -f '%U %S' -o "$tf" taskset -c "$CPU" \
		"$1/all.test" -test.run '^$' -test.bench "^$2\$" -test.benchtime 1x -test.cpu 1 >/dev/null 2>&1)
	one=$(awk '{ print $1 + $2 }' "$tf")
	if ! awk -v a="$cpu" -v b="$one" 'BEGIN { exit !(a - b > 0.05) }'; then
		echo "compare.sh: $2 ran $BENCHN times in ${cpu} CPU-s, ${one} of them start-up:" \
			"too short to time (raise BENCHN)" >&2
		exit 2
	fi
	awk -v n="$BENCHN" -v cpu="$cpu" -v one="$one" '{ a = m = "-"
		for (i = 2; i <= NF; i++) { if ($i == "allocs/op") a = $(i-1); if ($i == "B/op") m = $(i-1) }
		printf "%.1f %s %s\n", n / (cpu - one), a, m }' <<<"$line"
}

benches=()
if [ -n "$BENCH" ]; then
	mapfile -t benches < <("$work/cur/all.test" -test.list "$BENCH" | grep '^Benchmark' || true)
fi

res="$work/results" # lines: MEASURE BUILD VALUE (one per run)
: >"$res"
for ((r = 1; r <= ROUNDS; r++)); do
	order=(base cur)
	if ((r % 2 == 0)); then order=(cur base); fi
	for b in "${order[@]}"; do
		read -r cpu wall < <(run_sim "$work/$b")
		echo "sim-duels/cpu-s $b $cpu" >>"$res"
		echo "sim-duels/s(wall) $b $wall" >>"$res"
	done
	for bn in "${benches[@]}"; do
		for b in "${order[@]}"; do
			read -r d a m < <(run_bench "$work/$b" "$bn") || true
			if [ -z "${d:-}" ]; then exit 2; fi # run_bench said why
			echo "${bn#Benchmark}-duels/cpu-s $b $d" >>"$res"
			echo "${bn#Benchmark}-allocs/duel $b $a" >>"$res"
			echo "${bn#Benchmark}-B/duel $b $m" >>"$res"
		done
	done
	echo "round $r/$ROUNDS done" >&2
done

echo
if cmp -s "$work/outcomes.base" "$work/outcomes.cur"; then
	echo "same duels: both builds' sims end with: $(cat "$work/outcomes.cur")"
else
	echo "DIFFERENT DUELS (the change altered play, or the base is older than a rules change):"
	echo "  base:    $(cat "$work/outcomes.base")"
	echo "  current: $(cat "$work/outcomes.cur")"
fi
printf '%-26s %12s %12s   %s\n' measure base current 'current/base: min median max (per round)'
awk '
function median(a, n,   i, j, t) {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
	if (!($1 in seen)) { seen[$1] = 1; names[++k] = $1 }
	n = ++cnt[$1, $2]; val[$1, $2, n] = $3
}
END {
	for (x = 1; x <= k; x++) {
		m = names[x]; nb = cnt[m, "base"]; nc = cnt[m, "cur"]
		missing = 0; delete B; delete C; delete R
		for (i = 1; i <= nb; i++) { B[i] = val[m, "base", i]; if (B[i] == "-") missing = 1 }
		for (i = 1; i <= nc; i++) { C[i] = val[m, "cur", i]; if (C[i] == "-") missing = 1 }
		if (missing) { printf "%-26s %12s %12s   (not in both builds)\n", m, val[m, "base", 1], val[m, "cur", 1]; continue }
		for (i = 1; i <= nb && i <= nc; i++) R[i] = (B[i] > 0) ? C[i] / B[i] : 0
		nr = (nb < nc) ? nb : nc
		mb = median(B, nb); mc = median(C, nc); mr = median(R, nr)
		printf "%-26s %12.1f %12.1f   %.3f  %.3f  %.3f\n", m, mb, mc, R[1], mr, R[nr]
	}
}' "$res"
