// Table sounds made with WebAudio (never miss your turn): short tones, no
// downloaded assets. Muting is remembered in localStorage.

export type SoundKind = "deal" | "turn" | "chips" | "hurry";

const KEY = "felt.sound";

/** The tones of each sound: [frequency Hz, start s, length s]. */
const TONES: Record<SoundKind, readonly (readonly [number, number, number])[]> = {
  deal: [
    [1400, 0, 0.03],
    [1200, 0.06, 0.03],
  ],
  turn: [
    [660, 0, 0.12],
    [880, 0.14, 0.18],
  ],
  chips: [
    [2200, 0, 0.025],
    [2600, 0.04, 0.025],
    [2400, 0.08, 0.03],
  ],
  hurry: [
    [990, 0, 0.08],
    [990, 0.16, 0.08],
    [990, 0.32, 0.08],
  ],
};

export function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export function setSoundOn(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
  listeners.forEach((fn) => fn());
}

const listeners = new Set<() => void>();
export function onSoundSetting(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

let ctx: AudioContext | null = null;
/** Sounds played, by kind (tests read it through window.__feltSounds). */
const played: SoundKind[] = [];

declare global {
  interface Window {
    __feltSounds?: SoundKind[];
  }
}

export function playSound(kind: SoundKind): void {
  if (!soundOn()) return;
  played.push(kind);
  if (typeof window !== "undefined") window.__feltSounds = played;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === "suspended") void ctx.resume();
    const t0 = ctx.currentTime;
    for (const [freq, at, len] of TONES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = kind === "chips" || kind === "deal" ? "triangle" : "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(0.15, t0 + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
  } catch {
    // no audio device or no WebAudio: silent
  }
}
