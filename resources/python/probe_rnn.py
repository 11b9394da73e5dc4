"""Recurrent modules in the probe: one kwb::rnn op per nn.RNN / nn.GRU / nn.LSTM call.

torch lowers nn.GRU on meta tensors to its per-timestep aten ops (39_GRU: ~36870 of them), a graph no
planner should see. While forward() is traced, the three classes' forward is replaced by one that records a
single op, kwb::rnn (schema RNN_SCHEMA below; docs/CONTRACTS.md section 1), whose outputs are meta tensors
of torch's documented shapes. The module's weights are its Tensor[] `params` operand in _flat_weights_names
order (weight_ih_l0, weight_hh_l0, bias_ih_l0, bias_hh_l0, then the _reverse ones, per layer), so the
planner finds them by their state_dict names in the op's refs. A call the op does not describe (a
PackedSequence, an unbatched 2-D input, LSTM's proj_size) runs the original forward and is traced op by op.
"""
import torch

from probe_trace import kwb_op

RNN_SCHEMA = ("rnn(Tensor input, Tensor? hx, Tensor? cx, Tensor[] params, str mode, int input_size, "
              "int hidden_size, int num_layers, bool bias, bool batch_first, bool bidirectional, float dropout, "
              "bool train, str module) -> Tensor[]")


def rnn_op():
    """torch.ops.kwb.rnn.default, defined once per process (schema only: it is recorded, never run)."""
    return kwb_op(RNN_SCHEMA)


def patch_rnn_modules(tracer, model, user_line):
    """Replaces nn.RNN/GRU/LSTM.forward for the forward trace; returns the undo function."""
    from torch.nn.utils.rnn import PackedSequence
    names = {id(m): n for n, m in model.named_modules()}
    classes = [torch.nn.RNN, torch.nn.GRU, torch.nn.LSTM]
    originals = {cls: cls.__dict__["forward"] for cls in classes}

    def make(orig):
        def forward(self, input, hx=None):
            lstm = self.mode == "LSTM"
            if (tracer.phase != "forward" or isinstance(input, PackedSequence) or not isinstance(input, torch.Tensor)
                    or input.dim() != 3 or getattr(self, "proj_size", 0)):
                return orig(self, input, hx)
            if lstm and hx is not None:
                h0, c0 = hx
            else:
                h0, c0 = hx, None
            d = 2 if self.bidirectional else 1
            b, t = (input.shape[0], input.shape[1]) if self.batch_first else (input.shape[1], input.shape[0])
            shape = [b, t, d * self.hidden_size] if self.batch_first else [t, b, d * self.hidden_size]
            state = [self.num_layers * d, b, self.hidden_size]
            start = len(tracer.ops)
            outs = [torch.empty(shape, dtype=input.dtype, device="meta"),
                    torch.empty(state, dtype=input.dtype, device="meta")]
            if lstm:
                outs.append(torch.empty(state, dtype=input.dtype, device="meta"))
            del tracer.ops[start:], tracer.op_functions[start:]   # the outputs' allocations are not ops
            params = [getattr(self, n) for n in self._flat_weights_names]
            args = (input, h0, c0, params, self.mode, int(self.input_size), int(self.hidden_size),
                    int(self.num_layers), bool(self.bias), bool(self.batch_first), bool(self.bidirectional),
                    float(self.dropout), bool(self.training), names.get(id(self), ""))
            for o in outs:
                tracer.keep(o)
            tracer.record(rnn_op(), args, {}, outs, user_line(tracer.logic_path))
            return outs[0], ((outs[1], outs[2]) if lstm else outs[1])
        return forward

    for cls in classes:
        cls.forward = make(originals[cls])

    def undo():
        for cls in classes:
            cls.forward = originals[cls]
    return undo
