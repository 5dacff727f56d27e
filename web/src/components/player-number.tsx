import { useTranslation } from "react-i18next";

/** A player's number beside the name ("John Smith #1042"): two players of one name are told apart. Nothing when unknown. */
export function PlayerNo({ number }: { number?: number | undefined }) {
  const { t } = useTranslation();
  if (number === undefined) return null;
  return (
    <>
      {" "}
      <span className="player-no" data-player-number={number}>
        {t("live.number", { number })}
      </span>
    </>
  );
}
