// The lobby's paging and the money routes in the protocol.
import { describe, expect, it } from "vitest";
import { LobbyQuery, LobbyResponse, ROUTES, TournamentSettingsInput, parseWith, settingsWithDefaults } from "./index.ts";

describe("lobby paging", () => {
  it("page and pageSize are optional positive whole numbers (as query text); a page size above 999 is refused", () => {
    expect(parseWith(LobbyQuery, {}).ok).toBe(true);
    expect(parseWith(LobbyQuery, { page: "3", pageSize: "50" }).ok).toBe(true);
    for (const bad of [{ page: "0" }, { page: "-1" }, { page: "x" }, { pageSize: "0" }, { pageSize: "1000" }, { page: "1.5" }])
      expect(parseWith(LobbyQuery, bad).ok, JSON.stringify(bad)).toBe(false);
    expect(ROUTES.lobby.query).toBe(LobbyQuery);
  });

  it("an answer without page information (an older server) still parses; with it, the page is checked", () => {
    const base = { serverTime: 1_800_000_000_000, balance: null, tournaments: [] };
    expect(parseWith(LobbyResponse, base).ok).toBe(true);
    expect(parseWith(LobbyResponse, { ...base, page: { page: 1, pageSize: 500, total: 0, pages: 0 } }).ok).toBe(true);
    expect(parseWith(LobbyResponse, { ...base, page: { page: 0, pageSize: 500, total: 0, pages: 0 } }).ok).toBe(false);
  });
});

describe("money and hand-text routes", () => {
  it("deposit and the ledger check are the director's; hand texts the player's own", () => {
    expect(ROUTES.deposit).toMatchObject({ method: "POST", path: "/api/v1/director/deposit", auth: "director" });
    expect(ROUTES.ledger).toMatchObject({ method: "GET", path: "/api/v1/director/ledger", auth: "director", body: null });
    expect(ROUTES.handTexts).toMatchObject({ method: "GET", path: "/api/v1/hands/:id/texts", auth: "player", body: null });
    expect(parseWith(ROUTES.deposit.body, { commandId: "cmd-00000001", name: "Bodil", amount: 0 }).ok).toBe(false);
    expect(parseWith(ROUTES.deposit.body, { commandId: "cmd-00000001", name: "Bodil", amount: 500 }).ok).toBe(true);
  });
});

describe("who may open the decks after the event (settings.decksOpen)", () => {
  it("by default nobody: each player keeps their own openings; an auditor is named, public takes its days; the seeds' route answers signed-out visitors too", () => {
    expect(settingsWithDefaults({}, { speed: false }).decksOpen).toEqual({ to: "players" });
    for (const good of [{ to: "players" }, { to: "auditor", auditor: "Bodil" }, { to: "public", afterDays: 0 }, { to: "public", afterDays: 3650 }])
      expect(parseWith(TournamentSettingsInput, { decksOpen: good }).ok, JSON.stringify(good)).toBe(true);
    for (const bad of [
      { to: "auditor" },
      { to: "public" },
      { to: "public", afterDays: 3651 },
      { to: "public", afterDays: 1.5 },
      { to: "players", afterDays: 1 },
      { to: "all" },
    ])
      expect(parseWith(TournamentSettingsInput, { decksOpen: bad }).ok, JSON.stringify(bad)).toBe(false);
    expect(ROUTES.decks).toMatchObject({ method: "GET", path: "/api/v1/tournaments/:id/decks", auth: "none", body: null });
  });
});
