import { describe, expect, it } from "vitest";
import { parseDbUrl } from "./target.ts";

describe("parseDbUrl", () => {
  it("SQLite paths, with or without the sqlite: prefix", () => {
    expect(parseDbUrl("felt.db")).toEqual({ ok: true, value: { kind: "sqlite", path: "felt.db" } });
    expect(parseDbUrl("sqlite:/var/felt/x.db")).toEqual({ ok: true, value: { kind: "sqlite", path: "/var/felt/x.db" } });
    expect(parseDbUrl(":memory:")).toEqual({ ok: true, value: { kind: "sqlite", path: ":memory:" } });
  });
  it("PostgreSQL URLs with an optional schema parameter", () => {
    expect(parseDbUrl("postgres://localhost:5432/test")).toEqual({
      ok: true,
      value: { kind: "postgres", url: "postgres://localhost:5432/test", schema: "felt" },
    });
    const r = parseDbUrl("postgresql://u@h/db?schema=night_one");
    expect(r.ok && r.value).toEqual({ kind: "postgres", url: "postgresql://u@h/db", schema: "night_one" });
  });
  it("refuses a pool that is not a whole number from 1 to 100, and changes nothing", () => {
    for (const bad of ["0", "101", "two", "2.5", "-1", ""]) {
      const r = parseDbUrl(`postgres://h/db?schema=s&pool=${bad}`);
      expect(!r.ok && r.error).toMatchObject({ code: "store/bad-url", message: expect.stringContaining("pool must be a whole number") });
    }
    expect(parseDbUrl("postgres://h/db?schema=s&pool=6")).toEqual({ ok: true, value: { kind: "postgres", url: "postgres://h/db", schema: "s", pool: 6 } });
  });
  it("store/bad-url for what is neither", () => {
    expect(!parseDbUrl("mysql://x/y").ok && parseDbUrl("mysql://x/y")).toMatchObject({ error: { code: "store/bad-url" } });
    expect(parseDbUrl("").ok).toBe(false);
    expect(parseDbUrl("postgres://h/db?schema=Bad-Name").ok).toBe(false);
  });
});

describe("openEventStore on a SQLite file", () => {
  it("answers an append only after an fsync of the WAL run off the event loop (durability full by default)", async () => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { openEventStore } = await import("./target.ts");
    const dir = mkdtempSync(join(tmpdir(), "felt-target-"));
    try {
      const store = (await openEventStore({ kind: "sqlite", path: join(dir, "e.sqlite") })) as Awaited<ReturnType<typeof openEventStore>> & { syncs?: number };
      const r = await store.append("table:t1", 0, [{ type: "E", data: 1 }]);
      expect(r.ok).toBe(true);
      expect(store.syncs).toBe(1);
      await store.close();
      const normal = (await openEventStore({ kind: "sqlite", path: join(dir, "n.sqlite") }, { eventDurability: "normal" })) as {
        syncs?: number;
        close(): Promise<void>;
      };
      expect(normal.syncs).toBeUndefined();
      await normal.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
