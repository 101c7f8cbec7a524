#!/bin/sh
# Builds the patched lockstep child that cmd/ygodiff needs (docs/testing.md "The child"): the
# harness's ygodiff-core.cpp (../shared/tools/refcore/ygodiff/, not part of this repository) with
# ygodiff-core.patch applied: a command `extra P CODE...` for the Extra Decks, coin and dice
# results and MSG_RANDOM_SELECTED in the trace. Builds against the reference engine that
# ../shared/tools/refcore/ygobench/build.sh built in YB. Nothing of ygopro-core is kept here.
#   YB       the reference engine's build folder (default ../yb beside the checkout)
#   SHARED   the harnesses' folder (default ../shared/tools/refcore beside the checkout)
#   OUT      where the child goes (default ../refcore-cpp beside the checkout; the binary is OUT/bin/ygodiff-core)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
YB=${YB:-$ROOT/../yb}
SHARED=${SHARED:-$ROOT/../shared/tools/refcore}
OUT=${OUT:-$ROOT/../refcore-cpp}
CXX=${CXX:-g++}
LUA_INC=${LUA_INC:-/usr/include/lua5.4}
LUA_LIB=${LUA_LIB:-/usr/lib/x86_64-linux-gnu/liblua5.4-c++.a}
mkdir -p "$OUT/bin"
cp "$SHARED/ygodiff/ygodiff-core.cpp" "$OUT/ygodiff-core.cpp"
chmod u+w "$OUT/ygodiff-core.cpp"
(cd "$OUT" && patch -s -p1 < "$HERE/ygodiff-core.patch")
$CXX -O1 -std=c++17 -w -I"$YB/src/ygopro-core" -I"$LUA_INC" -I"$SHARED/ygobench" "$OUT/ygodiff-core.cpp" \
	"$YB/bin/libocgcore.a" "$LUA_LIB" -lsqlite3 -ldl -lm -o "$OUT/bin/ygodiff-core"
echo "built $OUT/bin/ygodiff-core"
