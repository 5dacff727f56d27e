import type { ServerMessage, TableView, TournamentView, TableEvent } from "../../src/protocol/index.ts";

// Valid sample messages shared by the protocol tests.

export const HEX = "ab".repeat(32);

export const tableView: TableView = {
  tableId: "t1",
  tournamentId: "trn1",
  tableNumber: 1,
  version: 17,
  handId: "h42",
  handNumber: 42,
  variant: "no-limit",
  blinds: { sb: 100, bb: 200, ante: 25 },
  street: "flop",
  seats: [
    { seat: 1, player: { id: "u1", name: "Bodil" }, stack: 9800, bet: 0, status: "active", hasCards: true, cards: [51, 47], shownHand: null, connected: true },
    { seat: 2, player: { id: "u2", name: "Jiří" }, stack: 4000, bet: 400, status: "active", hasCards: true, cards: null, shownHand: null, connected: true },
    { seat: 3, player: null, stack: 0, bet: 0, status: "empty", hasCards: false, cards: null, shownHand: null, connected: false },
  ],
  board: [0, 13, 26],
  pots: [{ amount: 1275, eligibleSeats: [1, 2] }],
  button: 2,
  smallBlind: 2,
  bigBlind: 1,
  actor: 1,
  mySeat: 1,
  legal: { canFold: true, canCheck: false, call: 400, currentBet: 400, isBet: false, minRaiseTo: 800, maxRaiseTo: 9800, potRaiseTo: 2475 },
  clock: { deadline: 1_800_000_000_000, timeBankMs: 30_000, actionMs: 15_000 },
  myHand: { category: "high-card", cards: [51, 47, 26, 13, 0] },
  sittingOut: false,
  recentHands: [{ handId: "h41", handNumber: 41, winners: [{ name: "Jiří", amount: 600, category: null }] }],
  lastHand: null,
};

export const tournamentView: TournamentView = {
  tournamentId: "trn1",
  name: "Friday Deepstack",
  status: "running",
  version: 3,
  level: { number: 4, blinds: { sb: 100, bb: 200, ante: 25 }, durationMs: 1_200_000 },
  endsAt: 1_800_000_600_000,
  timeLeftMs: 600_000,
  onBreak: false,
  nextLevel: { number: 5, blinds: { sb: 150, bb: 300, ante: 25 }, durationMs: 1_200_000 },
  nextBreak: { at: 1_800_001_800_000, durationMs: 600_000 },
  lateRegistrationEndsAt: 1_800_002_400_000,
  lateRegistrationEndsLevel: 6,
  playersLeft: 23,
  entries: 30,
  rebuys: 4,
  addOns: 0,
  averageStack: 13_043,
  totalChips: 300_000,
  prizePool: 340_000,
  payouts: [
    { place: 1, amount: 136_000 },
    { place: 2, amount: 85_000 },
  ],
  payoutsFixed: true,
  chips: [25, 100, 500, 1000],
  serverTime: 1_800_000_000_000,
};

export const events: TableEvent[] = [
  {
    kind: "hand-start",
    handNumber: 42,
    at: 1_800_000_000_000,
    blinds: { sb: 100, bb: 200, ante: 25 },
    button: 2,
    smallBlind: 2,
    bigBlind: 1,
    seats: [
      { seat: 1, name: "Bodil", stack: 10_000 },
      { seat: 2, name: "Jiří", stack: 5000 },
    ],
    commitment: HEX,
  },
  { kind: "post", seat: 2, blind: "small", amount: 100, allIn: false },
  { kind: "hole-cards", seat: 1, cards: [51, 47] },
  { kind: "hole-cards", seat: 2, cards: null },
  { kind: "action", seat: 2, action: "raise", amount: 500, to: 600, allIn: false, timeout: false },
  { kind: "board", street: "flop", cards: [0, 13, 26] },
  { kind: "pots", pots: [{ amount: 1200, eligibleSeats: [1, 2] }] },
  { kind: "show", seat: 2, cards: [50, 46], hand: { category: "pair", cards: [50, 46, 26, 13, 0] } },
  { kind: "muck", seat: 1 },
  { kind: "win", seat: 2, potIndex: 0, amount: 1200, category: "pair" },
  {
    kind: "hand-end",
    stacks: [
      { seat: 1, stack: 9400 },
      { seat: 2, stack: 5600 },
    ],
  },
  { kind: "sitting-out", seat: 1, sittingOut: true },
  { kind: "seat-change", seat: 3, player: { id: "u3", name: "Alva" }, stack: 8000 },
];

/** The first of `events`: a hand's start. */
export const handStart = events[0] as Extract<TableEvent, { kind: "hand-start" }>;

export const serverMessages: ServerMessage[] = [
  { type: "welcome", v: 1, user: { id: "u1", name: "Bodil", role: "player" }, serverTime: 1_800_000_000_000 },
  { type: "table-view", view: tableView },
  // A v2 subscribe: the view and the hand's steps so far, as this player may see them.
  {
    type: "table-view",
    view: tableView,
    log: {
      from: 9,
      steps: [
        { version: 10, events: events.slice(0, 4) },
        { version: 12, events: events.slice(4, 5) },
      ],
    },
  },
  ...events.map((event, i): ServerMessage => ({ type: "event", tableId: "t1", handId: "h42", version: 10 + i, event })),
  { type: "tournament-view", view: tournamentView },
  { type: "ack", commandId: "cmd-00000001", version: 18, duplicate: false },
  { type: "error", commandId: "cmd-00000002", error: { code: "table/stale-version", message: "stale", details: { current: 18 } } },
  { type: "error", commandId: null, error: { code: "table/illegal-action", message: "too small", cause: "engine/raise-too-small", details: { min: 800 } } },
  { type: "pong", nonce: 7, serverTime: 1_800_000_000_000 },
  // v3, cluster mode: the member that runs table t1.
  { type: "table-home", tableId: "t1", url: "https://m2.felt.example:8443" },
];
