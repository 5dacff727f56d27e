import type { LegalActions, PlayerAction, Pot, SeatView, TableEvent, TableView, RecentHand } from "../../../../src/protocol/index.ts";
import { classify } from "./hand-category.ts";

// A fake no-limit table for the mock transport: real betting amounts (so the action
// buttons and presets show true numbers), bots that check/call/fold, and a showdown
// decided by a rough classifier. It is NOT the engine; it exists so screens render.

interface MSeat {
  seat: number;
  id: string;
  name: string;
  stack: number;
  bet: number;
  committed: number;
  cards: number[] | null;
  folded: boolean;
  allIn: boolean;
  acted: boolean;
  shown: boolean;
}

export const HERO = "u-bodil";
const HEX = (n: number) => (n.toString(16).padStart(8, "0")).repeat(8);

export class MockTable {
  version = 0;
  handNumber = 0;
  handId: string | null = null;
  seats: MSeat[];
  board: number[] = [];
  deck: number[] = [];
  pot = 0;
  button = 0;
  street: TableView["street"] = null;
  actor: number | null = null;
  currentBet = 0;
  lastRaise = 0;
  deadline = 0;
  recent: RecentHand[] = [];
  private sbSeat: number | null = null;
  private bbSeat: number | null = null;

  constructor(
    readonly tableId: string,
    readonly tournamentId: string,
    readonly tableNumber: number,
    players: readonly { id: string; name: string; stack: number }[],
    public blinds: { sb: number; bb: number; ante: number },
    private readonly random: () => number,
    private readonly emit: (tableId: string, handId: string | null, version: number, event: TableEvent) => void,
  ) {
    this.seats = players.map((p, i) => ({ seat: i + 1, ...p, bet: 0, committed: 0, cards: null, folded: false, allIn: false, acted: false, shown: false }));
  }

  private event(e: TableEvent): void {
    this.version += 1;
    this.emit(this.tableId, this.handId, this.version, e);
  }

  private live(): MSeat[] {
    return this.seats.filter((s) => s.stack > 0 || s.committed > 0);
  }

  private nextSeat(from: number, ok: (s: MSeat) => boolean): MSeat | null {
    const n = this.seats.length;
    for (let k = 1; k <= n; k++) {
      const s = this.seats[(from - 1 + k) % n]!;
      if (ok(s)) return s;
    }
    return null;
  }

  startHand(now: number): void {
    const players = this.seats.filter((s) => s.stack > 0);
    if (players.length < 2) return;
    for (const s of this.seats) Object.assign(s, { bet: 0, committed: 0, cards: null, folded: s.stack === 0, allIn: false, acted: false, shown: false });
    this.handNumber += 1;
    this.handId = `${this.tableId}-h${this.handNumber}`;
    this.button = this.nextSeat(this.button || this.seats.length, (s) => s.stack > 0)!.seat;
    const sb = this.nextSeat(this.button, (s) => s.stack > 0)!;
    const bb = this.nextSeat(sb.seat, (s) => s.stack > 0)!;
    this.sbSeat = sb.seat;
    this.bbSeat = bb.seat;
    this.board = [];
    this.pot = 0;
    this.street = "preflop";
    this.deck = [...Array(52).keys()];
    for (let i = 51; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [this.deck[i], this.deck[j]] = [this.deck[j]!, this.deck[i]!];
    }
    this.event({
      kind: "hand-start",
      handNumber: this.handNumber,
      at: now,
      blinds: this.blinds,
      button: this.button,
      smallBlind: sb.seat,
      bigBlind: bb.seat,
      seats: players.map((s) => ({ seat: s.seat, name: s.name, stack: s.stack })),
      commitment: HEX(this.handNumber),
    });
    const post = (s: MSeat, amount: number, blind: "small" | "big") => {
      const a = Math.min(amount, s.stack);
      s.stack -= a;
      s.bet += a;
      s.committed += a;
      s.allIn = s.stack === 0;
      this.event({ kind: "post", seat: s.seat, blind, amount: a, allIn: s.allIn });
    };
    post(sb, this.blinds.sb, "small");
    post(bb, this.blinds.bb, "big");
    this.currentBet = this.blinds.bb;
    this.lastRaise = this.blinds.bb;
    for (const s of players) {
      s.cards = [this.deck.pop()!, this.deck.pop()!];
      // The mock has one human (HERO); everyone else's cards go out face down.
      this.event({ kind: "hole-cards", seat: s.seat, cards: s.id === HERO ? s.cards : null });
    }
    this.setActor(this.nextSeat(bb.seat, (s) => !s.folded && !s.allIn), now);
  }

