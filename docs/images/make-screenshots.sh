#!/usr/bin/env bash
# The README's screenshots (docs/images), made with the headless mode.
set -euo pipefail
V=${V:-build/viewer/toroid-view}
X=(xvfb-run -a -s "-screen 0 1280x720x24")
D=docs/images
"${X[@]}" $V --size 2048x2048 --soup 0.5 --gens 300 --zoom 1/4 --window 480x320 --screenshot $D/life-soup-density.png
"${X[@]}" $V --pattern gosper-glider-gun --size 72x40 --gens 90 --zoom 8 --grid --window 576x320 --screenshot $D/gosper-gun.png
"${X[@]}" $V --rule B2/S34H --size 120x80 --soup 0.25 --seed 3 --gens 12 --zoom 8 --grid --window 480x320 --screenshot $D/hexagonal-b2-s34.png
"${X[@]}" $V --rule "B2(1/3)/S12H" --size 240x160 --soup 0.3 --seed 7 --gens 40 --zoom 4 --window 480x320 --screenshot $D/stochastic-hex.png
"${X[@]}" $V --rule W110 --size 240x160 --soup 0.5 --gens 300 --zoom 2 --window 480x320 --screenshot $D/rule-110.png
"${X[@]}" $V --pattern acorn --size 512x320 --gens 1000 --zoom 2 --window 1024x640 --with-ui --screenshot $D/viewer-ui.png
