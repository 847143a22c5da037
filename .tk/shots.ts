import { startStaticServer } from '../scripts/site/static-server.ts';
import { launchChromium } from '../test/site/site-fixtures.ts';
const root = '/tmp/kpu-test-worlds/dec5f5177bdc/demo-2de8c21ae8d21cbc/dist';
const server = await startStaticServer({ root });
const browser = await launchChromium();
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(new URL('en/2024/dapil/1101/', server.url).href);
    const fig = page.locator('figure').first();
    await fig.locator('summary').click();
    await fig.screenshot({ path: `/tmp/tk/shot-dapil-${scheme}-${width}.png` });
    await page.goto(new URL('2024/', server.url).href);
    await page.locator('#m-women').screenshot({ path: `/tmp/tk/shot-map-${scheme}-${width}.png` });
    await context.close();
  }
}
const context = await browser.newContext({ viewport: { width: 390, height: 700 } });
const page = await context.newPage();
await page.goto(new URL('2024/kpu-map-women-2024-embed.html', server.url).href);
await page.screenshot({ path: '/tmp/tk/shot-embed-390.png', fullPage: true });
await page.goto(new URL('en/2024/dapil/1101/kpu-voter-lists-en-2024-dapil-1101-embed.html', server.url).href);
await page.setViewportSize({ width: 420, height: 600 });
await page.screenshot({ path: '/tmp/tk/shot-embed2.png', fullPage: true });
await browser.close();
await server.close();
