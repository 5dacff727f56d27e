// `felt serve --demo`: a demo room seeded through the server's own HTTP API (the same code
// paths a browser takes), for development (`npm run dev:web`) and the browser tests. There is
// no fake server: this is the real one on a throwaway SQLite file.
//
// Seeded: a director and three players with money at the cashier; a live re-entry
// tournament on the casino-1900 preset, running, with 20 walk-ins seated by the draw, two out
// in one hand, a re-entry and a chip count at table 1; and an online turbo open for
// registration, two players registered.
import { randomBytes } from "node:crypto";

export const DEMO_DIRECTOR = { name: "demo-director", password: "demo-director-pass" } as const;
export const DEMO_PLAYERS = ["anna", "bodil", "cyril"] as const;
export const DEMO_PASSWORD = "demo-player-pass";
export const DEMO_WALK_INS = [
  "Ada",
  "Bea",
  "Cid",
  "Dag",
  "Eva",
  "Finn",
  "Greta",
  "Hugo",
  "Ida",
  "Jan",
  "Kai",
  "Lea",
  "Mats",
  "Nora",
  "Olof",
  "Pia",
  "Rut",
  "Sune",
  "Tove",
  "Ulf",
] as const;

const cmd = () => `c${randomBytes(8).toString("hex")}`;

async function call<T>(base: string, method: "GET" | "POST", path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers["authorization"] = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (res.status >= 400) throw new Error(`demo seed: ${method} ${path}: ${json.error?.message ?? res.status}`);
  return json;
}

export interface DemoRoom {
  readonly liveId: string;
  readonly onlineId: string;
}

/** Seeds the demo room on a running server at `base` whose directors include DEMO_DIRECTOR. */
export async function seedDemo(base: string, now: number): Promise<DemoRoom> {
  const { token } = await call<{ token: string }>(base, "POST", "/api/v1/auth/sign-in", DEMO_DIRECTOR);
  const d = "/api/v1/director/tournaments";
  const players: { name: string; token: string }[] = [];
  for (const name of DEMO_PLAYERS) {
    const p = await call<{ token: string }>(base, "POST", "/api/v1/auth/sign-up", { name, password: DEMO_PASSWORD });
    await call(base, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 5000 }, token);
    players.push({ name, token: p.token });
  }
  const live = await call<{ tournament: { id: string } }>(
    base,
    "POST",
    d,
    { commandId: cmd(), presetId: "casino-1900", name: "Demo evening (live)", kind: "live", startsAt: now, buyIn: 1000, fee: 100 },
    token,
  );
  const liveId = live.tournament.id;
  for (const name of DEMO_WALK_INS) await call(base, "POST", `${d}/${liveId}/walk-in`, { commandId: cmd(), name }, token);
  await call(base, "POST", `${d}/${liveId}/start`, { commandId: cmd() }, token);
  const { seats } = await call<{ seats: { entryId: string; tableNumber: number }[] }>(base, "GET", `${d}/${liveId}/seating`, undefined, token);
  const t1 = seats.filter((s) => s.tableNumber === 1);
  await call(
    base,
    "POST",
    `${d}/${liveId}/live`,
    { commandId: cmd(), kind: "bust", entryIds: [t1[0]!.entryId, t1[1]!.entryId], startStacks: [12_000, 8_000] },
    token,
  );
  await call(base, "POST", `${d}/${liveId}/live`, { commandId: cmd(), kind: "re-enter", entryId: t1[1]!.entryId }, token);
  await call(base, "POST", `${d}/${liveId}/live`, { commandId: cmd(), kind: "chip-count", stacks: [{ entryId: t1[2]!.entryId, stack: 31_500 }] }, token);
  const online = await call<{ tournament: { id: string } }>(
    base,
    "POST",
    d,
    { commandId: cmd(), presetId: "turbo", name: "Demo turbo (online)", kind: "online", startsAt: now + 30 * 60_000, buyIn: 100, fee: 10 },
    token,
  );
  for (const p of players.slice(0, 2)) await call(base, "POST", `/api/v1/tournaments/${online.tournament.id}/register`, { commandId: cmd() }, p.token);
  return { liveId, onlineId: online.tournament.id };
}
