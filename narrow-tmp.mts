import { chromium } from "playwright-core";
const url = "http://127.0.0.1:8099";
const id = "Tc7cc345ad274dd4bc";
const TABS = ["create", "seating", "map", "floor", "colour-up", "blind-error", "payouts", "cashier", "league"];
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
for (const lang of ["en", "cs", "ru", "sv", "ro"]) {
  const width = 320;
  const ctx = await b.newContext({ viewport: { width, height: 700 } });
  const page = await ctx.newPage();
  await page.goto(`${url}/?lang=${lang}#/sign-in`);
  await page.locator("input").nth(0).fill("demo-director");
  await page.locator("input[type=password]").fill("demo-director-pass");
  await page.locator("form button[type=submit]").click();
  await page.waitForTimeout(1500);
  for (const tab of TABS) {
    await page.goto(`${url}/?lang=${lang}#/director/${tab}/${id}`);
    await page.waitForTimeout(1800);
    const out = await page.evaluate((w) => {
      const off = [...document.querySelectorAll("body *")].filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > w + 0.5 && e.children.length === 0 && !e.closest(".table-scroll, .scroll-x, [data-scroll]"); }).map((e) => `${e.tagName}.${e.className} "${(e.textContent ?? "").trim().slice(0, 24)}" ${Math.round(e.getBoundingClientRect().right)}`);
      const clipped = [...document.querySelectorAll("button, a, label, h1, h2, h3, .tag, th")].filter((e) => e.scrollWidth > e.clientWidth + 1 && ["hidden", "clip"].includes(getComputedStyle(e).overflowX)).map((e) => `${e.tagName} "${(e.textContent ?? "").trim().slice(0, 24)}"`);
      return { wide: document.documentElement.scrollWidth - window.innerWidth, off: off.slice(0, 5), clipped: clipped.slice(0, 5) };
    }, width);
    if (out.wide > 0 || out.off.length || out.clipped.length) console.log(lang, tab, JSON.stringify(out));
    if (lang === "ru") await page.screenshot({ path: `/tmp/narrow/ru-${tab}.png`, fullPage: true });
  }
  await ctx.close();
}
await b.close();
console.log("done");
