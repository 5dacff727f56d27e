// The runtime: the stream actor (one writer per table or tournament stream; versioned,
// idempotent commands; persist, then broadcast; snapshot + replay recovery) and the clock.
// The server's tables are StreamActors over src/server/table-logic.ts.
export { StreamActor, RUNTIME_ERRORS, type ActorLogic, type ActorOptions, type Accepted, type Batch, type Envelope } from "./actor.ts";
export { systemClock, ManualClock, type Clock, type TimerHandle } from "./clock.ts";
export { traceStage, TRACE_CHANNEL, type StageMark, type TraceStage } from "./trace.ts";
