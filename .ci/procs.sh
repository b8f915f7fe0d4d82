# Sourced by .ci/run: what the run started is stopped when it ends.
#
# Every process the run starts inherits CI_RUN_MARKER in its environment
# (the tests' servers, imports and browsers, the Schemathesis server). At
# the end, `ci_leftovers` lists those still alive that run a binary of
# this checkout's target/ directory or the browser test's Chromium, never
# anything else on the machine: a developer's own servers and another CI
# run's (another marker) are not touched.

CI_RUN_MARKER="QUARRY_CI_RUN=$$-${RANDOM}${RANDOM}"
export "${CI_RUN_MARKER?}"
ci_root=$(pwd -P)

# Sets the array ci_leftovers to the pids of this run's processes still
# alive (this shell and its own pipelines aside).
ci_find_leftovers() {
    ci_leftovers=()
    local p pid exe
    for p in /proc/[0-9]*; do
        pid=${p#/proc/}
        [ "$pid" = "$$" ] && continue
        exe=$(readlink "$p/exe" 2>/dev/null) || continue
        case "$exe" in
            "$ci_root/target/"* | */chromedriver | */chromium*) ;;
            *) continue ;;
        esac
        if grep -qzx -- "$CI_RUN_MARKER" "$p/environ" 2>/dev/null; then
            ci_leftovers+=("$pid")
        fi
    done
}

# Stops this run's leftover processes (TERM, then KILL after 2 s); says
# which when `loud` is given.
ci_stop_leftovers() {
    ci_find_leftovers
    [ "${#ci_leftovers[@]}" -eq 0 ] && return 0
    if [ "${1:-}" = loud ]; then
        echo "processes left behind by this run:" >&2
        ps -o pid=,args= -p "$(IFS=,; echo "${ci_leftovers[*]}")" >&2 || true
    fi
    kill -TERM "${ci_leftovers[@]}" 2>/dev/null || true
    for _ in $(seq 1 20); do
        ci_find_leftovers
        [ "${#ci_leftovers[@]}" -eq 0 ] && return 0
        sleep 0.1
    done
    kill -KILL "${ci_leftovers[@]}" 2>/dev/null || true
}

# Fails the run (after stopping them) when processes of this run outlived
# `step`, which should have stopped all it started.
ci_check_leftovers() {
    ci_find_leftovers
    [ "${#ci_leftovers[@]}" -eq 0 ] && return 0
    # A server stopped by its test may take a moment to exit.
    sleep 3
    ci_find_leftovers
    [ "${#ci_leftovers[@]}" -eq 0 ] && return 0
    ci_stop_leftovers loud
    echo "error: $1 left the processes above running (now stopped)" >&2
    return 1
}
