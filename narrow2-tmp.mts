import { chromium } from "playwright-core";
const url = "http://127.0.0.1:8099";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const lobby = await (await fetch(`${url}/api/v1/lobby`)).json() as { tournaments: { id: string; kind: string }[] };
for (const lang of ["en", "cs", "ru", "sv", "ro"]) {
  const width = 320;
  const ctx = await b.newContext({ viewport: { width, height: 700 } });
  const page = await ctx.newPage();
  await page.goto(`${url}/?lang=${lang}#/sign-in`);
  await page.locator("input").nth(0).fill("anna");
  await page.locator("input[type=password]").fill("demo-player-pass");
  await page.locator("form button[type=submit]").click();
  await page.waitForTimeout(1500);
  const screens = ["lobby", "tables", "hands", ...lobby.tournaments.map((t) => `tournament/${t.id}`), ...lobby.tournaments.map((t) => `clock/${t.id}`)];
  for (const s of screens) {
    await page.goto(`${url}/?lang=${lang}#/${s}`);
    await page.waitForTimeout(1500);
    const out = await page.evaluate((w) => {
      const off = [...document.querySelectorAll("body *")].filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > w + 0.5 && e.children.length === 0; }).map((e) => `${e.tagName}.${e.className} "${(e.textContent ?? "").trim().slice(0, 24)}" ${Math.round(e.getBoundingClientRect().right)}`);
      const clipped = [...document.querySelectorAll("button, a, label, h1, h2, h3, .tag, th, td")].filter((e) => e.scrollWidth > e.clientWidth + 1 && ["hidden", "clip"].includes(getComputedStyle(e).overflowX)).map((e) => `${e.tagName}.${e.className} "${(e.textContent ?? "").trim().slice(0, 24)}"`);
      return { wide: document.documentElement.scrollWidth - window.innerWidth, off: off.slice(0, 4), clipped: clipped.slice(0, 4) };
    }, width);
    if (out.wide > 0 || out.off.length || out.clipped.length) console.log(lang, s.slice(0, 12), JSON.stringify(out));
  }
  await ctx.close();
}
await b.close();
console.log("done");
