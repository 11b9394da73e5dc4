// Writes into forward()'s own buffers and the uninitialised-read check (bufferwrites.h).
#include "core/codegen/bufferwrites.h"

#include "core/codegen/anchors/common.h"

#include <QSet>

#include <algorithm>
#include <limits>

namespace kwb {

namespace {

using nlohmann::json;

/// Element boxes over a buffer's dims: [lo, hi) per dim.
struct Box {
  QList<qint64> lo, hi;
};

/// Where a ref reads or writes inside a buffer.
struct Region {
  const GraphOp* root = nullptr;
  Box box;
  bool exact = true;     ///< the box is exactly the elements (no strided slice, no other view on the way)
  bool writable = true;  ///< only detach / alias and slice / select views on the way (the planner's copy target)
};

/// In-place ops that overwrite their target without reading it (the planner plans the first three).
bool overwrites(const QString& n) {
  static const QSet<QString> s = {QStringLiteral("copy"),      QStringLiteral("fill"),       QStringLiteral("zero"),
                                  QStringLiteral("bernoulli"), QStringLiteral("uniform"),    QStringLiteral("normal"),
                                  QStringLiteral("random"),    QStringLiteral("exponential")};
  return s.contains(n);
}

bool plannedWrite(const GraphOp& o) {
  return !o.mutates.isEmpty() && (o.name == u"copy" || o.name == u"fill" || o.name == u"zero");
}

qint64 intArg(const json& a, const char* key, qint64 fallback) {
  const json v = a.value(key, json());
  return v.is_number_integer() ? v.get<qint64>() : fallback;
}

QString boxText(const Box& b) {
  QStringList d;
  for (int k = 0; k < b.lo.size(); ++k) d << QStringLiteral("%1:%2").arg(b.lo.at(k)).arg(b.hi.at(k));
  return u'[' + d.join(QStringLiteral(", ")) + u']';
}

/// A cell of @p read that no box of @p writes holds (true, *cell set), by coordinate compression; a read of more
/// than 2^20 cells counts as uncovered (the whole read).
bool uncovered(const Box& read, const QList<Box>& writes, Box* cell) {
  const int n = static_cast<int>(read.lo.size());
  QList<QList<qint64>> cuts(n);
  qint64 cells = 1;
  for (int d = 0; d < n; ++d) {
    if (read.hi.at(d) <= read.lo.at(d)) return false;  // an empty read
    cuts[d] = {read.lo.at(d), read.hi.at(d)};
    for (const Box& w : writes)
      for (qint64 c : {w.lo.value(d), w.hi.value(d)})
        if (c > read.lo.at(d) && c < read.hi.at(d)) cuts[d] << c;
    std::sort(cuts[d].begin(), cuts[d].end());
    cuts[d].erase(std::unique(cuts[d].begin(), cuts[d].end()), cuts[d].end());
    cells *= cuts[d].size() - 1;
    if (cells > (qint64(1) << 20)) {
      *cell = read;
      return true;
    }
  }
  // One counter per dimension, sized from cuts (whose size GCC 12 knows): QList(n, 0) on the int n made its -O3
  // -DQT_NO_DEBUG inlining warn of a memset of a negative size (-Wstringop-overflow; new-user trial 19, #18).
  QList<int> at(cuts.size(), 0);
  for (qint64 c = 0; c < cells; ++c) {
    Box b;
    for (int d = 0; d < n; ++d) {
      b.lo << cuts[d].at(at[d]);
      b.hi << cuts[d].at(at[d] + 1);
    }
    const bool held = std::any_of(writes.begin(), writes.end(), [&](const Box& w) {
      if (w.lo.size() != n) return false;
      for (int d = 0; d < n; ++d)
        if (w.lo.at(d) > b.lo.at(d) || w.hi.at(d) < b.hi.at(d)) return false;
      return true;
    });
    if (!held) {
      *cell = b;
      return true;
    }
    for (int d = n - 1; d >= 0 && ++at[d] == cuts[d].size() - 1; --d) at[d] = 0;
  }
  return false;
}

class Scan {
 public:
  Scan(const QList<GraphOp>& ops, const ResizedTrace* resized) : m_ops(ops), m_resized(resized) {
    for (int i = 0; i < ops.size(); ++i) m_index.insert(ops.at(i).id, i);
  }

