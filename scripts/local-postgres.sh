#!/usr/bin/env bash
# A throwaway PostgreSQL server for the PostgreSQL tests and benchmarks, from Debian's packages.
#   scripts/local-postgres.sh start DIR   creates a cluster in DIR (trust auth, loopback only, a free
#                                         port), starts it and prints its postgres:// URL
#   scripts/local-postgres.sh stop DIR    stops it
# Exits 3 when no PostgreSQL server binaries are installed (package postgresql).
set -euo pipefail
cmd="${1:-}"; dir="${2:-}"
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }

bin=""
for d in $(ls -1d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do [ -x "$d/initdb" ] && { bin="$d"; break; }; done
[ -z "$bin" ] && command -v initdb >/dev/null && bin="$(dirname "$(command -v initdb)")"
[ -n "$bin" ] || { echo "no PostgreSQL server installed (apt-get install -y postgresql)" >&2; exit 3; }

# PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/PG_VERSION" ]; then
      as_owner "$bin/initdb" -D "$dir" -U postgres --auth=trust --no-sync -E UTF8 >"$dir.initdb.log" 2>&1 || { cat "$dir.initdb.log" >&2; exit 1; }
    fi
    port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
    as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    dir="$(cd "$dir" && pwd)"
    as_owner "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null
    ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
