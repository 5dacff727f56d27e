// Preloaded into the server by bench/load.ts (`node --import`). Node runs a preloaded module in
// every worker thread too (the WAL checkpointer, the end-time predictor); the probe belongs to
// the main thread only: its 1 ms loop-delay timer in each worker was CPU the bench charged to
// the server.
import { isMainThread } from "node:worker_threads";

if (isMainThread) await import("./load-probe-main.mjs");
