import { Standings } from "./screens/director/league.tsx";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "./components/language-switcher.tsx";
import { SoundToggle, TurnAlerts } from "./components/turn-alerts.tsx";
import { SettingsMenu } from "./components/settings.tsx";
import { SeatWatch } from "./components/seat-watch.tsx";
import { useLive, useOfflineSince, useServices } from "./context.tsx";
import { useFormat } from "./components/use-format.ts";
import { href, useRoute } from "./router.ts";
import { SignIn } from "./screens/sign-in.tsx";
import { Lobby } from "./screens/lobby.tsx";
import { TableScreen } from "./screens/table.tsx";
import { MultiTable } from "./screens/multi-table.tsx";
import { Hands } from "./screens/hands.tsx";
import { TournamentScreen } from "./screens/tournament.tsx";
import { ClockScreen } from "./screens/clock.tsx";
import { DirectorConsole } from "./screens/director/console.tsx";
import { TableMapTv } from "./screens/director/table-map.tsx";

export function App() {
  const { t } = useTranslation();
  const { client, live } = useServices();
  const state = useLive();
  const fmt = useFormat();
  const offlineSince = useOfflineSince();
  const [screen = "lobby", ...rest] = useRoute();
  const signedIn = client.token !== null;
  /** The server ends the session (or every session of the user); the browser forgets the token whatever the answer. */
  const signOut = (route: "signOut" | "signOutEverywhere") => {
    live.disconnect();
    void client.call(route, {}).finally(() => {
      client.setToken(null);
      location.hash = href("sign-in");
      location.reload();
    });
  };

  useEffect(() => {
    if (signedIn) live.connect();
  }, [signedIn, live]);

  // The TV clock is full screen: no navigation around it.
  if (screen === "clock" && rest[0]) return <ClockScreen tournamentId={rest[0]} />;
  // A league's standings are public too (a room shows them on a screen or links them).
  if (screen === "league" && rest[0])
    return (
      <div className="app league-public">
        <Standings leagueId={rest[0]} />
      </div>
    );
  // So is the table map on a TV; it reads the director's routes, so it needs a director signed in.
  if (screen === "floor-map" && rest[0] && signedIn) return <TableMapTv tournamentId={rest[0]} />;

  const body = (() => {
    if (!signedIn || screen === "sign-in") return <SignIn />;
    switch (screen) {
      case "table":
        return rest[0] ? <TableScreen tableId={rest[0]} /> : <MultiTable />;
      case "tables":
        return <MultiTable />;
      case "tournament":
        return rest[0] ? <TournamentScreen tournamentId={rest[0]} /> : <Lobby />;
      case "hands":
        return <Hands handId={rest[0] ?? null} />;
      case "director":
        return <DirectorConsole tab={rest[0] ?? "create"} tournamentId={rest[1] ?? null} />;
      default:
        return <Lobby />;
    }
  })();

  return (
    <div className="app">
      <header className="top">
        <a className="brand" href={href("lobby")}>
          Felt
        </a>
        <nav>
          <a href={href("lobby")}>{t("nav.lobby")}</a>
          {/* On a phone's one-line header the short words: the long ones were cut off in Russian and Romanian. The link keeps the full name. */}
          <a href={href("tables")} aria-label={t("nav.tables")}>
            <span className="full">{t("nav.tables")}</span>
            <span className="short">{t("nav.tablesShort")}</span>
          </a>
          <a href={href("hands")} aria-label={t("nav.hands")}>
            <span className="full">{t("nav.hands")}</span>
            <span className="short">{t("nav.handsShort")}</span>
          </a>
          {state.user?.role === "director" && (
            <a href={href("director", "create")} aria-label={t("nav.director")}>
              <span className="full">{t("nav.director")}</span>
              <span className="short">{t("nav.directorShort")}</span>
            </a>
          )}
        </nav>
        <span className="spacer" />
        {signedIn && <SoundToggle />}
        {signedIn && <SettingsMenu />}
        <LanguageSwitcher />
        {signedIn && (
          // The account's menu keeps the header to one line on a phone.
          <details className="account" data-testid="account">
            <summary className="user">{state.user?.name ?? t("nav.account")}</summary>
            <div className="account-menu">
              <button className="link" onClick={() => signOut("signOut")}>
                {t("nav.signOut")}
              </button>
              <button className="link" onClick={() => signOut("signOutEverywhere")}>
                {t("nav.signOutEverywhere")}
              </button>
            </div>
          </details>
        )}
      </header>
      {signedIn && offlineSince !== null && (
        <div className="banner offline" role="status" data-testid="offline">
          {t("connection.reconnecting", { time: fmt.time(offlineSince) })}
        </div>
      )}
      {signedIn && <SeatWatch />}
      {signedIn && <TurnAlerts />}
      <main>{body}</main>
    </div>
  );
}
