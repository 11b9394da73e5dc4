#!/usr/bin/env python3
"""A fake external knowledge tool for tst_plugins. Its behaviour is the first argument:
good (echoes the query into one record), error (a refused lookup), hang, garbage, flood (5 MB),
badrecord (a record without a source), crash (killed by a signal)."""
import json, os, signal, sys, time

mode = sys.argv[1]
query = json.loads(sys.stdin.readline() or "{}")
if mode == "good":
    print(json.dumps({"records": [{
        "id": "ext:%s:räcord/1 \"quoted\"" % query.get("product", "none"),
        "title": "Echo", "content": json.dumps(query, sort_keys=True),
        "scope": {"vendor": "nvidia", "arch": "hopper", "product": query.get("product")},
        "source": "fake_tool.py — “exact” source <https://example.invalid/a?b=1&c=2>",
        "constraint": "echo", "fallback": query.get("product") is None}],
        "notes": ["echoed"]}, ensure_ascii=False))
elif mode == "error":
    print(json.dumps({"error": "no such product: %s" % query.get("product")}))
elif mode == "hang":
    sys.stdout.write('{"records": [')
    sys.stdout.flush()
    time.sleep(600)
elif mode == "garbage":
    print("Traceback (most recent call last): this is not JSON \x01\x02")
elif mode == "flood":
    chunk = "x" * 65536
    for _ in range(80):  # 5 MiB
        sys.stdout.write(chunk)
    sys.stdout.flush()
elif mode == "badrecord":
    print(json.dumps({"records": [{"id": "r1", "title": "no source"}]}))
elif mode == "crash":
    os.kill(os.getpid(), signal.SIGKILL)
