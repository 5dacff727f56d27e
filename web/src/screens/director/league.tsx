import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { League, LeagueFormula } from "../../../../src/protocol/index.ts";
import type { FeltError } from "../../../../src/lib/result.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import { leagueCsv } from "../../logic/league-csv.ts";
import { href } from "../../router.ts";

/** "10, 6, 3" → [10, 6, 3]; null when not a list of whole numbers. */
function parsePoints(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const n = parts.map(Number);
  return n.length > 0 && n.every((x) => Number.isInteger(x) && x >= 0) ? n : null;
}

/** The room's season leagues: which events count and how places score, and the standings. */
export function LeagueScreen() {
  const { t } = useTranslation();
  const { client } = useServices();
  const leagues = useQuery("leagues", undefined);
  const lobby = useQuery("lobby", undefined);
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<League | "new" | null>(null);
  const list = leagues.data?.leagues ?? [];
  const current = list.find((l) => l.id === open) ?? list[0] ?? null;
  return (
    <div className="cols league-screen">
      <div className="panel">
        <h2>{t("league.title")}</h2>
        <ErrorText error={leagues.error} />
        {list.length === 0 && <p className="hint">{t("league.none")}</p>}
        <ul className="plain">
          {list.map((l) => (
            <li key={l.id}>
              <button type="button" className={`link${current?.id === l.id ? " on" : ""}`} onClick={() => setOpen(l.id)}>
                {l.name}
              </button>{" "}
              <button type="button" className="link" onClick={() => setEditing(l)}>
                {t("league.edit")}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => setEditing("new")}>
          {t("league.new")}
        </button>
        {editing !== null && (
          <LeagueForm
            league={editing === "new" ? null : editing}
            known={list.map((l) => l.id)}
            events={(lobby.data?.tournaments ?? []).map((x) => ({ id: x.id, name: x.name, startsAt: x.startsAt }))}
            onSaved={(id) => {
              setEditing(null);
              setOpen(id);
              leagues.reload();
            }}
            onCancel={() => setEditing(null)}
            save={(body) => client.call("saveLeague", body, {})}
          />
        )}
      </div>
      {current && <Standings leagueId={current.id} />}
    </div>
  );
}

function LeagueForm({
  league,
  events,
  known,
  onSaved,
  onCancel,
  save,
}: {
  league: League | null;
  /** The leagues saved before this one. */
  known: readonly string[];
  events: readonly { id: string; name: string; startsAt: number }[];
  onSaved: (id: string) => void;
  onCancel: () => void;
  save: (body: {
    commandId: string;
    id?: string;
    name: string;
    formula: LeagueFormula;
    participation: number;
    bestOf: number | null;
    events: string[];
  }) => Promise<{ ok: true; value: { leagues: League[] } } | { ok: false; error: FeltError }>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(league?.name ?? "");
  const [kind, setKind] = useState<LeagueFormula["kind"]>(league?.formula.kind ?? "table");
  const [points, setPoints] = useState(league?.formula.kind === "table" ? league.formula.points.join(", ") : "100, 70, 50, 40, 30, 20, 10");
  const [base, setBase] = useState(league?.formula.kind === "field" ? league.formula.base : 10);
  const [participation, setParticipation] = useState(league?.participation ?? 0);
  const [bestOf, setBestOf] = useState<number | null>(league?.bestOf ?? null);
  const [chosen, setChosen] = useState<string[]>(league?.events ?? []);
  const [commandId] = useState(newCommandId);
  const [error, setError] = useState<FeltError | null>(null);
  const parsed = parsePoints(points);
  const formula: LeagueFormula | null = kind === "field" ? { kind: "field", base } : parsed === null ? null : { kind: "table", points: parsed };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (formula === null) return;
    const r = await save({
      commandId,
      ...(league ? { id: league.id } : {}),
      name: name.trim(),
      formula,
      participation,
      bestOf,
      events: chosen,
    });
    setError(r.ok ? null : r.error);
    // A new league is the one the list did not have (another may have the same name).
    if (r.ok) onSaved(league?.id ?? r.value.leagues.find((l) => !known.includes(l.id))?.id ?? r.value.leagues.at(-1)?.id ?? "");
  }

  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <form className="league-form" onSubmit={(e) => void submit(e)}>
      <label>
        {t("league.name")}
        <input value={name} required maxLength={80} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t("league.formula")}
        <select value={kind} onChange={(e) => setKind(e.target.value as LeagueFormula["kind"])}>
          <option value="table">{t("league.byTable")}</option>
          <option value="field">{t("league.byField")}</option>
        </select>
      </label>
      {kind === "table" ? (
        <label>
          {t("league.pointsByPlace")}
          <input value={points} onChange={(e) => setPoints(e.target.value)} aria-invalid={parsed === null} />
        </label>
      ) : (
        <label>
          {t("league.base")}
          <input type="number" min={1} max={10000} value={base} onChange={(e) => setBase(Math.max(1, Math.floor(Number(e.target.value) || 1)))} />
          <span className="hint">{t("league.fieldHint")}</span>
        </label>
      )}
      <label>
        {t("league.participation")}
        <input type="number" min={0} value={participation} onChange={(e) => setParticipation(Math.max(0, Math.floor(Number(e.target.value) || 0)))} />
      </label>
      <label>
        {t("league.bestOf")}
        <input
          type="number"
          min={1}
          placeholder={t("league.allEvents")}
          value={bestOf ?? ""}
          onChange={(e) => setBestOf(e.target.value === "" ? null : Math.max(1, Math.floor(Number(e.target.value) || 1)))}
        />
      </label>
      <fieldset>
        <legend>{t("league.events")}</legend>
        {events.map((x) => (
          <label key={x.id} className="check">
            <input type="checkbox" checked={chosen.includes(x.id)} onChange={() => toggle(x.id)} /> {x.name}
          </label>
        ))}
      </fieldset>
      <ErrorText error={error} />
      <button className="primary" type="submit" disabled={formula === null || name.trim() === ""}>
        {t("league.save")}
      </button>{" "}
      <button type="button" onClick={onCancel}>
        {t("live.no")}
      </button>
    </form>
  );
}

