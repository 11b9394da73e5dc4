# The branch's kernels for one member: main's kernel.py (imports, epilogue library, stages, ModelNew) executed here,
# then the branch's stage library (stages_new.py: kwb_rows apply= and the joint walk) over it; the member's file adds
# its epilogues (the pointwise lowering's calling convention) and ModelNew's new forward.
import os
_HERE = os.path.dirname(os.path.abspath(__file__))


def load_into(g, member):
    for path in (os.path.join(_HERE, "..", "main", member + ".py"), os.path.join(_HERE, "..", "epilogue.py"),
                 os.path.join(_HERE, "..", "stages_new.py")):
        path = os.path.abspath(path)
        with open(path) as f:
            exec(compile(f.read(), path, "exec"), g)
