// An OpenAPI 3.1 description generated from the protocol's zod schemas (z.toJSONSchema),
// served at /api/docs, so the document can never drift from what the server validates.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HttpErrorBody, PROTOCOL_VERSION, ROUTES, type RouteSpec } from "../protocol/index.ts";

function schema(s: z.ZodType): unknown {
  try {
    return z.toJSONSchema(s, { unrepresentable: "any", io: "input" });
  } catch {
    return {};
  }
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const specs = Object.entries(ROUTES) as [string, RouteSpec][];
  const error = schema(HttpErrorBody);
  for (const [name, r] of specs) {
    const path = r.path.replace(/:([a-z]+)/g, "{$1}");
    const params: Record<string, unknown>[] = [...r.path.matchAll(/:([a-z]+)/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    for (const [name, q] of Object.entries(r.query?.shape ?? {}) as [string, z.ZodType][]) {
      params.push({ name, in: "query", required: !q.safeParse(undefined).success, schema: schema(q) });
    }
    paths[path] ??= {};
    paths[path]![r.method.toLowerCase()] = {
      operationId: name,
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(r.auth === "none" ? { security: [] } : { security: [{ bearer: [] }], description: `auth: ${r.auth}` }),
      ...(r.body !== null ? { requestBody: { required: true, content: { "application/json": { schema: schema(r.body) } } } } : {}),
      responses: {
        "200": { description: "ok", content: { "application/json": { schema: schema(r.response) } } },
        default: { description: "error", content: { "application/json": { schema: error } } },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Felt", version: `protocol v${PROTOCOL_VERSION}` },
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}

export function registerOpenApi(app: FastifyInstance): void {
  let doc: Record<string, unknown> | null = null;
  app.get("/api/docs", async (_req, reply) => reply.send((doc ??= openApiDocument())));
}
