#pragma once
// The registered schemes, one per unit (target.cpp lists them in targetSchemes()).

#include "core/run/target.h"

namespace kwb {

TargetScheme localTargetScheme();     // target.cpp
TargetScheme commandTargetScheme();   // target.cpp
TargetScheme sshTargetScheme();       // sshtarget.cpp
TargetScheme slurmTargetScheme();     // slurmtarget.cpp
TargetScheme slurmSshTargetScheme();  // slurmtarget.cpp

}  // namespace kwb
