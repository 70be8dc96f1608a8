#!/usr/bin/env bash
# A local PostgreSQL for the server's tests: installs it from Debian packages when missing,
# creates and starts the newest cluster, waits until it accepts connections, makes sure the
# role `pos` (password `pos`, CREATEDB: each test creates and drops its own database) exists,
# lets that role sign in with its password over the Unix socket too (a `pg_hba.conf` line: the
# load benchmark connects that way, as a server on the database's own machine should), and
# exports POS_TEST_POSTGRES_URL (TCP; the tests use it) and, when that socket login works,
# POS_POSTGRES_SOCKET_URL (the same database over the socket).
#
#   bash scripts/lib/postgres.sh          # prints POS_TEST_POSTGRES_URL=...
#   source scripts/lib/postgres.sh        # also exports it into the calling shell
#
# Idempotent and quick when everything is already in place. A POS_TEST_POSTGRES_URL that is
# already set (a CI service container, your own server) is kept and nothing is started.
# Installing and starting need root: run as root, or with passwordless sudo.

pos_postgres__as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo -n "$@"
    else
        echo "postgres.sh: '$*' needs root; run as root or with passwordless sudo" >&2
        return 1
    fi
}

pos_postgres__as_postgres() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        sudo -n -u postgres "$@"
    fi
}

# Can the test role log in over TCP already? Then nothing needs root.
pos_postgres__role_works() {
    command -v psql >/dev/null 2>&1 &&
        PGPASSWORD=pos PGCONNECT_TIMEOUT=3 psql -X -q -h 127.0.0.1 -p "$1" -U pos -d postgres \
            -tAc 'SELECT 1' 2>/dev/null | grep -qx 1
}

# Can the test role log in with its password over the Unix socket in directory $1?
pos_postgres__socket_works() {
    PGPASSWORD=pos PGCONNECT_TIMEOUT=3 psql -X -q -h "$1" -p "$2" -U pos -d postgres \
        -tAc 'SELECT 1' 2>/dev/null | grep -qx 1
}

# Debian's clusters sign local socket users in by their system name (`peer`), which the role
# `pos` is not: one `local` line for it, with its password, goes before that rule. Done only
# when missing and only when root is at hand (the tests need TCP alone; without it the load
# benchmark falls back to TCP and says so).
pos_postgres__allow_socket_login() {
    local port="$1" hba dir
    dir=$(pos_postgres__as_postgres psql -X -p "$port" -d postgres -tAc 'SHOW unix_socket_directories' |
        cut -d, -f1 | tr -d ' ')
    [ -n "$dir" ] || return 0
    pos_postgres__socket_works "$dir" "$port" && return 0
    hba=$(pos_postgres__as_postgres psql -X -p "$port" -d postgres -tAc 'SHOW hba_file')
    pos_postgres__as_root sed -i \
        '0,/^local[[:space:]]/s//local   all             pos                                     scram-sha-256\n&/' \
        "$hba" || return 0
    pos_postgres__as_postgres psql -X -q -p "$port" -d postgres -c 'SELECT pg_reload_conf()' >/dev/null
}

# Runs in a subshell (parentheses) so `set -e` and `cd` never leak into a sourcing shell.
pos_postgres__setup() (
    set -euo pipefail

    if pos_postgres__role_works 5432; then
        pos_postgres__allow_socket_login 5432 >&2 2>/dev/null || true
        echo 5432
        return 0
    fi

    local version
    version=$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -1 || true)
    if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$version" ] ||
        [ ! -x "/usr/lib/postgresql/$version/bin/postgres" ]; then
        echo "postgres.sh: installing PostgreSQL from Debian packages (about a minute)" >&2
        pos_postgres__as_root apt-get update -qq >&2
        pos_postgres__as_root env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -qq postgresql >&2
        version=$(ls /usr/lib/postgresql | sort -V | tail -1)
    fi

    if ! pg_lsclusters -h | awk '{print $1"/"$2}' | grep -qx "$version/main"; then
        echo "postgres.sh: creating cluster $version/main" >&2
        pos_postgres__as_root pg_createcluster "$version" main >&2
    fi
    local port
    port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')

    # "Cluster is already running" exits non-zero; readiness below is the real check.
    pos_postgres__as_root pg_ctlcluster "$version" main start >&2 2>/dev/null || true

    local waited=0
    until pg_isready -q -h 127.0.0.1 -p "$port"; do
        if [ "$waited" -ge 60 ]; then
            echo "postgres.sh: PostgreSQL $version did not become ready on port $port in 30 s;" \
                "see /var/log/postgresql/postgresql-$version-main.log" >&2
            return 1
        fi
        sleep 0.5
        waited=$((waited + 1))
    done

    # ALTER every time: repairs a role left without the password or CREATEDB.
    pos_postgres__as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$port" -d postgres >&2 <<'SQL'
DO $$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'pos') THEN CREATE ROLE pos; END IF;
END $$;
ALTER ROLE pos WITH LOGIN CREATEDB PASSWORD 'pos';
SQL
    pos_postgres__allow_socket_login "$port" >&2 || true
    echo "$port"
)

if [ -n "${POS_TEST_POSTGRES_URL:-}" ]; then
    echo "postgres.sh: keeping the POS_TEST_POSTGRES_URL already set" >&2
elif pos_postgres_port=$(pos_postgres__setup); then
    export POS_TEST_POSTGRES_URL="postgres://pos:pos@127.0.0.1:${pos_postgres_port}/postgres"
    # sqlx and libpq take the socket's directory as `host`; the socket is {dir}/.s.PGSQL.{port}.
    for pos_postgres_dir in /var/run/postgresql /tmp; do
        if pos_postgres__socket_works "$pos_postgres_dir" "$pos_postgres_port"; then
            export POS_POSTGRES_SOCKET_URL="postgres://pos:pos@localhost:${pos_postgres_port}/postgres?host=${pos_postgres_dir}"
            break
        fi
    done
    unset pos_postgres_port pos_postgres_dir
else
    echo "postgres.sh: PostgreSQL is not available for the tests" >&2
    # `return` when sourced, `exit` when run.
    return 1 2>/dev/null || exit 1
fi
echo "POS_TEST_POSTGRES_URL=$POS_TEST_POSTGRES_URL"
[ -z "${POS_POSTGRES_SOCKET_URL:-}" ] || echo "POS_POSTGRES_SOCKET_URL=$POS_POSTGRES_SOCKET_URL"
