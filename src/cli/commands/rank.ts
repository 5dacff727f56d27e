import type { Command } from "../main.ts";

export const command: Command = {
  summary: "(not implemented yet)",
  usage: "felt rank",
  async run() {
    console.error("felt rank: not implemented yet");
    return 2;
  },
};
