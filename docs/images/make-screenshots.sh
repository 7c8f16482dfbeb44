#!/usr/bin/env bash
# The README's screenshots (docs/images), made with the headless mode. Run
# from the repository root after a build; `make test` runs it into a scratch
# folder and compares (viewer.hand, ViewerReadme.ScreenshotsAreCurrent), so
# a change that alters a picture fails until the pictures are made again.
#   V    the viewer (default build/viewer/toroid-view)
#   D    where the pictures go (default docs/images)
# Under a display already (DISPLAY set, e.g. inside xvfb-run) it uses that
# one, else it starts Xvfb for each picture. The CPU backend with the
# portable kernels and 2 threads, so that the panels' text is the same on
# every machine (the pixels of the torus are anyway).
set -euo pipefail
V=${V:-build/viewer/toroid-view}
D=${D:-docs/images}
X=()
[[ -n ${DISPLAY:-} ]] || X=(xvfb-run -a -s "-screen 0 1280x720x24")
export TOROID_CPU_ISA=portable
B=(--backend cpu --threads 2)
"${X[@]}" $V "${B[@]}" --size 2048x2048 --soup 0.5 --gens 300 --zoom 1/4 --window 480x320 --screenshot $D/life-soup-density.png
"${X[@]}" $V "${B[@]}" --pattern gosper-glider-gun --size 72x40 --gens 90 --zoom 8 --grid --window 576x320 --screenshot $D/gosper-gun.png
"${X[@]}" $V "${B[@]}" --rule B2/S34H --size 120x80 --soup 0.25 --seed 3 --gens 12 --zoom 8 --grid --window 480x320 --screenshot $D/hexagonal-b2-s34.png
"${X[@]}" $V "${B[@]}" --rule "B2(1/3)/S12H" --size 240x160 --soup 0.3 --seed 7 --gens 40 --zoom 4 --window 480x320 --screenshot $D/stochastic-hex.png
"${X[@]}" $V "${B[@]}" --pattern wireworld-clock --size 48x8 --gens 21 --zoom 10 --grid --window 480x80 --screenshot $D/wireworld-clock.png
"${X[@]}" $V "${B[@]}" --rule W110 --size 240x160 --soup 0.5 --gens 300 --zoom 2 --window 480x320 --screenshot $D/rule-110.png
"${X[@]}" $V "${B[@]}" --rule 345/2/4 --size 240x160 --soup 0.35 --seed 5 --gens 150 --zoom 2 --window 480x320 --screenshot $D/generations-star-wars.png
"${X[@]}" $V "${B[@]}" --rule R5,C0,M1,S34..58,B34..45,NM --size 240x160 --soup 0.5 --seed 2 --gens 40 --zoom 2 --window 480x320 --screenshot $D/ltl-bosco.png
"${X[@]}" $V "${B[@]}" --pattern acorn --size 512x320 --gens 1000 --zoom 2 --window 1024x640 --with-ui --screenshot $D/viewer-ui.png
