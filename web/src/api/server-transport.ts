import { WS_PATH } from "../../../src/protocol/index.ts";
import type { HttpAnswer, SocketHandlers, SocketLike, Transport } from "./transport.ts";

/** The real server, on the page's own origin (felt serve serves the app at /). */
export function serverTransport(origin: string = location.origin): Transport {
  return {
    kind: "server",
    async request(method, path, body, token): Promise<HttpAnswer> {
      const headers: Record<string, string> = {};
      if (token) headers["authorization"] = `Bearer ${token}`;
      if (body !== undefined) headers["content-type"] = "application/json";
      const res = await fetch(`${origin}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed };
    },
    openSocket(h: SocketHandlers, at?: string): SocketLike {
      const ws = new WebSocket(`${(at ?? origin).replace(/^http/, "ws")}${WS_PATH}`);
      ws.onopen = () => h.onOpen();
      ws.onmessage = (m) => {
        if (typeof m.data === "string") h.onFrame(m.data);
      };
      ws.onclose = () => h.onClose();
      // A frame before the socket is open would throw; the session sends nothing but hello before its welcome.
      return { send: (t) => ws.readyState === WebSocket.OPEN && ws.send(t), close: () => ws.close() };
    },
  };
}
