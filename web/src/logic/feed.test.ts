import { describe, expect, it } from "vitest";
import type { ChatLine } from "../../../src/protocol/index.ts";
import { lastChatId, unreadChat } from "./feed.ts";

const said = (id: number, from: string): ChatLine => ({ id, at: 0, from: { id: from, name: from, director: false }, text: "hi" });
const dealer = (id: number): ChatLine => ({ id, at: 0, dealer: { kind: "bust", name: "Bo", place: 3 } });

describe("the chat tab counts what was said while it was closed", () => {
  const lines = [said(1, "ann"), dealer(2), said(3, "bo"), said(4, "me"), said(5, "cy")];

  it("lines said after the last one seen, by others, not the dealer's entries (they are in the hand log)", () => {
    expect(unreadChat(lines, 1, "me", new Set())).toBe(2);
    expect(unreadChat(lines, 0, "me", new Set())).toBe(3);
    expect(unreadChat(lines, lastChatId(lines), "me", new Set())).toBe(0);
  });

  it("a player muted for oneself is not counted", () => {
    expect(unreadChat(lines, 1, "me", new Set(["cy"]))).toBe(1);
  });
});