  /// The region of the buffer that @p ref views; nullopt when it views no buffer factory (or sizes are unknown).
  std::optional<Region> region(const QString& ref) const {
    QList<const GraphOp*> chain;  // the views, the buffer's first
    QString r = ref;
    const GraphOp* root = nullptr;
    for (int guard = 0; guard < 64 && !root; ++guard) {
      const auto it = m_index.constFind(r);
      if (it == m_index.cend()) return std::nullopt;
      const GraphOp& o = m_ops.at(*it);
      if (isBufferFactory(o.name)) {
        root = &o;
      } else if (plannedWrite(o)) {  // copy_ / fill_ return their target
        r = o.mutates.first();
      } else if (o.view && !o.refs.isEmpty()) {
        chain.prepend(&o);
        r = o.refs.first();
      } else {
        return std::nullopt;
      }
    }
    if (!root) return std::nullopt;
    const auto shape = shapeOf(*root);
    if (!shape) return std::nullopt;
    Region g;
    g.root = root;
    QList<int> map;  // a view dim -> the buffer's dim
    for (int d = 0; d < shape->size(); ++d) {
      g.box.lo << 0;
      g.box.hi << shape->at(d);
      map << d;
    }
    bool opaque = false;  // after a view the box no longer follows: it stays (a superset of what is read)
    for (const GraphOp* o : std::as_const(chain)) {
      const json a = argsOf(*o);
      const bool slice = o->name == u"slice", select = o->name == u"select";
      if (o->name == u"detach" || o->name == u"alias" || o->name == u"lift_fresh") continue;
      if (!slice && !select) {
        g.writable = false;
        opaque = true;
      }
      if (opaque) continue;
      qint64 d = intArg(a, "dim", 0);
      if (d < 0) d += map.size();
      if (d < 0 || d >= map.size()) return std::nullopt;
      const int rd = map.at(d);
      const qint64 lo = g.box.lo.at(rd), len = g.box.hi.at(rd) - lo;
      auto clamp = [&](qint64 v) { return std::clamp(v < 0 ? v + len : v, qint64(0), len); };
      if (select) {
        const qint64 i = clamp(intArg(a, "index", 0));
        g.box.lo[rd] = lo + i;
        g.box.hi[rd] = lo + std::min(i + 1, len);
        map.removeAt(d);
        continue;
      }
      const qint64 s = clamp(intArg(a, "start", 0)), e = std::max(s, clamp(intArg(a, "end", len)));
      g.box.lo[rd] = lo + s;
      g.box.hi[rd] = lo + e;
      if (intArg(a, "step", 1) != 1) opaque = true;  // every step-th element: the range bounds it
    }
    g.exact = !opaque;
    return g;
  }

  /// Why an element of an empty buffer is read before it is written ("" when none is), at these sizes.
  QString check(const QStringList& outRefs, const QString& sizes) const {
    QHash<const GraphOp*, QList<Box>> written;
    auto read = [&](const QString& ref, const QString& reader) -> QString {
      const auto g = region(ref);
      if (!g || !isEmptyFactory(g->root->name)) return {};
      Box cell;
      if (!uncovered(g->box, written.value(g->root), &cell)) return {};
      return QStringLiteral(
                 "%1 reads elements %2 of %3's uninitialised tensor of shape %4, which nothing wrote "
                 "before it (at %5): torch.empty / empty_like / new_empty memory holds whatever was "
                 "there, so no two runs and no reference agree on it. Write every element before "
                 "reading it, or allocate with zeros / new_zeros / full")
          .arg(reader, boxText(cell), anchors::where(*g->root), anchors::shapeText(shapeOf(*g->root).value()), sizes);
    };
    for (const GraphOp& o : m_ops) {
      if (!o.view && !isBufferFactory(o.name))
        for (const QString& r : o.refs) {
          if (overwrites(o.name) && o.mutates.contains(r)) continue;  // a target it only writes
          const QString why = read(r, anchors::where(o));
          if (!why.isEmpty()) return why;
        }
      for (const QString& t : o.mutates) {
        const auto g = region(t);
        if (g && g->exact) written[g->root] << g->box;
      }
    }
    for (const QString& r : outRefs) {
      const QString why = read(r, QStringLiteral("forward()'s result"));
      if (!why.isEmpty()) return why;
    }
    return {};
  }

  void useResized(bool on) { m_useResized = on; }

 private:
  std::optional<QList<qint64>> shapeOf(const GraphOp& o) const {
    if (m_useResized) return m_resized ? m_resized->shape(o.id) : std::nullopt;
    if (o.outputs.isEmpty()) return std::nullopt;
    return o.outputs.first().shape;
  }
  json argsOf(const GraphOp& o) const { return m_useResized && m_resized ? m_resized->args(o) : o.args; }

