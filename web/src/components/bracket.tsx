import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { BracketMatch, BracketView, SharedPlaces } from "../../../src/protocol/index.ts";
import { useQuery } from "../context.tsx";
import { href } from "../router.ts";
import { useFormat } from "./use-format.ts";

/**
 * A heads-up bracket (R-TRN-10) or a shootout's tables (R-TRN-11), for the players' page and
 * the console: every round, the matches still playing (to watch online), the byes, who went
 * through, and the places each group that went out together shares (R-PLACE-3).
 * `refreshMs`: how often it asks again while the tournament runs.
 */
export function BracketPanel({ tournamentId, refreshMs = 10_000, highlight }: { tournamentId: string; refreshMs?: number; highlight?: string | null }) {
  const q = useQuery("bracket", undefined, { id: tournamentId }, tournamentId);
  const { reload } = q;
  // Another format answers tournament/bad-state: nothing shown and nothing asked again.
  const running = q.data !== null && q.data.status !== "finished" && q.data.status !== "cancelled";
  useEffect(() => {
    if (!running) return;
    const id = setInterval(reload, refreshMs);
    return () => clearInterval(id);
  }, [reload, refreshMs, running]);
  if (!q.data) return null;
  return <Bracket view={q.data} highlight={highlight ?? null} />;
}

export function Bracket({ view, highlight }: { view: BracketView; highlight: string | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const headsUp = view.kind === "heads-up";
  const playing = view.rounds.reduce((n, r) => n + r.matches.filter((m) => m.playing).length, 0);
  return (
    <div className="panel bracket" data-testid="bracket" data-kind={view.kind}>
      <h2>{headsUp ? t("tournament.bracket.title") : t("tournament.bracket.shootoutTitle")}</h2>
      {(view.winner === null || !headsUp) && (
        <p className="hint">
          {headsUp
            ? t("tournament.bracket.playing", { count: playing })
            : t("tournament.bracket.shootoutRule", { n: view.finalTable ?? 0, left: view.playersLeft })}
        </p>
      )}
      {view.winner !== null && (
        <p className="ok" data-testid="bracket-winner">
          {t("tournament.bracket.winner", { name: view.winner.name, prize: fmt.money(view.winner.prize) })}
        </p>
      )}
      <div className="bracket-rounds">
        {view.rounds.map((r) => (
          <div className="bracket-round" key={r.round} data-round={r.round}>
            {headsUp && <h3>{t("tournament.bracket.round", { n: r.round })}</h3>}
            {r.matches.map((m) => (
              <Match key={`${r.round}-${m.index}`} match={m} headsUp={headsUp} highlight={highlight} />
            ))}
            {r.byes.length > 0 && (
              <p className="bracket-byes" data-testid="byes">
                {t("tournament.bracket.byes", { names: r.byes.map((b) => b.name).join(", ") })}
              </p>
            )}
          </div>
        ))}
      </div>
      {view.out.length > 0 && (
        <>
          <h3>{t("tournament.bracket.out")}</h3>
          <ul className="bracket-out" data-testid="bracket-out">
            {view.out.map((g) => (
              <li key={`${g.from}-${g.to}`}>
                <Places group={g} /> {g.entries.map((e) => e.name).join(", ")}
                {g.prize > 0 && ` · ${t("tournament.bracket.each", { prize: fmt.money(g.prize) })}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Places({ group }: { group: SharedPlaces }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <strong>
      {group.from === group.to ? fmt.place(group.from) : t("tournament.bracket.shared", { from: fmt.place(group.from), to: fmt.place(group.to) })}
    </strong>
  );
}

function Match({ match, headsUp, highlight }: { match: BracketMatch; headsUp: boolean; highlight: string | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const title = headsUp ? t("tournament.bracket.match", { n: match.index + 1 }) : t("table.title", { number: match.tableNumber });
  return (
    <div className={`bracket-match${match.playing ? " playing" : ""}`} data-testid="bracket-match" data-playing={match.playing}>
      <div className="row">
        <span>{title}</span>
        <span className="spacer" />
        {match.playing &&
          (match.tableId !== null ? (
            <a href={href("table", match.tableId)} data-action="watch-match">
              {t("tournament.bracket.watch")}
            </a>
          ) : (
            <span className="hint">{t("tournament.bracket.inPlay")}</span>
          ))}
      </div>
      <ul>
        {match.players.map((p) => (
          <li
            key={p.entryId}
            className={[p.advanced ? "advanced" : "", p.out ? "out" : "", p.entryId === highlight ? "me" : ""].join(" ").trim()}
            data-advanced={p.advanced}
          >
            {p.name}
            {p.stack !== null && ` · ${fmt.chips(p.stack)}`}
            {p.advanced && ` · ${headsUp ? t("tournament.bracket.advanced") : t("tournament.bracket.through")}`}
            {p.out && ` · ${t("tournament.bracket.lost")}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
