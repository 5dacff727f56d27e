import { describe, expect, it } from "vitest";
import type { LobbyTournament } from "../../../src/protocol/index.ts";
import {
  AFTER_START_MS,
  nextLookMs,
  notStarted,
  seatChanges,
  seatDestination,
  seatingOf,
  seatWatchKey,
  tablesLeft,
  UNSEATED_LOOKS,
  waitingForSeat,
} from "./seat-watch.ts";

const tr = (id: string, mine: { state: "registered" | "playing" | "busted"; tableId: string | null } | null) =>
  ({
    id,
    name: `Event ${id}`,
    mine: mine && { entryId: "e", seat: null, stack: 0, rebuys: 0, addOn: false, place: null, ...mine },
  }) as unknown as LobbyTournament;

describe("the player's seats as the lobby tells them", () => {
  it("a table that appears is a start; a table that changes is a move; nothing on the first look", () => {
    const before = seatingOf([tr("a", { state: "registered", tableId: null }), tr("b", { state: "playing", tableId: "t1" }), tr("c", null)]);
    expect(seatChanges(null, [tr("a", { state: "playing", tableId: "t9" })])).toEqual([]);
    const after = [tr("a", { state: "playing", tableId: "t9" }), tr("b", { state: "playing", tableId: "t2" }), tr("c", { state: "playing", tableId: "t5" })];
    expect(seatChanges(before, after)).toEqual([
      { tournamentId: "a", name: "Event a", tableId: "t9", kind: "seated" },
      { tournamentId: "b", name: "Event b", tableId: "t2", kind: "moved" },
    ]); // c: registered since the last look and seated at once; its own entry is the lobby's to show
    expect(seatChanges(seatingOf(after), after)).toEqual([]);
  });

  it("a registration made on another screen before the start: seated at the start is a start too", () => {
    const waiting = { ...tr("d", null), status: "registering" } as LobbyTournament;
    const before = seatingOf([waiting, tr("c", null)]);
    const after = [{ ...tr("d", { state: "playing", tableId: "t3" }), status: "running" } as LobbyTournament, tr("c", { state: "playing", tableId: "t5" })];
    // d had not started at the last look: its start seats the player; c was already running (a late entry here).
    expect(seatChanges(before, after, notStarted([waiting]))).toEqual([{ tournamentId: "d", name: "Event d", tableId: "t3", kind: "seated" }]);
    expect(seatChanges(before, after)).toEqual([]);
  });

  it("a bust is no seat; the lobby is asked again when a tournament's status or a table's seating changes", () => {
    expect(seatingOf([tr("a", { state: "busted", tableId: "t1" })]).size).toBe(0);
    const seating = seatingOf([tr("a", { state: "registered", tableId: null }), tr("b", { state: "playing", tableId: "t1" })]);
    const key = (status: string, seated: boolean) =>
      seatWatchKey(
        seating,
        (id) => (id === "a" ? status : "running"),
        () => seated,
      );
    expect(key("registering", true)).toBe(key("registering", true));
    expect(key("running", true)).not.toBe(key("registering", true)); // a started
    expect(key("registering", false)).not.toBe(key("registering", true)); // moved off t1
  });

  it("the tables side by side ask where the player sits now while a table of theirs no longer seats them (moved, or the table broken)", () => {
    const lobby = [tr("a", { state: "playing", tableId: "t1" }), tr("b", { state: "playing", tableId: "t2" }), tr("c", { state: "busted", tableId: "t3" })];
    const seated = new Map<string, boolean>([
      ["t1", true],
      ["t2", false],
      ["t3", false],
    ]);
    // t2 no longer seats them; t3 is their bust (nothing to look for); a table not shown yet is not a move.
    expect(tablesLeft(lobby, (id) => seated.get(id))).toEqual(["t2"]);
    expect(tablesLeft([tr("d", { state: "playing", tableId: "t4" })], () => undefined)).toEqual([]);
  });

  it("a start takes the player to their table, or to their tables side by side when a second event seats them on the first one's table screen", () => {
    const seated = { tournamentId: "b", name: "Event b", tableId: "t2", kind: "seated" as const };
    expect(seatDestination(seated, "lobby", ["t2"])).toEqual({ screen: "table", tableId: "t2" });
    expect(seatDestination(seated, "lobby", ["t1", "t2"])).toEqual({ screen: "tables" });
    // Two events started together: the first took them to its table; the second brings them to both.
    expect(seatDestination(seated, "table", ["t1", "t2"])).toEqual({ screen: "tables" });
    expect(seatDestination(seated, "table", ["t2"])).toBeNull();
    expect(seatDestination(seated, "tables", ["t1", "t2"])).toBeNull();
    expect(seatDestination({ ...seated, kind: "moved" }, "lobby", ["t2"])).toBeNull();
  });

  it("besides the pushes: a moment after a scheduled start, and soon again while a started event has not seated the player", () => {
    const NOW = 1_000_000;
    const line = (status: string, mine: { state: "registered" | "playing" | "busted"; tableId: string | null } | null, more: object = {}) =>
      ({ ...tr("a", mine), kind: "online", status, startsAt: NOW + 6000, ...more }) as LobbyTournament;
    const registered = { state: "registered" as const, tableId: null };
    const playing = { state: "playing" as const, tableId: null };
    // Waiting for the start: a look just after it, whatever the pushes do.
    expect(nextLookMs([line("registering", registered)], NOW, 0)).toBe(6000 + AFTER_START_MS);
    expect(nextLookMs([line("announced", registered)], NOW, 0)).toBe(6000 + AFTER_START_MS);
    // Past its time and still registering: the director decides when (its push says so); not the player's: nothing.
    expect(nextLookMs([line("registering", registered, { startsAt: NOW - 1 })], NOW, 0)).toBeNull();
    expect(nextLookMs([line("registering", null)], NOW, 0)).toBeNull();
    // Started without a seat yet: 1, 2, 4, 8, 16 s, then only the slow fallback.
    const started = [line("running", playing)];
    expect(waitingForSeat(started)).toBe(true);
    expect(Array.from({ length: UNSEATED_LOOKS + 1 }, (_, n) => nextLookMs(started, NOW, n))).toEqual([1000, 2000, 4000, 8000, 16000, null]);
    expect(waitingForSeat([line("break", registered)])).toBe(true);
    // Seated, busted, or a live room's event (real tables, no table id): nothing to wait for.
    for (const done of [
      line("running", { state: "playing", tableId: "t1" }),
      line("running", { state: "busted", tableId: null }),
      line("running", playing, { kind: "live" }),
    ]) {
      expect(waitingForSeat([done])).toBe(false);
      expect(nextLookMs([done], NOW, 0)).toBeNull();
    }
    // Both at once: the sooner.
    expect(nextLookMs([line("running", playing), { ...line("registering", registered), id: "b", startsAt: NOW + 500 }], NOW, 3)).toBe(500 + AFTER_START_MS);
  });
});
