#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for tests (issue 15).
#
#   scripts/pg-test-cluster.sh start DIR   initialise a cluster in DIR/data (DIR
#                                          is created if missing), start it on
#                                          127.0.0.1 on a free port, print its
#                                          connection URL on stdout
#   scripts/pg-test-cluster.sh stop DIR    stop it (fast shutdown) and remove DIR
#   scripts/pg-test-cluster.sh pause DIR   stop it (fast shutdown), keeping DIR:
#                                          an outage, for the replica tests
#   scripts/pg-test-cluster.sh resume DIR  start a paused cluster again, on
#                                          the same port
#
# The server listens on 127.0.0.1 only, with its socket in DIR, and trusts
# local connections: it is for tests, never for data. initdb refuses to run
# as root, so as root the cluster belongs to an unprivileged user
# (QUARRY_PG_USER, default `quarrypg`, created if missing). The binaries are
# taken from PATH, else from /usr/lib/postgresql/*/bin; if there are none and
# this runs as root, Debian's `postgresql` package is installed with apt.
# Everything but the URL goes to stderr.
#
# With QUARRY_PG_SSL=1, `start` makes a certificate authority and a server
# certificate for 127.0.0.1 (openssl), in DIR/ssl (the CA is DIR/ssl/ca.pem),
# and the server accepts TCP connections over TLS only.
set -euo pipefail

usage() {
    echo "usage: $0 start DIR | stop DIR | pause DIR | resume DIR" >&2
    exit 2
}

[ $# -eq 2 ] || usage
cmd=$1
dir=$2
pg_user=${QUARRY_PG_USER:-quarrypg}

find_bindir() {
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v pg_ctl)"
        return 0
    fi
    local d
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
            echo "$d"
            return 0
        fi
    done
    return 1
}

# Runs a command as the cluster's owner (this user unless root).
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u "$pg_user" -- "$@"
    else
        "$@"
    fi
}

start() {
    local bindir
    if ! bindir=$(find_bindir); then
        if [ "$(id -u)" -ne 0 ]; then
            echo "PostgreSQL is not installed (initdb, pg_ctl) and this is not root: install Debian's postgresql package" >&2
            exit 1
        fi
        echo "==> apt-get install -y postgresql" >&2
        { apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >&2
        bindir=$(find_bindir) || {
            echo "postgresql was installed but initdb and pg_ctl are not found" >&2
            exit 1
        }
    fi
    if [ "$(id -u)" -eq 0 ] && ! id "$pg_user" >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin "$pg_user" >&2
    fi
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ "$(id -u)" -eq 0 ]; then
        chown "$pg_user" "$dir"
        # The owner must reach DIR through its parents (a test's temporary
        # directory is often private to root).
        local p=$dir
        while [ "$p" != "/" ]; do
            p=$(dirname "$p")
            chmod o+x "$p" 2>/dev/null || true
        done
    fi
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust \
        --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    local ssl_opts=""
    if [ "${QUARRY_PG_SSL:-}" = 1 ]; then
        local ssl=$dir/ssl
        mkdir -p "$ssl"
        {
            openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=quarry test CA" \
                -keyout "$ssl/ca.key" -out "$ssl/ca.pem" &&
                openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" \
                    -keyout "$ssl/server.key" -out "$ssl/server.csr" &&
                printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n' >"$ssl/ext" &&
                openssl x509 -req -in "$ssl/server.csr" -CA "$ssl/ca.pem" -CAkey "$ssl/ca.key" \
                    -CAcreateserial -days 2 -extfile "$ssl/ext" -out "$ssl/server.pem"
        } >/dev/null 2>&1 || {
            echo "openssl could not make the test certificates" >&2
            exit 1
        }
        chmod 600 "$ssl/server.key"
        chmod 644 "$ssl/ca.pem"
        if [ "$(id -u)" -eq 0 ]; then chown -R "$pg_user" "$ssl"; fi
        # TCP over TLS only; the socket in DIR as before.
        printf 'local all all trust\nhostssl all all 127.0.0.1/32 trust\n' |
            as_owner tee "$dir/data/pg_hba.conf" >/dev/null
        ssl_opts=" -c ssl=on -c ssl_cert_file=$ssl/server.pem -c ssl_key_file=$ssl/server.key"
    fi
    # A free port: ask the kernel for one, then let the server take it; a
    # race with another process is retried.
    local port attempt
    for attempt in 1 2 3 4 5; do
        port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null ||
            echo $((20000 + RANDOM % 20000)))
        local opts="-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=100$ssl_opts"
        if as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
            -o "$opts" start >&2; then
            echo "$bindir" >"$dir/bindir"
            echo "$opts" >"$dir/opts"
            echo "postgres://postgres@127.0.0.1:$port/postgres"
            return 0
        fi
        echo "start on port $port failed (attempt $attempt):" >&2
        tail -n 5 "$dir/server.log" >&2 || true
    done
    exit 1
}

stop() {
    [ -d "$dir" ] || return 0
    local bindir
    bindir=$(cat "$dir/bindir" 2>/dev/null || find_bindir || true)
    if [ -n "$bindir" ] && [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    fi
    rm -rf "$dir"
}

pause() {
    local bindir
    bindir=$(cat "$dir/bindir")
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >&2
}

resume() {
    local bindir
    bindir=$(cat "$dir/bindir")
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "$(cat "$dir/opts")" start >&2
}

case "$cmd" in
start) start ;;
stop) stop ;;
pause) pause ;;
resume) resume ;;
*) usage ;;
esac