  private setActor(s: MSeat | null, now: number): void {
    this.actor = s?.seat ?? null;
    this.deadline = now + 15_000;
  }

  legalFor(seatNo: number): LegalActions | null {
    if (this.actor !== seatNo || !this.handId) return null;
    const s = this.seats[seatNo - 1]!;
    const toCall = Math.max(0, this.currentBet - s.bet);
    const maxTo = s.bet + s.stack;
    const bets = this.seats.reduce((a, x) => a + x.bet, 0);
    const canRaise = maxTo > this.currentBet;
    const minTo = Math.min(maxTo, this.currentBet === 0 ? this.blinds.bb : this.currentBet + this.lastRaise);
    return {
      canFold: toCall > 0,
      canCheck: toCall === 0,
      call: toCall > 0 ? Math.min(toCall, s.stack) : null,
      currentBet: this.currentBet,
      isBet: this.currentBet === 0,
      minRaiseTo: canRaise ? minTo : null,
      maxRaiseTo: canRaise ? maxTo : null,
      potRaiseTo: canRaise ? Math.min(maxTo, this.currentBet + this.pot + bets + toCall) : null,
    };
  }

  /** Applies an action; returns an error code, or null when it was applied. */
  act(seatNo: number, action: PlayerAction, now: number): string | null {
    const legal = this.legalFor(seatNo);
    if (!legal) return "table/not-your-turn";
    const s = this.seats[seatNo - 1]!;
    let amount = 0;
    switch (action.kind) {
      case "fold":
        s.folded = true;
        break;
      case "check":
        if (!legal.canCheck) return "table/illegal-action";
        break;
      case "call":
        if (legal.call === null) return "table/illegal-action";
        amount = legal.call;
        break;
      case "bet":
      case "raise": {
        if (legal.minRaiseTo === null || legal.maxRaiseTo === null) return "table/illegal-action";
        if (action.to < legal.minRaiseTo || action.to > legal.maxRaiseTo) return "table/illegal-action";
        amount = action.to - s.bet;
        if (action.to - this.currentBet >= this.lastRaise) this.lastRaise = action.to - this.currentBet;
        this.currentBet = action.to;
        for (const o of this.seats) if (o !== s) o.acted = false;
        break;
      }
    }
    s.stack -= amount;
    s.bet += amount;
    s.committed += amount;
    s.allIn = s.stack === 0 && !s.folded;
    s.acted = true;
    this.event({ kind: "action", seat: s.seat, action: action.kind, amount, to: s.bet, allIn: s.allIn, timeout: false });
    this.advance(now);
    return null;
  }

  /** R-POT-1 side pots from what each seat put in (collected only: bets in front excluded). */
  private sidePots(collectedOnly = false): Pot[] {
    const put = (s: MSeat) => s.committed - (collectedOnly ? s.bet : 0);
    const contenders = this.seats.filter((s) => put(s) > 0);
    const levels = [...new Set(contenders.filter((s) => !s.folded).map(put))].sort((a, b) => a - b);
    const pots: Pot[] = [];
    let prev = 0;
    for (const level of levels) {
      const amount = contenders.reduce((a, s) => a + Math.max(0, Math.min(put(s), level) - prev), 0);
      const eligibleSeats = contenders.filter((s) => !s.folded && put(s) >= level).map((s) => s.seat);
      if (amount > 0) pots.push({ amount, eligibleSeats });
      prev = level;
    }
    const rest = contenders.reduce((a, s) => a + Math.max(0, put(s) - prev), 0);
    if (rest > 0 && pots.length > 0) pots[pots.length - 1] = { ...pots[pots.length - 1]!, amount: pots[pots.length - 1]!.amount + rest };
    return pots;
  }

  private advance(now: number): void {
    const inHand = this.seats.filter((s) => s.cards && !s.folded);
    if (inHand.length === 1) return this.finish([inHand[0]!], now);
    const pending = this.nextSeat(this.actor ?? 1, (s) => !!s.cards && !s.folded && !s.allIn && (!s.acted || s.bet < this.currentBet));
    if (pending) return this.setActor(pending, now);
    // The round is over: collect bets, deal the next street or show down.
    this.pot += this.seats.reduce((a, s) => a + s.bet, 0);
    for (const s of this.seats) Object.assign(s, { bet: 0, acted: false });
    this.event({ kind: "pots", pots: this.sidePots() });
    this.currentBet = 0;
    this.lastRaise = this.blinds.bb;
    const next = { preflop: "flop", flop: "turn", turn: "river", river: null } as const;
    const street = this.street === "preflop" || this.street === "flop" || this.street === "turn" || this.street === "river" ? next[this.street] : null;
    if (street === null) return this.finish(inHand, now);
    const cards = street === "flop" ? [this.deck.pop()!, this.deck.pop()!, this.deck.pop()!] : [this.deck.pop()!];
    this.board.push(...cards);
    this.street = street;
    this.event({ kind: "board", street, cards });
    const canAct = inHand.filter((s) => !s.allIn);
    if (canAct.length <= 1) return this.advance(now);
    this.setActor(this.nextSeat(this.button, (s) => !!s.cards && !s.folded && !s.allIn), now);
  }

