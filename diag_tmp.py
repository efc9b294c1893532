import sys
from tools import corners_app_heap as c, app_heap, cpvm
free = int(sys.argv[1]) * 1024
var = sys.argv[3] if len(sys.argv) > 3 else "duo"
for pad in [int(x) for x in sys.argv[2].split(",")]:
  with c._Swap(var):
    h = app_heap.heapsize_for_free(free, pad=pad)
    code = app_heap.scenario_code(grow_qstrs=False, pad=pad)
    try:
        out = app_heap.run_guest(code, heapsize=h, raw=True)
        print(pad, "ok")
    except cpvm.GuestError as e:
        print(pad, "\n".join(l for l in e.output[-2500:].split("\n") if not l.startswith("qstr") and not l.startswith("cp think") and not l.startswith("cp hint"))[-900:])
