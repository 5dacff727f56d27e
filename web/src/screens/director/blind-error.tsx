import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BlindErrorRuling } from "../../../../src/protocol/index.ts";
import type { FeltError } from "../../../../src/lib/result.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { useFormat } from "../../components/use-format.ts";
import { useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";

/** R-BTN-5 step by step: who skipped the big blind, who posted it wrongly, how far the hand got. */
export function BlindErrorWizard({ tournamentId }: { tournamentId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const [step, setStep] = useState(1);
  const [tableNumber, setTable] = useState(1);
  const [skipped, setSkipped] = useState(3);
  const [wrong, setWrong] = useState(4);
  const [actions, setActions] = useState(0);
  const [ruling, setRuling] = useState<BlindErrorRuling | null>(null);
  const [error, setError] = useState<FeltError | null>(null);

  async function submit() {
    const r = await client.call(
      "blindError",
      { commandId: newCommandId(), tableNumber, skippedBigBlindSeat: skipped, wrongBigBlindSeat: wrong, activeActions: actions },
      { id: tournamentId },
    );
    setError(r.ok ? null : r.error);
    if (r.ok) {
      setRuling(r.value);
      setStep(4);
    }
  }

  const seat = (value: number, set: (n: number) => void) => (
    <select value={value} onChange={(e) => set(Number(e.target.value))}>
      {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );

  return (
    <div className="panel wizard">
      <h2>{t("blindError.title")}</h2>
      <p className="hint">{t("blindError.intro")}</p>
      <ol className="steps">
        <li className={step === 1 ? "on" : ""}>
          <label>
            {t("blindError.table")} <input type="number" min={1} value={tableNumber} onChange={(e) => setTable(Number(e.target.value))} />
          </label>
          {/* biome-ignore lint/a11y/noLabelWithoutControl: seat() renders the select this label names */}
          <label>
            {t("blindError.skipped")} {seat(skipped, setSkipped)}
          </label>
          {/* biome-ignore lint/a11y/noLabelWithoutControl: seat() renders the select this label names */}
          <label>
            {t("blindError.wrong")} {seat(wrong, setWrong)}
          </label>
          {step === 1 && <button onClick={() => setStep(2)}>{t("common.next")}</button>}
        </li>
        {step >= 2 && (
          <li className={step === 2 ? "on" : ""}>
            <label>
              {t("blindError.actions")}
              <input type="number" min={0} value={actions} onChange={(e) => setActions(Math.max(0, Number(e.target.value)))} />
            </label>
            <p className="hint">{t("blindError.actionsHint")}</p>
            {step === 2 && <button onClick={() => setStep(3)}>{t("common.next")}</button>}
          </li>
        )}
        {step >= 3 && (
          <li className={step === 3 ? "on" : ""}>
            <p>{actions >= 2 ? t("blindError.previewContinue") : t("blindError.previewCorrect")}</p>
            <ErrorText error={error} />
            <button className="primary" onClick={() => void submit()}>
              {t("blindError.confirm")}
            </button>
          </li>
        )}
      </ol>
      {ruling && (
        <div className="ruling" data-outcome={ruling.outcome}>
          <h3>{t(`blindError.outcome.${ruling.outcome}`)}</h3>
          {ruling.outcome === "correct-now" ? (
            <p data-testid="blind-correct-now">
              {t("blindError.correctNow", {
                skipped,
                wrong,
                // From the server's ruling (older servers: the seat map's guess is not made here).
                button: ruling.current?.button ?? "?",
                sb: ruling.current?.smallBlinds.join(", ") || "-",
              })}
            </p>
          ) : (
            <ol>
              <li>{t("blindError.stepFinish")}</li>
              {ruling.nextHand && <li>{t("blindError.stepBack", { seat: ruling.nextHand.bigBlindSeat, blinds: fmt.blinds(ruling.nextHand.blinds) })}</li>}
              {ruling.followingHandButton !== null && <li>{t("blindError.stepButton", { seat: ruling.followingHandButton })}</li>}
            </ol>
          )}
          <button
            onClick={() => {
              setStep(1);
              setRuling(null);
            }}
          >
            {t("blindError.again")}
          </button>
        </div>
      )}
    </div>
  );
}
