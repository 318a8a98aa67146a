// Issue 27, item 1: the example's eager transforms during a per-partition backfill of extract and raw. The automation
// page shows them SKIPPED, held (UPSTREAM_IN_PROGRESS, naming the backfill) while it runs, then one trigger run after it.
// ui/run-browser-tests.sh starts its shared server with triggers off (the other files launch the transforms
// themselves), so this file starts a second Sluice of its own with triggers on, and stops it afterwards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, launchBrowser, newPage, poll, post, screenshot, startServer } from './support.mjs';

const IDENTITY = 'transform/form_adv_firm_identity';

let browser;
let server;
before(async () => {
  server = await startServer({ SLUICE_AUTOMATION_TRIGGERS_ENABLED: 'true' });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

function row(page) {
  return page.locator(`#triggers-table tr[data-asset="${IDENTITY}"]`);
}

async function triggerRuns() {
  const runs = await api(`/api/runs?asset=${IDENTITY}&limit=500`, server.url);
  return runs.filter((r) => r.launchedBy === 'trigger');
}

test('the transforms are held while a backfill of their upstream runs, then run once after it', { timeout: 600_000 }, async () => {
  const page = await newPage(browser, { base: server.url });
  const launched = await post('/api/backfills', {
    assets: ['extract/form_adv_filings', 'raw/form_adv_filings'],
    ranges: [{ start: '2019-03-01', end: '2019-03-24' }],
    maxConcurrent: 1,
    // enough firms that each day files something (a day that lands no row changes nothing downstream)
    config: { 'extract/form_adv_filings': { firms: 2000 } },
    reason: 'browser test: 24 days, one run a day',
  }, { base: server.url, status: 201 });
  const backfill = launched.backfill.id;

  // while it runs: SKIPPED, held, with the reason and the backfill named
  await poll(async () => {
    await page.goto(server.url + '/automation');
    const text = await row(page).innerText();
    const status = (await api(`/api/backfills/${backfill}`, server.url)).status;
    return { done: /SKIPPED\s+\S+ held/.test(text) && text.includes('UPSTREAM_IN_PROGRESS') && text.includes(backfill),
      seen: { status, text } };
  }, { timeout: 300_000, interval: 1000, what: 'the transform held on the automation page' });
  assert.equal((await api(`/api/backfills/${backfill}`, server.url)).status, 'RUNNING', 'held while the backfill runs');
  assert.deepEqual(await triggerRuns(), [], 'no trigger run while the backfill runs');
  await screenshot(page, 'automation-trigger-held-during-backfill');

  await poll(async () => {
    const b = await api(`/api/backfills/${backfill}`, server.url);
    return { done: b.status === 'COMPLETED', seen: b.progress };
  }, { timeout: 480_000, interval: 1000, what: 'the backfill to complete' });

  // after it: one run of both transforms, launched by the trigger, shown on the page as LAUNCHED with its link
  const runs = await poll(async () => {
    const found = await triggerRuns();
    return { done: found.length > 0 && found.every((r) => ['SUCCESS', 'FAILURE', 'CANCELED'].includes(r.status)),
      value: found, seen: found.map((r) => r.status) };
  }, { timeout: 180_000, interval: 1000, what: 'the trigger run after the backfill' });
  assert.equal(runs.length, 1, `one trigger run after the backfill: ${runs.map((r) => r.id)}`);
  assert.equal(runs[0].status, 'SUCCESS');
  // in either order: the eager scorecard downstream of the ownership table may change the order the trigger lists them
  assert.deepEqual([...runs[0].assets].sort(), [IDENTITY, 'transform/form_adv_firm_ownership'].sort());
  assert.ok(runs[0].keyCount > 0, 'it transformed the firms the backfill landed');

  await page.goto(server.url + '/automation');
  const newest = row(page).locator('ul.ticks li').first();
  assert.match(await newest.innerText(), /LAUNCHED/);
  assert.equal(await newest.locator(`a[href="/runs/${runs[0].id}"]`).count(), 1, 'the newest evaluation links the run');
  await screenshot(page, 'automation-trigger-launched-after-backfill');
  assert.deepEqual(page.pageErrors, []);
});
