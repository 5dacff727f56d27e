import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LastHand, LegalActions, PlayerAction, SeatView, TableView } from "../../../src/protocol/index.ts";
import { Cards } from "../components/card.tsx";
import { useFormat } from "../components/use-format.ts";
import { handName } from "../logic/hand-name.ts";
import { aggressiveAction, clampRaise, raisePresets, typedAmount } from "../logic/raise-presets.ts";
import { anchorSeat, seatOffset, seatReading, takesFocus } from "../logic/seats.ts";
import { potLines } from "../logic/showdown.ts";

/**
 * Seats around an oval, the viewer's seat at the bottom. The oval's radii are the stylesheet's
 * (--seat-rx, --seat-ry: a share of the felt's width and height), so a layout whose felt is
 * nearly round (a phone on its side) can spread the seats wider than the felt.
 */
function seatPosition(index: number, count: number, offset: number): React.CSSProperties {
  const angle = (2 * Math.PI * (index - offset)) / count + Math.PI / 2;
  const [x, y] = [Math.cos(angle), Math.sin(angle)].map((v) => Number(v.toFixed(4)));
  return { left: `calc(50% + ${x} * var(--seat-rx, 44%))`, top: `calc(50% + ${y} * var(--seat-ry, 40%))` };
}

/** The main pot's winning five at a showdown (its first winner's shown hand), to mark on the felt. */
function winningFive(last: LastHand | null): ReadonlySet<number> | null {
  const seat = last?.pots[0]?.winners[0]?.seat;
  const hand = seat === undefined ? undefined : last?.shown.find((x) => x.seat === seat)?.hand;
  return hand ? new Set(hand.cards) : null;
}

/** Where a seat sits on the felt (the chips won fly there), the anchor seat at the bottom. */
function seatPlace(view: TableView, seat: number, anchor: number | null): React.CSSProperties {
  const idx = view.seats.findIndex((x) => x.seat === seat);
  return seatPosition(Math.max(0, idx), view.seats.length, seatOffset(view.seats, anchor));
}

function Seat({ view, s, now, anchor }: { view: TableView; s: SeatView; now: number; anchor: number | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const acting = view.actor === s.seat;
  const clock = acting ? view.clock : null;
  const left = clock ? clock.deadline - now : 0;
  // Between hands: the finished hand's shown cards (and the viewer's own) stay at the seats.
  const last = view.handId === null ? view.lastHand : null;
  const shown = last?.shown.find((x) => x.seat === s.seat) ?? null;
  const cards = last !== null ? (shown?.cards ?? (s.seat === view.mySeat ? last.myCards : null)) : s.cards;
  const won = last?.pots.reduce((a, p) => a + p.winners.filter((w) => w.seat === s.seat).reduce((x, w) => x + w.amount, 0), 0) ?? 0;
  return (
    <li
      className={`seat ${s.status} ${acting ? "acting" : ""} ${s.seat === view.mySeat ? "me" : ""} ${won > 0 ? "winner" : ""}`}
      style={seatPlace(view, s.seat, anchor)}
      data-seat={s.seat}
    >
      {/* One sentence per seat for a screen reader; the boxes below say the same to the eye. */}
      <span className="sr-only" data-testid="seat-reading">
        {seatReading(t, fmt.chips, view, s)}
      </span>
      <div className="seat-cards" data-shown={shown !== null ? "yes" : undefined}>
        {cards ? <Cards cards={cards} size="sm" best={winningFive(last)} /> : last === null && s.hasCards ? <Cards cards={[null, null]} size="sm" /> : null}
      </div>
      {shown?.hand && (
        // The full name; a phone's seat has room for the category only (the pot and the log say it in full).
        <div className="shown-hand">
          <span className="full">{handName(t, shown.hand.category, shown.hand.cards)}</span>
          <span className="short">{t(`handName.${shown.hand.category}`)}</span>
        </div>
      )}
      <div className="seat-box" aria-hidden="true">
        {/* A long name is cut to the seat's width; the whole of it on hover. */}
        <div className="seat-name" title={s.player?.name ?? shown?.name}>
          {s.player?.name ?? shown?.name ?? (
            // A phone (or a small tile) has room for the seat's number only, never a cut-off word.
            <span className="empty-seat">
              <span className="full">{t("table.emptySeat")}</span>
              <span className="short" title={t("table.emptySeat")}>
                {s.seat}
              </span>
            </span>
          )}
          {!s.connected && s.player && <span className="tag">{t("table.away")}</span>}
        </div>
        {s.player && <div className="seat-stack">{s.status === "all-in" ? t("table.allIn") : fmt.chips(s.stack)}</div>}
        {s.status === "folded" && <div className="tag">{t("table.folded")}</div>}
        {s.status === "sitting-out" && <div className="tag">{t("table.sittingOut")}</div>}
        {clock && (
          <div className="clock-bar" title={t("table.timeLeft")}>
            <span style={{ width: `${Math.max(0, Math.min(100, (100 * left) / clock.actionMs))}%` }} />
          </div>
        )}
      </div>
      <div className="markers" aria-hidden="true">
        {view.button === s.seat && (
          <span className="marker dealer" title={t("table.button")}>
            D
          </span>
        )}
        {view.smallBlind === s.seat && <span className="marker sb">{t("table.sb")}</span>}
        {view.bigBlind === s.seat && <span className="marker bb">{t("table.bb")}</span>}
      </div>
      {s.bet > 0 && (
        <div className="bet" aria-hidden="true">
          {fmt.chips(s.bet)}
        </div>
      )}
      {won > 0 && <div className="won">+{fmt.chips(won)}</div>}
    </li>
  );
}

/**
 * The finished hand in the middle of the felt until the next deal: each pot
 * (main, side, split) and who took it with which hand; the chips fly to the winners' seats.
 */
function Showdown({ last }: { last: LastHand }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <div className="showdown" data-testid="showdown" data-hand={last.handId} aria-live="polite">
      {potLines(last).map((p) => (
        <div key={p.index} className="pot-result" data-pot={p.index}>
          <span className="pot-name">{p.index === 0 ? t("table.mainPot") : t("table.sidePot", { n: p.index })}</span> <b>{fmt.chips(p.amount)}</b>{" "}
          {p.winners.length > 1 ? t("table.splitBetween", { names: p.winners.join(", ") }) : t("table.potTo", { name: p.winners[0] ?? "" })}
          {p.hand && <span className="pot-hand"> · {handName(t, p.hand.category, p.hand.cards)}</span>}
        </div>
      ))}
    </div>
  );
}

