// The wire protocol's version. A client says which version it speaks in `hello`; the
// server refuses any other with `protocol/version-unsupported`. Change a message's
// shape only by bumping this number.
export const PROTOCOL_VERSION = 3 as const;

/** Versions a server accepts in `hello` (v1 and v2 clients keep working; see ws-messages.ts). */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly number[] = [1, 2, 3];

/** Largest WebSocket frame either side accepts, measured in UTF-8 bytes. */
export const MAX_FRAME_BYTES = 16 * 1024;

/** Prefix of every HTTP route of this protocol version. */
export const API_PREFIX = "/api/v1";

/** Path the WebSocket endpoint is served at. */
export const WS_PATH = "/ws/v1";
