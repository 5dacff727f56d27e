import { z } from "zod";
import { PROBES, ROUTES, HttpErrorBody, type RouteSpec } from "./routes.ts";
import { ServerMessage, ClientMessage } from "./ws-messages.ts";
import { PROTOCOL_VERSION, WS_PATH, MAX_FRAME_BYTES } from "./version.ts";

// The OpenAPI 3.1 description of the HTTP API, generated from the same zod schemas the
// server validates with, so it cannot drift from what is checked. The one generator: the
// server serves this document at /api/docs (src/server/gateway/openapi.ts). Path parameters come
// from `:name` in the route's path, query parameters from its `query` schema; the
// WebSocket messages are included as components so one document describes the whole
// protocol.

const schema = (s: z.ZodType): Record<string, unknown> => {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    return rest;
  } catch {
    return {}; // a schema JSON Schema cannot express is described as "anything"
  }
};

/** A route's parameters: path ones (always required), then query ones (required unless optional). */
function parameters(r: RouteSpec): Record<string, unknown>[] {
  const path = [...r.path.matchAll(/:([a-z]+)/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
  const query = (Object.entries(r.query?.shape ?? {}) as [string, z.ZodType][]).map(([name, q]) => ({
    name,
    in: "query",
    required: !q.safeParse(undefined).success,
    schema: schema(q),
  }));
  return [...path, ...query];
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = schema(HttpErrorBody);
  for (const [name, r] of [...Object.entries(ROUTES), ...Object.entries(PROBES)] as [string, RouteSpec][]) {
    const path = r.path.replace(/:([a-z]+)/g, "{$1}");
    const params = parameters(r);
    paths[path] ??= {};
    paths[path]![r.method.toLowerCase()] = {
      operationId: name,
      ...(r.auth === "none" ? { security: [] } : { security: [{ bearer: [] }], "x-felt-role": r.auth, description: `auth: ${r.auth}` }),
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(r.body !== null ? { requestBody: { required: true, content: { "application/json": { schema: schema(r.body) } } } } : {}),
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: schema(r.response) } } },
        default: { description: "A typed error", content: { "application/json": { schema: error } } },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Felt API",
      version: String(PROTOCOL_VERSION),
      description: `HTTP API v${PROTOCOL_VERSION}. Live play: WebSocket at ${WS_PATH}, JSON text frames of at most ${MAX_FRAME_BYTES} bytes (see components ClientMessage / ServerMessage).`,
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { ClientMessage: schema(ClientMessage), ServerMessage: schema(ServerMessage) },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
