// A case must say exactly what the format names (docs/conformance.md): a field the format does
// not name, an `expect` with nothing in it, or a name the situation does not have (a player,
// seat or table) makes the case unreadable, and `felt check` counts it as failed, so a typo
// never passes as a check. Names are quoted as the case writes them (`p9`, not "player 8").

/** Thrown by the validators and the readers: the case cannot be read. */
export class CaseError extends Error {}

const COMMON = ["id", "rules", "kind", "note"];

const FIELDS: Record<string, { top: readonly string[]; expect: readonly string[] | "players" | "list" }> = {
  seating: { top: ["players", "tableSize", "expect"], expect: ["tables"] },
  blinds: { top: ["buttonRule", "tableSize", "seats", "last", "busted", "expect"], expect: "list" },
  colorup: { top: ["method", "remove", "next", "button", "players", "deck", "expect"], expect: ["stacks", "winners"] },
  placements: { top: ["left", "prizes", "busted", "expect"], expect: "players" },
  balance: { top: ["tableSize", "tables", "busted", "expect"], expect: ["moves", "anyOf", "sizes"] },
  hand: {
    top: ["variant", "antes", "blinds", "stacks", "smallBet", "bigBet", "oddChip", "actions", "expect"],
    expect: ["next", "illegal", "showOrder", "stacks", "pots"],
  },
};

const NEXT_FIELDS = ["actor", "canCheck", "call", "minRaiseTo", "maxRaiseTo"];

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const quote = (s: string) => `'${s}'`;

function onlyKnown(o: Record<string, unknown>, known: readonly string[], where: string): void {
  const extra = Object.keys(o).filter((k) => !known.includes(k));
  if (extra.length > 0) {
    throw new CaseError(`${where} has ${extra.length === 1 ? "a field" : "fields"} the format does not name: ${extra.map(quote).join(", ")}`);
  }
}

/** Throws a CaseError when the case is not one the format describes. */
export function validateCase(raw: Record<string, unknown>): void {
  const kind = String(raw["kind"]);
  const spec = FIELDS[kind];
  if (spec === undefined) throw new CaseError(`unknown kind ${quote(kind)}`);
  onlyKnown(raw, [...COMMON, ...spec.top], "the case");
  if (raw["id"] !== undefined && typeof raw["id"] !== "string") throw new CaseError("id must be a string");
  if (raw["rules"] !== undefined && (!Array.isArray(raw["rules"]) || !raw["rules"].every((r) => typeof r === "string"))) {
    throw new CaseError("rules must be a list of rule ids");
  }
  const expect = raw["expect"];
  if (expect === undefined) throw new CaseError("the case has no expect");
  if (spec.expect === "list") {
    if (!Array.isArray(expect) || expect.length === 0) throw new CaseError("expect must list at least one hand");
    expect.forEach((e, i) => {
      if (!isObj(e)) throw new CaseError(`expect[${i}] must be an object`);
      onlyKnown(e, ["button", "sb", "bb"], `expect[${i}]`);
      for (const k of ["button", "sb", "bb"]) if (e[k] === undefined) throw new CaseError(`expect[${i}] has no ${k}`);
    });
  } else {
    if (!isObj(expect)) throw new CaseError("expect must be an object");
    if (Object.keys(expect).length === 0) throw new CaseError("expect names nothing to check");
    if (spec.expect !== "players") onlyKnown(expect, spec.expect, "expect");
  }
  NAMES[kind]?.(raw);
}

// ---- names the situation must have, per kind ----

function seatsOf(v: unknown, what: string, tableSize: number): Map<number, string> {
  if (!isObj(v)) throw new CaseError(`${what} must be an object of seat: player`);
  const out = new Map<number, string>();
  for (const [k, p] of Object.entries(v)) {
    const seat = Number(k);
    if (!Number.isInteger(seat) || seat < 1 || seat > tableSize) {
      throw new CaseError(`${what} names seat ${quote(k)}, not one of 1..${tableSize}`);
    }
    if (typeof p !== "string") throw new CaseError(`${what}[${k}] must be a player's name`);
    if ([...out.values()].includes(p)) throw new CaseError(`${what} seats ${quote(p)} twice`);
    out.set(seat, p);
  }
  return out;
}

const tableSizeOf = (raw: Record<string, unknown>): number => {
  const t = raw["tableSize"] ?? 10;
  if (typeof t !== "number" || !Number.isInteger(t) || t < 2) throw new CaseError("tableSize must be a whole number, 2 or more");
  return t;
};

