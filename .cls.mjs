import { chromium } from 'playwright-core';
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
const root = '/tmp/i58-dist';
const types = {'.html':'text/html','.css':'text/css','.js':'text/javascript','.webp':'image/webp','.png':'image/png','.woff2':'font/woff2','.svg':'image/svg+xml','.json':'application/json'};
const server = http.createServer(async (req, res) => {
  let p = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace('/docs/', '/');
  if (p.endsWith('/')) p += 'index.html';
  try { const b = await readFile(path.join(root, p)); res.writeHead(200, {'content-type': types[path.extname(p)] ?? 'application/octet-stream'}); setTimeout(() => res.end(b), p.endsWith('.woff2') ? 800 : 50);} catch { res.writeHead(404); res.end(); }
});
await new Promise(r => server.listen(4398, r));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const url of ['/telemetry/', '/concepts/launch-sites/']) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await page.addInitScript(() => { window.shifts = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.shifts.push({ v: e.value, t: Math.round(e.startTime), src: e.sources.map(s => (s.node?.className || s.node?.nodeName || '?') + ' ' + JSON.stringify([s.previousRect.y, s.currentRect.y, s.previousRect.height, s.currentRect.height])) }); }).observe({ type: 'layout-shift', buffered: true }); });
  await page.goto('http://127.0.0.1:4398/docs' + url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  console.log(url, JSON.stringify(await page.evaluate(() => window.shifts), null, 1).slice(0, 2500));
  await page.close();
}
await browser.close(); server.close();
