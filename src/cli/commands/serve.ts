import type { Command } from "../main.ts";

export const command: Command = {
  summary: "(not implemented yet)",
  usage: "felt serve",
  async run() {
    console.error("felt serve: not implemented yet");
    return 2;
  },
};
