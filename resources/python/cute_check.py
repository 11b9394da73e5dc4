#!/usr/bin/env python3
"""Static check of a CuTe DSL (or FlyDSL) source file against an API table (Kernel Workbench).

    python3 cute_check.py KERNEL.py --api cute_api.json [--old api_v4.0.0.json ...]
    python3 cute_check.py KERNEL.py --api flydsl_api.json

The table says which package it describes (its modules are cutlass.* or flydsl.*); the same rules
apply to both. FlyDSL tables name module targets `defined_in` and signatures `params`.

The CuTe DSL (nvidia-cutlass-dsl) cannot be installed here, so a kernel is checked without
importing it: every `cute.*` / `cutlass.*` attribute chain and every name imported from
`cutlass...` is resolved through the file's imports and looked up in the table (the public API
extracted with `ast` from NVIDIA/cutlass python/CuTeDSL). Calls of tabled functions and classes are
checked against the recorded signature (positional count, keyword names, required arguments);
names of kind `external` (compiled bindings) carry no signature and are only checked to exist.
Names missing from the table but present in an older table (--old) are reported as removed or
renamed, with the older table's deprecation message when it has one.

Not checked: methods of objects (e.g. `tiled_copy.get_slice`), since their types are unknown
statically; names bound by `from cutlass... import *`.

Prints one JSON document {ok, kernel, table, old_tables, checked, errors, warnings}; each issue is
{line, col, name, why}. Exit 0: no errors; 1: errors; 2: the kernel or a table could not be read.
Standard library only.
"""

import argparse
import ast
import json
import os
import re
import sys


def _version_of(path, header):
    m = re.search(r"api_v(\d+(?:\.\d+)*)\.json$", os.path.basename(path))
    if m:
        return m.group(1)
    return str(header.get("package_version") or header.get("git_describe") or "?")


def _version_key(v):
    return tuple(int(x) if x.isdigit() else 0 for x in re.split(r"[.\-]", v))


