import type { Command } from "../main.ts";

export const command: Command = {
  summary: "(not implemented yet)",
  usage: "felt replay",
  async run() {
    console.error("felt replay: not implemented yet");
    return 2;
  },
};
