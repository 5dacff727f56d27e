// Where a command's time goes: a command id marked at each stage of its way
// through the server (received from the socket, started in its actor's queue, stored,
// applied, its frames written). Published on a node:diagnostics_channel, so it costs one
// `hasSubscribers` check when nobody listens; bench/load-probe.mjs listens and the load
// benchmark joins the marks with the bots' own send and receive times.
import { channel } from "node:diagnostics_channel";
import { performance } from "node:perf_hooks";

export const TRACE_CHANNEL = "felt:command-stage";

export type TraceStage = "received" | "started" | "stored" | "applied" | "written";

export interface StageMark {
  readonly id: string;
  readonly stage: TraceStage;
  /** Milliseconds since the epoch with sub-millisecond precision, comparable across processes. */
  readonly at: number;
}

const stages = channel(TRACE_CHANNEL);

/** Marks command `id` at `stage` when someone listens (a load benchmark); nothing otherwise. */
export function traceStage(id: string | null, stage: TraceStage): void {
  if (id === null || !stages.hasSubscribers) return;
  const mark: StageMark = { id, stage, at: performance.timeOrigin + performance.now() };
  stages.publish(mark);
}
