# Quad Pocket: build and test entry points (GNU make).
#
#   make test    every test (creates .venv and node_modules first if needed)
#   make bench   deterministic cost figures from the MicroPython VMs
#
# .venv is rebuilt only when requirements.txt is newer than its stamp, and
# node_modules only when package.json / package-lock.json are; an existing,
# up-to-date .venv is reused as it is.

PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.stamp
NODE_STAMP := node_modules/.stamp

.PHONY: deps test bench

deps: $(VENV_STAMP) $(NODE_STAMP)

$(VENV_STAMP): requirements.txt
	test -x $(VPY) || $(PY) -m venv $(VENV)
	$(VPY) -m pip install --disable-pip-version-check -q -r requirements.txt
	touch $@

# npm ci installs exactly what package-lock.json pins (the MicroPython
# WebAssembly port used by tools/mpvm.py's run_node).
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The pytest script, not `python -m pytest`: -m would put the repo root first
# on sys.path, where the device's code.py hides the standard `code` module
# (pdb imports it). host_tests/conftest.py appends the root instead.
test: deps
	$(VENV)/bin/pytest -q

bench: deps
	$(VPY) -m tools.bench

# targets added by the app / bundle work (play, screenshots, check-device,
# bundle, flash, circup) go below this line.

# Device bundle and flashing (README: "From a bare PyPortal to a running game").
#   make bundle   build/CIRCUITPY/ + size report; MPY_CROSS=/path/to/CircuitPython's
#                 mpy-cross compiles lib/ to .mpy
#   make flash    bundle, then copy what changed onto the CIRCUITPY drive; DRIVE=... names
#                 the drive, FLASH_ARGS=--app-only or --dry-run go to tools.flash
#   make circup   Adafruit libraries onto the drive with circup (needs the internet)
# Only the venv is needed here, not node_modules.
.PHONY: bundle flash circup

bundle: $(VENV_STAMP)
	$(VPY) -m tools.bundle $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)")

flash: bundle
	$(VPY) -m tools.flash $(if $(DRIVE),--drive "$(DRIVE)") $(FLASH_ARGS)

circup: $(VENV_STAMP)
	@if [ -x $(VENV)/bin/circup ]; then CIRCUP=$(VENV)/bin/circup; \
	elif command -v circup >/dev/null 2>&1; then CIRCUP=circup; \
	else echo "circup is not installed: run 'make deps' (requirements.txt pins it)" \
	  "or 'pip install circup'."; exit 1; fi; \
	echo "circup fetches Adafruit's library bundle, so it needs the internet."; \
	echo "Afterwards use 'make flash FLASH_ARGS=--app-only' to keep its .mpy libraries."; \
	$$CIRCUP $(if $(DRIVE),--path "$(DRIVE)") install -r requirements-device.txt

# Device app in the desktop simulator (see README, "The device app").
#   make play          the game in a window, 2x the PyPortal's 320x240 (tools/sim.py --help)
#   make screenshots   headless scripted session -> build/screenshots/*.png
# tools/sim.py is run as a script, not with -m, for the reason given at `test` above.
.PHONY: play screenshots

play: $(VENV_STAMP)
	$(VPY) tools/sim.py $(SIM_ARGS)

screenshots: $(VENV_STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(VPY) tools/sim.py --headless --screenshots build/screenshots

# Static check of the device-only code (code.py, boot.py, hw_pyportal, storage, sound)
# with mypy against circuitpython-stubs' PyPortal board stub: a wrong pin, module,
# method or keyword name fails. Config: tools/mypy-device.ini; stub: build/device-stubs.
.PHONY: check-device

check-device: $(VENV_STAMP)
	$(VPY) tools/check_device.py
