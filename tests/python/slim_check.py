"""Checks a slim generated kernel.py against the whole one it was cut from (core/codegen/pymodule.h slimPyModule:
the module functions and classes the plan never reaches left out). Standard library only (ast, symtable).

    slim_check.py WHOLE.py SLIM.py [WHOLE2.py SLIM2.py ...]
    slim_check.py --dir DIR          every DIR/NAME.whole.py with its DIR/NAME.slim.py
    slim_check.py --before DIR --after DIR
                                     every kernel .py under DIR (as `kwb analyze --kernel-out` wrote them
                                     before and after the change) with the same path under the other;
                                     skeletons skipped; prints the line counts' median and max too

For each pair, SLIM must be WHOLE less whole top-level defs / classes, and nothing reachable may be missing:
  1. same statements: SLIM's top-level statements are WHOLE's, in order and equal (ast.dump), less some
     FunctionDef / ClassDef nodes (so every assignment -- each module switch a bench flips by name --, import
     and import-time call is kept, and every kept function is unchanged);
  2. reachability, walked here on WHOLE's ast independently of the C++ lexer: from ModelNew, the module API
     names (--roots) and every statement that is not a def / class, through every Name, Attribute name and
     string constant that is an identifier inside a def / class body, decorators and defaults included; every
     def / class reached is in SLIM;
  3. no dangling global: every name any scope of SLIM reads as a global (symtable) and WHOLE binds at module
     level is bound at module level in SLIM;
  4. the index: "# Index: ModelNew at line N" names the line of `class ModelNew`, each "NAME (line L)" the line
     of `def NAME` / `class NAME`, and "# Left out: K" the number of defs / classes SLIM lacks.
Prints "OK NAME: W -> S lines, K left out" or "FAIL NAME: why" per pair; exit 1 if any failed.
"""
import argparse
import ast
import builtins
import os
import re
import sys
import symtable

# as TritonBackend::moduleApi() (core/codegen/tritonbackend.cpp)
ROOTS = ["ModelNew", "grid_blocks", "conv_forward", "_epi_cost", "kmajor", "stage_into", "_pool_plan"]
DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def names_in(node):
    """Every name a node may look up: Name ids, attribute names, identifier string constants."""
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            out.add(n.attr)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.isidentifier():
            out.add(n.value)
    return out


def reachable(tree, roots):
    defs = {}
    work = list(roots)
    for node in tree.body:
        if isinstance(node, DEFS):
            defs.setdefault(node.name, []).append(node)
        else:
            work.extend(names_in(node))
    seen, reached = set(), set()
    while work:
        name = work.pop()
        if name in seen:
            continue
        seen.add(name)
        for node in defs.get(name, []):
            reached.add(name)
            work.extend(names_in(node))
    return reached


def module_bindings(tree):
    """Names the module scope binds: defs / classes, assignment targets, imports (at any nesting of a top-level
    statement that is not a def / class: an if / try at module level binds too)."""
    out = set()
    for node in tree.body:
        for n in ast.walk(node) if not isinstance(node, DEFS) else [node]:
            if isinstance(n, DEFS):
                out.add(n.name)
            elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                out.add(n.id)
            elif isinstance(n, (ast.Import, ast.ImportFrom)):
                for a in n.names:
                    out.add((a.asname or a.name).split(".")[0])
    return out


def global_reads(src, path):
    """Names read as globals by any scope of the module (symtable's resolution), and the module scope's reads."""
    out = set()

    def walk(t):
        for s in t.get_symbols():
            if not s.is_referenced():
                continue
            if t.get_type() == "module" or s.is_global():
                out.add(s.get_name())
        for c in t.get_children():
            walk(c)
    walk(symtable.symtable(src, path, "exec"))
    return out