/** The standings, as the console and the public page show them. */
export function Standings({ leagueId }: { leagueId: string }) {
  const { t } = useTranslation();
  const s = useQuery("leagueStandings", undefined, { id: leagueId }, leagueId);
  const data = s.data;
  function exportCsv() {
    if (!data) return;
    const url = URL.createObjectURL(new Blob([leagueCsv(data, (k) => t(k))], { type: "text/csv;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${data.league.name.replace(/[^\p{L}\p{N}]+/gu, "-")}-standings.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="panel league-standings" data-testid="league-standings">
      <ErrorText error={s.error} />
      {data && (
        <>
          <h2>{data.league.name}</h2>
          <p className="hint">
            {data.league.formula.kind === "table"
              ? t("league.ruleTable", { points: data.league.formula.points.join(" · ") })
              : t("league.ruleField", { base: data.league.formula.base })}
            {data.league.participation > 0 && ` · ${t("league.ruleParticipation", { n: data.league.participation })}`}
            {data.league.bestOf !== null && ` · ${t("league.ruleBestOf", { n: data.league.bestOf })}`}
          </p>
          <p className="hint">
            {t("league.eventsScored", { done: data.events.filter((e) => e.finished).length, all: data.events.length })}{" "}
            <a href={href("league", data.league.id)}>{t("league.publicPage")}</a>
          </p>
          <table className="grid">
            <thead>
              <tr>
                <th className="num">{t("league.rank")}</th>
                <th>{t("auth.name")}</th>
                <th className="num">{t("league.points")}</th>
                <th className="num">{t("league.played")}</th>
                <th className="num">{t("league.wins")}</th>
                <th className="num">{t("league.cashes")}</th>
              </tr>
            </thead>
            <tbody>
              {data.standings.map((x) => (
                <tr key={x.playerId}>
                  <td className="num">{x.rank}</td>
                  <td>{x.name}</td>
                  <td className="num">{x.points}</td>
                  <td className="num">{x.played}</td>
                  <td className="num">{x.wins}</td>
                  <td className="num">{x.cashes}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" onClick={exportCsv}>
            {t("league.csv")}
          </button>
        </>
      )}
    </div>
  );
}
