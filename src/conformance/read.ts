// Small readers shared by the tournament case runners: they throw a plain message on bad
// input, which `runCase` reports as a failed case.
export function num(v: unknown, what: string): number {
  if (typeof v !== "number" || !Number.isFinite(v)) throw new Error(`${what} must be a number`);
  return v;
}

export function str(v: unknown, what: string): string {
  if (typeof v !== "string") throw new Error(`${what} must be a string`);
  return v;
}

export function obj(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error(`${what} must be an object`);
  return v as Record<string, unknown>;
}

export function arr(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new Error(`${what} must be an array`);
  return v;
}

export const nums = (v: unknown, what: string): number[] => arr(v, what).map((x, i) => num(x, `${what}[${i}]`));
export const strs = (v: unknown, what: string): string[] => arr(v, what).map((x, i) => str(x, `${what}[${i}]`));

/** `{"1": "A", "3": "C"}` → seated players. */
export function seatMap(v: unknown, what: string): { seat: number; player: string }[] {
  return Object.entries(obj(v, what)).map(([seat, player]) => ({
    seat: num(Number(seat), `${what} seat ${seat}`),
    player: str(player, `${what}[${seat}]`),
  }));
}

/** Order-insensitive deep equality for the comparisons the runners make (JSON values). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

function canon(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canon);
  if (typeof v === "object" && v !== null) {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}