/** The chips of each pot moving from the middle to its winners' seats. */
function ChipsFly({ view, last, anchor }: { view: TableView; last: LastHand; anchor: number | null }) {
  const fmt = useFormat();
  return (
    <>
      {last.pots.flatMap((p) =>
        p.winners.map((w) => {
          const to = seatPlace(view, w.seat, anchor);
          return (
            <div
              key={`${last.handId}-${p.index}-${w.seat}`}
              className="chips-fly"
              aria-hidden="true"
              style={{ "--to-left": to.left, "--to-top": to.top } as React.CSSProperties}
            >
              {fmt.chips(w.amount)}
            </div>
          );
        }),
      )}
    </>
  );
}

/** Keys for the action buttons (shown on them): fold, check or call, bet or raise, the presets by number. */
export const KEYS = { fold: "f", call: "c", raise: "r" } as const;

function Kbd({ k }: { k: string }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a kbd is not focusable; the button's aria-keyshortcuts says the key
    <kbd className="key" aria-hidden="true">
      {k.toUpperCase()}
    </kbd>
  );
}

function ActionBar({
  view,
  legal,
  onAct,
  now,
  keys,
  sending,
}: {
  view: TableView;
  legal: LegalActions;
  onAct: (a: PlayerAction) => void;
  now: number;
  keys: boolean;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const presets = raisePresets(legal);
  const [to, setTo] = useState(legal.minRaiseTo ?? 0);
  // What the box shows while typing: never above the maximum; below the minimum it is marked
  // and the button names the minimum, the amount that would be sent.
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => {
    setTo(legal.minRaiseTo ?? 0);
    setDraft(null);
  }, [legal.minRaiseTo, view.version]);
  const clock = view.clock;
  const left = clock ? clock.deadline - now : 0;
  const me = view.seats.find((s) => s.seat === view.mySeat);
  const callAllIn = legal.call !== null && me !== undefined && legal.call >= me.stack;
  const canRaise = legal.minRaiseTo !== null && legal.maxRaiseTo !== null;
  const sendTo = clampRaise(to, legal) ?? to;
  const fold = () => onAct({ kind: "fold" });
  const checkOrCall = () => onAct(legal.canCheck ? { kind: "check" } : { kind: "call" });
  const raise = () => {
    const a = aggressiveAction(legal, sendTo);
    if (a) onAct(a);
  };
  const latest = useRef({ fold, checkOrCall, raise, presets, legal });
  latest.current = { fold, checkOrCall, raise, presets, legal };
  useEffect(() => {
    if (!keys) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement | null;
      const typing = el !== null && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT");
      const l = latest.current;
      if (typing) {
        if (e.key === "Enter" && el.classList.contains("amount")) l.raise();
        return;
      }
      const k = e.key.toLowerCase();
      if (k === KEYS.fold && l.legal.canFold) l.fold();
      else if (k === KEYS.call && (l.legal.canCheck || l.legal.call !== null)) l.checkOrCall();
      else if (k === KEYS.raise && l.legal.minRaiseTo !== null) l.raise();
      else if (/^[1-9]$/.test(k)) {
        const p = l.presets[Number(k) - 1];
        if (p) {
          setTo(p.to);
          setDraft(null);
        }
      } else return;
      e.preventDefault();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [keys]);
  const typed = (text: string) => {
    const a = typedAmount(text, legal);
    setDraft(a.shown);
    if (a.sends !== null) setTo(a.shown === "" ? a.sends : Number(a.shown));
  };
  const below = draft !== null && typedAmount(draft, legal).belowMin;
  // The turn begins (the bar appears): the keyboard and a screen reader land on the actions,
  // at the table that has the keys.
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!keys || !takesFocus(document.activeElement)) return;
    // Check or call, never Fold: a stray Enter or Space must not give the hand away.
    const buttons = bar.current?.querySelector<HTMLElement>(".buttons .check, .buttons .call") ?? bar.current?.querySelector<HTMLElement>(".buttons button");
    buttons?.focus({ preventScroll: true });
  }, [keys, view.handId]);
  return (
    <div className="action-bar" data-testid="action-bar" aria-busy={sending} ref={bar}>
      {sending && (
        <div className="action-sending" role="status" data-testid="action-sending">
          {t("connection.sending")}
        </div>
      )}
      {clock && (
        <div className="action-clock" data-testid="action-clock" data-deadline={clock.deadline} data-action-ms={clock.actionMs}>
          {left > 0
            ? t("table.secondsLeft", { seconds: Math.ceil(left / 1000) })
            : t("table.timeBank", { seconds: Math.max(0, Math.ceil((clock.timeBankMs + left) / 1000)) })}
        </div>
      )}
      <div className="buttons">
        {legal.canFold && (
          <button className="fold" onClick={fold} aria-keyshortcuts={keys ? KEYS.fold.toUpperCase() : undefined}>
            {t("table.fold")} {keys && <Kbd k={KEYS.fold} />}
          </button>
        )}
        {legal.canCheck && (
          <button className="check" onClick={checkOrCall} aria-keyshortcuts={keys ? KEYS.call.toUpperCase() : undefined}>
            {t("table.check")} {keys && <Kbd k={KEYS.call} />}
          </button>
        )}
        {legal.call !== null && (
          <button className="call" onClick={checkOrCall} aria-keyshortcuts={keys ? KEYS.call.toUpperCase() : undefined}>
            {callAllIn ? t("table.callAllIn", { amount: fmt.chips(legal.call) }) : t("table.call", { amount: fmt.chips(legal.call) })}{" "}
            {keys && <Kbd k={KEYS.call} />}
          </button>
        )}
        {canRaise && (
          <button className="raise" onClick={raise} data-to={sendTo} aria-keyshortcuts={keys ? KEYS.raise.toUpperCase() : undefined}>
            {legal.isBet ? t("table.betTo", { amount: fmt.chips(sendTo) }) : t("table.raiseTo", { amount: fmt.chips(sendTo) })} {keys && <Kbd k={KEYS.raise} />}
          </button>
        )}
      </div>
      {canRaise && legal.maxRaiseTo! > legal.minRaiseTo! && (
        <div className="raise-controls">
          <div className="presets">
            {presets.map((p, i) => (
              <button
                key={p.id}
                className={sendTo === p.to ? "on" : ""}
                aria-keyshortcuts={keys ? String(i + 1) : undefined}
                onClick={() => {
                  setTo(p.to);
                  setDraft(null);
                }}
              >
                {t(`table.preset.${p.id}`)} {keys && <Kbd k={String(i + 1)} />}
              </button>
            ))}
          </div>
          <div className="amount-row">
            <input
              type="range"
              min={legal.minRaiseTo!}
              max={legal.maxRaiseTo!}
              step={Math.max(1, view.blinds.sb)}
              value={sendTo}
              aria-label={t("table.amount")}
              onChange={(e) => {
                setTo(clampRaise(Number(e.target.value), legal) ?? to);
                setDraft(null);
              }}
            />
            <input
              type="text"
              inputMode="numeric"
              className={`amount ${below ? "invalid" : ""}`}
              value={draft ?? String(sendTo)}
              aria-label={t("table.amount")}
              aria-describedby={below ? `min-${view.tableId}` : undefined}
              onChange={(e) => typed(e.target.value)}
              onBlur={() => {
                setTo(sendTo);
                setDraft(null);
              }}
            />
            {below && (
              <span className="hint" id={`min-${view.tableId}`}>
                {t("table.minAmount", { amount: fmt.chips(legal.minRaiseTo!) })}
              </span>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

export function TableFelt({
  view,
  onAct,
  now,
  compact = false,
  keys = true,
  sending = false,
  idle = null,
}: {
  view: TableView;
  onAct: (a: PlayerAction) => void;
  now: number;
  compact?: boolean;
  keys?: boolean;
  sending?: boolean;
  /** Side by side: what the action bar's kept room shows while there is nothing to act on (Sit in). */
  idle?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = view.seats.find((s) => s.seat === view.mySeat);
  const last = view.handId === null ? view.lastHand : null;
  // The seat last sat at this table: a bust empties it and the felt still turns around it.
  const lastMine = useRef<{ table: string; seat: number } | null>(null);
  if (view.mySeat !== null) lastMine.current = { table: view.tableId, seat: view.mySeat };
  const anchor = anchorSeat(view, lastMine.current?.table === view.tableId ? lastMine.current.seat : null);
  return (
    <div className={`table-wrap ${compact ? "compact" : ""}`} data-table={view.tableId} data-version={view.version}>
      <div className="table-head">
        <b>{t("table.title", { number: view.tableNumber })}</b>
        <span>{t("table.hand", { number: view.handNumber })}</span>
        {view.blinds.bb > 0 && (
          <span>
            {t("table.blinds")}: {fmt.blinds(view.blinds)}
          </span>
        )}
        <span>{view.street ? t(`street.${view.street}`) : ""}</span>
      </div>
      <div className="felt">
        <div className="center">
          <div className="board" data-testid="board">
            <Cards cards={last !== null ? last.board : view.board} size={compact ? "sm" : "md"} best={winningFive(last)} />
          </div>
          {last !== null && <Showdown last={last} />}
          <div className="pots">
            {view.pots.map((p, i) => (
              <span key={i} className="pot" title={t("table.eligible", { seats: p.eligibleSeats.join(", ") })}>
                {i === 0 ? t("table.mainPot") : t("table.sidePot", { n: i })}: {fmt.chips(p.amount)}
              </span>
            ))}
          </div>
        </div>
        <ul className="seats" aria-label={t("table.seats")}>
          {view.seats.map((s) => (
            <Seat key={s.seat} view={view} s={s} now={now} anchor={anchor} />
          ))}
        </ul>
        {last !== null && <ChipsFly view={view} last={last} anchor={anchor} />}
      </div>
      <div className="my-hand">
        {me?.cards && <Cards cards={me.cards} size={compact ? "sm" : "lg"} />}
        {view.myHand && <span className="hand-name">{handName(t, view.myHand.category, view.myHand.cards)}</span>}
        {view.actor !== null && view.actor !== view.mySeat && (
          <span className="waiting">{t("table.waitingFor", { name: view.seats.find((s) => s.seat === view.actor)?.player?.name ?? "" })}</span>
        )}
      </div>
      {compact ? (
        <ActionSlot>{view.legal ? <ActionBar view={view} legal={view.legal} onAct={onAct} now={now} keys={keys} sending={sending} /> : idle}</ActionSlot>
      ) : (
        view.legal && <ActionBar view={view} legal={view.legal} onAct={onAct} now={now} keys={keys} sending={sending} />
      )}
    </div>
  );
}

/**
 * Side by side, the action bar's place is kept while it is not the player's turn, and never
 * shrinks below the tallest bar it held: a turn coming or going at one table must not move
 * the tiles below it under the player's pointer.
 */
function ActionSlot({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [held, setHeld] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (el === null || typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(() => setHeld((h) => Math.max(h, el.scrollHeight)));
    watch.observe(el);
    for (const child of el.children) watch.observe(child);
    return () => watch.disconnect();
  }, []);
  return (
    <div className="action-slot" ref={ref} style={held > 0 ? { minHeight: held } : undefined}>
      {children}
    </div>
  );
}
