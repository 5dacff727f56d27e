import { afterEach, describe, expect, it } from "vitest";
import type { Structure } from "../../../../src/protocol/index.ts";
import { FeltClient, newCommandId } from "../client.ts";
import { MockServer, mockTransport } from "./mock-server.ts";

// The mock takes the designer's structure as the real server does (issue 7): its own chip
// set replaces the preset's (R-CHIP-1), big-blind antes stay (R-BLIND-2), and a structure
// the smallest chip cannot pay is refused with the structure's error as the cause.

let server: MockServer | null = null;
afterEach(() => server?.stop());

function director() {
  server = new MockServer();
  const client = new FeltClient(mockTransport(server), null);
  client.setToken(server.heroToken);
  return { client, server };
}

const body = (structure: Structure) => ({ commandId: newCommandId(), presetId: "casino-1900", name: "Edited", kind: "live" as const, startsAt: Date.now() + 3_600_000, structure });

describe("mock: the designer's structure", () => {
  it("presets carry their chip sets; casino-1900 has big-blind antes from level 4 (R-BLIND-2)", async () => {
    const { client } = director();
    const r = await client.call("presets", undefined);
    if (!r.ok) throw new Error(r.error.message);
    const casino = r.value.presets.find((p) => p.id === "casino-1900")!;
    expect(casino.structure.chips).toEqual([100, 500, 1000, 5000, 25000]);
    expect(casino.structure.levels[3]).toMatchObject({ bb: 1000, ante: 1000, bigBlindAnte: true });
    for (const p of r.value.presets) expect(p.structure.chips, p.id).toBeDefined();
  });

  it("R-CHIP-1: smaller blinds with the structure's own chips are accepted; with the preset's they are not payable", async () => {
    const { client, server } = director();
    const presets = await client.call("presets", undefined);
    if (!presets.ok) throw new Error(presets.error.message);
    const casino = presets.value.presets.find((p) => p.id === "casino-1900")!.structure;
    const levels = [{ ...casino.levels[0]!, sb: 50, bb: 100 }, ...casino.levels.slice(1)];
    const ok = await client.call("create", body({ ...casino, levels, chips: [25, 100, 500, 1000, 5000, 25000] }));
    expect(ok.ok).toBe(true);
    const { chips: _c, ...old } = { ...casino, levels };
    const refused = server.request("POST", "/api/v1/director/tournaments", body(old), server.heroToken);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: "director/invalid", cause: "structure/not-payable" } });
    const r = await client.call("predict", { structure: { ...casino, chips: [100, 250] }, players: 20 });
    expect(r.ok ? "ok" : r.error.code).toBe("director/invalid");
  });
});
