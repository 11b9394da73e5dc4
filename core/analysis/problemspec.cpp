#include "core/analysis/problemspec.h"

#include "core/codegen/opgraph.h"
#include "core/records/exprtext.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace kwb {

using nlohmann::json;

namespace {

QString str(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || j.at(key).is_null()) return {};
  const json& v = j.at(key);
  return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
}

const json& member(const json& j, const char* key) {
  static const json null;
  return j.is_object() && j.contains(key) ? j.at(key) : null;
}

QList<qint64> intList(const json& j) {
  QList<qint64> out;
  if (j.is_array())
    for (const auto& v : j) out.append(v.is_number_integer() ? v.get<qint64>() : -1);
  return out;
}

TensorDesc readDesc(const json& j) {
  TensorDesc d;
  d.name = str(j, "name");
  d.kind = str(j, "kind");
  d.dtype = str(j, "dtype");
  d.layout = str(j, "layout");
  d.shape = intList(member(j, "shape"));
  d.stride = intList(member(j, "stride"));
  const json& v = member(j, "value");
  if (v.is_number())
    d.scalarValue = v.get<double>();
  else if (v.is_boolean())
    d.scalarValue = v.get<bool>() ? 1.0 : 0.0;
  return d;
}

QList<TensorDesc> readDescs(const json& spec, const char* key) {
  QList<TensorDesc> out;
  const json& arr = member(spec, key);
  if (arr.is_array())
    for (const auto& j : arr) out.append(readDesc(j));
  return out;
}

