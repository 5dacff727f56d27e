import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore } from "react";
import type { FeltError } from "../../src/lib/result.ts";
import { FeltClient } from "./api/client.ts";
import type { RouteBody, RouteName, RouteResponse } from "../../src/protocol/index.ts";
import { LiveSession, type LiveState } from "./api/live.ts";
import { serverTransport } from "./api/server-transport.ts";

export interface Services {
  readonly client: FeltClient;
  readonly live: LiveSession;
}

/** The server the page came from (`felt serve`, or in development `felt serve --demo` behind the Vite proxy). */
export function makeServices(): Services {
  const client = new FeltClient(serverTransport());
  return { client, live: new LiveSession(client) };
}

const Ctx = createContext<Services | null>(null);
export const ServicesProvider = Ctx.Provider;

export function useServices(): Services {
  const s = useContext(Ctx);
  if (!s) throw new Error("ServicesProvider missing");
  return s;
}

export function useLive(): LiveState {
  const { live } = useServices();
  return useSyncExternalStore(live.subscribeStore, live.getState);
}

/**
 * Since when the server cannot be reached (null: it can): the live connection lost, or the
 * last request not answered; the earlier of the two.
 */
export function useOfflineSince(): number | null {
  const { client } = useServices();
  const { offlineSince } = useLive();
  const polled = useSyncExternalStore(
    useCallback((f: () => void) => client.onReachability(f), [client]),
    () => client.offlineSince,
  );
  if (offlineSince === null) return polled;
  return polled === null ? offlineSince : Math.min(offlineSince, polled);
}

/** Server time now, ticking: for clocks and deadlines. */
export function useServerNow(intervalMs = 250): number {
  const { clockOffsetMs } = useLive();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now + clockOffsetMs;
}

export interface Query<T> {
  readonly data: T | null;
  readonly error: FeltError | null;
  readonly loading: boolean;
  reload(): void;
}

/**
 * GET-style call that runs on mount, when what it asks for (the route, its parameters and
 * query) changes, and when `key` changes. An answer belongs to what it answered: once the
 * route or a parameter changes (another tournament's page), the old answer is not shown, nor
 * acted on, while the new one loads. A new `key` or a reload asks the same thing again: the
 * answer on screen stays until the new one comes (a form filled from it keeps what was typed).
 */
export function useQuery<N extends RouteName>(
  name: N | null,
  body: RouteBody<N>,
  params: Readonly<Record<string, string>> = {},
  key = "",
  query: Readonly<Record<string, string>> = {},
): Query<RouteResponse<N>> {
  const { client } = useServices();
  const paramKey = JSON.stringify(params);
  const queryKey = JSON.stringify(query);
  const asked = JSON.stringify([name, paramKey, queryKey]);
  const [state, setState] = useState<{ for: string; data: RouteResponse<N> | null; error: FeltError | null; loading: boolean }>({
    for: asked,
    data: null,
    error: null,
    loading: name !== null,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (name === null) return;
    let live = true;
    setState((s) => (s.for === asked ? { ...s, loading: true } : { for: asked, data: null, error: null, loading: true }));
    void client.call(name, body, JSON.parse(paramKey) as Record<string, string>, JSON.parse(queryKey) as Record<string, string>).then((r) => {
      if (!live) return;
      // The server out of reach: what is on screen stays (the offline banner says so).
      setState((s) =>
        r.ok
          ? { for: asked, data: r.value, error: null, loading: false }
          : r.error.code === "client/network" && s.data !== null && s.for === asked
            ? { ...s, loading: false }
            : { for: asked, data: null, error: r.error, loading: false },
      );
    });
    return () => {
      live = false;
    };
    // body is rebuilt each render; `asked` and `key` name what it depends on
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, asked, key, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  if (state.for !== asked) return { data: null, error: null, loading: name !== null, reload };
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
