// The server tests' bot: the one wire client (../bot-client.ts) with the test defaults. It
// checks or calls ("check-call", now and then all in with `allInChance`), sends without
// pacing, and treats a frame that fails validation as a failure of the test.
import { BotClient, type BotClientOptions } from "../../src/clients/bot-client.ts";

export type BotOptions = BotClientOptions;

export class Bot extends BotClient {
  constructor(base: string, name: string, token: string, opts: BotOptions = {}) {
    super(base, name, token, { style: "check-call", minSendGapMs: 0, strictFrames: true, ...opts });
  }
}
