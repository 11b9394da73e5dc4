#include "core/codegen/linrec.h"

#include <QLocale>
#include <QMap>

#include <algorithm>
#include <cmath>

namespace kwb {

namespace {

using nlohmann::json;

bool isFloat(const QString& dt) {
  return dt.startsWith(QLatin1String("float")) || dt.startsWith(QLatin1String("bfloat"));
}

QString num(double v) {
  if (!std::isfinite(v)) return QString();
  QString s = QString::number(v, 'g', QLocale::FloatingPointShortest);
  if (!s.contains(u'.') && !s.contains(u'e') && !s.contains(u'n') && !s.contains(u'i')) s += QStringLiteral(".0");
  return v < 0 ? u'(' + s + u')' : s;
}

/// An affine form in the previous state h: dep ? a * h + b : e ("" in a / b: zero).
struct Lin {
  bool ok = true;
  bool dep = false;
  QString a, b, e;
};

Lin failed() {
  Lin l;
  l.ok = false;
  return l;
}

QString sum(const QString& p, const QString& q, bool minus) {
  if (q.isEmpty()) return p;
  if (p.isEmpty()) return minus ? QStringLiteral("(-%1)").arg(q) : q;
  return QStringLiteral("(%1 %2 %3)").arg(p, minus ? QStringLiteral("-") : QStringLiteral("+"), q);
}

QString prod(const QString& p, const QString& q, const QChar op = u'*') {
  if (p.isEmpty()) return QString();  // zero times anything (a finite step value) is zero
  if (op == u'*' && p == u"1.0") return q;
  if (q == u"1.0") return p;
  return QStringLiteral("(%1 %2 %3)").arg(p, QString(op), q);
}

struct LeafKey {
  QString root;
  int dim = -1;
  qint64 index = 0;
  qint64 len = 0;
  QList<qint64> shape;
};

/// One walk of a state's expression back to its leaves, with @c var the previous state's id.
class Walker {
 public:
  Walker(const QHash<QString, const GraphOp*>& byId, const QHash<QString, TensorInfo>& roots, const QString& var)
      : m_byId(byId), m_roots(roots), m_var(var.isEmpty() ? var : resolve(var)) {}

  Lin walk(const QString& ref) {
    const QString r = resolve(ref);
    if (!m_var.isEmpty() && r == m_var) {
      Lin l;
      l.dep = true;
      l.a = QStringLiteral("1.0");
      return l;
    }
    if (const auto it = m_memo.constFind(r); it != m_memo.cend()) return *it;
    if (++m_budget > 4096) return failed();
    const Lin l = compute(r);
    if (l.ok && l.dep) depOps.insert(r);
    m_memo.insert(r, l);
    return l;
  }

  QString resolve(QString r) {
    static const QSet<QString> aliases = {QStringLiteral("detach"), QStringLiteral("clone"), QStringLiteral("alias"),
                                          QStringLiteral("contiguous"), QStringLiteral("lift_fresh")};
    for (int guard = 0; guard < 64; ++guard) {
      const GraphOp* o = m_byId.value(r);
      if (!o || !aliases.contains(o->name) || o->refs.isEmpty() || !o->mutates.isEmpty()) break;
      visited.insert(o->id);
      r = o->refs.first();
    }
    return r;
  }

  QList<LeafKey> leaves;
  QSet<QString> visited, depOps;

 private:
  Lin leaf(const LeafKey& k) {
    if (!isFloat(m_roots.value(k.root).dtype)) return failed();
    int at = -1;
    for (int i = 0; i < leaves.size(); ++i)
      if (leaves.at(i).root == k.root && leaves.at(i).dim == k.dim && leaves.at(i).index == k.index) at = i;
    if (at < 0) {
      at = static_cast<int>(leaves.size());
      leaves << k;
    }
    Lin l;
    l.e = QStringLiteral("v%1").arg(at);
    return l;
  }

  Lin operand(const json& v) {
    if (v.is_string()) return walk(QString::fromStdString(v.get<std::string>()));
    if (v.is_object() && v.contains("const") && v.at("const").is_number() && !v.at("const").is_boolean()) {
      Lin l;
      l.e = num(v.at("const").get<double>());
      return l.e.isEmpty() ? failed() : l;
    }
    return failed();
  }

