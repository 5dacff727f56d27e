// The runtime: stream actors (one writer per table or tournament stream; versioned,
// idempotent commands; persist, then broadcast; snapshot + replay recovery) and the live
// table built on the engine, with per-viewer messages and an action clock.
export { StreamActor, RUNTIME_ERRORS, type ActorLogic, type ActorOptions, type Accepted, type Batch, type Envelope } from "./actor.ts";
export { systemClock, ManualClock, type Clock, type TimerHandle } from "./clock.ts";
export {
  tableLogic,
  emptyTable,
  TABLE_ERRORS,
  type TableConfig,
  type TableState,
  type TableCommand,
  type TableRecord,
  type TableOutput,
  type PlayerMove,
  type SeatInfo,
  type HandInPlay,
} from "./table-logic.ts";
export { TableActor, tableStream, type TableActorOptions, type TableMessage, type TableView } from "./table-actor.ts";
