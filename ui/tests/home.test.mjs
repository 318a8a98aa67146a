// The overview (/): runs with their status, backfills with progress, automation and checks, a short asset summary.
// Creates the runs and the backfill it shows through the API itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, authHeaders, baseUrl, EXAMPLE_ASSETS, SCORECARD, launchBrowser, newPage, poll, RUN_TIMEOUT_MS, screenshot, waitForRunInList } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

async function post(path, body) {
  const res = await fetch(baseUrl() + path, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...(await authHeaders()) }, body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

test('the overview shows a run launched elsewhere and follows it to SUCCESS without a reload', async () => {
  const page = await newPage(browser);
  const response = await page.goto(baseUrl() + '/');
  assert.equal(response.status(), 200);
  assert.match(await page.title(), /overview/);
  const reason = `browser test: overview ${Date.now()}`;
  const run = await post('/api/runs', { assets: [EXAMPLE_ASSETS[0], EXAMPLE_ASSETS[1]], partitions: ['2023-03-01'], reason });
  const cells = await waitForRunInList(page, run.id);
  assert.match(cells.ASSETS, /extract\/form_adv_filings/);
  assert.match(cells.ASSETS, new RegExp(reason));
  await page.click(`#runs-table a[href="/runs/${run.id}"]`);
  await page.waitForURL(`**/runs/${run.id}`);
  assert.deepEqual(page.pageErrors, []);
});

test('a backfill shows with its progress and links to its page', async () => {
  const page = await newPage(browser);
  const launched = await post('/api/backfills', {
    assets: [EXAMPLE_ASSETS[0], EXAMPLE_ASSETS[1]], ranges: [{ start: '2023-04-01', end: '2023-04-03' }], reason: 'browser test: overview backfill',
  });
  const id = launched.backfill.id;
  await page.goto(baseUrl() + '/');
  const row = page.locator(`#backfills-table tr:has(a[href="/backfills/${id}"])`);
  await poll(async () => {
    if (await row.count() === 0) return { done: false, seen: 'no row' };
    const status = (await row.locator('.status').innerText()).trim();
    return { done: status === 'COMPLETED', value: status, seen: status };
  }, { what: `backfill ${id} to complete in the panel`, timeout: RUN_TIMEOUT_MS * 2 });
  assert.match(await row.innerText(), /3 of 3 ran: 3 succeeded/);
  assert.equal(await row.locator('.pbar span').getAttribute('style'), 'width:100.000%');
  assert.deepEqual(page.pageErrors, []);
});

test('automation, checks and the asset summary link to their pages', async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  for (const id of ['#failing-checks', '#next-ticks', '#decisions']) {
    assert.ok(await page.locator(id).isVisible(), `${id} is shown`);
  }
  // the example's sensor runs from a fresh install: it is due to tick, and its ticks are decisions
  await poll(async () => {
    await page.reload();
    const text = await page.locator('#next-ticks').innerText();
    return { done: /filing_inbox/.test(text), seen: text };
  }, { what: 'the sensor in the next ticks' });
  await poll(async () => {
    const text = await page.locator('#decisions').innerText();
    return { done: /filing_inbox/.test(text), seen: text };
  }, { what: 'a sensor tick among the decisions (the part refreshes itself)' });
  const assets = await page.locator('#assets tbody tr[data-asset]').evaluateAll((trs) => trs.map((tr) => tr.dataset.asset));
  const listed = [...EXAMPLE_ASSETS, SCORECARD].sort();
  assert.deepEqual(assets, listed);
  for (const asset of listed) {
    assert.equal(await page.locator(`#assets a[href="/assets/${asset}"]`).count(), 1, `a link to ${asset}`);
  }
  assert.equal(await page.locator('#assets input[type=checkbox]').count(), 0, 'no launch form here: it is at /launch');
  assert.ok(await page.locator('main a[href="/launch"]').first().isVisible());
  await screenshot(page, '01-overview');
  assert.deepEqual(page.pageErrors, []);
});
