// The cluster's NATS connection as the member sees it: connected or not, said once per
// change. A member cut from NATS keeps reconnecting for as long as it runs (connectNats
// gives the client no attempt limit: with the client's default of 10 attempts 2 s apart, a
// member cut for more than about 20 s closed its connection for good and answered 500 from
// then on while sign-in still worked there). Core subscriptions come back with the
// connection; what the member built on JetStream (KV watches) restarts itself (watch.ts).
import type { NatsConnection } from "nats";

export interface ConnectionListener {
  /** The connection went (the first sign of it; repeats while it stays away are not told). */
  down(reason: string): void;
  /** It is back: NATS answers again. */
  up(): void;
  /** Closed for good, and not by this process: nothing will bring it back. */
  closed(reason: string): void;
}

/** Follows the connection's status until it closes; returns the stop function (a close this process makes is then not "closed"). */
export function watchConnection(nc: NatsConnection, listener: ConnectionListener): () => void {
  let stopped = false;
  let connected = true;
  void (async () => {
    for await (const s of nc.status()) {
      if (stopped) return;
      if ((s.type === "disconnect" || s.type === "staleConnection") && connected) {
        connected = false;
        listener.down(s.type === "disconnect" ? `disconnected from ${String(s.data)}` : "the server stopped answering pings");
      } else if (s.type === "reconnect" && !connected) {
        connected = true;
        listener.up();
      }
    }
  })().catch(() => {});
  void nc.closed().then((e) => {
    if (!stopped) listener.closed(e instanceof Error ? e.message : "the connection closed");
  });
  return () => void (stopped = true);
}
