// `felt verify`: what each of the room's choices after the event (settings.decksOpen) lets
// a player check, in its help and its output, and a table seed given apart.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { phhText } from "../../server/tables/history.ts";
import { playHands } from "../../../testkit/server/table-hands.ts";
import { command } from "./verify.ts";

const dir = mkdtempSync(join(tmpdir(), "felt-verify-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function capture(args: readonly string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (...parts: unknown[]) => void out.push(parts.join(" "));
  console.error = (...parts: unknown[]) => void err.push(parts.join(" "));
  try {
    const code = await command.run(args);
    return { code, out: out.join("\n"), err: err.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
  }
}

describe("felt verify", () => {
  it("--help says what each choice of settings.decksOpen lets a player check", async () => {
    const { code, out } = await capture(["--help"]);
    expect(code).toBe(0);
    expect(out).toMatch(/decksOpen/);
    expect(out).toMatch(/players +\(the default\) every card you saw/);
    expect(out).toMatch(/auditor +the same for you; the account the room named as auditor may fetch every/);
    expect(out).toMatch(/public +the same, and N days after the tournament is over every table's seed is/);
    expect(out).toMatch(/--table-seed/);
  });

  it("a history without the table seed checks the cards the player saw and says the rest stay closed; with --table-seed the whole deck", async () => {
    const [h] = await playHands(1);
    const file = join(dir, "hand.phh");
    writeFileSync(file, phhText(h!, h!.order[0]!, "Table 1"));
    const closed = await capture([file]);
    expect(closed.code).toBe(0);
    expect(closed.out).toMatch(/^ok .*cards opened against the commitment; no table seed here: folded and unseen cards stay closed/);
    const whole = await capture([file, "--table-seed", h!.tableSeed!]);
    expect(whole).toMatchObject({ code: 0, err: "" });
    expect(whole.out).toMatch(/the table seed re-derives the whole deck/);
    const wrong = await capture(["--table-seed", "ab".repeat(32), file]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(/^FAIL .*SHA-256 of the revealed table seed/);
    expect((await capture([file, "--table-seed", "nope"])).code).toBe(2);
  });
});
