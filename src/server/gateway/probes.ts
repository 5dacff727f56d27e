// GET /health and GET /ready (src/protocol PROBES). Liveness and readiness apart: a member
// cut from NATS or from its database is alive (a supervisor has no reason to restart it; it
// reconnects by itself) but not ready, so a load balancer sends players to the other
// members meanwhile instead of to one that answers 503.
import type { FastifyInstance } from "fastify";
import { PROBES } from "../../protocol/index.ts";
import { SERVER_ERRORS } from "../../protocol/error-catalogue.ts";
import type { ServerPort } from "../server-port.ts";
import { toWire } from "./http-errors.ts";
import { isStorageOutage, RETRY_AFTER_S } from "./outage.ts";

/** A stream nobody writes: reading its version is the store's cheapest question. */
const PROBE_STREAM = "probe:ready";

/** Why the server cannot serve now, or null when it can. */
export async function notReady(server: Pick<ServerPort, "svc" | "options" | "cluster" | "closing" | "outage">): Promise<string | null> {
  if (server.closing) return "the server is stopping";
  if (server.options.cluster !== undefined && server.cluster === null) return "joining the cluster";
  if (server.cluster !== null && !server.cluster.available) return "the cluster's message bus (NATS) is unavailable";
  try {
    await server.svc.store.streamVersion(PROBE_STREAM);
  } catch (e) {
    if (!isStorageOutage(e)) throw e;
    server.outage.failed(e);
    return "the database is unavailable";
  }
  server.outage.succeeded();
  return null;
}

export function registerProbes(app: FastifyInstance, server: Pick<ServerPort, "svc" | "options" | "cluster" | "closing" | "outage">): void {
  app.get(PROBES.health.path, async (_req, reply) => reply.send({ alive: true }));
  app.get(PROBES.ready.path, async (_req, reply) => {
    let why: string | null;
    try {
      why = await notReady(server);
    } catch (e) {
      server.svc.log("GET /ready failed", e);
      why = "the server could not check itself";
    }
    if (why === null) return reply.send({ ready: true });
    void reply.header("retry-after", String(RETRY_AFTER_S));
    return reply.code(503).send({ error: toWire({ code: SERVER_ERRORS.unavailable, message: `not ready: ${why}` }) });
  });
}
