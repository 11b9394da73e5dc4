// The anchor units compiled in; anchor.cpp lists them in its registry table.
#pragma once

#include "core/codegen/anchor.h"

namespace kwb {

/// aten::convolution: 1-D/2-D/3-D, standard or transposed, any stride, padding, dilation,
/// output_padding and groups, with or without bias (core/codegen/anchors/convolution.cpp).
const Anchor& convolutionAnchor();
/// Max and average pooling, 1-D/2-D/3-D, with their parameters (core/codegen/anchors/pooling.cpp).
const Anchor& poolingAnchor();
/// Scaled dot-product attention, causal or not (core/codegen/anchors/attention.cpp).
const Anchor& attentionAnchor();

}  // namespace kwb
