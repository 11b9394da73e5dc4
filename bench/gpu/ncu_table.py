"""Markdown table of an `ncu --csv` run of bench/gpu/ncu_bytes.py: per kernel its duration, DRAM MiB read and
written, the DRAM rate those bytes make over the duration, and the L2 read hit rate.

Usage: python3 ncu_table.py NCU_CSV [NCU_CSV ...]   (CPU only; lines outside the CSV are ignored)
"""
import csv
import os
import sys


def rows(path):
    lines = [line for line in open(path) if line.startswith('"')]
    table = list(csv.reader(lines))
    hdr, data = table[0], table[1:]
    col = {name: hdr.index(name) for name in ("ID", "Kernel Name", "Grid Size", "Metric Name", "Metric Value")}
    kernels = {}
    for d in data:
        key = (int(d[col["ID"]]), d[col["Kernel Name"]], d[col["Grid Size"]])
        kernels.setdefault(key, {})[d[col["Metric Name"]]] = float(d[col["Metric Value"]].replace(",", ""))
    return sorted(kernels.items())


def main():
    print("| file | # | kernel | grid | µs | DRAM read MiB | DRAM write MiB | TB/s | L2 read hit % |")
    print("|---|---:|---|---|---:|---:|---:|---:|---:|")
    for path in sys.argv[1:]:
        for (i, name, grid), m in rows(path):
            us = m["gpu__time_duration.sum"] / 1e3
            rd, wr = m["dram__bytes_read.sum"], m["dram__bytes_write.sum"]
            if us < 5:  # torch's counter fills and other launch plumbing
                continue
            short = name if len(name) < 48 else name[:45] + "..."
            print("| %s | %d | `%s` | %s | %.1f | %.1f | %.1f | %.2f | %.1f |" % (
                os.path.basename(path), i, short, grid.strip("()").replace(", 1, 1", ""), us, rd / 2**20, wr / 2**20,
                (rd + wr) / us / 1e6, m["lts__t_sector_op_read_hit_rate.pct"]))


if __name__ == "__main__":
    main()
