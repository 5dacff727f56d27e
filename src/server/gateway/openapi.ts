// /api/docs: the protocol's OpenAPI document (src/protocol/openapi.ts, the one generator,
// built from the zod schemas the server validates with), made once and served as is.
import type { FastifyInstance } from "fastify";
import { openApiDocument } from "../../protocol/index.ts";

export { openApiDocument };

export function registerOpenApi(app: FastifyInstance): void {
  let doc: Record<string, unknown> | null = null;
  app.get("/api/docs", async (_req, reply) => reply.send((doc ??= openApiDocument())));
}
