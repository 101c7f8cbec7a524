#!/usr/bin/env bash
# Copies the vendored ES modules of the browser client from web/node_modules (npm ci in web/
# first) into web/static/vendor, with their licences. "vendor.sh --check" fails if the committed
# copies differ from the pinned packages' files (run by .ci/e2e).
set -euo pipefail
cd "$(dirname "$0")"
files=(
	"node_modules/preact/dist/preact.module.js:preact.module.js"
	"node_modules/preact/hooks/dist/hooks.module.js:hooks.module.js"
	"node_modules/htm/dist/htm.module.js:htm.module.js"
	"node_modules/preact/LICENSE:LICENSE.preact"
	"node_modules/htm/LICENSE:LICENSE.htm"
)
mkdir -p static/vendor
status=0
for f in "${files[@]}"; do
	src=${f%%:*} dst=static/vendor/${f##*:}
	if [ "${1:-}" = --check ]; then
		cmp -s "$src" "$dst" || { echo "vendor: $dst differs from $src (run web/vendor.sh)"; status=1; }
	else
		cp "$src" "$dst"
	fi
done
exit $status
