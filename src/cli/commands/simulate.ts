import type { Command } from "../main.ts";

export const command: Command = {
  summary: "(not implemented yet)",
  usage: "felt simulate",
  async run() {
    console.error("felt simulate: not implemented yet");
    return 2;
  },
};