  Lin compute(const QString& r) {
    if (m_roots.contains(r)) return leaf({r, -1, 0, 0, m_roots.value(r).shape});
    const GraphOp* o = m_byId.value(r);
    if (!o || !o->mutates.isEmpty() || o->outputs.size() != 1 || !isFloat(o->outputs.first().dtype)) return failed();
    if (o->view) return viewLeaf(o);
    const QString n = o->name;
    static const QSet<QString> zeros = {QStringLiteral("zeros"), QStringLiteral("zeros_like"),
                                        QStringLiteral("new_zeros")};
    static const QSet<QString> ones = {QStringLiteral("ones"), QStringLiteral("ones_like"), QStringLiteral("new_ones")};
    static const QSet<QString> fulls = {QStringLiteral("full"), QStringLiteral("full_like"),
                                        QStringLiteral("new_full")};
    if (zeros.contains(n) || ones.contains(n) || fulls.contains(n)) {
      visited.insert(o->id);
      Lin l;
      if (zeros.contains(n)) l.e = QStringLiteral("0.0");
      if (ones.contains(n)) l.e = QStringLiteral("1.0");
      if (fulls.contains(n)) {
        const json f = o->args.value("fill_value", json());
        if (!f.is_number() || f.is_boolean()) return failed();
        l.e = num(f.get<double>());
      }
      return l.e.isEmpty() ? failed() : l;
    }
    if (o->category != u"Elementwise" || !o->pw.is_object() || !o->pw.contains("args") || !o->pw.at("args").is_array())
      return failed();
    const json& args = o->pw.at("args");
    const json alphaJ = o->args.value("alpha", json(1));
    if (!alphaJ.is_number() || alphaJ.is_boolean()) return failed();
    const double alpha = alphaJ.get<double>();
    visited.insert(o->id);
    auto arg = [&](size_t i) { return i < args.size() ? operand(args.at(i)) : failed(); };
    if (n == u"add" || n == u"sub" || n == u"rsub") {
      if (args.size() != 2) return failed();
      // rsub(x, other, alpha) = other - alpha * x
      Lin x = arg(n == u"rsub" ? 1 : 0), y = arg(n == u"rsub" ? 0 : 1);
      if (!x.ok || !y.ok) return failed();
      const bool minus = n != u"add";
      auto scaled = [&](const QString& t) { return alpha == 1.0 ? t : prod(t, num(alpha)); };
      Lin l;
      if (!x.dep && !y.dep) {
        l.e = sum(x.e, scaled(y.e), minus);
        return l;
      }
      l.dep = true;
      l.a = sum(x.dep ? x.a : QString(), y.dep ? scaled(y.a) : QString(), minus);
      l.b = sum(x.dep ? x.b : x.e, scaled(y.dep ? y.b : y.e), minus);
      return l.a.isEmpty() ? failed() : l;
    }
    if (n == u"mul" || n == u"div") {
      if (args.size() != 2 || (n == u"div" && !o->args.value("rounding_mode", json()).is_null())) return failed();
      Lin x = arg(0), y = arg(1);
      if (!x.ok || !y.ok || (x.dep && y.dep) || (n == u"div" && y.dep)) return failed();
      const QChar op = n == u"mul" ? u'*' : u'/';
      Lin l;
      if (!x.dep && !y.dep) {
        l.e = QStringLiteral("(%1 %2 %3)").arg(x.e, QString(op), y.e);
        return l;
      }
      const Lin& d = x.dep ? x : y;
      const QString f = x.dep ? y.e : x.e;
      l.dep = true;
      l.a = prod(d.a, f, op);
      l.b = prod(d.b, f, op);
      return l;
    }
    if (args.size() != 1) return failed();
    Lin x = arg(0);
    if (!x.ok) return failed();
    Lin l;
    if (n == u"neg") {
      if (!x.dep) {
        l.e = QStringLiteral("(-%1)").arg(x.e);
        return l;
      }
      l.dep = true;
      l.a = sum(QString(), x.a, true);
      l.b = sum(QString(), x.b, true);
      return l;
    }
    if (x.dep) return failed();  // not affine in the state
    static const QMap<QString, QString> unary = {
        {QStringLiteral("sigmoid"), QStringLiteral("tl.sigmoid(%1)")},
        {QStringLiteral("exp"), QStringLiteral("tl.exp(%1)")},
        {QStringLiteral("log"), QStringLiteral("tl.log(%1)")},
        {QStringLiteral("tanh"), QStringLiteral("(2.0 * tl.sigmoid(2.0 * %1) - 1.0)")},
        {QStringLiteral("sqrt"), QStringLiteral("tl.sqrt(%1)")},
        {QStringLiteral("rsqrt"), QStringLiteral("(1.0 / tl.sqrt(%1))")},
        {QStringLiteral("abs"), QStringLiteral("tl.abs(%1)")},
        {QStringLiteral("reciprocal"), QStringLiteral("(1.0 / %1)")},
        {QStringLiteral("relu"), QStringLiteral("tl.maximum(%1, 0.0)")}};
    if (!unary.contains(n)) return failed();
    l.e = unary.value(n).arg(x.e);
    return l;
  }

