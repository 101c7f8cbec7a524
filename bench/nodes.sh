#!/bin/bash
# 1 node against 3 nodes (one PostgreSQL schema each run, one NATS), the same load.
# ROUTED=1: each room's seat B connects through another node than the room's (loadtest --routed),
# so one socket a room is relayed over NATS; with 1 node it changes nothing.
set -u
BIN=${BIN:-./duelist}  # go build -o duelist ./cmd/duelist
run() { # $1 = nodes
  local n=$1 schema=nodes_bench_$RANDOM$RANDOM game=nodesbench$RANDOM
  psql -h 127.0.0.1 -U postgres -d test -qc "CREATE SCHEMA $schema" >/dev/null
  local dsn="postgres://postgres@127.0.0.1:5432/test?sslmode=disable&search_path=$schema"
  local pids=() urls=""
  for i in $(seq 1 $n); do
    port=$((20000 + RANDOM % 20000))
    $BIN serve --addr 127.0.0.1:$port --db "$dsn" --nats nats://127.0.0.1:4222 --game $game --node n$i \
      --rooms-per-addr -1 --conns-per-addr -1 --rate 100000 >/tmp/nodes-bench-node$i.log 2>&1 &
    pids+=($!)
    urls="${urls:+$urls,}ws://127.0.0.1:$port/ws"
    for _ in $(seq 1 100); do curl -fsS http://127.0.0.1:$port/healthz >/dev/null 2>&1 && break; sleep 0.2; done
  done
  echo "== $n node(s), load $(cut -d' ' -f1-3 /proc/loadavg)"
  $BIN loadtest --url "$urls" --duels 100 --ramp 5s --duration 20s --think 1s ${ROUTED:+--routed} 2>/dev/null | grep result
  # The nodes' CPU time over the whole run (start, ramp and measurement), from /proc (clock ticks).
  local ticks=0
  for p in "${pids[@]}"; do ticks=$((ticks + $(awk '{print $14 + $15}' /proc/$p/stat))); done
  echo "nodes' CPU: $((ticks * 1000 / $(getconf CLK_TCK))) ms"
  kill "${pids[@]}"; wait "${pids[@]}" 2>/dev/null
  psql -h 127.0.0.1 -U postgres -d test -qc "DROP SCHEMA $schema CASCADE" >/dev/null 2>&1
}
for r in $(seq 1 ${RUNS:-2}); do run 1; run 3; done
