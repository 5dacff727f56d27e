// Kill -9 a process playing a table at random moments; after each restart every
// acknowledged command is in the stream at the version it was acknowledged with, the table
// (snapshot + replay) equals a full replay from the first record, and chips are conserved.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { openSqliteEventStore } from "../store/index.ts";
import { tempSqlite } from "../store/testing/backends.ts";
import { seededRandom, shuffledDeck } from "../tournament/index.ts";
import { StreamActor } from "./actor.ts";
import { ManualClock } from "./clock.ts";
import { TableActor } from "./table-actor.ts";
import { tableLogic, type TableState } from "./table-logic.ts";

const CHILD = fileURLToPath(new URL("./testing/crash-table.ts", import.meta.url));

async function runAndKill(path: string, run: string, afterMs: number): Promise<Array<[string, number]>> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, path, run], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const t = setInterval(() => {
      if (out.includes("ready\n")) {
        clearInterval(t);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(t);
        reject(new Error(`table process died: ${err}`));
      }
    }, 5);
  });
  await new Promise((r) => setTimeout(r, afterMs));
  child.kill("SIGKILL");
  await exited;
  expect(err).toBe("");
  return out
    .split("\n")
    .filter((l) => l.startsWith("ack "))
    .map((l) => {
      const [, id, v] = l.split(" ");
      return [id!, Number(v)];
    });
}

const chips = (t: TableState) => {
  const seats = t.seats.reduce((a, s) => a + (s?.stack ?? 0), 0);
  if (t.hand === null) return seats;
  const dealt = t.hand.seats.reduce((a, seat) => a + (t.seats[seat]?.stack ?? 0), 0);
  return seats - dealt + t.hand.config.stacks.reduce((a, b) => a + b, 0);
};

describe("runtime crash safety", () => {
  it("kill -9 mid-play, 6 times: no acknowledged command lost; snapshot + replay = full replay; chips conserved", async () => {
    const tmp = tempSqlite();
    try {
      let acked = 0;
      let midHand = 0;
      for (let k = 0; k < 6; k += 1) {
        const acks = await runAndKill(tmp.path, `r${k}`, 200 + Math.floor(Math.random() * 500));
        acked += acks.length;
        const store = openSqliteEventStore(tmp.path);
        try {
          const events = await store.read("table:crash");
          const at = new Map(events.filter((e) => typeof e.meta["commandId"] === "string").map((e) => [e.meta["commandId"], e.version]));
          for (const [id, version] of acks) expect(at.get(id), `acked ${id} lost`).toBe(version);
          const clock = new ManualClock();
          const rng = seededRandom(k + 1);
          const table = unwrap(
            await TableActor.open({ store, clock, tableId: "crash", shuffle: () => shuffledDeck(rng), snapshotEvery: 1 }),
          );
          const { snapshot: _s, restore: _r, ...replayOnly } = tableLogic;
          const full = unwrap(await StreamActor.load({ store, stream: "table:crash", logic: replayOnly, clock }));
          expect(table.state).toEqual(full.state);
          expect(table.version).toBe(events.length);
          // Chips in play = chips brought to the table (every sit brings 1000; busted seats leave with 0).
          const brought = events.filter((e) => (e.data as { type: string }).type === "seated").length * 1000;
          expect(chips(table.state)).toBe(brought);
          if (table.state.hand !== null) midHand += 1;
          table.close();
        } finally {
          await store.close();
        }
      }
      expect(acked).toBeGreaterThan(30);
      // Most kills land mid-hand (a hand is many commands); at least one must have.
      expect(midHand).toBeGreaterThan(0);
    } finally {
      tmp.destroy();
    }
  });
});
