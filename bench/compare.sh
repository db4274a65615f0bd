#!/usr/bin/env bash
# Compares an older commit with the working tree on the same machine state: the two servers are
# benchmarked alternately (PostgreSQL only) against one already seeded database, so a machine
# that runs faster or slower over the minutes affects both sides alike.
#
#   createdb -h 127.0.0.1 -U postgres bench_large
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_large npm run seed:large
#   BENCH_PG_DB=bench_large bash bench/compare.sh 60f2fa2 [rounds]
#
# The older commit is checked out into a temporary git worktree; it shares this node_modules when
# its package-lock.json is the same, and gets its own `npm ci` otherwise.
set -euo pipefail
old=${1:?usage: BENCH_PG_DB=<seeded database> bench/compare.sh <commit> [rounds]}
rounds=${2:-2}
: "${BENCH_PG_DB:?set BENCH_PG_DB to a database seeded with npm run seed:large}"
root=$(cd "$(dirname "$0")/.." && pwd)
tree=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true' EXIT
git -C "$root" worktree add -q --detach "$tree" "$old"
# Share this node_modules when the older commit has the same dependencies; otherwise install its own.
if git -C "$root" diff --quiet "$old" -- package-lock.json; then
  ln -s "$root/node_modules" "$tree/node_modules"
else
  echo "## $old has other dependencies: npm ci in its worktree" >&2
  (cd "$tree" && npm ci --no-audit --no-fund >/dev/null)
fi
(cd "$tree" && npm run build -w apps/api >/dev/null)
(cd "$root" && npm run build -w apps/api >/dev/null)
export BENCH_DATABASES=postgres BENCH_RESULTS=- BENCH_DURATION=${BENCH_DURATION:-6} BENCH_WARMUP=${BENCH_WARMUP:-2}
export BENCH_ONLY=${BENCH_ONLY:-'health|my classes|upcoming|class contents|content detail|thread|grading|page of 50|login'}
for round in $(seq "$rounds"); do
  for side in old new; do
    dir=$tree
    [ "$side" = new ] && dir=$root
    echo "## $side ($([ "$side" = new ] && echo working tree || echo "$old")), round $round"
    (cd "$dir" && node bench/run.mjs 2>/dev/null | grep '^| [^-e]' | cut -d'|' -f2-5,9,10)
  done
done
