import { z } from "zod";
import { ROUTES, HttpErrorBody } from "./routes.ts";
import { ServerMessage, ClientMessage } from "./ws-messages.ts";
import { PROTOCOL_VERSION, WS_PATH, MAX_FRAME_BYTES } from "./version.ts";

// The OpenAPI 3.1 description of the HTTP API, generated from the same zod schemas the
// server validates with (issue 6: served at /api/docs). The WebSocket messages are
// included as components so one document describes the whole protocol.

const schema = (s: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
};

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, r] of Object.entries(ROUTES)) {
    const path = r.path.replace(/:([a-z]+)/g, "{$1}");
    const params = [...r.path.matchAll(/:([a-z]+)/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    paths[path] ??= {};
    paths[path]![r.method.toLowerCase()] = {
      operationId: name,
      ...(r.auth === "none" ? { security: [] } : { "x-felt-role": r.auth }),
      ...(params.length ? { parameters: params } : {}),
      ...(r.body ? { requestBody: { required: true, content: { "application/json": { schema: schema(r.body) } } } } : {}),
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: schema(r.response) } } },
        default: { description: "A typed error", content: { "application/json": { schema: schema(HttpErrorBody) } } },
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
