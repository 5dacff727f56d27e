// The end-time prediction off the event loop: a prediction plays whole bot
// tournaments (0.2–1 s of CPU), which on the server's thread would hold every table's
// actions behind it. The server asks one worker thread (director-predict-thread.ts, booted
// through director-predict-boot.mjs so the TypeScript sources load in `npm start`, under
// tsx and under vitest alike) and waits for its answer; requests queue in the worker.
// Answers are deterministic, so the worker's answer is the in-process one, and this side
// keeps the same small cache so a repeated request does not cross threads.
import { Worker } from "node:worker_threads";
import { fail, type Result } from "../../lib/result.ts";
import type { PredictRequest, PredictResponse } from "../../protocol/index.ts";
import { SERVER_ERRORS } from "../../protocol/error-catalogue.ts";

interface Pending {
  readonly resolve: (r: Result<PredictResponse>) => void;
}

export interface PredictAnswer {
  readonly id: number;
  readonly result: Result<PredictResponse>;
}

const CACHE_SIZE = 64;

export class PredictWorker {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly cache = new Map<string, PredictResponse>();

  predict(req: PredictRequest): Promise<Result<PredictResponse>> {
    const key = JSON.stringify([req.players, req.structure]);
    const hit = this.cache.get(key);
    if (hit !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return Promise.resolve({ ok: true, value: hit });
    }
    const id = ++this.seq;
    return new Promise<Result<PredictResponse>>((resolve) => {
      this.pending.set(id, { resolve });
      const w = this.thread();
      w.ref();
      w.postMessage({ id, req });
    }).then((r) => {
      if (r.ok) {
        this.cache.set(key, r.value);
        if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
      }
      return r;
    });
  }

  /** Stops the thread; a later request starts a new one. */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w !== null) await w.terminate();
    this.failAll("the prediction worker was stopped");
  }

  private thread(): Worker {
    if (this.worker !== null) return this.worker;
    const w = new Worker(new URL("./director-predict-boot.mjs", import.meta.url));
    // An idle worker does not keep the process alive; one with requests in flight does.
    w.unref();
    w.on("message", (m: PredictAnswer) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      p?.resolve(m.result);
      if (this.pending.size === 0) w.unref();
    });
    w.on("error", (e) => this.lost(w, `the prediction worker failed: ${e.message}`));
    w.on("exit", (code) => this.lost(w, `the prediction worker exited (${code})`));
    this.worker = w;
    return w;
  }

  private lost(w: Worker, why: string): void {
    // A worker stopped by close() already failed its requests; a newer one keeps its own.
    if (this.worker !== w) return;
    this.worker = null;
    this.failAll(why);
  }

  private failAll(why: string): void {
    for (const p of this.pending.values()) p.resolve(fail(SERVER_ERRORS.internal, why));
    this.pending.clear();
  }
}
