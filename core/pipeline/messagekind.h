#pragma once
// What a job's progress message is, so a view can tell them apart without reading the (translated) text.

namespace kwb {

/// The kind of a BaselineJob / WorkbenchSession progress message.
enum class MessageKind {
  Info,     ///< where the phase is, what it wrote
  Warning,  ///< "warning: …": the run goes on, the user should know
  Error,    ///< "error: …": the phase failed (BaselineJob::fail), a run or harness error
  Stopped,  ///< "stopped: …": the user stopped the phase (Stop, Ctrl-C); not an error
};

}  // namespace kwb
