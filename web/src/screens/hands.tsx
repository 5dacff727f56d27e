import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Cards } from "../components/card.tsx";
import { ErrorText } from "../components/error-text.tsx";
import { useFormat } from "../components/use-format.ts";
import { useQuery } from "../context.tsx";
import { verifyHandFairness, type HandRecord } from "../../../src/protocol/index.ts";
import { frameView } from "../logic/replay-view.ts";
import { TableFelt } from "./table-view.tsx";
import { replayFrames } from "../logic/replay.ts";
import { href } from "../router.ts";
import { EventLine } from "../components/event-line.tsx";

/** The player's hand history, and a step-by-step replayer for any hand in it. */
export function Hands({ handId }: { handId: string | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useQuery("hands", undefined);
  const lobby = useQuery("lobby", undefined);
  // Listed by tournament and table, newest first within each.
  const names = new Map((lobby.data?.tournaments ?? []).map((x) => [x.id, x.name]));
  const groups: { key: string; tournament: string | null; table: number; hands: NonNullable<typeof list.data>["hands"] }[] = [];
  for (const h of list.data?.hands ?? []) {
    let g = groups.find((x) => x.key === h.tableId);
    if (g === undefined) {
      const table = Number(/-t(\d+)$/.exec(h.tableId)?.[1] ?? 1);
      g = { key: h.tableId, tournament: h.tournamentId === null ? null : (names.get(h.tournamentId) ?? h.tournamentId), table, hands: [] };
      groups.push(g);
    }
    g.hands.push(h);
  }
  return (
    <section className="hands">
      <div className="panel">
        <h1>{t("hands.title")}</h1>
        <ErrorText error={list.error} />
        {groups.map((g) => (
          <div key={g.key} className="hand-group">
            <h3>
              {g.tournament ?? t("hands.cashTable")} · {t("table.title", { number: g.table })}
            </h3>
            <ul className="hand-list">
              {g.hands.map((h) => (
                <li key={h.handId} className={h.handId === handId ? "on" : ""} data-hand={h.handId}>
                  <a href={href("hands", h.handId)}>
                    #{h.handNumber} · {fmt.time(h.startedAt)}
                  </a>{" "}
                  {h.cards !== undefined && h.cards.length > 0 && (
                    <span className="my-cards" data-testid="my-cards">
                      <Cards cards={h.cards} size="sm" />
                    </span>
                  )}{" "}
                  <span className={h.net >= 0 ? "plus" : "minus"}>
                    {h.net >= 0 ? "+" : "−"}
                    {fmt.chips(Math.abs(h.net))}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {list.data?.hands.length === 0 && <p>{t("hands.none")}</p>}
      </div>
      {handId && <Replayer handId={handId} />}
    </section>
  );
}

/**
 * "Verify this deal" ('s check, run here in the browser): every card this player
 * saw was committed before the deal; once the tournament is over, the whole deck.
 */
function VerifyDeal({ record }: { record: HandRecord }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<ReturnType<typeof verifyHandFairness> | null>(null);
  useEffect(() => setReport(null), [record]);
  return (
    <div className="verify" data-testid="verify">
      <button onClick={() => setReport(verifyHandFairness(record))}>{t("hands.verify")}</button>
      {report !== null &&
        (report.ok ? (
          <p className="ok" data-testid="verify-ok">
            {t("hands.verified", {
              own: report.value.ownCards,
              board: report.value.boardCards,
              shown: report.value.shownCards,
              commitment: report.value.commitment.slice(0, 12),
            })}{" "}
            {report.value.deckChecked ? t("hands.deckChecked") : t("hands.deckLater")}
          </p>
        ) : (
          <p className="error" data-testid="verify-failed">
            {t("hands.verifyFailed", { reason: report.error.message })}
          </p>
        ))}
    </div>
  );
}

/** Saves text as a file through a temporary link (no server round trip). */
function save(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The hand as PokerStars text and as PHH (with the deck's seed and commitment), as the server writes them for this player. */
function Downloads({ handId }: { handId: string }) {
  const { t } = useTranslation();
  const texts = useQuery("handTexts", undefined, { id: handId }, handId);
  if (texts.error) return <ErrorText error={texts.error} />;
  if (!texts.data) return null;
  const { phh, pokerstars } = texts.data;
  return (
    <div className="row downloads">
      {pokerstars !== null && (
        <button data-testid="download-pokerstars" onClick={() => save(`${handId}.txt`, pokerstars)}>
          {t("hands.downloadPokerStars")}
        </button>
      )}
      <button data-testid="download-phh" onClick={() => save(`${handId}.phh`, phh)}>
        {t("hands.downloadPhh")}
      </button>
    </div>
  );
}

function Replayer({ handId }: { handId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const hand = useQuery("hand", undefined, { id: handId }, handId);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const frames = hand.data ? replayFrames(hand.data.events) : [];
  const last = frames.length - 1;
  useEffect(() => setStep(0), [handId]);
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => setStep((s) => (s >= last ? (setPlaying(false), s) : s + 1)), 700);
    return () => clearInterval(id);
  }, [playing, last]);
  const f = frames[Math.min(step, last)];
  if (!f) return <div className="panel">{hand.error ? <ErrorText error={hand.error} /> : t("common.loading")}</div>;
  const names = (seat: number) => f.seats.find((s) => s.seat === seat)?.name ?? `#${seat}`;
  return (
    <div className="panel replayer">
      <h2>{t("hands.replay", { number: hand.data?.handNumber ?? 0 })}</h2>
      {hand.data && <TableFelt view={frameView(hand.data, frames, Math.min(step, last))} onAct={() => {}} now={0} compact keys={false} />}
      <div className="board">
        <Cards cards={f.board} />
        {f.pots.map((p, i) => (
          <span key={i} className="pot">
            {i === 0 ? t("table.mainPot") : t("table.sidePot", { n: i })}: {fmt.chips(p.amount)}
          </span>
        ))}
      </div>
      <table className="grid">
        <tbody>
          {f.seats.map((s) => (
            <tr key={s.seat} className={s.folded ? "folded" : ""} data-seat={s.seat}>
              <td>
                {s.seat}
                {f.button === s.seat ? " D" : ""}
              </td>
              <td>{s.name}</td>
              <td>{s.cards ? <Cards cards={s.cards} size="sm" /> : <Cards cards={[null, null]} size="sm" />}</td>
              <td className="num" data-stack={s.stack}>
                {fmt.chips(s.stack)}
              </td>
              <td className="num">{s.bet > 0 ? fmt.chips(s.bet) : ""}</td>
              <td className="num plus">{s.won > 0 ? `+${fmt.chips(s.won)}` : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="now">{f.event && <EventLine e={f.event} names={names} />}</p>
      <div className="row">
        <button onClick={() => setStep(0)} aria-label={t("hands.first")}>
          «
        </button>
        <button onClick={() => setStep((s) => Math.max(0, s - 1))}>{t("hands.back")}</button>
        <button onClick={() => setPlaying(!playing)}>{playing ? t("hands.pause") : t("hands.play")}</button>
        <button onClick={() => setStep((s) => Math.min(last, s + 1))}>{t("hands.forward")}</button>
        <button onClick={() => setStep(last)} aria-label={t("hands.last")}>
          »
        </button>
        <span>{t("hands.step", { step: step + 1, total: frames.length })}</span>
      </div>
      <Downloads handId={handId} />
      {hand.data && <VerifyDeal record={hand.data} />}
    </div>
  );
}
