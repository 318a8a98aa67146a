// Backfills from the home page: launch one from the form with run config and a partitions range, watch its
// progress bar, pause, resume, cancel and retry its canceled partitions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { RUN_TIMEOUT_MS, api, baseUrl, launchBrowser, newPage, poll, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const LANDING = ['extract/form_adv_filings', 'raw/form_adv_filings'];

async function launchBackfill(page, partitions, { perRun = '1', atOnce = '0', reason }) {
  await page.goto(baseUrl() + '/');
  for (const asset of LANDING) await page.check(`input[name=asset][value="${asset}"]`);
  await page.fill('#partitions', partitions);
  await page.fill('#partitionsPerRun', perRun);
  await page.fill('#maxConcurrent', atOnce);
  await page.fill('#config', JSON.stringify({ 'extract/form_adv_filings': { firms: 300 } }));
  await page.fill('#reason', reason);
  await page.click('#backfill-button');
  await page.locator('#launch-ok, #launch-error').first().waitFor({ timeout: 15_000 });
  if (await page.locator('#launch-error').count()) throw new Error(await page.locator('#launch-error').innerText());
  const backfills = await api('/api/backfills?limit=50');
  const launched = backfills.find((b) => b.reason === reason);
  assert.ok(launched, `the backfill "${reason}" is stored`);
  return launched;
}

function row(page, id) {
  return page.locator(`#backfills-table tbody tr:has(td[data-backfill="${id}"])`);
}

async function waitForStatus(page, id, statuses) {
  return poll(async () => {
    const r = row(page, id);
    if (await r.count() === 0) return { done: false, seen: 'no row yet' };
    const text = (await r.locator('.status').innerText()).trim();
    return { done: statuses.includes(text), value: text, seen: text };
  }, { what: `backfill ${id} to be ${statuses}` });
}

test('a backfill launched from the form runs two days per run with its config, and completes', { timeout: RUN_TIMEOUT_MS + 30_000 }, async () => {
  const page = await newPage(browser);
  const b = await launchBackfill(page, '2025-01-01...2025-01-10', { perRun: '2', reason: `browser test: backfill ${Date.now()}` });
  assert.match(await page.locator('#launch-ok').innerText(), /Launched backfill .*: 10 partitions of .* in 5 runs/);
  assert.equal(b.partitionCount, 10);
  assert.equal(b.runCount, 5);
  assert.equal(await waitForStatus(page, b.id, ['COMPLETED', 'FAILED', 'CANCELED']), 'COMPLETED');
  assert.match(await row(page, b.id).innerText(), /5 \/ 5 runs/);
  await screenshot(page, '09-backfill-completed');
  const runs = (await api('/api/runs?limit=200')).filter((r) => r.backfillId === b.id);
  assert.equal(runs.length, 5);
  for (const r of runs) {
    assert.equal(r.partitions.length, 2);
    assert.equal(r.config['extract/form_adv_filings'].firms, 300, 'the form\'s run config reached every run');
  }
  assert.deepEqual(page.pageErrors, []);
});

test('a running backfill is paused, resumed, canceled and its canceled partitions retried from the page', { timeout: RUN_TIMEOUT_MS * 2 }, async () => {
  const page = await newPage(browser);
  const b = await launchBackfill(page, '2025-02-01...2025-12-31', { atOnce: '1', reason: `browser test: steer ${Date.now()}` });
  assert.equal(b.partitionCount, 334);
  await waitForStatus(page, b.id, ['RUNNING']);

  await row(page, b.id).locator('button', { hasText: 'Pause' }).click();
  assert.equal(await waitForStatus(page, b.id, ['PAUSED']), 'PAUSED');
  await screenshot(page, '10-backfill-paused');
  await row(page, b.id).locator('button', { hasText: 'Resume' }).click();
  assert.equal(await waitForStatus(page, b.id, ['RUNNING', 'COMPLETED']), 'RUNNING');

  page.once('dialog', (dialog) => dialog.accept());
  await row(page, b.id).locator('button', { hasText: 'Cancel' }).click();
  assert.equal(await waitForStatus(page, b.id, ['CANCELED']), 'CANCELED');
  const canceled = await api(`/api/backfills/${b.id}`);
  assert.ok(canceled.progress.canceled > 0, `queued runs were canceled: ${JSON.stringify(canceled.progress)}`);

  await row(page, b.id).locator('button', { hasText: 'Retry failed' }).click();
  const retry = await poll(async () => {
    const all = await api('/api/backfills?limit=50');
    const found = all.find((x) => x.retryOf === b.id);
    return { done: Boolean(found), value: found, seen: all.length };
  }, { what: 'a retry backfill linked to the canceled one' });
  assert.equal(retry.partitionCount, canceled.progress.canceled + canceled.progress.failed);
  await poll(async () => ({ done: await row(page, retry.id).count() > 0, value: true, seen: 'retry row' }), { what: 'the retry in the table' });
  page.once('dialog', (dialog) => dialog.accept());
  await row(page, retry.id).locator('button', { hasText: 'Cancel' }).click();
  assert.equal(await waitForStatus(page, retry.id, ['CANCELED', 'COMPLETED']), 'CANCELED');
  const actions = (await api(`/api/audit?backfill=${b.id}`)).map((e) => e.action);
  for (const a of ['BACKFILL_LAUNCHED', 'BACKFILL_PAUSED', 'BACKFILL_RESUMED', 'BACKFILL_CANCELED']) assert.ok(actions.includes(a), `audit has ${a}: ${actions}`);
  assert.deepEqual(page.pageErrors, []);
});