  private finish(inHand: MSeat[], now: number): void {
    this.actor = null;
    this.pot += this.seats.reduce((a, s) => a + s.bet, 0);
    const pots = this.sidePots();
    for (const s of this.seats) s.bet = 0;
    const winners: RecentHand["winners"] = [];
    pots.forEach((pot, potIndex) => {
      const eligible = inHand.filter((s) => pot.eligibleSeats.includes(s.seat));
      const ranked = eligible
        .map((s) => ({ s, c: classify([...s.cards!, ...this.board]) }))
        .sort((a, b) => b.c.strength - a.c.strength);
      const w = ranked[0] ?? { s: inHand[0]!, c: null };
      if (inHand.length > 1) {
        for (const r of ranked) if (!r.s.shown) {
          r.s.shown = true;
          this.event({ kind: "show", seat: r.s.seat, cards: r.s.cards!, hand: null });
        }
      }
      w.s.stack += pot.amount;
      const category = inHand.length > 1 ? (w.c?.category ?? null) : null;
      this.event({ kind: "win", seat: w.s.seat, potIndex, amount: pot.amount, category });
      winners.push({ name: w.s.name, amount: pot.amount, category });
    });
    this.pot = 0;
    this.street = "showdown";
    this.recent = [{ handId: this.handId!, handNumber: this.handNumber, winners }, ...this.recent].slice(0, 5);
    this.event({ kind: "hand-end", stacks: this.seats.map((s) => ({ seat: s.seat, stack: s.stack })) });
    void now;
  }

  /** A bot's choice: check when free, call small bets, sometimes raise, else fold. */
  botAction(seatNo: number): PlayerAction {
    const legal = this.legalFor(seatNo)!;
    const r = this.random();
    if (legal.minRaiseTo !== null && r < 0.12) return { kind: legal.isBet ? "bet" : "raise", to: legal.minRaiseTo };
    if (legal.canCheck) return { kind: "check" };
    const s = this.seats[seatNo - 1]!;
    if ((legal.call ?? 0) <= s.stack / 4 || r < 0.3) return { kind: "call" };
    return { kind: "fold" };
  }

  viewFor(seatNo: number | null, now: number): TableView {
    const me = seatNo === null ? null : this.seats[seatNo - 1]!;
    const seats: SeatView[] = this.seats.map((s) => ({
      seat: s.seat,
      player: { id: s.id, name: s.name },
      stack: s.stack,
      bet: s.bet,
      status: s.stack === 0 && s.committed === 0 ? "sitting-out" : s.folded ? "folded" : s.allIn ? "all-in" : s.cards ? "active" : "waiting",
      hasCards: !!s.cards && !s.folded,
      cards: s.cards && (s.seat === seatNo || s.shown) ? s.cards : null,
      shownHand: null,
      connected: true,
    }));
    const mine = me?.cards ? classify([...me.cards, ...this.board]) : null;
    return {
      tableId: this.tableId,
      tournamentId: this.tournamentId,
      tableNumber: this.tableNumber,
      version: this.version,
      handId: this.handId,
      handNumber: this.handNumber,
      variant: "no-limit",
      blinds: this.blinds,
      street: this.street,
      seats,
      board: this.board,
      pots: this.street === "showdown" ? [] : this.sidePots(true),
      button: this.button || null,
      smallBlind: this.sbSeat,
      bigBlind: this.bbSeat,
      actor: this.actor,
      mySeat: seatNo,
      legal: seatNo === null ? null : this.legalFor(seatNo),
      clock: this.actor === null ? null : { deadline: this.deadline, timeBankMs: 30_000, actionMs: 15_000 },
      myHand: me?.cards && mine ? { category: mine.category, cards: [...me.cards, ...this.board].slice(0, 5) } : null,
      sittingOut: false,
      recentHands: this.recent,
    };
  }
}
