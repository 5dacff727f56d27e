import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LegalActions, PlayerAction, SeatView, TableView } from "../../../src/protocol/index.ts";
import { Cards } from "../components/card.tsx";
import { useFormat } from "../components/use-format.ts";
import { aggressiveAction, clampRaise, raisePresets } from "../logic/raise-presets.ts";

/** Seats around an oval, the viewer's seat at the bottom. */
function seatPosition(index: number, count: number, offset: number): React.CSSProperties {
  const angle = (2 * Math.PI * (index - offset)) / count + Math.PI / 2;
  return { left: `${50 + 44 * Math.cos(angle)}%`, top: `${50 + 40 * Math.sin(angle)}%` };
}

function Seat({ view, s, now }: { view: TableView; s: SeatView; now: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const idx = view.seats.indexOf(s);
  const mine = view.seats.findIndex((x) => x.seat === view.mySeat);
  const acting = view.actor === s.seat;
  const clock = acting ? view.clock : null;
  const left = clock ? clock.deadline - now : 0;
  return (
    <div
      className={`seat ${s.status} ${acting ? "acting" : ""} ${s.seat === view.mySeat ? "me" : ""}`}
      style={seatPosition(idx, view.seats.length, Math.max(0, mine))}
      data-seat={s.seat}
    >
      <div className="seat-cards">{s.cards ? <Cards cards={s.cards} size="sm" /> : s.hasCards ? <Cards cards={[null, null]} size="sm" /> : null}</div>
      <div className="seat-box">
        <div className="seat-name">
          {s.player?.name ?? t("table.emptySeat")}
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
      <div className="markers">
        {view.button === s.seat && <span className="marker dealer" title={t("table.button")}>D</span>}
        {view.smallBlind === s.seat && <span className="marker sb">{t("table.sb")}</span>}
        {view.bigBlind === s.seat && <span className="marker bb">{t("table.bb")}</span>}
      </div>
      {s.bet > 0 && <div className="bet">{fmt.chips(s.bet)}</div>}
    </div>
  );
}

function ActionBar({ view, legal, onAct, now }: { view: TableView; legal: LegalActions; onAct: (a: PlayerAction) => void; now: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const presets = raisePresets(legal);
  const [to, setTo] = useState(legal.minRaiseTo ?? 0);
  useEffect(() => setTo(legal.minRaiseTo ?? 0), [legal.minRaiseTo, view.version]);
  const clock = view.clock;
  const left = clock ? clock.deadline - now : 0;
  const me = view.seats.find((s) => s.seat === view.mySeat);
  const callAllIn = legal.call !== null && me !== undefined && legal.call >= me.stack;
  return (
    <div className="action-bar">
      {clock && (
        <div className="action-clock">
          {left > 0
            ? t("table.secondsLeft", { seconds: Math.ceil(left / 1000) })
            : t("table.timeBank", { seconds: Math.max(0, Math.ceil((clock.timeBankMs + left) / 1000)) })}
        </div>
      )}
      <div className="buttons">
        {legal.canFold && (
          <button className="fold" onClick={() => onAct({ kind: "fold" })}>
            {t("table.fold")}
          </button>
        )}
        {legal.canCheck && (
          <button className="check" onClick={() => onAct({ kind: "check" })}>
            {t("table.check")}
          </button>
        )}
        {legal.call !== null && (
          <button className="call" onClick={() => onAct({ kind: "call" })}>
            {callAllIn ? t("table.callAllIn", { amount: fmt.chips(legal.call) }) : t("table.call", { amount: fmt.chips(legal.call) })}
          </button>
        )}
        {legal.minRaiseTo !== null && legal.maxRaiseTo !== null && (
          <button
            className="raise"
            onClick={() => {
              const a = aggressiveAction(legal, to);
              if (a) onAct(a);
            }}
          >
            {legal.isBet ? t("table.betTo", { amount: fmt.chips(to) }) : t("table.raiseTo", { amount: fmt.chips(to) })}
          </button>
        )}
      </div>
      {legal.minRaiseTo !== null && legal.maxRaiseTo !== null && legal.maxRaiseTo > legal.minRaiseTo && (
        <div className="raise-controls">
          <div className="presets">
            {presets.map((p) => (
              <button key={p.id} className={to === p.to ? "on" : ""} onClick={() => setTo(p.to)}>
                {t(`table.preset.${p.id}`)}
              </button>
            ))}
          </div>
          <input
            type="range"
            min={legal.minRaiseTo}
            max={legal.maxRaiseTo}
            step={Math.max(1, view.blinds.sb)}
            value={to}
            aria-label={t("table.amount")}
            onChange={(e) => setTo(clampRaise(Number(e.target.value), legal) ?? to)}
          />
          <input
            type="number"
            className="amount"
            min={legal.minRaiseTo}
            max={legal.maxRaiseTo}
            value={to}
            aria-label={t("table.amount")}
            onChange={(e) => setTo(Number(e.target.value))}
            onBlur={() => setTo(clampRaise(to, legal) ?? to)}
          />
        </div>
      )}
    </div>
  );
}

export function TableFelt({ view, onAct, now, compact = false }: { view: TableView; onAct: (a: PlayerAction) => void; now: number; compact?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = view.seats.find((s) => s.seat === view.mySeat);
  return (
    <div className={`table-wrap ${compact ? "compact" : ""}`} data-table={view.tableId}>
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
          <div className="board">
            <Cards cards={view.board} size={compact ? "sm" : "md"} />
          </div>
          <div className="pots">
            {view.pots.map((p, i) => (
              <span key={i} className="pot" title={t("table.eligible", { seats: p.eligibleSeats.join(", ") })}>
                {i === 0 ? t("table.mainPot") : t("table.sidePot", { n: i })}: {fmt.chips(p.amount)}
              </span>
            ))}
          </div>
        </div>
        {view.seats.map((s) => (
          <Seat key={s.seat} view={view} s={s} now={now} />
        ))}
      </div>
      <div className="my-hand">
        {me?.cards && <Cards cards={me.cards} size={compact ? "sm" : "lg"} />}
        {view.myHand && <span className="hand-name">{t(`handName.${view.myHand.category}`)}</span>}
        {view.actor !== null && view.actor !== view.mySeat && (
          <span className="waiting">{t("table.waitingFor", { name: view.seats.find((s) => s.seat === view.actor)?.player?.name ?? "" })}</span>
        )}
      </div>
      {view.legal && <ActionBar view={view} legal={view.legal} onAct={onAct} now={now} />}
    </div>
  );
}
