#!/usr/bin/env bash
# Schemathesis (PyPI, pinned) against /v1/openapi.json of a live
# `quarry serve` on 127.0.0.1: every response must match the document (status,
# content type, headers, body schema) and none may be a 5xx. Called by
# .ci/run after the tests (which built target/debug/quarry); runnable alone.
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
if ! schemathesis --version 2>/dev/null | grep -q "${SCHEMATHESIS_VERSION}"; then
    echo "==> pip install schemathesis==${SCHEMATHESIS_VERSION}"
    python3 -m pip install --quiet --disable-pip-version-check "schemathesis==${SCHEMATHESIS_VERSION}"
fi

bin=target/debug/quarry
[ -x "$bin" ] || cargo build --quiet --bin quarry

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

data="$work/data"
q() { env -u QUARRY_SECRET_KEY -u QUARRY_DATA_DIR "$bin" --data-dir "$data" "$@"; }
printf 'name,country,elevation_ft,international\nFrankfurt Airport,Germany,364,true\nMunich Airport,Germany,1487,true\nParis Orly,France,291,true\nSylt,Germany,51,false\n' > "$work/airports.csv"
echo "schemathesis-password" | q account create --email st@example.com --password-stdin >/dev/null
token=$(q token create --account st@example.com 2>/dev/null)
# The schema's example names the dataset "airports", so examples stream.
q dataset import "$work/airports.csv" --id airports --account st@example.com >/dev/null
q account set-limits --email st@example.com --per-minute 1000000 --concurrent 64 >/dev/null
# A vocabulary, so that GET /v1/datasets/airports answers its non-null form.
printf '[fields.elevation_ft]\nsynonyms = ["altitude"]\nunit = "feet"\n\n[[aliases]]\nphrase = "Bavaria"\nfield = "name"\nvalues = ["Munich Airport"]\n\n[superlatives]\nhighest = "elevation_ft"\n' > "$work/airports.toml"
q dataset vocabulary airports --set "$work/airports.toml" >/dev/null 2>&1

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# Not through `q`: a backgrounded function is a subshell, and killing it
# would leave the server running. `env` execs the server, so this pid is it.
env -u QUARRY_SECRET_KEY -u QUARRY_DATA_DIR "$bin" --data-dir "$data" serve --addr "127.0.0.1:${port}" 2>"$work/serve.log" >/dev/null &
server_pid=$!
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:${port}/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done

echo "==> schemathesis ${SCHEMATHESIS_VERSION} run http://127.0.0.1:${port}/v1/openapi.json"
# positive_data_acceptance is left out for one known, deliberate difference:
# JSON Schema counts 58.0 as an integer, DESIGN §1 calls it a float and
# answers 400 INVALID_PARAMETER ("limit must be an integer between 1 and
# 100"). With integral floats accepted, the full set of checks passes.
status=0
# From the scratch directory: schemathesis keeps its state in the current one.
(cd "$work" && schemathesis run "http://127.0.0.1:${port}/v1/openapi.json" \
    --checks all \
    --exclude-checks positive_data_acceptance \
    --header "apikey: ${token}" \
    --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-200}" \
    --seed 20261122 \
    --generation-database none \
    --workers 2 \
    --no-color) || status=$?
if grep -qi "panicked" "$work/serve.log"; then
    echo "the server panicked during the run:" >&2
    grep -i -A5 "panicked" "$work/serve.log" >&2
    status=1
fi
if grep -q -- "$token" "$work/serve.log"; then
    echo "the server log holds the API token" >&2
    status=1
fi
exit $status
