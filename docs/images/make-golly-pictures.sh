#!/usr/bin/env bash
# The README's pictures of Golly's own patterns under named rules (Langton's
# loops, a WireWorld computer), made with the viewer's headless mode from a
# Golly checkout that the user has (nothing of Golly is in this repository:
# the pictures are toroid's renderings). Unlike make-screenshots.sh, no test
# re-makes these (CI has no Golly checkout).
#   docs/images/make-golly-pictures.sh GOLLY_DIR
#   V    the viewer (default build/viewer/toroid-view)
#   D    where the pictures go (default docs/images)
set -euo pipefail
G=${1:?usage: $0 GOLLY_DIR (a checkout of Golly: its Rules and Patterns folders)}
V=${V:-build/viewer/toroid-view}
D=${D:-docs/images}
X=()
[[ -n ${DISPLAY:-} ]] || X=(xvfb-run -a -s "-screen 0 1280x720x24")
export TOROID_CPU_ISA=portable
B=(--backend cpu --threads 2 --rule-dir "$G/Rules")
"${X[@]}" $V "${B[@]}" --pattern "$G/Patterns/Loops/Langtons-Loops.rle" --size 512x512 --gens 2500 --zoom 2 --window 560x420 --screenshot $D/langtons-loops.png
"${X[@]}" $V "${B[@]}" --pattern "$G/Patterns/WireWorld/circuit.mcl" --size 64x64 --gens 60 --zoom 6 --window 400x400 --screenshot $D/wireworld-circuit.png
