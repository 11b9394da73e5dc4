// The module-level structure of a generated Python kernel.py, read without Python (kwb generates kernels where no
// interpreter is configured), and the pass that leaves out the functions and classes a kernel's plan never reaches
// (new-user trial 11, #13: a one-launch chain's kernel.py held the whole stage library, 3,500 lines).
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

/// One name a top-level statement uses.
struct PyNameUse {
  QString name;
  int line = 0;              ///< 0-based line of the source
  bool subscripted = false;  ///< written `name[...]` (a Triton launch `kernel[grid](...)`)
};

/// One top-level statement of a Python module.
struct PyTopLevel {
  enum class Kind { Def, Class, Other };
  Kind kind = Kind::Other;
  QString name;            ///< Def / Class: the name it binds
  bool tritonJit = false;  ///< Def: a decorator names triton.jit
  int first = 0;           ///< 0-based first line: its decorators, and for a Def / Class the comment block right above
                           ///< it (column-0 comments after a blank line, no blank line between them and it)
  int defLine = 0;         ///< the `def` / `class` line (the first line of an Other statement)
  int last = 0;            ///< its last line holding code (trailing column-0 comments and blank lines excluded)
  int end = 0;             ///< one past the blank lines after `last`: [first, end) goes when the statement goes
  QList<PyNameUse> uses;   ///< identifiers in its code (comments excluded; attribute names included) and string
                           ///< literals holding exactly one identifier (a name looked up by its spelling), in order
};

/// The top-level statements of a module, in file order (lines between them are free-standing comments and blanks).
struct PyModuleOutline {
  QList<PyTopLevel> statements;
  int lineCount = 0;
  /// Non-empty: code that may look a name up by a spelling made at run time (eval, exec, __import__, importlib,
  /// sys.modules, globals()[...] / globals().get): which, and where. A reachability walk by name cannot be trusted.
  QString dynamicLookup;
  QString error;  ///< non-empty: the source could not be split (an unterminated string or bracket)
};

/// Splits Python `source` into its top-level statements: a statement starts on a line whose first character is
/// code at column 0 outside a string, bracket or backslash continuation; decorators join the def / class below.
PyModuleOutline outlinePyModule(const QString& source);

/// kernel.py with only what its roots reach.
struct SlimModule {
  QString source;        ///< the module without its unreachable functions and classes (or unchanged)
  QStringList removed;   ///< the names of the defs / classes left out, in file order
  int removedLines = 0;  ///< lines they took (with their attached comments and trailing blank lines)
  QString whyWhole;      ///< non-empty: nothing was left out, and why (outlinePyModule's error / dynamicLookup)
};

/// Leaves out every top-level def and class of `source` that no kept statement reaches. Kept always: every
/// statement that is not a def or class (assignments -- every module switch a bench flips by name --, imports,
/// calls made at import time), and the defs / classes named in `roots` (ModelNew, what a harness calls on the
/// module). Reached: a def / class whose name a kept statement uses (an identifier anywhere in its code -- a call,
/// a function passed as an argument, a constexpr-selected branch, a dict value, an attribute of the same spelling
/// -- or a string literal holding exactly that name), transitively. A name bound by several defs keeps all of them.
/// Conservative by construction: a name used is never removed; only its absence from every kept statement removes
/// a def. Nothing is left out when outlinePyModule reports an error or a dynamic lookup (whyWhole says which).
SlimModule slimPyModule(const QString& source, const QStringList& roots);

/// The index comment of a generated kernel.py for `source` (lines numbered as they will be once the index is
/// inserted after line `afterLine`, 0-based): "# Index: ModelNew at line N; calls: kwb_gemm (line L), ...;
/// launches: ...; epilogue functions: ...", wrapped at 118 columns, each line ending in '\n'. Calls: the module
/// functions and classes ModelNew calls or names (launchers such as kwb_gemm, helpers); launches: the @triton.jit
/// kernels it launches itself (`kernel[grid](...)`); epilogue functions: @triton.jit functions it passes by name
/// (more than 6: "N epilogue functions at lines A-B").
/// With `removed` (slimPyModule's), a second line says how many functions / classes were left out.
/// Empty when the source has no class ModelNew.
QString kernelIndexComment(const QString& source, int afterLine, const QStringList& removed = {});

}  // namespace kwb
