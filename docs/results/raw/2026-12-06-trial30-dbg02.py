import sys, importlib.util, torch
sys.path.insert(0, "tests/data/codegen/fake_triton")
def load(p, n):
    s = importlib.util.spec_from_file_location(n, p); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); return m
P = load("docs/results/trial30-problems/02_rope_position_ids_gather.py", "prob")
K = load("/tmp/trial30/out/02_rope_position_ids_gather.triton.py", "kern")
torch.manual_seed(0)
ref = P.Model(128, 4096)
new = K.ModelNew(128, 4096)
new.load_state_dict(ref.state_dict(), strict=False)
for n, b in ref.named_buffers(): setattr(new, n, b.clone())  # comment out: rel_err 1 (the zero buffers of #1)
B, NH, S = 1, 2, 8
q = torch.randn(B, NH, S, 128); k = torch.randn(B, NH, S, 128); pos = torch.randint(0, 4096, (B, S))
t0 = K.kwb_index(new.cos_cached, pos, 0)
print("gather ok:", torch.allclose(t0, ref.cos_cached[pos]), t0.shape)
r = ref(q, k, pos); o = new(q, k, pos)
for a, b in zip(r, o):
    print("out err", ((a - b).norm() / a.norm()).item())
# compare against manual piece
print("q*cos only", ((o[0] - q * ref.cos_cached[pos].unsqueeze(1)).norm() / r[0].norm()).item())
print("new buffers", [n for n, _ in new.named_buffers()], "ref", [n for n, _ in ref.named_buffers()])
print("cos equal", torch.equal(new.cos_cached, ref.cos_cached))