  /// x[:, t] and the like: full slices and one select of a forward() input or parameter
  Lin viewLeaf(const GraphOp* o) {
    LeafKey k;
    k.shape = o->outputs.value(0).shape;
    for (int guard = 0; guard < 16 && o; ++guard) {
      visited.insert(o->id);
      const QList<qint64> shape = o->inputs.value(0).shape;
      if (o->name == u"slice") {
        const json d = o->args.value("dim", json(0)), s = o->args.value("start", json(0)),
                   e = o->args.value("end", json()), st = o->args.value("step", json(1));
        if (!d.is_number_integer() || !(s.is_null() || s == 0) || !(st.is_null() || st == 1)) return failed();
        qint64 dd = d.get<qint64>();
        if (dd < 0) dd += shape.size();
        if (dd < 0 || dd >= shape.size() ||
            !(e.is_null() || (e.is_number_integer() && e.get<qint64>() >= shape.at(dd))))
          return failed();
      } else if (o->name == u"select") {
        const json d = o->args.value("dim", json()), i = o->args.value("index", json());
        if (k.dim >= 0 || !d.is_number_integer() || !i.is_number_integer()) return failed();
        qint64 dd = d.get<qint64>(), ii = i.get<qint64>();
        if (dd < 0) dd += shape.size();
        if (dd < 0 || dd >= shape.size()) return failed();
        if (ii < 0) ii += shape.at(dd);
        if (ii < 0 || ii >= shape.at(dd)) return failed();
        k.dim = static_cast<int>(dd);
        k.index = ii;
        k.len = shape.at(dd);
      } else {
        return failed();
      }
      if (o->refs.isEmpty()) return failed();
      const QString next = o->refs.first();
      if (m_roots.contains(next)) {
        k.root = next;
        return leaf(k);
      }
      o = m_byId.value(next);
      if (!o || !o->view) return failed();
    }
    return failed();
  }

