import type { Messages } from "../types.ts";

// The live room's strings (issue 15), merged under `live` into each language (../../index.ts).
export const liveEn = {
  chipsInPlay: "Chips in play", chipSet: "Chips", provisional: "provisional",
  payoutsProvisional: "Provisional: entries can still come, so the payouts grow with them.", payoutsFixed: "Fixed: entries are closed.",
  bustConfirm: "{{name}} is out?", bustYes: "Yes, out", no: "No",
  duplicate: "{{name}} is already entered. Enter another player of the same name?",
  duplicateSeated: "{{name}} is already entered (table {{table}}, seat {{seat}}). Enter another player of the same name?",
  duplicateYes: "Yes, another player",
  entry: "Entry", bustedAt: "Out at", stillIn: "still in", reEntryName: "{{name}} (entry {{number}})",
  dealChipsHint: "Chips: the floor's count, or an estimate (the chips nobody counted, shared). Type the counted chips; they are recorded as the count before the deal.",
  countedAt: "counted {{time}}", typed: "typed", estimate: "estimate",
  log: {
    title: "Floor log", empty: "Nothing recorded yet.", undo: "Undo", reason: "Why (required)", confirmUndo: "Undo it",
    undone: "undone {{time}}: {{reason}}", correction: "(a correction)",
    kind: { bust: "Bust", count: "Count", rebuy: "Rebuy", "add-on": "Add-on", "re-entry": "Re-entry", reinstated: "Back in", reversed: "Taken back" },
  },
  causes: {
    chips: {
      "still-needed": "The {{remove}} chips are still needed by the blinds; the next chip to go is {{next}}.",
      "not-in-play": "The {{remove}} chips are no longer in play; the next chip to go is {{next}}.",
      "already-raced": "Table {{table}} has already raced off the {{remove}} chips.",
    },
    tournament: {
      "no-deal": {
        format: "There is no deal in a satellite or a heads-up tournament.",
        "prizes-not-fixed": "No deal yet: entries can still come, so the prizes are not fixed.",
        "prizes-not-fixed_level": "No deal yet: entries can still come, so the prizes are not fixed. They are fixed when entries close, at the end of level {{closesLevel}} ({{closesAt}}).",
        "prizes-not-fixed_players": "No deal yet: entries can still come, so the prizes are not fixed. They are fixed when {{closesWithPlayers}} players are left.",
        "settle-first": "Record the last hand's busts first.",
        "final-table": "A deal is made among the players of the final table: {{left}} are left, a table seats {{tableSize}}.",
      },
      "bad-undo": {
        "not-out": "This entry is not out.", "re-entered": "The player has re-entered since: the new entry plays on.", over: "The tournament is over.",
        none: "There is nothing of that kind to undo for this entry.", out: "This entry is out: undo the bust first.",
        stack: "The stack is smaller than the chips to take back: count it first.", already: "This record is already undone.",
        kind: "This kind of record is not undone this way.", nothing: "Nothing to undo.",
      },
      "registration-closed": "Late registration is over.",
      "re-entry-closed": "Re-entry is over.",
      "re-entry-not-busted": "This player is still in: a re-entry is for a player who is out.",
      "re-entry-limit": "This player has used every re-entry.",
      "re-entry-not-offered": "This tournament has no re-entry.",
      "rebuy-closed": "The rebuy period is over.",
      "rebuy-limit": "This player has used every rebuy.",
      "rebuy-not-offered": "This tournament has no rebuys.",
      "rebuy-stack-too-big": "The stack is too big for a rebuy.",
      "rebuy-at-final-table": "There are no rebuys at the final table.",
      "add-on-closed": "The add-on is not open now.",
      "add-on-taken": "This player has already taken the add-on.",
      "add-on-not-offered": "This tournament has no add-on.",
      "add-on-eliminated": "This player is out; the add-on is for players still in.",
      "entry-busted": "This player is already out.",
      "not-running": "The tournament is not running.",
      "no-entry": "No such entry in this tournament.",
    },
  },
} as const satisfies Messages;