  const QList<GraphOp>& m_ops;
  const ResizedTrace* m_resized;
  QHash<QString, int> m_index;
  bool m_useResized = false;
};

}  // namespace

bool isEmptyFactory(const QString& n) { return n == u"empty" || n == u"empty_like" || n == u"new_empty"; }

bool isBufferFactory(const QString& n) {
  static const QSet<QString> s = {
      QStringLiteral("zeros"),      QStringLiteral("ones"),      QStringLiteral("full"),
      QStringLiteral("zeros_like"), QStringLiteral("ones_like"), QStringLiteral("full_like"),
      QStringLiteral("new_zeros"),  QStringLiteral("new_ones"),  QStringLiteral("new_full")};
  return isEmptyFactory(n) || s.contains(n);
}

BufferWrites findBufferWrites(const QList<GraphOp>& ops, const QStringList& outRefs, const ResizedTrace* resized) {
  BufferWrites w;
  Scan scan(ops, resized);
  for (const GraphOp& o : ops) {
    if (!plannedWrite(o)) continue;
    const auto g = scan.region(o.mutates.first());
    if (!g || !g->writable) continue;
    w.buffer.insert(o.id, g->root->id);
    if (isEmptyFactory(g->root->name) && !w.written.contains(g->root->id)) w.written << g->root->id;
  }
  w.why = scan.check(outRefs, QStringLiteral("the spec's sizes"));
  if (w.why.isEmpty() && resized) {
    scan.useResized(true);
    w.why = scan.check(outRefs, QStringLiteral("the sizes the harness resizes to"));
  }
  return w;
}

QString lostViewWrite(const QList<GraphOp>& ops, const QStringList& outRefs, const QHash<QString, QString>& skip) {
  QHash<QString, int> index;
  for (int i = 0; i < ops.size(); ++i) index.insert(ops.at(i).id, i);
  // the tensor whose memory a ref views: back through views (a clone or contiguous copy is a tensor of its own)
  auto base = [&](QString r) {
    for (int guard = 0; guard < 64; ++guard) {
      const auto it = index.constFind(r);
      if (it == index.cend()) break;
      const GraphOp& o = ops.at(*it);
      if (!o.view || o.refs.isEmpty() || o.name == u"clone" || o.name == u"contiguous" || isEmptyFactory(o.name)) break;
      r = o.refs.first();
    }
    return r;
  };
  for (int i = 0; i < ops.size(); ++i) {
    const GraphOp& o = ops.at(i);
    if (o.category != u"Elementwise" || o.mutatesState || o.name == u"bernoulli" || skip.contains(o.id)) continue;
    for (const QString& t : o.mutates) {
      const QString b = base(t);
      if (b == t) continue;  // the op writes a whole tensor: renaming it is that tensor's new value
      auto other = [&](const QString& r) { return r != t && !r.isEmpty() && base(r) == b; };
      QString reader;
      for (int k = i + 1; k < ops.size() && reader.isEmpty(); ++k)
        for (const QString& r : ops.at(k).refs)
          if (other(r) && !ops.at(k).view) reader = anchors::where(ops.at(k));
      for (const QString& r : outRefs)
        if (reader.isEmpty() && other(r)) reader = QStringLiteral("forward()'s result");
      if (!reader.isEmpty())
        return QStringLiteral(
                   "%1 writes in place through a view of another tensor, which %2 reads afterwards; the "
                   "chain planner computes in-place ops out of place, so that write would be lost (write "
                   "the new value out of place, e.g. torch.cat of the parts, or copy_ into a buffer)")
            .arg(anchors::where(o), reader);
    }
  }
  return {};
}

}  // namespace kwb

