// The wire protocol between the Felt server and its clients (web app, bots): v2, v1 still accepted.
// Pure: zod schemas and types only, no Node APIs.
export { PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, MAX_FRAME_BYTES, API_PREFIX, WS_PATH } from "./version.ts";
export * from "./primitives.ts";
export { ERROR_CODES, ErrorCode, CauseCode, WireError } from "./error-codes.ts";
export * from "./error-catalogue.ts";
export {
  TOURNAMENT_ERRORS,
  STRUCTURE_ERRORS,
  type TournamentErrorCode,
  type StructureErrorCode,
} from "../tournament/error-catalogue.ts";
export { ENGINE_ERRORS, type EngineErrorCode } from "../engine/error-catalogue.ts";
export * from "./lobby.ts";
export * from "./http-player.ts";
export * from "./director.ts";
export * from "./event-settings.ts";
export * from "./preset-file.ts";
export * from "./league.ts";
export * from "./room.ts";
export * from "./format-wire.ts";
export { TableEvent, Pot, ShownHand, DeckOpening, HandEntropy } from "./table-events.ts";
export { verifyHandFairness, checkFairHand, fairHandOfRecord, type FairHand, type FairCard, type FairnessReport } from "./fairness.ts";
export type { TableEventKind } from "./table-events.ts";
export * from "./table-view.ts";
export * from "./tournament-view.ts";
export * from "./tournament-settings.ts";
export {
  ClientMessage,
  ServerMessage,
  PlayerAction,
  ChatLine,
  DealerNote,
  TableLog,
  logCovers,
  TABLE_LOG_EVENTS,
  type PlayerChatLine,
  type DealerChatLine,
  CHAT_HISTORY,
  CHAT_MAX_CHARS,
  CHAT_RATE,
  HOME_MOVE_GAP_MS,
  HEARTBEAT,
  heartbeatDue,
} from "./ws-messages.ts";
export type { Channel, ClientMessageType, ServerMessageType } from "./ws-messages.ts";
export {
  parseClientMessage,
  parseServerMessage,
  encodeClientMessage,
  encodeServerMessage,
  parseWith,
  byteLength,
  exceedsFrame,
} from "./parse.ts";
export { PROBES, ROUTES, HttpErrorBody, httpStatusFor, routePath, EmptyBody } from "./routes.ts";
export { openApiDocument } from "./openapi.ts";
export { fromWireItem, fromWireStructure, toWireStructure } from "./structure-wire.ts";
export { dealProposal, structureAdvice, type StructureGuidance } from "./advice.ts";
export type { RouteName, RouteBody, RouteResponse, RouteSpec } from "./routes.ts";
