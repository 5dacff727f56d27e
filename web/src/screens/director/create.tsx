import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PredictResponse, Structure } from "../../../../src/protocol/index.ts";
import type { FeltError } from "../../../../src/lib/result.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { useFormat } from "../../components/use-format.ts";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import { structureGuidance } from "../../logic/structure-guidance.ts";
import { ChipSetInput, StructureTable } from "./structure-designer.tsx";

/** The core's structure check behind a director/invalid answer (structure/not-payable, ...), if any. */
const STRUCTURE_CAUSES = new Set(["bad-chips", "not-payable", "bad-starting-stack", "bad-level", "blinds-decrease", "missing-limit-blinds", "starts-with-break", "no-levels", "bad-duration"]);
function structureCause(e: FeltError | null): string | null {
  const cause = e?.["cause"];
  if (typeof cause !== "string" || !cause.startsWith("structure/")) return null;
  const code = cause.slice("structure/".length);
  return STRUCTURE_CAUSES.has(code) ? code : null;
}

/** Create from a preset, with the structure designer (R-TRN-1 guidance and predicted end). */
export function CreateTournament({ onCreated }: { onCreated: () => void }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const presets = useQuery("presets", undefined);
  const [presetId, setPresetId] = useState<string | null>(null);
  const preset = presets.data?.presets.find((p) => p.id === presetId) ?? presets.data?.presets[0] ?? null;
  const [name, setName] = useState("");
  const [kind, setKind] = useState<"live" | "online">("live");
  const [startsAt, setStartsAt] = useState(() => {
    const d = new Date();
    d.setHours(19, 0, 0, 0);
    return d.getTime() < Date.now() ? d.getTime() + 86_400_000 : d.getTime();
  });
  const [structure, setStructure] = useState<Structure | null>(null);
  // R-TRN-6: optionally, too few players by a deadline cancels the tournament (and refunds everyone).
  const [startRule, setStartRule] = useState(false);
  const [minPlayers, setMinPlayers] = useState(5);
  const [deadlineMinutes, setDeadlineMinutes] = useState(15);
  const [players, setPlayers] = useState(30);
  const [prediction, setPrediction] = useState<PredictResponse | null>(null);
  const [predictError, setPredictError] = useState<FeltError | null>(null);
  const [error, setError] = useState<FeltError | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  useEffect(() => {
    if (preset) {
      setStructure(preset.structure);
      setName((n) => n || (i18n.exists(`live.presets.${preset.id}.name`) ? t(`live.presets.${preset.id}.name`) : preset.name));
    }
  }, [preset]);

  useEffect(() => {
    if (!structure) return;
    void client.call("predict", { structure, players }).then((r) => {
      setPrediction(r.ok ? r.value : null);
      setPredictError(r.ok ? null : r.error);
    });
  }, [client, structure, players]);

  // Issue 15: preset names and descriptions in the user's language (the server's are English, for the API).
  const presetName = (id: string, fallback: string) => (i18n.exists(`live.presets.${id}.name`) ? t(`live.presets.${id}.name`) : fallback);
  const presetDescription = (p: NonNullable<typeof preset>) =>
    i18n.exists(`live.presets.${p.id}.plan`)
      ? t("live.presets.summary", { chips: fmt.chips(p.structure.startingStack), levels: p.structure.levels.filter((l) => l.kind === "level").length, plan: t(`live.presets.${p.id}.plan`) })
      : p.description.replace(/ ?\(R-[A-Z]+-[0-9/]+\)/g, "");
  if (!preset || !structure) return <p>{t("common.loading")}</p>;
  const g = structureGuidance(structure);
  const cause = structureCause(error) ?? structureCause(predictError);

  async function create() {
    if (!preset || !structure) return;
    // The wire structure carries the whole structure (chip set, big-blind antes, limit
    // levels); an unedited preset still goes by its id alone.
    const edited = structure !== preset.structure;
    const rule = startRule ? { startRule: { minPlayers, deadline: startsAt + deadlineMinutes * 60_000 } } : {};
    const r = await client.call("create", { commandId: newCommandId(), presetId: preset.id, name, kind, startsAt, ...(edited ? { structure } : {}), ...rule });
    setError(r.ok ? null : r.error);
    if (r.ok) {
      setCreated(r.value.tournament.name);
      onCreated();
    }
  }

  return (
    <div className="create">
      <div className="cols">
        <div className="panel">
          <h2>{t("create.title")}</h2>
          <label>
            {t("create.preset")}
            <select value={preset.id} onChange={(e) => { setPresetId(e.target.value); setName(""); }}>
              {presets.data?.presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {presetName(p.id, p.name)}
                </option>
              ))}
            </select>
          </label>
          <p className="hint">{presetDescription(preset)}</p>
          <label>
            {t("create.name")}
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {t("create.kind")}
            <select value={kind} onChange={(e) => setKind(e.target.value as "live" | "online")}>
              <option value="live">{t("kind.live")}</option>
              <option value="online">{t("kind.online")}</option>
            </select>
          </label>
          <label>
            {t("create.startsAt")}
            <input
              type="datetime-local"
              value={new Date(startsAt - new Date(startsAt).getTimezoneOffset() * 60_000).toISOString().slice(0, 16)}
              onChange={(e) => setStartsAt(new Date(e.target.value).getTime())}
            />
          </label>
          <label>
            {t("create.startingStack")}
            <input type="number" min={1} value={structure.startingStack} onChange={(e) => setStructure({ ...structure, startingStack: Math.max(0, Math.floor(Number(e.target.value) || 0)) })} />
          </label>
          <ChipSetInput structure={structure} onChange={setStructure} />
          <p>
            {t("create.buyInFee", { buyIn: fmt.money(preset.buyIn), fee: fmt.money(preset.fee) })}
          </p>
          <label className="check">
            <input type="checkbox" checked={startRule} onChange={(e) => setStartRule(e.target.checked)} />
            {t("create.startRule")}
          </label>
          {startRule && (
            <div className="row start-rule">
              <label>
                {t("create.minPlayers")}
                <input type="number" min={2} max={10000} value={minPlayers} onChange={(e) => setMinPlayers(Math.max(2, Math.floor(Number(e.target.value) || 2)))} />
              </label>
              <label>
                {t("create.deadlineMinutes")}
                <input type="number" min={0} max={1440} value={deadlineMinutes} onChange={(e) => setDeadlineMinutes(Math.max(0, Math.floor(Number(e.target.value) || 0)))} />
              </label>
              <p className="hint">{t("create.startRuleHint", { time: fmt.time(startsAt + deadlineMinutes * 60_000), players: fmt.chips(minPlayers) })}</p>
            </div>
          )}
          <ErrorText error={error} />
          {cause && <p className="error structure-cause" data-cause={cause}>{t(`create.structureError.${cause}`)}</p>}
          {created && <p className="ok">{t("create.created", { name: created })}</p>}
          <button className="primary" onClick={() => void create()}>
            {t("create.submit")}
          </button>
        </div>
        <div className="panel guidance">
          <h2>{t("create.guidanceTitle")}</h2>
          <p className={`verdict ${g.verdict}`}>
            {t("create.ratio", { ratio: fmt.chips(g.startingBigBlinds), bb: fmt.chips(g.firstBigBlind) })} — {t(`create.verdict.${g.verdict}`)}
          </p>
          <p className="hint">{t("create.guidanceRule")}</p>
          <p>
            {g.endLevel !== null && g.endMinute !== null
              ? t("create.plannedEnd", { level: g.endLevel, duration: fmt.duration(g.endMinute * 60_000) })
              : t("create.noPlannedEnd")}
          </p>
          <label>
            {t("create.expectedPlayers")}
            <input type="number" min={2} max={10000} value={players} onChange={(e) => setPlayers(Math.max(2, Number(e.target.value)))} />
          </label>
          {prediction && <PredictionChart prediction={prediction} players={players} plannedEndMinute={g.endMinute} />}
          {prediction && (
            <p>
              {t("create.predictedEnd", { duration: fmt.duration(prediction.predictedEndMinute * 60_000), time: fmt.time(startsAt + prediction.predictedEndMinute * 60_000) })}
            </p>
          )}
        </div>
      </div>
      <div className="panel">
        <h2>{t("create.structure")}</h2>
        <StructureTable structure={structure} onChange={setStructure} />
      </div>
    </div>
  );
}

