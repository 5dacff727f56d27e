// A progress bar on stderr for long runs, drawn only when stderr is a terminal (never in a
// pipe or a log). Lines printed through `line` clear the bar first, so results and the bar
// do not mix; the bar is redrawn at most once per 1/200 of the work.
export interface Progress {
  /** `done` of `total` items finished. */
  tick(done: number): void;
  /** Prints a result line (stdout) without leaving a half-drawn bar behind. */
  line(text: string): void;
  /** Removes the bar. */
  end(): void;
}

const WIDTH = 30;

export function progress(total: number, label: string, stream: NodeJS.WriteStream = process.stderr, minItems = 200): Progress {
  const shown = stream.isTTY === true && total >= minItems;
  let drawn = false;
  let last = -1;
  const clear = () => {
    if (drawn) stream.write("\r\x1b[K");
    drawn = false;
  };
  const draw = (done: number) => {
    const filled = Math.round((WIDTH * done) / total);
    stream.write(`\r${label} [${"#".repeat(filled)}${" ".repeat(WIDTH - filled)}] ${Math.floor(done)}/${total}`);
    drawn = true;
  };
  return {
    tick(done) {
      if (!shown) return;
      const step = Math.floor((200 * done) / total);
      if (step === last && done < total) return;
      last = step;
      draw(done);
    },
    line(text) {
      const was = drawn;
      clear();
      console.log(text);
      if (was && shown && last >= 0) draw(Math.min(total, Math.round((last * total) / 200)));
    },
    end: clear,
  };
}