  const QHash<QString, const GraphOp*>& m_byId;
  const QHash<QString, TensorInfo>& m_roots;
  QString m_var;
  QHash<QString, Lin> m_memo;
  int m_budget = 0;
};

/// One state's walk: its affine form in the previous state and its leaves.
struct Step {
  Lin lin;
  QList<LeafKey> leaves;
  QSet<QString> visited, depOps;
};

Step walkState(const QHash<QString, const GraphOp*>& byId, const QHash<QString, TensorInfo>& roots,
               const QString& state, const QString& var) {
  Walker w(byId, roots, var);
  Step s;
  s.lin = w.walk(state);
  s.leaves = w.leaves;
  s.visited = w.visited;
  s.depOps = w.depOps;
  return s;
}

bool sameForm(const Step& p, const Step& q) {
  if (!p.lin.ok || !q.lin.ok || !p.lin.dep || !q.lin.dep || p.lin.a != q.lin.a || p.lin.b != q.lin.b ||
      p.leaves.size() != q.leaves.size())
    return false;
  for (qsizetype i = 0; i < p.leaves.size(); ++i)
    if (p.leaves.at(i).root != q.leaves.at(i).root || p.leaves.at(i).dim != q.leaves.at(i).dim) return false;
  return true;
}

/// The refs a state's expression reaches (pointwise ops, their operands, views, factories), depth first.
void reach(const QHash<QString, const GraphOp*>& byId, const QString& r, QStringList* out, QSet<QString>* seen) {
  if (seen->contains(r) || seen->size() > 4096) return;
  seen->insert(r);
  *out << r;
  const GraphOp* o = byId.value(r);
  if (!o || o->view) return;
  for (const QString& x : o->refs) reach(byId, x, out, seen);
}

}  // namespace

QList<LinearRecurrence> findLinearRecurrences(const QList<GraphOp>& ops, const QHash<QString, TensorInfo>& roots,
                                              const QSet<QString>& external) {
  QList<LinearRecurrence> found;
  QHash<QString, const GraphOp*> byId;
  QHash<QString, int> at;
  QHash<QString, QStringList> readers;
  for (int i = 0; i < ops.size(); ++i) {
    byId.insert(ops.at(i).id, &ops.at(i));
    at.insert(ops.at(i).id, i);
    for (const QString& r : ops.at(i).refs) readers[r] << ops.at(i).id;
    for (const QString& r : ops.at(i).operands) readers[r] << ops.at(i).id;
  }
  for (const GraphOp& s : ops) {
    const bool stack = s.name == u"stack";
    if ((!stack && s.name != u"cat") || s.outputs.size() != 1 || !isFloat(s.outputs.first().dtype)) continue;
    const QList<qint64> outShape = s.outputs.first().shape;
    const qint64 rank = outShape.size();
    const json dj = s.args.value("dim", json(0));
    if (!dj.is_number_integer() || rank < 1 || rank > 5) continue;
    qint64 d = dj.get<qint64>();
    if (d < 0) d += rank;
    if (d < 0 || d >= rank) continue;
    QStringList parts;
    QSet<QString> wrappers;  // a cat's unsqueeze views
    Walker aliases(byId, roots, QString());
    bool ok = true;
    for (const QString& r0 : s.refs) {
      QString r = aliases.resolve(r0);
      if (!stack) {
        const GraphOp* u = byId.value(r);
        const json ud = u ? u->args.value("dim", json()) : json();
        if (!u || u->name != u"unsqueeze" || u->refs.isEmpty() || !ud.is_number_integer() ||
            (ud.get<qint64>() + rank) % rank != d) {
          ok = false;
          break;
        }
        wrappers.insert(u->id);
        r = aliases.resolve(u->refs.first());
      }
      if (parts.contains(r)) ok = false;
      parts << r;
    }
    wrappers.unite(aliases.visited);
    if (!ok || parts.size() < 3) continue;
    // the states in trace order (an input or parameter, or a view of one, may be the initial state)
    QStringList u = parts;
    std::stable_sort(u.begin(), u.end(),
                     [&](const QString& p, const QString& q) { return at.value(p, -1) < at.value(q, -1); });
    QList<Step> steps;
    for (qsizetype j = 1; j < u.size() && ok; ++j) {
      steps << walkState(byId, roots, u.at(j), u.at(j - 1));
      ok = steps.last().lin.ok && steps.last().lin.dep && (j == 1 || sameForm(steps.at(0), steps.last()));
    }
    if (!ok) continue;
    // u[0]: a step from an initial state the stack does not hold (zeros, an input), or the stored initial state
    Step init;
    bool firstIsStep = false;
    {
      QStringList cands;
      QSet<QString> seen;
      reach(byId, u.first(), &cands, &seen);
      for (const QString& c : std::as_const(cands)) {
        if (c == u.first()) continue;
        Step s0 = walkState(byId, roots, u.first(), c);
        if (!sameForm(s0, steps.first())) continue;
        Step i0 = walkState(byId, roots, c, QString());
        if (!i0.lin.ok || i0.lin.dep) continue;
        steps.prepend(s0);
        init = i0;
        firstIsStep = true;
        break;
      }
      if (!firstIsStep) {
        init = walkState(byId, roots, u.first(), QString());
        if (!init.lin.ok || init.lin.dep) continue;
      }
    }
    // the leaves' indices move by a constant each step
    const Step& s0 = steps.first();
    QList<qint64> sign;
    for (qsizetype i = 0; i < s0.leaves.size(); ++i) sign << steps.at(1).leaves.at(i).index - s0.leaves.at(i).index;
    for (qsizetype k = 0; k < steps.size() && ok; ++k)
      for (qsizetype i = 0; i < s0.leaves.size() && ok; ++i)
        ok = steps.at(k).leaves.at(i).index == s0.leaves.at(i).index + sign.at(i) * k;
    if (!ok || s0.leaves.size() + init.leaves.size() > 6) continue;
    // the stack holds the states in loop order (or reversed), the stored initial state before the first step
    const qint64 firstStep = firstIsStep ? 0 : 1;
    const qint64 q0 = parts.indexOf(u.at(firstStep));
    const qint64 qs = steps.size() > 1 ? parts.indexOf(u.at(firstStep + 1)) - q0 : 1;
    if (qs != 1 && qs != -1) continue;
    for (qsizetype k = 0; k < steps.size() && ok; ++k) ok = parts.indexOf(u.at(firstStep + k)) == q0 + qs * k;
    if (!ok || (!firstIsStep && parts.indexOf(u.first()) != q0 - qs)) continue;
    // what the stage computes: nothing outside it may read a state or a value of the steps
    QSet<QString> absorbed = wrappers, dep;
    for (const Step& st : std::as_const(steps)) {
      absorbed.unite(st.visited);
      dep.unite(st.depOps);
    }
    absorbed.unite(init.visited);
    for (const QString& x : std::as_const(u))
      if (byId.contains(x)) {
        absorbed.insert(x);
        if (x != u.first() || firstIsStep) dep.insert(x);
      }
    for (bool changed = true; changed && ok;) {
      changed = false;
      for (const QString& x : QSet<QString>(absorbed)) {
        bool outside = external.contains(x);
        for (const QString& rd : readers.value(x)) outside = outside || (rd != s.id && !absorbed.contains(rd));
        if (!outside) continue;
        if (dep.contains(x)) {
          ok = false;
          break;
        }
        absorbed.remove(x);  // a value free of the state read elsewhere too: computed there, recomputed here
        changed = true;
      }
    }
    if (!ok) continue;
    LinearRecurrence r;
    r.stackOp = s.id;
    r.absorbed = absorbed;
    for (qsizetype i = 0; i < s0.leaves.size(); ++i) {
      const LeafKey& k = s0.leaves.at(i);
      r.leaves << LinRecLeaf{k.root, k.dim, k.dim < 0 ? 0 : k.index, k.dim < 0 ? 0 : sign.at(i), k.len, k.shape};
    }
    r.stepLeaves = static_cast<int>(r.leaves.size());
    // the initial state's expression names its leaves v0..; they follow the step's
    QString ie = init.lin.e;
    for (qsizetype i = init.leaves.size() - 1; i >= 0; --i) {
      const LeafKey& k = init.leaves.at(i);
      ie.replace(QStringLiteral("v%1").arg(i), QStringLiteral("v@%1").arg(r.stepLeaves + i));
      r.leaves << LinRecLeaf{k.root, k.dim, k.dim < 0 ? 0 : k.index, 0, k.len, k.shape};
    }
    r.initExpr = ie.replace(QStringLiteral("v@"), QStringLiteral("v"));
    r.stepExpr[0] = s0.lin.a;
    r.stepExpr[1] = s0.lin.b.isEmpty() ? QStringLiteral("0.0") : s0.lin.b;
    r.steps = steps.size();
    r.dim = static_cast<int>(d);
    r.outShape = outShape;
    r.q0 = q0;
    r.qs = qs;
    r.qi = firstIsStep ? -1 : parts.indexOf(u.first());
    QStringList names;
    for (const GraphOp& o : ops)
      if (s0.visited.contains(o.id) && !o.view && o.category == u"Elementwise") names << o.name;
    r.ops = names.join(QStringLiteral(", "));
    r.line = byId.value(u.at(firstStep)) ? byId.value(u.at(firstStep))->line : 0;
    found << r;
  }
  return found;
}

QString linRecLaneSpec(const LinearRecurrence& r) {
  QList<qint64> lane = r.outShape;
  lane.removeAt(r.dim);
  QStringList dims;
  for (qsizetype i = 0; i < lane.size(); ++i) {
    bool spanned = lane.at(i) == 1;
    for (const LinRecLeaf& f : r.leaves) {
      const qsizetype j = i - (lane.size() - f.viewShape.size());  // broadcasting aligns the trailing dims
      spanned = spanned || (j >= 0 && j < f.viewShape.size() && f.viewShape.at(j) == lane.at(i));
    }
    dims << (spanned ? QStringLiteral("None") : QString::number(lane.at(i)));
  }
  return u'[' + dims.join(QStringLiteral(", ")) + u']';
}

QString linRecFunctions(const LinearRecurrence& r, const QString& fn) {
  return QStringLiteral(
             "@triton.jit\n"
             "def %1(v0, v1, v2, v3, v4, v5):\n"
             "    # one step of the recurrence h = A * h + B (%2, line %3): (A, B) of the leaves' values\n"
             "    return %4, %5\n\n\n"
             "@triton.jit\n"
             "def %1_init(v0, v1, v2, v3, v4, v5):\n"
             "    # the state before the first step\n"
             "    return %6\n\n\n")
      .arg(fn, r.ops)
      .arg(r.line)
      .arg(r.stepExpr[0], r.stepExpr[1], r.initExpr);
}

}  // namespace kwb
