// The Felt server: `felt serve` (HTTP + WebSocket over src/protocol), tables as actors over
// the event store, tournaments over the director, provably fair decks and histories.
export { FeltServer, type ServerOptions } from "./felt-server.ts";
export { newSeed, tableSeedCommitment } from "./tables/fair.ts";
export { verifyHistory, verifyHand, type VerifiedHand } from "./tables/verify.ts";
export { systemClock, ManualClock, type Clock } from "./clock.ts";
export { TableSession, type TableHooks, type Subscriber } from "./tables/table-session.ts";
export { phhText, pokerStarsText } from "./tables/history.ts";
export { openApiDocument } from "./gateway/openapi.ts";