QString listText(const QList<qint64>& v) {
  QStringList parts;
  for (qint64 x : v) parts << QString::number(x);
  return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

/// 1.61e9 → "1.61 G", 64 → "64 " (SI, decimal, with the space before the unit): FLOP and bytes are read at a glance
/// next to the exact value ("64FLOP" had none, new-user trial 9, #5).
QString si(double v) {
  static const char* units[] = {" ", " k", " M", " G", " T", " P", " E"};
  int i = 0;
  while (v >= 1000.0 && i < 6) {
    v /= 1000.0;
    ++i;
  }
  return QString::number(v, 'g', 3) + QLatin1String(units[i]);
}

QString exprLine(const json& e, const QString& unit) {
  const json& value = member(e, "value");
  // like terms combined and long numbers grouped (new-user trial 5, R8: "+ 4*out_channels" twelve times)
  // a formula that holds at these sizes only is no formula: the count alone, and why (new-user trial 17, #1)
  if (const QString note = formulaNote(e); !note.isEmpty() && value.is_number())
    return QStringLiteral("%1 (%2%3); %4")
        .arg(readableExpr(QString::fromStdString(value.dump())), si(value.get<double>()), unit, note);
  QString text = readableExpr(str(e, "expr"));
  if (value.is_number())
    text += QStringLiteral(" = %1 (%2%3)")
                .arg(readableExpr(QString::fromStdString(value.dump())), si(value.get<double>()), unit);
  return text;
}

/// Terminal columns of @p s: an East Asian wide or fullwidth character takes two, a combining mark none (a CJK
/// input name, `输入`, shifted kwb analyze's Inputs table by its UTF-16 length: new-user trial 27).
qsizetype displayWidth(const QString& s) {
  qsizetype w = 0;
  for (const char32_t c : s.toUcs4()) {
    const QChar::Category cat = QChar::category(c);
    if (cat == QChar::Mark_NonSpacing || cat == QChar::Mark_Enclosing) continue;
    const bool wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF && c != 0x303F) ||
                      (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
                      (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
    w += wide ? 2 : 1;
  }
  return w;
}

/// Left-aligned columns, two spaces apart, every line indented by two; widths in terminal columns.
QString table(const QList<QStringList>& rows) {
  QList<qsizetype> width;
  for (const auto& r : rows)
    for (qsizetype i = 0; i < r.size(); ++i) {
      if (width.size() <= i) width.append(0);
      width[i] = std::max(width[i], displayWidth(r[i]));
    }
  QString out;
  for (const auto& r : rows) {
    QString line = QStringLiteral("  ");
    for (qsizetype i = 0; i < r.size(); ++i)
      line += i + 1 < r.size() ? r[i] + QString(width[i] + 2 - displayWidth(r[i]), u' ') : r[i];
    out += line + u'\n';
  }
  return out;
}

const QStringList& knownDtypes() {
  static const QStringList d = {
      QStringLiteral("float32"),       QStringLiteral("float16"),    QStringLiteral("bfloat16"),
      QStringLiteral("float64"),       QStringLiteral("int64"),      QStringLiteral("int32"),
      QStringLiteral("int16"),         QStringLiteral("int8"),       QStringLiteral("uint8"),
      QStringLiteral("bool"),          QStringLiteral("complex64"),  QStringLiteral("complex128"),
      QStringLiteral("float8_e4m3fn"), QStringLiteral("float8_e5m2")};
  return d;
}

}  // namespace

QList<TensorDesc> specInputs(const json& spec) { return readDescs(spec, "inputs"); }

QList<TensorDesc> specOutputs(const json& spec) { return readDescs(spec, "outputs"); }

QString specPattern(const json& spec) { return str(member(spec, "pattern"), "primary"); }

QString specPatternText(const json& spec) {
  const json& p = member(spec, "pattern");
  QString text = str(p, "primary");
  if (const QString detail = str(p, "detail"); !detail.isEmpty() && detail != text)
    text += QStringLiteral(" (%1)").arg(detail);
  QStringList epi;
  for (const auto& e : member(p, "epilogue"))
    if (e.is_string()) epi << QString::fromStdString(e.get<std::string>());
  if (!epi.isEmpty()) text += QStringLiteral(" + ") + epi.join(QStringLiteral(", "));
  // the compute ops before the anchor (a ViT block's layer norm before fc1): the probe lists them apart from the
  // epilogue, and a line without them read as if the block began at the GEMM (new-user trial 27 #9)
  QStringList pro;
  for (const auto& e : member(p, "prologue"))
    if (e.is_string()) pro << QString::fromStdString(e.get<std::string>());
  if (!pro.isEmpty()) text = pro.join(QStringLiteral(", ")) + QStringLiteral(" → ") + text;
  // the ops with no compute category that still pick or resample elements (a RoPE's cos/sin gathers, a UNet's bilinear
  // upsample): the probe's pattern leaves them out, and a line without them read as if the problem had none (new-user
  // trial 30 #9). Named by family, each with its ops, in trace order.
  static const QList<std::pair<QString, QStringList>> families = {
      {QStringLiteral("gather"),
       {QStringLiteral("index"), QStringLiteral("gather"), QStringLiteral("embedding"),
        QStringLiteral("_embedding_bag"), QStringLiteral("index_select"), QStringLiteral("take"),
        QStringLiteral("take_along_dim")}},
      {QStringLiteral("scatter"),
       {QStringLiteral("index_put_"), QStringLiteral("index_put"), QStringLiteral("scatter"),
        QStringLiteral("scatter_"), QStringLiteral("scatter_add"), QStringLiteral("scatter_add_"),
        QStringLiteral("scatter_reduce"), QStringLiteral("index_add"), QStringLiteral("index_add_"),
        QStringLiteral("masked_scatter")}},
      {QStringLiteral("upsample"), {}},  // upsample_* / _upsample_* (below)
      {QStringLiteral("grid sample"), {QStringLiteral("grid_sampler_2d"), QStringLiteral("grid_sampler_3d")}}};
  QList<QStringList> found(families.size());
  for (const auto& op : member(spec, "ops")) {
    if (!op.is_object() || !member(op, "category").is_null()) continue;
    QString name = str(op, "op");
    name = name.mid(name.indexOf(QStringLiteral("::")) + (name.contains(QStringLiteral("::")) ? 2 : 0));
    for (qsizetype f = 0; f < families.size(); ++f) {
      const bool upsample = families.at(f).second.isEmpty() && (name.startsWith(QStringLiteral("upsample_")) ||
                                                                name.startsWith(QStringLiteral("_upsample_")));
      if ((upsample || families.at(f).second.contains(name)) && !found[f].contains(name)) found[f] << name;
    }
  }
  QStringList with;
  for (qsizetype f = 0; f < families.size(); ++f)
    if (!found.at(f).isEmpty() && !text.contains(found.at(f).first()))
      with << QStringLiteral("%1 (%2)").arg(families.at(f).first, found.at(f).join(QStringLiteral(", ")));
  if (!with.isEmpty()) text += QStringLiteral(", with ") + with.join(QStringLiteral(" and "));
  return text;
}

QStringList specPatternVocabulary() {
  return {QStringLiteral("Elementwise"), QStringLiteral("GEMM"),     QStringLiteral("Reduction"),
          QStringLiteral("Softmax"),     QStringLiteral("Norm"),     QStringLiteral("Loss"),
          QStringLiteral("Convolution"), QStringLiteral("Pooling"),  QStringLiteral("Scan"),
          QStringLiteral("Attention"),   QStringLiteral("Recurrent")};
}

bool isPointwise(const json& spec) {
  const json& g = member(spec, "pointwise_graph");
  return g.is_object() && member(g, "nodes").is_array() && !member(g, "nodes").empty();
}

QString formatSpec(const json& spec, int maxOpRows) {
  // A partial spec (the probe stopped early) printed "Pattern: ", "FLOPs: ", "rel_err <  ()" (new-user trial 3, R4)
  const auto known = [](const QString& v) { return v.trimmed().isEmpty() ? QStringLiteral("(not known)") : v; };
  QString out;
  const json& src = member(spec, "source");
  out += QStringLiteral("%1  (%2)\n").arg(str(src, "name"), str(src, "path"));
  out += QStringLiteral("torch %1; sha256 %2\n\n").arg(str(spec, "torch_version"), str(src, "sha256").left(16));
  out += QStringLiteral("Pattern: %1\n").arg(known(specPatternText(spec)));
  if (const json& ref = member(spec, "reference"); ref.is_object() && !ref.empty())
    out += QStringLiteral("Reference: %1() at line %2 (%3)%4\n")
               .arg(str(ref, "function"), str(ref, "line"), str(ref, "why"),
                    ref.contains("inputs_from") ? QStringLiteral("; inputs from %1").arg(str(ref, "inputs_from"))
                                                : QString());
  const json& pat = member(spec, "pattern");
  QStringList reds;
  for (const auto& r : member(pat, "reductions")) {
    QStringList kv;
    for (auto it = r.begin(); it != r.end(); ++it)
      if (it.key() != "op" && it.key() != "id") kv << QString::fromStdString(it.key() + "=" + it.value().dump());
    // InstanceNorm traces as batch norm in training mode over a [1, N*C, ...] view: "training=true" read as a batch
    // norm's training mode (new-user trial 28 #10), so the line names the user's function
    QString fn;
    for (const auto& o : member(spec, "ops"))
      if (o.is_object() && str(o, "id") == str(r, "id")) fn = str(o, "function");
    const QString op = str(r, "op");
    reds << (fn == u"instance_norm" && op.contains(QLatin1String("batch_norm"))
                 ? QStringLiteral("instance_norm, traced as %1 over [1, N*C, ...] (each instance's own statistics)(%2)")
                       .arg(op, kv.join(QStringLiteral(", ")))
                 : QStringLiteral("%1(%2)").arg(op, kv.join(QStringLiteral(", "))));
  }
  if (!reds.isEmpty()) out += QStringLiteral("Reductions: %1\n").arg(reds.join(QStringLiteral("; ")));
  QStringList pools;
  for (const auto& r : member(pat, "pools")) {
    // avg pools have no dilation: the probe leaves it out, which printed "dilation " with nothing after it
    // (new-user trial 10, #15)
    QString line = QStringLiteral("%1 kernel %2 stride %3 padding %4")
                       .arg(str(r, "function").isEmpty() ? str(r, "op") : str(r, "function"), str(r, "kernel_size"),
                            str(r, "stride"), str(r, "padding"));
    if (const QString d = str(r, "dilation"); !d.trimmed().isEmpty()) line += QStringLiteral(" dilation %1").arg(d);
    pools << line;
  }
  if (!pools.isEmpty()) out += QStringLiteral("Pooling: %1\n").arg(pools.join(QStringLiteral("; ")));
  if (const json& conv = member(pat, "conv"); conv.is_object())
    out += QStringLiteral("Convolution: %1\n").arg(QString::fromStdString(conv.dump()));
  if (const json& att = member(pat, "attention"); att.is_object())
    out += QStringLiteral("Attention: %1, Lq %2, Lk %3, head_dim %4%5\n")
               .arg(str(att, "kind"), str(att, "Lq"), str(att, "Lk"), str(att, "head_dim"),
                    member(att, "masked").is_boolean() && att.at("masked").get<bool>() ? QStringLiteral(", masked")
                                                                                       : QString());
  QStringList writes;
  for (const auto& w : member(spec, "writes"))
    writes << QStringLiteral("%1 writes %2 %3 (line %4)")
                  .arg(str(w, "op"), str(w, "target_kind"), str(w, "target"), str(w, "line"));
  if (!writes.isEmpty()) out += QStringLiteral("In-place: %1\n").arg(writes.join(QStringLiteral("; ")));
  if (const json& demo = member(spec, "kernel_demo"); demo.is_object()) {
    QStringList ks;
    for (const auto& k : member(demo, "kernels"))
      ks << QStringLiteral("%1 (line %2)").arg(str(k, "name"), str(k, "line"));
    QStringList es;
    for (const auto& e : member(demo, "entry_points")) es << str(e, "name");
    QStringList cs;
    for (const auto& c : member(demo, "computes"))
      if (c.is_string()) cs << QString::fromStdString(c.get<std::string>());
    out += QStringLiteral("Kernel demo: %1 (%2); kernels %3; entry %4; computes %5\n")
               .arg(str(demo, "framework"), str(demo, "path"),
                    ks.isEmpty() ? QStringLiteral("-") : ks.join(QStringLiteral(", ")),
                    es.isEmpty() ? QStringLiteral("-") : es.join(QStringLiteral(", ")),
                    cs.isEmpty() ? QStringLiteral("(not readable)") : cs.join(QStringLiteral(", ")));
  }
  if (isPointwise(spec))
    out += QStringLiteral("Pointwise graph: %1 node(s), output %2\n")
               .arg(member(member(spec, "pointwise_graph"), "nodes").size())
               .arg(str(member(spec, "pointwise_graph"), "output"));

  auto tensorRows = [](const QList<TensorDesc>& list) {
    QList<QStringList> rows{{QStringLiteral("name"), QStringLiteral("kind"), QStringLiteral("shape"),
                             QStringLiteral("stride"), QStringLiteral("dtype"), QStringLiteral("layout")}};
    for (const TensorDesc& d : list) {
      if (d.kind == u"tensor")
        rows.append({d.name, d.kind, listText(d.shape), listText(d.stride), d.dtype, d.layout});
      else
        rows.append({d.name, d.kind, d.scalarValue ? QStringLiteral("= %1").arg(*d.scalarValue) : QStringLiteral("-"),
                     QStringLiteral("-"), d.dtype, QStringLiteral("-")});
    }
    return rows;
  };
  out += QStringLiteral("\nInputs:\n") + table(tensorRows(specInputs(spec)));
  out += QStringLiteral("Outputs:\n") + table(tensorRows(specOutputs(spec)));

  const json& ops = member(spec, "ops");
  out += QStringLiteral("\nOps (%1):\n").arg(ops.is_array() ? ops.size() : 0);
  QList<QStringList> opRows;
  for (const auto& op : ops) {
    if (maxOpRows >= 0 && opRows.size() >= maxOpRows) break;
    QStringList ins;
    for (const auto& t : member(op, "inputs")) ins << listText(intList(member(t, "shape")));
    QStringList outs;
    for (const auto& t : member(op, "outputs")) outs << listText(intList(member(t, "shape")));
    QString args = str(op, "args");
    if (args == u"{}") args.clear();
    opRows.append({str(op, "id"), str(op, "op"), ins.join(u' ') + QStringLiteral(" -> ") + outs.join(u' '), args,
                   member(op, "line").is_number() ? QStringLiteral("line %1").arg(str(op, "line")) : QString()});
  }
  out += table(opRows);
  if (ops.is_array() && qsizetype(ops.size()) > opRows.size())
    out += QStringLiteral("  … and %1 more (--json lists every op)\n").arg(qsizetype(ops.size()) - opRows.size());

  QStringList sizes;
  const json& sz = member(spec, "sizes");
  if (sz.is_object())
    for (auto it = sz.begin(); it != sz.end(); ++it)
      sizes << QStringLiteral("%1=%2").arg(QString::fromStdString(it.key()), QString::fromStdString(it.value().dump()));
  out += QStringLiteral("\nSizes: %1\n")
             .arg(sizes.isEmpty() ? QStringLiteral("(none)") : sizes.join(QStringLiteral(", ")));
  out += QStringLiteral("FLOPs: %1\n").arg(known(exprLine(member(spec, "flops"), QStringLiteral("FLOP"))));
  out += QStringLiteral("Bytes: %1").arg(known(exprLine(member(spec, "bytes"), QStringLiteral("B"))));
  // the dtype the parameters were counted at, where it is not the input's (new-user trial 31, #7)
  if (const QString w = str(member(member(spec, "bytes"), "weights_dtype"), "note"); !w.isEmpty())
    out += QStringLiteral("; ") + w;
  out += u'\n';

  const json& acc = member(spec, "accuracy");
  if (str(acc, "rel_err_threshold").isEmpty())
    out += QStringLiteral("\nAccuracy: (not known)\n");
  else
    out += QStringLiteral("\nAccuracy: rel_err < %1 (%2); accumulate in %3\n")
               .arg(str(acc, "rel_err_threshold"), known(str(acc, "threshold_source")),
                    known(str(acc, "accumulation_dtype")));
  for (const auto& s : member(acc, "special_values"))
    if (s.is_string()) out += QStringLiteral("  - %1\n").arg(QString::fromStdString(s.get<std::string>()));

  const json& amb = member(spec, "ambiguities");
  if (!amb.is_array() || amb.empty()) {
    out += QStringLiteral("\nAmbiguities: none\n");
  } else {
    out += QStringLiteral("\nAmbiguities:\n");
    for (const auto& a : amb) out += QStringLiteral("  - %1\n").arg(formatAmbiguity(a));
  }
  const json& notes = member(spec, "notes");
  if (notes.is_array() && !notes.empty()) {
    out += QStringLiteral("Notes:\n");
    for (const auto& n : notes)
      if (n.is_string()) out += QStringLiteral("  - %1\n").arg(QString::fromStdString(n.get<std::string>()));
  }
  return out;
}

QString formatAmbiguity(const json& ambiguity) {
  // A file-level ambiguity has no line (the probe says 0): "line 0:" was no location (new-user trial 9, #5).
  const json& line = member(ambiguity, "line");
  const QString where = line.is_number_integer() && line.get<qint64>() > 0
                            // translated where a catalogue is loaded (the GUI; zh_CN read "line 14:", trial 28 #11)
                            ? QCoreApplication::translate("kwb::ProblemSpec", "line %1: ").arg(line.get<qint64>())
                            : QString();
  return QStringLiteral("%1%2: %3").arg(where, str(ambiguity, "kind"), str(ambiguity, "why"));
}

QStringList validateSpec(const json& spec) {
  QStringList problems;
  if (!spec.is_object()) return {QStringLiteral("the spec is not a JSON object")};

  // op names alone (the golden specs' stable view) leave code generation nothing to decode: refused here, at the
  // file boundary, with the JSON path, not as a json type_error from deep inside a planner
  if (const QString bad = specOpsProblem(spec); !bad.isEmpty()) problems << bad;

  const QString pattern = specPattern(spec);
  if (!specPatternVocabulary().contains(pattern))
    problems << QStringLiteral("pattern.primary: \"%1\" is not one of %2")
                    .arg(pattern, specPatternVocabulary().join(QStringLiteral(", ")));

  auto checkList = [&problems, &spec](const char* key) {
    const json& arr = member(spec, key);
    if (!arr.is_array() || arr.empty()) {
      problems << QStringLiteral("%1: at least one is needed").arg(QLatin1String(key));
      return;
    }
    for (size_t i = 0; i < arr.size(); ++i) {
      const json& t = arr[i];
      const QString where = QStringLiteral("%1[%2]").arg(QLatin1String(key)).arg(i);
      const QString kind = str(t, "kind");
      const QString dtype = str(t, "dtype");
      if (kind == u"scalar") {
        if (dtype != u"float" && dtype != u"int" && dtype != u"bool")
          problems << QStringLiteral("%1.dtype: \"%2\" is not a scalar dtype (float, int, bool)").arg(where, dtype);
        continue;
      }
      if (kind != u"tensor") {
        problems << QStringLiteral("%1.kind: \"%2\" must be tensor or scalar").arg(where, kind);
        continue;
      }
      if (!knownDtypes().contains(dtype))
        problems << QStringLiteral("%1.dtype: \"%2\" is not a known dtype (%3)")
                        .arg(where, dtype, knownDtypes().join(QStringLiteral(", ")));
      const json& shape = member(t, "shape");
      if (!shape.is_array()) {
        problems << QStringLiteral("%1.shape: missing").arg(where);
        continue;
      }
      for (size_t d = 0; d < shape.size(); ++d)
        if (!shape[d].is_number_integer() || shape[d].get<qint64>() <= 0)
          problems << QStringLiteral("%1.shape[%2]: must be a positive integer, found %3")
                          .arg(where)
                          .arg(d)
                          .arg(QString::fromStdString(shape[d].dump()));
      const json& stride = member(t, "stride");
      if (stride.is_array() && stride.size() != shape.size())
        problems << QStringLiteral("%1.stride: %2 entries for a rank-%3 shape")
                        .arg(where)
                        .arg(stride.size())
                        .arg(shape.size());
    }
  };
  checkList("inputs");
  checkList("outputs");

  const json& thr = member(member(spec, "accuracy"), "rel_err_threshold");
  if (!thr.is_number() || !(thr.get<double>() > 0.0))
    problems << QStringLiteral("accuracy.rel_err_threshold: must be a number > 0, found %1")
                    .arg(thr.is_null() ? QStringLiteral("nothing") : QString::fromStdString(thr.dump()));
  for (const char* key : {"flops", "bytes"}) {
    const json& e = member(member(spec, key), "expr");
    if (!e.is_string() || QString::fromStdString(e.get<std::string>()).trimmed().isEmpty())
      problems << QStringLiteral("%1.expr: must be a non-empty expression").arg(QLatin1String(key));
  }
  return problems;
}

}  // namespace kwb
