// An SVG chart of a simulated tournament: players left and average stack (in big blinds)
// against time, on two y axes. Plain text, no dependencies.

export interface ChartPoint {
  readonly minutes: number;
  readonly playersLeft: number;
  readonly avgStackBB: number;
}

const W = 800;
const H = 400;
const PAD = 50;

function path(points: readonly ChartPoint[], x: (p: ChartPoint) => number, y: (p: ChartPoint) => number): string {
  return points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
}

const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export function chartSvg(points: readonly ChartPoint[], title: string): string {
  const tMax = Math.max(1, ...points.map((p) => p.minutes));
  const nMax = Math.max(1, ...points.map((p) => p.playersLeft));
  const bMax = Math.max(1, ...points.map((p) => p.avgStackBB));
  const x = (p: ChartPoint) => PAD + ((W - 2 * PAD) * p.minutes) / tMax;
  const yN = (p: ChartPoint) => H - PAD - ((H - 2 * PAD) * p.playersLeft) / nMax;
  const yB = (p: ChartPoint) => H - PAD - ((H - 2 * PAD) * p.avgStackBB) / bMax;
  const ticks: string[] = [];
  for (let i = 0; i <= 4; i++) {
    const tx = PAD + ((W - 2 * PAD) * i) / 4;
    const ty = H - PAD - ((H - 2 * PAD) * i) / 4;
    ticks.push(`<text x="${tx}" y="${H - PAD + 18}" text-anchor="middle">${Math.round((tMax * i) / 4 / 6) / 10} h</text>`);
    ticks.push(`<text x="${PAD - 6}" y="${ty + 4}" text-anchor="end" fill="#1f5fbf">${Math.round((nMax * i) / 4)}</text>`);
    ticks.push(`<text x="${W - PAD + 6}" y="${ty + 4}" fill="#bf5f1f">${Math.round((bMax * i) / 4)}</text>`);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2}" y="20" text-anchor="middle" font-size="14">${esc(title)}</text>`,
    `<line x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#444"/>`,
    `<line x1="${PAD}" y1="${PAD}" x2="${PAD}" y2="${H - PAD}" stroke="#1f5fbf"/>`,
    `<line x1="${W - PAD}" y1="${PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#bf5f1f"/>`,
    ...ticks,
    `<path d="${path(points, x, yN)}" fill="none" stroke="#1f5fbf" stroke-width="2"/>`,
    `<path d="${path(points, x, yB)}" fill="none" stroke="#bf5f1f" stroke-width="2"/>`,
    `<text x="${PAD}" y="${PAD - 8}" fill="#1f5fbf">players left</text>`,
    `<text x="${W - PAD}" y="${PAD - 8}" text-anchor="end" fill="#bf5f1f">average stack (big blinds)</text>`,
    `</svg>`,
    "",
  ].join("\n");
}