function PredictionChart({ prediction, players, plannedEndMinute }: { prediction: PredictResponse; players: number; plannedEndMinute: number | null }) {
  const { t } = useTranslation();
  const W = 420;
  const H = 180;
  const maxMin = Math.max(1, ...prediction.points.map((p) => p.minute));
  const x = (m: number) => 30 + ((W - 40) * m) / maxMin;
  const y = (n: number) => H - 20 - ((H - 30) * n) / players;
  const path = prediction.points.map((p, i) => `${i ? "L" : "M"}${x(p.minute).toFixed(1)},${y(p.playersLeft).toFixed(1)}`).join(" ");
  return (
    <svg className="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t("create.chartLabel")}>
      <line x1={30} y1={H - 20} x2={W - 10} y2={H - 20} stroke="currentColor" opacity={0.4} />
      <line x1={30} y1={10} x2={30} y2={H - 20} stroke="currentColor" opacity={0.4} />
      <text x={32} y={16} fontSize={10} fill="currentColor">{players}</text>
      <text x={W - 60} y={H - 6} fontSize={10} fill="currentColor">{t("create.minutesShort", { n: maxMin })}</text>
      <path d={path} fill="none" stroke="#f5c542" strokeWidth={2} />
      <line x1={x(prediction.predictedEndMinute)} x2={x(prediction.predictedEndMinute)} y1={10} y2={H - 20} stroke="#e66" strokeDasharray="4 3" />
      {plannedEndMinute !== null && plannedEndMinute <= maxMin && (
        <line x1={x(plannedEndMinute)} x2={x(plannedEndMinute)} y1={10} y2={H - 20} stroke="#6c6" strokeDasharray="2 4" />
      )}
    </svg>
  );
}
