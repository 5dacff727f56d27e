// The prediction worker thread's body (see director-predict-worker.ts): answers each
// { id, req } with the in-process prediction, in order.
import { parentPort } from "node:worker_threads";
import type { PredictRequest } from "../../protocol/index.ts";
import { predict } from "./director-predict.ts";
import type { PredictAnswer } from "./director-predict-worker.ts";

parentPort?.on("message", (m: { id: number; req: PredictRequest }) => {
  let answer: PredictAnswer;
  try {
    answer = { id: m.id, result: predict(m.req) };
  } catch (e) {
    answer = {
      id: m.id,
      result: { ok: false, error: { code: "server/internal", message: `prediction failed: ${e instanceof Error ? e.message : String(e)}` } },
    };
  }
  parentPort?.postMessage(answer);
});
