#include "core/platform/gpuspec.h"

namespace kwb {

QString Citation::toText() const {
  QString text = title;
  if (!date.isEmpty()) text += QStringLiteral(" (") + date + QLatin1Char(')');
  if (!url.isEmpty()) text += QStringLiteral(" <") + url + QLatin1Char('>');
  return text;
}

QString SpecValue::describe() const {
  QString text =
      QString::number(value, 'g', 10) + QLatin1Char(' ') + unit + QStringLiteral(" \u2014 ") + source.toText();
  if (!note.isEmpty()) text += QStringLiteral("; ") + note;
  return text;
}

QStringList ledgerDtypes() {
  return {QStringLiteral("fp64"), QStringLiteral("fp64_tensor"), QStringLiteral("fp32"), QStringLiteral("tf32"),
          QStringLiteral("bf16"), QStringLiteral("fp16"),        QStringLiteral("fp8"),  QStringLiteral("int8")};
}

QString normalizeDtype(const QString& dtype) {
  QString d = dtype.trimmed().toLower();
  if (d.startsWith(QLatin1String("torch."))) d = d.mid(6);
  d.replace(QLatin1Char('-'), QLatin1Char('_'));
  d.replace(QLatin1Char(' '), QLatin1Char('_'));

  // Spellings seen in torch, numpy, Triton and datasheets.
  static const QList<QPair<QString, QStringList>> table = {
      {QStringLiteral("fp64"),
       {QStringLiteral("fp64"), QStringLiteral("float64"), QStringLiteral("double"), QStringLiteral("f64")}},
      {QStringLiteral("fp64_tensor"), {QStringLiteral("fp64_tensor"), QStringLiteral("fp64_matrix")}},
      {QStringLiteral("fp32"),
       {QStringLiteral("fp32"), QStringLiteral("float32"), QStringLiteral("float"), QStringLiteral("f32"),
        QStringLiteral("single")}},
      {QStringLiteral("tf32"), {QStringLiteral("tf32"), QStringLiteral("tensorfloat32")}},
      {QStringLiteral("bf16"), {QStringLiteral("bf16"), QStringLiteral("bfloat16")}},
      {QStringLiteral("fp16"),
       {QStringLiteral("fp16"), QStringLiteral("float16"), QStringLiteral("half"), QStringLiteral("f16")}},
      {QStringLiteral("fp8"),
       {QStringLiteral("fp8"), QStringLiteral("float8"), QStringLiteral("e4m3"), QStringLiteral("e5m2"),
        QStringLiteral("fp8_e4m3"), QStringLiteral("fp8_e5m2"), QStringLiteral("float8_e4m3fn"),
        QStringLiteral("float8_e5m2"), QStringLiteral("float8_e4m3fnuz"), QStringLiteral("float8_e5m2fnuz")}},
      {QStringLiteral("int8"), {QStringLiteral("int8"), QStringLiteral("i8"), QStringLiteral("qint8")}},
  };
  for (const auto& entry : table) {
    if (entry.second.contains(d)) return entry.first;
  }
  return {};
}

std::optional<SpecValue> GpuSpec::densePeakTflops(const QString& dtype) const {
  const QString key = normalizeDtype(dtype);
  const auto it = dense.constFind(key);
  if (key.isEmpty() || it == dense.constEnd()) return std::nullopt;
  return *it;
}

std::optional<SpecValue> GpuSpec::sparsePeakTflops(const QString& dtype) const {
  const QString key = normalizeDtype(dtype);
  const auto it = sparse.constFind(key);
  if (key.isEmpty() || it == sparse.constEnd()) return std::nullopt;
  return *it;
}

QString GpuSpec::smUnitName() const {
  return vendor == QLatin1String("AMD") ? QStringLiteral("CU") : QStringLiteral("SM");
}

}  // namespace kwb
