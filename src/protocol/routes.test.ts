import { describe, expect, it } from "vitest";
import {
  API_PREFIX,
  ERROR_CODES,
  PROBES,
  ROUTES,
  SignUpRequest,
  CreateTournamentRequest,
  ColourUpRequest,
  BlindErrorRequest,
  LobbyTournament,
  httpStatusFor,
  parseWith,
  routePath,
} from "./index.ts";

describe("HTTP routes v1", () => {
  it("every route is under the version prefix and method+path pairs are unique", () => {
    const keys = Object.values(ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of Object.values(ROUTES)) expect(r.path.startsWith(`${API_PREFIX}/`)).toBe(true);
  });

  it("every POST has a body schema and every GET none", () => {
    for (const [name, r] of Object.entries(ROUTES)) {
      expect(r.method === "POST" ? r.body !== null : r.body === null, name).toBe(true);
    }
  });

  it("director routes need the director role", () => {
    for (const r of Object.values(ROUTES)) {
      if (r.path.includes("/director/")) expect(r.auth).toBe("director");
    }
  });

  it("routePath fills and encodes parameters", () => {
    expect(routePath(ROUTES.confirmInstruction.path, { id: "t 1", iid: "i/2" })).toBe("/api/v1/director/tournaments/t%201/instructions/i%2F2/confirm");
  });

  it("every error code maps to an HTTP status", () => {
    for (const code of ERROR_CODES) expect(httpStatusFor(code)).toBeGreaterThanOrEqual(400);
    expect(httpStatusFor("ledger/insufficient-funds")).toBe(409);
    expect(httpStatusFor("auth/invalid-token")).toBe(401);
  });
});

describe("HTTP bodies", () => {
  it("sign-up: a name and a password of at least 8 characters, nothing else", () => {
    expect(parseWith(SignUpRequest, { name: "Bodil", password: "correct horse" }).ok).toBe(true);
    expect(parseWith(SignUpRequest, { name: "Radúz Čech", password: "correct horse" }).ok).toBe(true);
    expect(parseWith(SignUpRequest, { name: "Bodil", password: "short" }).ok).toBe(false);
    expect(parseWith(SignUpRequest, { name: "<script>", password: "correct horse" }).ok).toBe(false);
    expect(parseWith(SignUpRequest, { name: "Bodil", password: "correct horse", role: "director" }).ok).toBe(false);
  });

  it("create from a preset carries an idempotency key", () => {
    const base = { presetId: "deepstack", name: "Friday", kind: "live", startsAt: 1_800_000_000_000 };
    expect(parseWith(CreateTournamentRequest, { ...base, commandId: "cmd-00000001" }).ok).toBe(true);
    expect(parseWith(CreateTournamentRequest, base).ok).toBe(false);
  });

  it("R-CHIP-3: colour-up takes entered cards or 'draw'", () => {
    const base = { commandId: "cmd-00000001", remove: 25, tableNumber: 1, oddChips: [{ entryId: "e1", count: 3 }] };
    expect(parseWith(ColourUpRequest, { ...base, cards: "draw" }).ok).toBe(true);
    expect(parseWith(ColourUpRequest, { ...base, cards: [{ entryId: "e1", cards: [51, 0, 7] }] }).ok).toBe(true);
    expect(parseWith(ColourUpRequest, { ...base, cards: [{ entryId: "e1", cards: [52] }] }).ok).toBe(false);
    expect(parseWith(ColourUpRequest, { ...base, cards: "shuffle" }).ok).toBe(false);
  });

  it("R-BTN-5: the blind-error facts are seats and a count of active actions", () => {
    const ok = { commandId: "cmd-00000001", tableNumber: 2, skippedBigBlindSeat: 4, wrongBigBlindSeat: 5, activeActions: 2 };
    expect(parseWith(BlindErrorRequest, ok).ok).toBe(true);
    expect(parseWith(BlindErrorRequest, { ...ok, activeActions: -1 }).ok).toBe(false);
    expect(parseWith(BlindErrorRequest, { ...ok, skippedBigBlindSeat: 11 }).ok).toBe(false);
  });

  it("a lobby action that is not allowed must say why", () => {
    const r = LobbyTournament.shape.actions.shape.rebuy;
    expect(r.safeParse({ allowed: false, reason: "rebuy-period-over" }).success).toBe(true);
    expect(r.safeParse({ allowed: false }).success).toBe(false);
    expect(r.safeParse({ allowed: true, cost: 1000 }).success).toBe(true);
  });
});

describe("OpenAPI description", () => {
  it("describes every route with its body and response schemas", async () => {
    const { openApiDocument } = await import("./index.ts");
    const doc = openApiDocument() as { paths: Record<string, Record<string, { operationId: string; requestBody?: unknown }>> };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(ops.map((o) => o.operationId).sort()).toEqual([...Object.keys(ROUTES), ...Object.keys(PROBES)].sort());
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/health", "/ready"]));
    expect(doc.paths["/api/v1/director/tournaments/{id}/instructions/{iid}/confirm"]?.["post"]?.requestBody).toBeDefined();
    expect(JSON.stringify(doc)).toContain('"protocol/frame-too-large"');
  });

  it("lists path and query parameters: the lobby's page and pageSize are optional query text", async () => {
    const { openApiDocument } = await import("./index.ts");
    type Param = { name: string; in: string; required: boolean; schema: { type?: string } };
    const doc = openApiDocument() as { paths: Record<string, Record<string, { parameters?: Param[] }>> };
    const lobby = doc.paths["/api/v1/lobby"]?.["get"]?.parameters ?? [];
    expect(lobby.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual(["query:page:false", "query:pageSize:false"]);
    expect(lobby[0]?.schema.type).toBe("string");
    const hand = doc.paths["/api/v1/hands/{id}"]?.["get"]?.parameters ?? [];
    expect(hand.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual(["path:id:true"]);
  });
});
