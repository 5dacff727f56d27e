// The room names its tables and itself over HTTP: read by anyone (the TV, a player's
// table header), set by the director, refused with a typed error naming the cause (empty,
// too long, a name another table has), and kept across a restart.
import { describe, expect, it } from "vitest";
import type { RoomResponse } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import { withServerOnFile } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, DIRECTOR, must } from "../../../testkit/server/harness.ts";

const signIn = async (url: string) => (await must<{ token: string }>(api(url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;

describe("the room's names", () => {
  it("sets, reads, refuses and keeps the names across a restart", async () => {
    await withServerOnFile(new ManualClock(1_800_000_000_000), async (r) => {
      let token = await signIn(r.server.url);
      const read = () => must<RoomResponse>(api(r.server.url, "GET", "/api/v1/room"));
      const name = (number: number, name: string | null, commandId = cmd()) =>
        api<RoomResponse & { error?: { code: string; cause?: string } }>(
          r.server.url,
          "POST",
          "/api/v1/director/room/tables",
          { commandId, number, name },
          token,
        );
      expect(await read()).toEqual({ name: null, tables: [] });

      const rose = cmd();
      expect((await name(3, "  Rose  ", rose)).body).toEqual({ name: null, tables: [{ number: 3, name: "Rose" }] });
      // A repeated command acts once.
      expect((await name(3, "Rose", rose)).status).toBe(200);
      await must(name(5, "Table 5 – by the bar"));
      await must(api(r.server.url, "POST", "/api/v1/director/room/name", { commandId: cmd(), name: "The Green Room" }, token));

      // Refused, and nothing changes: empty, too long, a name table 3 already has (case aside).
      const before = await read();
      for (const [text, cause] of [
        ["   ", "room/name-empty"],
        ["x".repeat(41), "room/name-too-long"],
        ["rose", "room/name-taken"],
      ] as const) {
        const refused = await name(7, text);
        expect(refused.status).toBe(400);
        expect(refused.body.error?.code).toBe("director/invalid");
        expect(refused.body.error?.cause).toBe(cause);
      }
      expect((await api(r.server.url, "POST", "/api/v1/director/room/name", { commandId: cmd(), name: "" }, token)).status).toBe(400);
      // Only the director names tables.
      expect((await api(r.server.url, "POST", "/api/v1/director/room/tables", { commandId: cmd(), number: 1, name: "Oak" })).status).toBe(401);
      expect(await read()).toEqual(before);
      // A table renamed keeps its own name free to reuse; a name taken away reads by its number again.
      await must(name(3, "ROSE"));
      await must(name(5, null));
      expect(await read()).toEqual({ name: "The Green Room", tables: [{ number: 3, name: "ROSE" }] });

      await r.restart();
      token = await signIn(r.server.url);
      expect(await read()).toEqual({ name: "The Green Room", tables: [{ number: 3, name: "ROSE" }] });
      await must(name(5, "Rose 2"));
      expect((await read()).tables).toEqual([
        { number: 3, name: "ROSE" },
        { number: 5, name: "Rose 2" },
      ]);
    });
  }, 60_000);
});
