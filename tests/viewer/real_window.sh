#!/usr/bin/env bash
# toroid-view in a real X window (run under xvfb-run), typed at by xdotool
# through XTEST: key events that go through the X server and GLFW's
# callbacks, not --script's queue. Usage: real_window.sh TOROID_VIEW
#
#  1. Three Tab taps while the viewer is in a 1.5 s frame (a press and its
#     release a few microseconds apart, so within one frame): three steps.
#  2. ctrl+q quits an interactive session (no script), with exit 0, and
#     ImGui's layout is written to $XDG_CONFIG_HOME/toroid/imgui.ini, not
#     into the current folder.
set -euo pipefail
view=$(realpath "$1")
tmp=$(mktemp -d)
pid=
trap '[[ -n $pid ]] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

window_of() {  # the viewer's window, once mapped (at most 60 s)
    timeout 60 xdotool search --sync --onlyvisible --pid "$1" --name '^toroid-view$' | head -1 ||
        true
}

# 1 -------------------------------------------------------------------------
cat > "$tmp/slow.txt" <<EOF
frames 2
sleep 1500
wait $tmp/typed
frames 3
dump $tmp/state.json
EOF
"$view" --pattern glider --size 64x64 --window 640x480 --script "$tmp/slow.txt" \
    > "$tmp/out1.txt" 2>&1 &
pid=$!
win=$(window_of "$pid")
[[ -n $win ]] || fail "no window: $(ps -p $pid -o stat,cmd | tail -1) $(cat "$tmp"/out*.txt) $(xdotool search --name toroid)"
xdotool windowfocus --sync "$win"
xdotool key --window "$win" --clearmodifiers Tab Tab Tab
touch "$tmp/typed"
wait "$pid" || fail "the scripted session exited with $?: $(cat "$tmp/out1.txt")"
pid=
grep -q '"generation": 3,' "$tmp/state.json" ||
    fail "three Tab taps did not make three steps: $(grep generation "$tmp/state.json")"

# 2 -------------------------------------------------------------------------
mkdir -p "$tmp/work" "$tmp/config"
env -C "$tmp/work" XDG_CONFIG_HOME="$tmp/config" "$view" --size 64x64 --window 640x480 \
    > "$tmp/out2.txt" 2>&1 &
pid=$!
win=$(window_of "$pid")
[[ -n $win ]] || fail "no window: $(ps -p $pid -o stat,cmd | tail -1) $(cat "$tmp"/out*.txt) $(xdotool search --name toroid)"
xdotool windowfocus --sync "$win"
xdotool key --window "$win" ctrl+q
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "ctrl+q did not quit"
wait "$pid" || fail "exit status $? after ctrl+q: $(cat "$tmp/out2.txt")"
pid=
[[ -s "$tmp/config/toroid/imgui.ini" ]] || fail "no imgui.ini in \$XDG_CONFIG_HOME/toroid"
[[ ! -e "$tmp/work/imgui.ini" ]] || fail "imgui.ini was written into the current folder"
echo "real window: taps within a frame counted, ctrl+q quit, imgui.ini in the config folder"
