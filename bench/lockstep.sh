#!/usr/bin/env bash
# bench/lockstep.sh: the lockstep check against ygopro-core, per booster set.
#
#   bench/lockstep.sh [SET...]     default: LOB MRD MRL PSV LON LOD PGD MFC
#
# For each set it plays GAMES duels between random 40-card decks drawn from that set's cards
# (cmd/ygodiff -sets SET: the default banlist, only the cards the engine implements, an Extra
# Deck from the same set), then GAMES duels of decks drawn from all the sets named at once, and
# prints per line the set, the duels, those identical to ygopro-core at every step to the end,
# the percentage and the failures by class. A set whose implemented cards cannot fill a deck is
# reported as such. The full output of each run (every failing duel's first difference, the
# cards skipped) goes to OUT/SET.txt, and the .duel reproductions of failing duels to OUT/SET/.
#
# It runs the pre-built reference engine; building ygopro-core and the child process
# ygodiff-core is ../shared/tools/refcore/README.md's job (docs/testing.md "Lockstep" names the
# child's version this needs). The Go side is built here with -tags refcore.
#
# Environment: GAMES (default 1000), SEED (1), YB (ygopro's build folder, default
# $TMPDIR/yb or /tmp/yb: $YB/src/ygopro-scripts), CORE (the ygodiff-core binary, default
# $YB/ygodiff/ygodiff-core), CDB (../shared/cards/cards-2015.cdb), SETS_DIR
# (../shared/cards/sets), OUT (default /tmp/duelist-lockstep), MIXED=0 skips the mixed run.
set -euo pipefail
export GOTOOLCHAIN=auto
cd "$(git rev-parse --show-toplevel)"

GAMES=${GAMES:-1000}
SEED=${SEED:-1}
YB=${YB:-${TMPDIR:-/tmp}/yb}
CORE=${CORE:-$YB/ygodiff/ygodiff-core}
SCRIPTS=${SCRIPTS:-$YB/src/ygopro-scripts}
CDB=${CDB:-../shared/cards/cards-2015.cdb}
SETS_DIR=${SETS_DIR:-../shared/cards/sets}
OUT=${OUT:-/tmp/duelist-lockstep}
MIXED=${MIXED:-1}
sets=("$@")
if [ ${#sets[@]} -eq 0 ]; then
	sets=(LOB MRD MRL PSV LON LOD PGD MFC)
fi

for f in "$CORE" "$CDB"; do
	[ -e "$f" ] || { echo "lockstep.sh: $f is missing (build the reference engine: ../shared/tools/refcore/README.md)" >&2; exit 2; }
done
[ -d "$SCRIPTS" ] || { echo "lockstep.sh: $SCRIPTS is missing" >&2; exit 2; }
mkdir -p "$OUT"
bin="$OUT/ygodiff"
go build -tags refcore -o "$bin" ./cmd/ygodiff

echo "lockstep: $GAMES duels per line, seeds $SEED.., load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-32s %7s %9s %7s  %s\n' "sets" "duels" "identical" "%" "failures by class"
run() { # run NAME SETS
	local name=$1 list=$2 log="$OUT/$1.txt"
	if ! GOMAXPROCS=1 nice "$bin" -core "$CORE" -scripts "$SCRIPTS" -cdb "$CDB" -sets-dir "$SETS_DIR" \
		-sets "$list" -games "$GAMES" -seed "$SEED" -out "$OUT/$name" >"$log" 2>&1; then
		printf '%-32s %s\n' "$list" "not run: $(tail -1 "$log")"
		return
	fi
	local summary classes
	summary=$(grep '^SUMMARY' "$log")
	classes=$(grep '^CLASS' "$log" | awk '{printf "%s=%s ", $2, $3}')
	echo "$summary" | awk -v sets="$list" -v cl="$classes" '{
		split($2, g, "="); split($3, ok, "=");
		printf "%-32s %7d %9d %6.1f%%  %s\n", sets, g[2], ok[2], g[2] ? 100 * ok[2] / g[2] : 0, cl }'
}
for s in "${sets[@]}"; do
	run "$s" "$s"
done
if [ "$MIXED" = 1 ] && [ ${#sets[@]} -gt 1 ]; then
	all=$(IFS=,; echo "${sets[*]}")
	run mixed "$all"
fi
echo "logs and reproductions: $OUT"