class Table:
    """One API table: module name -> {exported name -> entry}."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        self.path = path
        modules = data.get("modules") if isinstance(data, dict) else None
        roots = [r for r in ("cutlass", "flydsl") if isinstance(modules, dict) and r in modules]
        if not roots:
            raise ValueError("%s is not a CuTe DSL or FlyDSL API table (expected {header, modules} with "
                             "cutlass.* or flydsl.* modules)" % path)
        self.root = roots[0]
        header = data.get("header", {})
        self.version = _version_of(path, header)
        self.commit = str(header.get("commit", ""))[:12]
        self.modules = {}
        for mname, mod in data.get("modules", {}).items():
            names = {}
            for e in mod.get("exports", []) + mod.get("also_accessible_not_in_all", []):
                names.setdefault(e.get("name"), e)
            self.modules[mname] = names

    def resolve(self, parts):
        """Walks a dotted path. Returns (status, detail, depth):
        ("module", module_name, n)       the whole path is a tabled module
        ("leaf", entry, i)               parts[i] is a tabled non-module name (later parts: attributes)
        ("missing", module_name, i)      parts[i] is not in module_name
        ("untabled", module_name, i)     parts[:i] is a module the table does not describe
        ("unresolved", entry, i)         parts[i] is listed but never bound in the package
        """
        cur = parts[0]
        if cur not in self.modules:
            return ("untabled", cur, 0)
        for i in range(1, len(parts)):
            name = parts[i]
            cand = cur + "." + name
            entry = self.modules[cur].get(name)
            if entry is None:
                if cand in self.modules:
                    cur = cand
                    continue
                return ("missing", cur, i)
            kind = entry.get("kind")
            if kind in ("module", "lazy_module"):
                origin = entry.get("origin") or entry.get("defined_in") or cand
                if origin in self.modules:
                    cur = origin
                    continue
                if cand in self.modules:
                    cur = cand
                    continue
                return ("untabled", origin, i + 1)
            if kind == "unresolved":
                return ("unresolved", entry, i)
            return ("leaf", entry, i)
        return ("module", cur, len(parts))

    def find_elsewhere(self, name):
        return sorted(m + "." + name for m, names in self.modules.items() if name in names)


def _signatures(entry, is_call_of_class):
    sigs = []
    if is_call_of_class:
        if entry.get("init_signature"):
            sigs.append(entry["init_signature"])
    else:
        if entry.get("signature") or entry.get("params"):
            sigs.append(entry.get("signature") or entry["params"])
        sigs.extend(entry.get("overloads", []))
    parsed = []
    for s in sigs:
        try:
            fn = ast.parse("def _f" + s + ": pass").body[0]
        except SyntaxError:
            continue  # e.g. dataclass defaults rendered as <factory ...>: not checkable
        parsed.append(fn.args)
    return parsed


def _bind(args, call):
    """Returns None if `call` can bind to `args` (ast.arguments), else the reason."""
    positional = [a.arg for a in args.posonlyargs + args.args]
    posonly = {a.arg for a in args.posonlyargs}
    kwonly = [a.arg for a in args.kwonlyargs]
    starred = any(isinstance(a, ast.Starred) for a in call.args)
    kw_unpack = any(k.arg is None for k in call.keywords)
    n_pos = len(call.args)
    if not starred and args.vararg is None and n_pos > len(positional):
        return "takes at most %d positional argument(s), %d given" % (len(positional), n_pos)
    given = set()
    for k in call.keywords:
        if k.arg is None:
            continue
        if k.arg in posonly:
            return "'%s' is positional-only" % k.arg
        if k.arg not in positional and k.arg not in kwonly and args.kwarg is None:
            return "unexpected keyword argument '%s'" % k.arg
        if not starred and k.arg in positional[:n_pos]:
            return "argument '%s' given twice" % k.arg
        given.add(k.arg)
    if not starred and not kw_unpack:
        n_required = len(positional) - len(args.defaults)
        for idx, p in enumerate(positional[:n_required]):
            if idx >= n_pos and p not in given:
                return "missing required argument '%s'" % p
        for p, d in zip(kwonly, args.kw_defaults):
            if d is None and p not in given:
                return "missing required keyword argument '%s'" % p
    return None


class Checker(ast.NodeVisitor):
    def __init__(self, table, old_tables):
        self.table = table
        self.old = old_tables
        self.aliases = {}  # local name -> dotted cutlass path
        self.errors = []
        self.warnings = []
        self.checked = 0
        self._seen = set()
        self._since_reported = set()

    # -- issues ---------------------------------------------------------------------------------
    def _issue(self, bucket, node, name, why, **extra):
        key = (bucket is self.errors, getattr(node, "lineno", 0), name, why)
        if key in self._seen:
            return
        self._seen.add(key)
        issue = {"line": getattr(node, "lineno", 0), "col": getattr(node, "col_offset", 0), "name": name, "why": why}
        issue.update(extra)
        bucket.append(issue)

    # -- imports --------------------------------------------------------------------------------
    def collect_imports(self, tree):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if not a.name.split(".")[0] == self.table.root:
                        continue
                    self._check_path(node, a.name, call=None)
                    if a.asname:
                        self.aliases[a.asname] = a.name
                    else:
                        self.aliases[a.name.split(".")[0]] = a.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom):
                if not node.module or node.level or node.module.split(".")[0] != self.table.root:
                    continue
                for a in node.names:
                    if a.name == "*":
                        self._issue(self.warnings, node, node.module + ".*",
                                    "star import: the names it binds are not checked")
                        continue
                    dotted = node.module + "." + a.name
                    self._check_path(node, dotted, call=None)
                    self.aliases[a.asname or a.name] = dotted

    # -- names ----------------------------------------------------------------------------------
    def _chain(self, node):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name) or node.id not in self.aliases:
            return None
        return self.aliases[node.id].split(".") + list(reversed(parts))

    def _history(self, dotted):
        """Older tables that have `dotted`: [(version, entry)] (oldest first)."""
        hits = []
        for t in self.old:
            st = t.resolve(dotted.split("."))
            # "unresolved" in an older table: listed there but bound at run time (star imports of
            # compiled modules), so the name did exist
            if st[0] in ("leaf", "unresolved") and st[2] == len(dotted.split(".")) - 1:
                hits.append((t.version, st[1]))
            elif st[0] == "module" and st[2] == len(dotted.split(".")):
                hits.append((t.version, {"kind": "module"}))
        return hits

    def _since(self, node, dotted):
        if not self.old or dotted in self._since_reported:
            return
        self._since_reported.add(dotted)
        hits = {v for v, _ in self._history(dotted)}
        absent = [t.version for t in self.old if t.version not in hits]
        if absent:
            newest_absent = max(absent, key=_version_key)
            self._issue(self.warnings, node, dotted,
                        "not in the older table(s) %s: needs a release newer than %s"
                        % (", ".join(sorted(absent, key=_version_key)), newest_absent),
                        newer_than=newest_absent)  # kwb check folds these into one line (new-user trial 28, #12)

    def _check_path(self, node, dotted, call):
        parts = dotted.split(".")
        status, detail, i = self.table.resolve(parts)
        self.checked += 1
        if status == "untabled":
            if i == 0:
                return
            self._issue(self.warnings, node, dotted,
                        "module %s is not described by the table; the rest of the name is unchecked" % detail)
            return
        if status == "missing":
            name = ".".join(parts[: i + 1])
            if parts[i].startswith("_"):
                self._issue(self.warnings, node, name, "private name, not in the public API table (unchecked)")
                return
            why = "not in %s (%s)" % (os.path.basename(self.table.path), self.table.version)
            hist = self._history(name)
            if hist:
                versions = ", ".join(v for v, _ in hist)
                why += "; present in older table(s) %s: removed or renamed since" % versions
                msgs = [e.get("deprecation_message") for _, e in hist if e.get("deprecation_message")]
                if msgs:
                    why += " (%s)" % msgs[-1]
            else:
                elsewhere = [p for p in self.table.find_elsewhere(parts[i]) if p != name][:3]
                if elsewhere:
                    why += "; the table has " + ", ".join(elsewhere)
            self._issue(self.errors, node, name, why)
            return
        if status == "unresolved":
            self._issue(self.errors, node, ".".join(parts[: i + 1]),
                        "listed in __all__ but never bound in the package: %s" % detail.get("detail", ""))
            return
        if status == "module":
            self._since(node, dotted)
            return
        entry = detail
        leaf = ".".join(parts[: i + 1])
        self._since(node, leaf)
        if entry.get("deprecated"):
            msg = entry.get("deprecation_message") or (entry["deprecated"] if isinstance(entry["deprecated"], str) else "")
            self._issue(self.warnings, node, leaf, "deprecated: %s" % msg)
        if call is not None and i == len(parts) - 1:
            self._check_call(call, leaf, entry)

    def _check_call(self, call, name, entry):
        kind = entry.get("kind")
        if kind not in ("function", "class"):
            return  # external (compiled) names and constants carry no signature
        sigs = _signatures(entry, kind == "class")
        if not sigs:
            return
        reasons = [_bind(a, call) for a in sigs]
        if all(r is not None for r in reasons):
            shown = entry.get("init_signature") if kind == "class" else (entry.get("signature") or entry.get("params"))
            self._issue(self.errors, call, name, "call does not match %s%s: %s" % (name.split(".")[-1], shown, reasons[0]))

    # -- traversal ------------------------------------------------------------------------------
    def run(self, tree):
        self.collect_imports(tree)
        parents = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                parents[child] = node
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.Attribute):
                parent = parents.get(node)
                if isinstance(parent, ast.Attribute) and parent.value is node:
                    continue  # only the longest chain
                chain = self._chain(node)
                if chain is None:
                    continue
                call = parent if isinstance(parent, ast.Call) and parent.func is node else None
                self._check_path(node, ".".join(chain), call)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in self.aliases:
                parent = parents.get(node)
                if isinstance(parent, ast.Attribute):
                    continue  # handled with the chain
                dotted = self.aliases[node.id]
                if "." not in dotted:
                    continue  # the bare package name
                if isinstance(parent, ast.Call) and parent.func is node:
                    self._check_path(node, dotted, parent)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Check a CuTe DSL / FlyDSL file against its API table.")
    ap.add_argument("kernel")
    ap.add_argument("--api", required=True, help="current API table (cute_api.json)")
    ap.add_argument("--old", action="append", default=[], help="older API table(s) for rename/removal notes")
    ns = ap.parse_args(argv)

    result = {"ok": False, "kernel": ns.kernel, "table": None, "old_tables": [], "checked": 0,
              "errors": [], "warnings": []}
    what = "the API table %s" % ns.api
    try:
        table = Table(ns.api)
        what = "an older API table"
        old = sorted((Table(p) for p in ns.old), key=lambda t: _version_key(t.version))
        what = ns.kernel
        with open(ns.kernel, encoding="utf-8-sig") as f:
            source = f.read()
    except (OSError, ValueError, KeyError) as e:
        why = ("cannot read %s: %s" % (what, e)) if what == ns.kernel or isinstance(e, OSError) \
            else "cannot read %s: not a JSON API table (%s)" % (what, e)
        result["errors"].append({"line": 0, "col": 0, "name": "", "why": why})
        print(json.dumps(result, indent=1))
        return 2
    result["table"] = {"path": table.path, "version": table.version, "commit": table.commit, "package": table.root}
    result["old_tables"] = [{"path": t.path, "version": t.version} for t in old]
    try:
        tree = ast.parse(source, filename=ns.kernel)
    except SyntaxError as e:
        result["errors"].append({"line": e.lineno or 0, "col": e.offset or 0, "name": "",
                                 "why": "SyntaxError: %s" % e.msg})
        print(json.dumps(result, indent=1))
        return 1
    checker = Checker(table, old)
    checker.run(tree)
    result["checked"] = checker.checked
    if checker.checked == 0:  # nothing of the table's package: the file is not written in that DSL at all
        checker.errors.append({"line": 0, "col": 0, "name": "",
                               "why": "no %s names or calls in the file: it is not written in that DSL" % table.root})
    result["errors"] = sorted(checker.errors, key=lambda e: (e["line"], e["col"]))
    result["warnings"] = sorted(checker.warnings, key=lambda e: (e["line"], e["col"]))
    result["ok"] = not result["errors"]
    print(json.dumps(result, indent=1))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