const NAMES: Record<string, (raw: Record<string, unknown>) => void> = {
  seating(raw) {
    const n = raw["players"];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1) throw new CaseError("players must be a whole number, 1 or more");
    tableSizeOf(raw);
  },

  blinds(raw) {
    const size = tableSizeOf(raw);
    const seats = seatsOf(raw["seats"], "seats", size);
    if (seats.size < 2) throw new CaseError(`seats holds ${seats.size} player${seats.size === 1 ? "" : "s"}: a hand needs two or more`);
    const players = new Set(seats.values());
    const last = raw["last"];
    if (!isObj(last)) throw new CaseError("last must be an object");
    onlyKnown(last, ["button", "sb", "bb"], "last");
    const button = last["button"];
    if (typeof button !== "number" || !Number.isInteger(button) || button < 1 || button > size) {
      throw new CaseError(`last.button must be a seat 1..${size}`);
    }
    for (const k of ["sb", "bb"] as const) {
      const list = last[k];
      if (!Array.isArray(list)) throw new CaseError(`last.${k} must be a list of seats`);
      for (const s of list) {
        if (typeof s !== "number" || !seats.has(s)) throw new CaseError(`last.${k} names seat ${String(s)}, where nobody sat`);
      }
    }
    if (Array.isArray(last["bb"]) && last["bb"].length === 0) throw new CaseError("last.bb is empty: a hand has a big blind");
    const busted = raw["busted"] ?? [];
    if (!Array.isArray(busted)) throw new CaseError("busted must be a list of players");
    for (const b of busted) {
      if (typeof b !== "string" || !players.has(b)) throw new CaseError(`busted names ${quote(String(b))}, who is not seated`);
    }
    (raw["expect"] as Record<string, unknown>[]).forEach((e, i) => {
      for (const k of ["sb", "bb"] as const) {
        const list = e[k];
        if (!Array.isArray(list) || !list.every((s) => typeof s === "number" && Number.isInteger(s) && s >= 1 && s <= size)) {
          throw new CaseError(`expect[${i}].${k} must be a list of seats 1..${size}`);
        }
      }
      const b = e["button"];
      if (typeof b !== "number" || !Number.isInteger(b) || b < 1 || b > size) throw new CaseError(`expect[${i}].button must be a seat 1..${size}`);
    });
  },

  colorup(raw) {
    const players = raw["players"];
    if (!Array.isArray(players) || players.length === 0) throw new CaseError("players must list one or more players");
    const ids = new Set<string>();
    players.forEach((p, i) => {
      if (!isObj(p)) throw new CaseError(`players[${i}] must be an object`);
      onlyKnown(p, ["id", "seat", "stack", "small"], `players[${i}]`);
      if (typeof p["id"] !== "string") throw new CaseError(`players[${i}].id must be a name`);
      ids.add(p["id"]);
    });
    const expect = raw["expect"] as Record<string, unknown>;
    if (expect["stacks"] !== undefined) {
      if (!isObj(expect["stacks"])) throw new CaseError("expect.stacks must be an object of player: chips");
      for (const id of Object.keys(expect["stacks"])) if (!ids.has(id)) throw new CaseError(`expect.stacks names ${quote(id)}, who is not a player here`);
    }
    if (expect["winners"] !== undefined) {
      if (!Array.isArray(expect["winners"])) throw new CaseError("expect.winners must be a list of players");
      for (const id of expect["winners"]) if (!ids.has(String(id))) throw new CaseError(`expect.winners names ${quote(String(id))}, who is not a player here`);
    }
  },

  placements(raw) {
    const busted = raw["busted"];
    if (!Array.isArray(busted) || busted.length === 0) throw new CaseError("busted must list one or more players");
    const ids = new Set<string>();
    busted.forEach((b, i) => {
      if (!isObj(b)) throw new CaseError(`busted[${i}] must be an object`);
      onlyKnown(b, ["id", "startStack"], `busted[${i}]`);
      if (typeof b["id"] !== "string") throw new CaseError(`busted[${i}].id must be a name`);
      ids.add(b["id"]);
    });
    const left = raw["left"];
    if (typeof left !== "number" || !Number.isInteger(left) || left < busted.length) {
      throw new CaseError(`left must be a whole number, at least the ${busted.length} busted`);
    }
    for (const [id, e] of Object.entries(raw["expect"] as Record<string, unknown>)) {
      if (!ids.has(id)) throw new CaseError(`expect names ${quote(id)}, who did not bust here`);
      if (!isObj(e)) throw new CaseError(`expect.${id} must be an object`);
      onlyKnown(e, ["places", "prize"], `expect.${id}`);
      if (Object.keys(e).length === 0) throw new CaseError(`expect.${id} names nothing to check`);
    }
  },

  balance(raw) {
    const size = tableSizeOf(raw);
    const tables = raw["tables"];
    if (!isObj(tables) || Object.keys(tables).length === 0) throw new CaseError("tables must name one or more tables");
    const seated = new Map<string, Set<string>>();
    for (const [id, t] of Object.entries(tables)) {
      if (!isObj(t)) throw new CaseError(`tables.${id} must be an object`);
      onlyKnown(t, ["seats", "button"], `tables.${id}`);
      const seats = seatsOf(t["seats"], `tables.${id}.seats`, size);
      seated.set(id, new Set(seats.values()));
    }
    const busted = raw["busted"] ?? {};
    if (!isObj(busted)) throw new CaseError("busted must be an object of table: players");
    for (const [id, list] of Object.entries(busted)) {
      const at = seated.get(id);
      if (at === undefined) throw new CaseError(`busted names table ${quote(id)}, which the case does not have`);
      if (!Array.isArray(list)) throw new CaseError(`busted.${id} must be a list of players`);
      for (const p of list) if (!at.has(String(p))) throw new CaseError(`busted.${id} names ${quote(String(p))}, who is not seated at ${id}`);
    }
    const expect = raw["expect"] as Record<string, unknown>;
    const forms = ["moves", "anyOf", "sizes"].filter((k) => expect[k] !== undefined);
    if (forms.length !== 1) throw new CaseError("expect gives exactly one of moves, anyOf, sizes");
    const checkMoves = (v: unknown, where: string) => {
      if (!Array.isArray(v)) throw new CaseError(`${where} must be a list of moves`);
      v.forEach((m, i) => {
        if (!isObj(m)) throw new CaseError(`${where}[${i}] must be an object`);
        onlyKnown(m, ["player", "from", "to", "seat"], `${where}[${i}]`);
        for (const k of ["from", "to"]) {
          if (!seated.has(String(m[k]))) throw new CaseError(`${where}[${i}].${k} names table ${quote(String(m[k]))}, which the case does not have`);
        }
        if (!seated.get(String(m["from"]))!.has(String(m["player"]))) {
          throw new CaseError(`${where}[${i}] moves ${quote(String(m["player"]))}, who is not seated at ${String(m["from"])}`);
        }
        const seat = m["seat"];
        if (typeof seat !== "number" || !Number.isInteger(seat) || seat < 1 || seat > size)
          throw new CaseError(`${where}[${i}].seat must be a seat 1..${size}`);
      });
    };
    if (expect["moves"] !== undefined) checkMoves(expect["moves"], "expect.moves");
    if (expect["anyOf"] !== undefined) {
      if (!Array.isArray(expect["anyOf"]) || expect["anyOf"].length === 0) throw new CaseError("expect.anyOf must list one or more answers");
      expect["anyOf"].forEach((o, i) => {
        if (!isObj(o)) throw new CaseError(`expect.anyOf[${i}] must be an object`);
        onlyKnown(o, ["moves"], `expect.anyOf[${i}]`);
        checkMoves(o["moves"], `expect.anyOf[${i}].moves`);
      });
    }
  },

  hand(raw) {
    const stacks = raw["stacks"];
    if (!Array.isArray(stacks) || stacks.length < 2) throw new CaseError("stacks must list two or more players");
    const n = stacks.length;
    for (const k of ["antes", "blinds"]) {
      const v = raw[k];
      if (v !== undefined && (!Array.isArray(v) || v.length !== n)) throw new CaseError(`${k} must have one entry for each of the ${n} players`);
    }
    const player = (name: unknown, where: string) => {
      const m = /^p(\d+)$/.exec(String(name));
      if (m === null || Number(m[1]) < 1 || Number(m[1]) > n) {
        throw new CaseError(`${where} names ${quote(String(name))}, who is not in this ${n}-handed hand`);
      }
    };
    const actions = raw["actions"] ?? [];
    if (!Array.isArray(actions)) throw new CaseError("actions must be a list");
    const named = (text: unknown, where: string) => {
      const parts = String(text).split("#")[0]!.trim().split(/\s+/);
      if (parts[0] === "d" && parts[1] === "dh") player(parts[2], where);
      else if (parts[0] !== "d") player(parts[0], where);
    };
    actions.forEach((a, i) => named(a, `actions[${i}] (${String(a)})`));
    const expect = raw["expect"] as Record<string, unknown>;
    const next = expect["next"];
    if (next !== undefined && next !== null) {
      if (!isObj(next)) throw new CaseError("expect.next must be an object");
      onlyKnown(next, NEXT_FIELDS, "expect.next");
      if (Object.keys(next).length === 0) throw new CaseError("expect.next names nothing to check");
      if (next["actor"] !== undefined) player(next["actor"], "expect.next.actor");
    }
    if (expect["illegal"] !== undefined) {
      if (!Array.isArray(expect["illegal"]) || expect["illegal"].length === 0) throw new CaseError("expect.illegal must list one or more actions");
      expect["illegal"].forEach((a, i) => named(a, `expect.illegal[${i}] (${String(a)})`));
    }
    if (expect["showOrder"] !== undefined) {
      if (!Array.isArray(expect["showOrder"])) throw new CaseError("expect.showOrder must be a list of players");
      expect["showOrder"].forEach((p) => player(p, "expect.showOrder"));
    }
    if (expect["stacks"] !== undefined && (!Array.isArray(expect["stacks"]) || expect["stacks"].length !== n)) {
      throw new CaseError(`expect.stacks must have one entry for each of the ${n} players`);
    }
    if (expect["pots"] !== undefined) {
      if (!Array.isArray(expect["pots"])) throw new CaseError("expect.pots must be a list");
      expect["pots"].forEach((p, i) => {
        if (!isObj(p)) throw new CaseError(`expect.pots[${i}] must be an object`);
        onlyKnown(p, ["amount", "eligible"], `expect.pots[${i}]`);
        if (!Array.isArray(p["eligible"])) throw new CaseError(`expect.pots[${i}].eligible must be a list of players`);
        p["eligible"].forEach((q) => player(q, `expect.pots[${i}].eligible`));
      });
    }
  },
};
