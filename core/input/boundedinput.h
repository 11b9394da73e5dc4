#pragma once
// Bounded reading of input from outside the workbench: files (type and size checked before reading),
// JSON text (size and nesting depth checked before parsing) and text echoed back in messages (elided).
// Every reader of user-controlled data goes through these, so each input has a stated bound and a
// clear error within it (issue 18).

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace kwb {

/// Bounds of one kind of input. Sizes in bytes.
struct InputLimits {
  qint64 maxBytes = qint64(16) * 1024 * 1024;  ///< largest accepted text or file
  int maxDepth = 64;                           ///< deepest nesting of JSON arrays and objects
};

/// Limits used across the workbench (documented in docs/CONTRACTS.md §8).
namespace limits {
/// `kwb plugin query --input` and any knowledge-tool query: 64 KiB, 16 levels.
inline constexpr InputLimits kQuery{qint64(64) * 1024, 16};
/// Data files the workbench reads (API tables, the wiki store, ledgers, spec.json, manifest, memory):
/// 64 MiB, 128 levels.
inline constexpr InputLimits kDataFile{qint64(64) * 1024 * 1024, 128};
/// A PyTorch logic file, a kernel to check, a kernel demo: 4 MiB.
inline constexpr qint64 kSourceFileBytes = qint64(4) * 1024 * 1024;
/// One JSON line of the harness (CASE_START, CASE_RESULT, RESULT_JSON): 64 levels (its size is bounded by
/// the line splitter's cap).
inline constexpr int kHarnessJsonDepth = 64;
/// Characters of user input quoted in a message.
inline constexpr qsizetype kEchoChars = 120;
}  // namespace limits

/// Reads the regular file at `path` if it holds at most `maxBytes` bytes. A folder, a device
/// (/dev/zero), a FIFO or a socket is refused before it is opened, naming its type; so is a larger file,
/// naming its size and the limit. At most maxBytes + 1 bytes are read, so a file that grows while it is
/// read is refused too. Returns std::nullopt and sets *error ("PATH: why") on any failure.
std::optional<QByteArray> readBoundedFile(const QString& path, qint64 maxBytes, QString* error);

/// "" when `path` is a regular file (symbolic links followed) of at most `maxBytes` bytes, else why not, in
/// the words of readBoundedFile() ("PATH: no such file", "PATH: a folder, not a regular file; refused",
/// "PATH: 5.0 MiB, above the limit of 4.0 MiB; refused"). Opens nothing (a FIFO is not waited on).
QString regularFileProblem(const QString& path, qint64 maxBytes);

/// The deepest nesting of arrays and objects in JSON `text` (0 for a scalar), scanning bytes once and
/// skipping string contents; stops and returns the depth reached as soon as it exceeds `stopAbove`.
/// `*offset` (if given) receives the byte offset where that depth was reached. Not a validator: text
/// that is not JSON still gets a number.
int jsonNestingDepth(QByteArrayView text, int stopAbove, qsizetype* offset = nullptr);

/// The nesting depth of a parsed value (0 for a scalar, 1 for [] or {}), or a number above `stopAbove`
/// as soon as it exceeds it: the walk never goes deeper than stopAbove + 1 levels, so it is safe on any value.
int jsonValueDepth(const nlohmann::json& value, int stopAbove);

/// Parses JSON `text` within `lim`: refuses text above lim.maxBytes and nesting above lim.maxDepth
/// before parsing (the parse itself is then bounded, and so are recursive walks and dumps of the
/// result). Returns std::nullopt and sets *error to one line without the parser's exception prefix:
/// "N bytes, above the limit of M", "nested deeper than D levels (at byte B)", or "not valid JSON:
/// syntax error at line L, column C: ...", its quoted input elided.
std::optional<nlohmann::json> parseBoundedJson(QByteArrayView text, const InputLimits& lim, QString* error);

/// `text` for a message: at most `maxChars` characters; longer text is cut and gets
/// "… (N characters)". Control characters (newlines included) become spaces, so one message stays one line.
QString elide(const QString& text, qsizetype maxChars = limits::kEchoChars);

}  // namespace kwb
