// Backfills: one launched through the API over a range of the example's partitions, followed on its own page
// (/backfills/{id}) to 100%; another paused, resumed, canceled and retried with the page's forms; the list filtered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, authHeaders, baseUrl, launchBrowser, newPage, poll, RUN_TIMEOUT_MS, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const LANDING = ['extract/form_adv_filings', 'raw/form_adv_filings'];

async function launch(start, end, { perRun = 1, maxConcurrent = 0, reason }) {
  const res = await fetch(baseUrl() + '/api/backfills', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await authHeaders('browser-test')) },
    body: JSON.stringify({
      assets: LANDING, ranges: [{ start, end }], partitionsPerRun: perRun, maxConcurrent, reason,
      config: { 'extract/form_adv_filings': { firms: 300 } },
    }),
  });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.backfill;
}

async function statusOnPage(page) {
  return (await page.locator('#backfill-status').innerText()).trim();
}

async function waitForStatus(page, statuses) {
  return poll(async () => {
    const s = await statusOnPage(page);
    return { done: statuses.includes(s), value: s, seen: s };
  }, { what: `the page to show ${statuses}` });
}

test('a backfill over a range of the example\'s days reaches 100% on its page, refreshing by itself', { timeout: RUN_TIMEOUT_MS + 30_000 }, async () => {
  const b = await launch('2025-03-01', '2025-03-08', { perRun: 2, reason: `browser test: page ${Date.now()}` });
  const page = await newPage(browser);
  await page.goto(`${baseUrl()}/backfills/${b.id}`);
  assert.match(await page.title(), /backfill/);
  await page.locator('#partition-grid').waitFor();
  await screenshot(page, 'backfill-page-running');
  // no reload: htmx polls the live part until the backfill ends
  assert.equal(await waitForStatus(page, ['COMPLETED', 'FAILED', 'CANCELED']), 'COMPLETED');
  assert.equal((await page.locator('#backfill-percent').innerText()).trim(), '100% ran');
  assert.match(await page.locator('#backfill-partitions').innerText(), /8 of 8 ran: 8 succeeded/);
  assert.match(await page.locator('#backfill-rate').innerText(), /partitions\/s/);
  assert.equal(await page.locator('#partition-grid .pcell.ps-SUCCEEDED').count(), 1, 'one green cell for 8 successful days');
  assert.equal(await page.locator('#backfill-runs tbody tr').count(), 4);
  await screenshot(page, 'backfill-page-completed');
  // a run of the backfill opens its run page
  await page.locator('#backfill-runs a[href^="/runs/"]').first().click();
  await page.waitForURL(/\/runs\//);
  assert.deepEqual(page.pageErrors, []);
});

test('the page\'s forms pause, resume, cancel and retry a backfill, each with a reason', { timeout: RUN_TIMEOUT_MS * 2 }, async () => {
  const b = await launch('2025-04-01', '2025-12-31', { maxConcurrent: 1, reason: `browser test: steer ${Date.now()}` });
  const page = await newPage(browser);
  await page.goto(`${baseUrl()}/backfills/${b.id}`);
  assert.equal(await statusOnPage(page), 'RUNNING');

  await page.fill('form[action$="/pause"] input[name=reason]', 'browser test: pause');
  await page.click('#pause');
  await page.waitForURL(`${baseUrl()}/backfills/${b.id}`);
  assert.equal(await waitForStatus(page, ['PAUSED']), 'PAUSED');
  await screenshot(page, 'backfill-page-paused');
  await page.click('#resume');
  assert.equal(await waitForStatus(page, ['RUNNING', 'COMPLETED']), 'RUNNING');
  await page.fill('form[action$="/cancel"] input[name=reason]', 'browser test: cancel');
  page.once('dialog', (dialog) => dialog.accept()); // cancel asks first
  await page.click('#cancel');
  assert.equal(await waitForStatus(page, ['CANCELED']), 'CANCELED');
  await page.locator('#partition-grid .pcell.ps-SKIPPED').first().waitFor();
  await screenshot(page, 'backfill-page-canceled');

  await poll(async () => ({ done: await page.locator('#retry-failed').count() > 0, value: true, seen: 'no retry button' }),
    { what: 'the retry button once nothing runs' });
  await page.click('#retry-failed');
  await page.waitForURL((url) => url.pathname.startsWith('/backfills/') && !url.pathname.endsWith(b.id));
  const retryId = new URL(page.url()).pathname.split('/').pop();
  const retry = await api(`/api/backfills/${retryId}`);
  assert.equal(retry.retryOf, b.id);
  assert.ok(await page.locator(`a[href="/backfills/${b.id}"]`).count() > 0, 'the retry links to what it retries');
  if (await page.locator('#cancel').count()) {
    page.once('dialog', (dialog) => dialog.accept());
    await page.click('#cancel');
  }

  const audit = await api(`/api/audit?backfill=${b.id}`);
  const byAction = Object.fromEntries(audit.map((e) => [e.action, e]));
  assert.equal(byAction.BACKFILL_PAUSED.reason, 'browser test: pause');
  assert.equal(byAction.BACKFILL_CANCELED.reason, 'browser test: cancel');
  assert.ok(byAction.BACKFILL_RESUMED, 'resumed is audited');

  // the list, filtered by status from its form, finds it
  await page.goto(`${baseUrl()}/backfills`);
  await page.selectOption('#status-filter', 'CANCELED');
  await page.click('form.filters button');
  await page.waitForURL(/status=CANCELED/);
  assert.ok(await page.locator(`#backfills-table a[href="/backfills/${b.id}"]`).count() > 0);
  assert.equal(await page.locator('#backfills-table .status:not(.s-CANCELED)').count(), 0);
  await screenshot(page, 'backfills-list-canceled');
  assert.deepEqual(page.pageErrors, []);
});
