// The anchor units compiled in; anchor.cpp lists them in its registry table.
#pragma once

#include "core/codegen/anchor.h"

namespace kwb {

/// aten::convolution: 1-D/2-D/3-D, standard or transposed, any stride, padding, dilation,
/// output_padding and groups, with or without bias (core/codegen/anchors/convolution.cpp).
const Anchor& convolutionAnchor();

/// One convolution as a launch of a chain plan (core/codegen/chain.h).
struct ConvStage {
  QString specText;             ///< "CONV<index> = ConvSpec(...)": the template's geometry record for it
  QString weight;               ///< its weight as a Python expression ("self.conv.weight")
  QString bias;                 ///< its bias ("self.conv.bias") or "None"
  QString description;          ///< "conv_transpose3d [16, 64, ...] -> [...], kernel ..., groups 1, bias"
  bool gemm = false;            ///< the spec's shapes take the implicit-GEMM path (TF32 on fp32), else direct
  bool weightComputed = false;  ///< weight is ConvOperands::weight (a value computed in forward()), not a parameter
  QMap<QString, QString> vars;  ///< the conv template's CONV0 placeholders (SPATIAL, STRIDE, ...; index 0 only)
  /// Index 0 with a zero pad folded in (ConvOperands::padBefore): "CONV0 = CONV0._replace(pad_hi=(...))", the line
  /// after the template's CONV0 (its placeholders hold the low side); else "".
  QString padHiLine;
};
/// A convolution's weight and bias as a chain computes them in forward() (Python expressions of its values: weight
/// norm, standardisation, a merged LoRA update); empty where the operand is a parameter or a forward() argument.
struct ConvOperands {
  QString weight;
  QString bias;
  /// A constant zero pad of x folded into the convolution (issue 14, session 41): per spatial dim (spatial entries),
  /// the pad before / after each dim, added to the convolution's padding on that side (ConvSpec's padding is then
  /// the low side and pad_hi the high one). Empty: x is the convolution's input as traced. Standard convolutions only.
  QList<qint64> padBefore, padAfter;
};
/// Decodes @p op (an aten::convolution) as the chain's convolution number @p index. A weight or bias computed in
/// forward() is @p computed's expression (the chain's value; ConvStage::weightComputed says so for the weight).
/// nullopt with *whyNot (naming the op and line) when its weight or bias is computed and @p computed has no
/// expression for it, its rank is not 1-D to 3-D, or its stride/padding are not integers.
std::optional<ConvStage> convStage(const OpGraph& g, const GraphOp& op, int index, QString* whyNot,
                                   const ConvOperands& computed = {});
/// Max and average pooling, 1-D/2-D/3-D, with their parameters (core/codegen/anchors/pooling.cpp).
const Anchor& poolingAnchor();
/// Scaled dot-product attention, causal or not (core/codegen/anchors/attention.cpp).
const Anchor& attentionAnchor();

}  // namespace kwb
