# Shared by scripts/gnugo-games.sh and scripts/gnugo-suites.sh (sourced, not run).
# ensure_gnugo prints the path of GNU Go, installing Debian's package when it is missing
# (Debian installs gnugo in /usr/games, which is not always on the PATH).

find_gnugo() {
    command -v gnugo 2>/dev/null || { [ -x /usr/games/gnugo ] && echo /usr/games/gnugo; } || true
}

ensure_gnugo() {
    local found
    found=$(find_gnugo)
    if [ -z "$found" ]; then
        echo "gnugo is missing: installing Debian's package" >&2
        if [ "$(id -u)" -eq 0 ]; then
            apt-get install -y gnugo >&2
        else
            sudo apt-get install -y gnugo >&2
        fi
        found=$(find_gnugo)
        [ -n "$found" ] || { echo "error: gnugo still not found after installing" >&2; return 1; }
    fi
    echo "$found"
}
