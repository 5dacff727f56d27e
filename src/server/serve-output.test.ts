// What a room sees in its terminal when it starts `felt serve`: the address, and no warning
// from a library about how we call it (one would print on every start, in every log).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, killChild, startServeChild, type ServeChild } from "../../testkit/server/serve-child.ts";

describe("felt serve's start", () => {
  const dir = mkdtempSync(join(tmpdir(), "felt-serve-output-"));
  let child: ServeChild | undefined;
  afterAll(async () => {
    if (child !== undefined) await killChild(child, "SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  });

  it("prints where it listens and nothing else", async () => {
    child = await startServeChild(`sqlite:${join(dir, "felt.sqlite")}`, await freePort());
    // Node prints a library's warning as soon as it is raised, before or just after listening.
    await new Promise((r) => setTimeout(r, 500));
    const lines = child.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^felt serve: listening on http:\/\/127\.0\.0\.1:\d+ \(API docs: /);
  });
});
