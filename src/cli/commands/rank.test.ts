import { describe, expect, it } from "vitest";
import { command } from "./rank.ts";

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

describe("felt rank", () => {
  it("R-POT-2: names a royal flush among seven cards", async () => {
    expect(await capture(["As", "Ks", "Qs", "Js", "Ts", "2d", "3c"])).toEqual({
      code: 0,
      out: "As Ks Qs Js Ts  royal flush",
      err: "",
    });
  });

  it("R-POT-2: accepts cards run together, and names two pair with its kicker", async () => {
    const result = await capture(["KhKdJcJs4c4dAh"]);
    expect(result.code).toBe(0);
    expect(result.out).toBe("Kh Kd Js Jc Ah  two pair, kings and jacks, ace kicker");
  });

  it.each([
    [["As", "Ks", "Qs", "Js"], "give 5 to 7 cards, not 4"],
    [["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"], "give 5 to 7 cards, not 8"],
    [["As", "As", "Qs", "Js", "Ts"], "As appears twice"],
    [["As", "Ks", "Qs", "Js", "1s"], "'1s' is not a card"],
    [["As", "Ks", "Qs", "Js", "T"], "is not a list of cards"],
  ])("refuses %j with exit status 2", async (args, message) => {
    const result = await capture(args);
    expect(result.code).toBe(2);
    expect(result.out).toBe("");
    expect(result.err).toContain(message);
  });
});