def check_pair(whole_path, slim_path, roots):
    with open(whole_path, encoding="utf-8") as f:
        whole_src = f.read()
    with open(slim_path, encoding="utf-8") as f:
        slim_src = f.read()
    whole, slim = ast.parse(whole_src, whole_path), ast.parse(slim_src, slim_path)
    compile(slim_src, slim_path, "exec")
    # 1. the same statements, less whole defs / classes
    dumps = [ast.dump(n) for n in slim.body]
    left_out, j = [], 0
    for node in whole.body:
        if j < len(dumps) and ast.dump(node) == dumps[j]:
            j += 1
        elif isinstance(node, DEFS):
            left_out.append(node.name)
        else:
            return "a statement of the whole kernel (line %d: %s) is missing or changed" % (
                node.lineno, whole_src.splitlines()[node.lineno - 1][:80])
    if j != len(dumps):
        return "the slim kernel has a statement the whole one lacks (line %d)" % slim.body[j].lineno
    # 2. everything reachable kept
    kept = {n.name for n in slim.body if isinstance(n, DEFS)}
    missing = sorted(reachable(whole, roots) - kept)
    if missing:
        return "reachable but left out: %s" % ", ".join(missing)
    # 3. no global read that the whole module binds and the slim one does not
    dangling = sorted((global_reads(slim_src, slim_path) & module_bindings(whole)) - module_bindings(slim)
                      - set(dir(builtins)))
    if dangling:
        return "read as a global but no longer bound: %s" % ", ".join(dangling)
    # 4. the index
    lines = slim_src.splitlines()
    head = []  # the comment block on top: the title, NOTE lines, the index
    for l in lines:
        if not l.startswith("#"):
            break
        head.append(l)
    head = "\n".join(head)
    m = re.search(r"# Index: ModelNew at line (\d+)", head)
    if "class ModelNew" in slim_src:
        if not m:
            return "no index line (# Index: ModelNew at line N) in the comment block on top"
        def at(n):
            return lines[int(n) - 1] if 1 <= int(n) <= len(lines) else "(past the end)"
        if not at(m.group(1)).startswith("class ModelNew"):
            return "the index says ModelNew is at line %s: %r" % (m.group(1), at(m.group(1))[:60])
        rest = head[m.start():].split("\n")  # the index line and its "#   " continuation lines
        n = 1
        while n < len(rest) and rest[n].startswith("#   "):
            n += 1
        index = "\n".join(rest[:n])
        for name, line in re.findall(r"(\w+) \(line (\d+)\)", index):
            text = at(line)
            if not re.match(r"(async\s+)?(def|class)\s+%s\b" % re.escape(name), text):
                return "the index puts %s at line %s: %r" % (name, line, text[:60])
    lo = re.search(r"# Left out: (\d+) ", head)
    if left_out and (not lo or int(lo.group(1)) != len(left_out)):
        return "%d defs / classes left out, the index says %s" % (len(left_out), lo.group(1) if lo else "nothing")
    return "%d -> %d lines, %d left out" % (len(whole_src.splitlines()), len(lines), len(left_out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*")
    ap.add_argument("--dir")
    ap.add_argument("--before")
    ap.add_argument("--after")
    ap.add_argument("--roots", default=",".join(ROOTS))
    a = ap.parse_args()
    pairs = list(zip(a.files[0::2], a.files[1::2]))
    if a.dir:
        for n in sorted(os.listdir(a.dir)):
            if n.endswith(".whole.py"):
                pairs.append((os.path.join(a.dir, n), os.path.join(a.dir, n[:-len(".whole.py")] + ".slim.py")))
    if bool(a.before) != bool(a.after):
        ap.error("--before and --after go together")
    skipped = 0
    if a.before:
        for root, _, files in os.walk(a.before):
            for n in sorted(files):
                if not n.endswith(".py"):
                    continue
                whole = os.path.join(root, n)
                slim = os.path.join(a.after, os.path.relpath(whole, a.before))
                with open(whole, encoding="utf-8") as f:
                    first = f.readline()
                if "UNIMPLEMENTED SKELETON" in first or not os.path.exists(slim):
                    print("SKIP %s: %s" % (os.path.relpath(whole, a.before),
                                           "a skeleton" if os.path.exists(slim) else "no kernel after"))
                    skipped += 1
                    continue
                pairs.append((whole, slim))
    if not pairs or len(a.files) % 2:
        ap.error("give WHOLE SLIM pairs, --dir or --before/--after")
    roots = [r for r in a.roots.split(",") if r]
    failed = 0
    counts, ok_pairs = [], []
    for whole, slim in pairs:
        name = os.path.basename(slim)
        try:
            r = check_pair(whole, slim, roots)
        except (SyntaxError, OSError, ValueError) as e:
            r = "error: %s: %s" % (type(e).__name__, e)
            failed += 1
            print("FAIL %s: %s" % (name, r))
            continue
        m = re.match(r"(\d+) -> (\d+) lines", r)
        ok = m is not None
        failed += not ok
        if ok:
            counts.append((int(m.group(1)), int(m.group(2))))
            ok_pairs.append((whole, slim))
        print("%s %s: %s" % ("OK" if ok else "FAIL", name, r))
    def median(v):
        v, mid = sorted(v), len(v) // 2
        return v[mid] if len(v) % 2 else (v[mid - 1] + v[mid]) / 2
    if a.before:  # per folder under --before (level1, level2, ...)
        groups = {}
        for (whole, _), c in zip(ok_pairs, counts):
            groups.setdefault(os.path.relpath(whole, a.before).split(os.sep)[0], []).append(c)
        for g in sorted(groups):
            v = groups[g]
            print("lines in %s (%d): whole median %g, max %d; slim median %g, max %d" % (
                g, len(v), median([c[0] for c in v]), max(c[0] for c in v), median([c[1] for c in v]),
                max(c[1] for c in v)))
    if counts:
        for label, i in (("whole", 0), ("slim", 1)):
            v = sorted(c[i] for c in counts)
            print("lines %s: median %g, max %d, min %d, total %d" % (label, median(v), v[-1], v[0], sum(v)))
    print("%d pair(s), %d failed%s" % (len(pairs), failed, ", %d skipped" % skipped if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