namespace kwb {

namespace {

bool viewWriteOp(const GraphOp& o) {
  return !o.mutates.isEmpty() && !o.mutatesState && o.name != u"bernoulli" &&
         (o.category == u"Elementwise" || o.name == u"copy" || o.name == u"fill" || o.name == u"zero");
}

/// A view that shares its operand's memory (a clone, a contiguous copy or a factory is a tensor of its own).
bool aliasingView(const GraphOp& o) {
  return o.view && !o.refs.isEmpty() && !o.refs.first().isEmpty() && o.name != u"clone" && o.name != u"contiguous" &&
         !isBufferFactory(o.name) && o.name != u"empty";
}

bool multiOutputView(const QString& n) {
  return n == u"split" || n == u"split_with_sizes" || n == u"unsafe_split" || n == u"chunk" || n == u"unbind";
}

void mapJsonRefs(json* j, const std::function<QString(const QString&)>& map) {
  if (j->is_string()) {
    *j = map(QString::fromStdString(j->get<std::string>())).toStdString();
  } else if (j->is_array() || j->is_object()) {
    for (auto& v : *j) mapJsonRefs(&v, map);
  }
}

}  // namespace

ViewWrites functionalizeViewWrites(QList<GraphOp>* ops, QStringList* outRefs, const QList<TensorInfo>& inputs) {
  const QList<GraphOp> orig = *ops;
  QHash<QString, int> index;
  for (int i = 0; i < orig.size(); ++i) index.insert(orig.at(i).id, i);
  QHash<QString, TensorInfo> inputInfo;
  for (const TensorInfo& t : inputs) inputInfo.insert(t.name, t);

  // back from a ref through aliasing views and in-place ops (which return their target) to the tensor whose memory
  // it views; views: the way down from it, the tensor's first
  struct Walk {
    QString base;
    QList<const GraphOp*> views;
    bool sliceOnly = true;  // only slice / select / detach / alias views on the way
    bool slicing = false;   // a slice or select among them (else the write covers the whole tensor)
    bool multi = false;     // a split / chunk / unbind output on the way (not re-taken: tN_k names)
  };
  auto walk = [&](QString r) {
    Walk w;
    for (int guard = 0; guard < 256; ++guard) {
      auto it = index.constFind(r);
      if (it == index.cend()) {
        const qsizetype us = r.lastIndexOf(u'_');
        const auto head = us > 0 ? index.constFind(r.left(us)) : index.cend();
        if (head == index.cend() || !aliasingView(orig.at(*head))) break;
        it = head;  // the k-th output of a split-like view
      }
      const GraphOp& o = orig.at(*it);
      if (viewWriteOp(o)) {
        r = o.mutates.first();
        continue;
      }
      if (!aliasingView(o)) break;
      w.views.prepend(&o);
      const bool sl = o.name == u"slice" || o.name == u"select";
      w.slicing = w.slicing || sl;
      w.sliceOnly = w.sliceOnly && (sl || o.name == u"detach" || o.name == u"alias" || o.name == u"lift_fresh");
      w.multi = w.multi || multiOutputView(o.name);
      r = o.refs.first();
    }
    w.base = r;
    return w;
  };

  QList<GraphOp> out;
  QHash<QString, QString> cur;   // a written tensor -> the ref of its current version
  QHash<QString, QString> memo;  // view id @ version -> the id of that view re-taken on the version
  ViewWrites vw;
  bool abort = false;
  int serial = 0;
  std::function<QString(const QString&)> map = [&](const QString& r) -> QString {
    if (r.isEmpty()) return r;
    const Walk w = walk(r);
    if (!cur.contains(w.base)) return r;
    if (w.multi) {
      abort = true;
      return r;
    }
    QString at = cur.value(w.base);
    for (const GraphOp* v : w.views) {
      const QString key = v->id + u'@' + at;
      if (const auto m = memo.constFind(key); m != memo.cend()) {
        at = *m;
        continue;
      }
      GraphOp c = *v;
      c.id = QStringLiteral("%1_kv%2").arg(v->id).arg(++serial);
      for (qsizetype k = 1; k < c.refs.size(); ++k) c.refs[k] = map(c.refs.at(k));
      for (auto it = c.operands.begin(); it != c.operands.end(); ++it)
        it.value() = it.value() == v->refs.first() ? at : map(it.value());
      c.refs[0] = at;
      for (TensorInfo& t : c.outputs) t.ref = c.id;
      vw.origin.insert(c.id, v->id);
      out << c;
      memo.insert(key, c.id);
      at = c.id;
    }
    return at;
  };
  // the shape and dtype of a ref (an input, an op's first output, one of the new ops)
  auto infoOf = [&](const QString& r) -> std::optional<TensorInfo> {
    if (inputInfo.contains(r)) return inputInfo.value(r);
    for (auto it = out.crbegin(); it != out.crend(); ++it)
      if (it->id == r && !it->outputs.isEmpty()) return it->outputs.first();
    if (const auto it = index.constFind(r); it != index.cend() && !orig.at(*it).outputs.isEmpty())
      return orig.at(*it).outputs.first();
    return std::nullopt;
  };
  auto mapOp = [&](GraphOp* o, const QString& keepRef = QString()) {
    for (QString& r : o->refs)
      if (r != keepRef) r = map(r);
    for (auto it = o->operands.begin(); it != o->operands.end(); ++it)
      if (it.value() != keepRef) it.value() = map(it.value());
    if (o->pw.is_object()) mapJsonRefs(&o->pw, [&](const QString& r) { return r == keepRef ? r : map(r); });
  };

  for (const GraphOp& op : orig) {
    if (abort) break;
    if (aliasingView(op) && cur.contains(walk(op.id).base)) continue;  // re-taken on the current version when read
    const Walk w = viewWriteOp(op) ? walk(op.mutates.first()) : Walk{};
    const GraphOp* baseOp = index.contains(w.base) ? &orig.at(index.value(w.base)) : nullptr;
    const bool rewrite =
        viewWriteOp(op) && w.slicing && w.sliceOnly && !w.multi &&
        (inputInfo.contains(w.base) || (baseOp && !isBufferFactory(baseOp->name) && !baseOp->mutatesState));
    if (!rewrite) {
      GraphOp o = op;
      mapOp(&o);
      if (!op.mutates.isEmpty() && cur.contains(walk(op.mutates.first()).base)) {
        // a whole write of a rewritten tensor (x.mul_(2) after x[:, 0] = 0): the planner renames an in-place pointwise
        // op's target to its id (renameInPlace), so that id is the next version; any other in-place op is left to
        // the planner's refusal on the original trace
        const Walk ww = walk(op.mutates.first());
        if (op.category != u"Elementwise" || ww.slicing || o.mutates.size() != 1) {
          abort = true;
          break;
        }
        for (QString& m : o.mutates) m = map(m);
        cur.insert(ww.base, o.id);
      }
      out << o;
      continue;
    }
    const QString target = op.mutates.first();
    const QString version = cur.value(w.base, w.base);
    const auto info = infoOf(version);
    const auto tinfo = infoOf(target);
    if (!info || !tinfo) {
      abort = true;
      break;
    }
    // the new value of the view, read from the current version
    GraphOp write = op;
    QString src;
    const bool pointwise = op.name != u"copy" && op.name != u"fill" && op.name != u"zero";
    if (pointwise) {
      GraphOp f = op;
      f.id = op.id + QStringLiteral("_kf");
      f.mutates.clear();
      mapOp(&f);
      for (TensorInfo& t : f.outputs) t.ref = f.id;
      vw.origin.insert(f.id, op.id);
      out << f;
      src = f.id;
    } else {
      mapOp(&write, target);
    }
    // the next version: a copy of the current one, then the write into its view
    TensorInfo e = *info;
    e.name.clear();
    if (e.dtype == u"float16" || e.dtype == u"bfloat16") e.dtype = QStringLiteral("float32");
    GraphOp buf;
    buf.id = op.id + QStringLiteral("_kb");
    buf.name = QStringLiteral("empty_like");
    buf.function = op.function;
    buf.line = op.line;
    buf.args = json::object();
    buf.view = true;
    buf.refs = {version};
    buf.operands.insert(QStringLiteral("self"), version);
    buf.inputs = {*info};
    e.ref = buf.id;
    buf.outputs = {e};
    GraphOp copy;
    copy.id = op.id + QStringLiteral("_kc");
    copy.name = QStringLiteral("copy");
    copy.category.clear();  // as the probe records copy_
    copy.function = op.function;
    copy.line = op.line;
    copy.args = json::object();
    copy.refs = {buf.id, version};
    copy.operands = {{QStringLiteral("self"), buf.id}, {QStringLiteral("src"), version}};
    copy.inputs = {e, *info};
    copy.outputs = {e};
    copy.mutates = {buf.id};
    vw.origin.insert(buf.id, version);
    vw.origin.insert(copy.id, version);
    out << buf << copy;
    cur.insert(w.base, buf.id);
    const QString view = map(target);
    if (pointwise) {
      write.name = QStringLiteral("copy");
      write.category.clear();
      write.args = json::object();
      write.pw = json();
      write.refs = {view, src};
      write.operands = {{QStringLiteral("self"), view}, {QStringLiteral("src"), src}};
      write.inputs = {*tinfo, *tinfo};
    } else {
      for (QString& r : write.refs)
        if (r == target) r = view;
      for (auto it = write.operands.begin(); it != write.operands.end(); ++it)
        if (it.value() == target) it.value() = view;
    }
    write.mutates = {view};
    out << write;
    ++vw.rewritten;
  }
  if (abort || vw.rewritten == 0) return {};
  QStringList mapped;
  for (const QString& r : std::as_const(*outRefs)) mapped << map(r);
  if (abort) return {};
  for (auto it = cur.cbegin(); it != cur.cend(); ++it)
    if (inputInfo.contains(it.key())) vw.finalOf.insert(it.key(), it.value());
  *ops = out;
  *outRefs = mapped;
  return vw;
}

}  // namespace kwb
