// The backfill page and list tell what ran from what never ran (issue 27, items 5, 6 and 8): a canceled backfill
// shows its partitions split by status and no time left; Cancel asks first, with JavaScript (the browser's dialog)
// and without (a confirmation page); the partition table names each partition's run and status, 50 a page, by keyset.
// Its own ranges of the example's days (2012 to 2015), so it shares nothing with the other files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, authHeaders, baseUrl, launchBrowser, loggedInContext, newPage, poll, RUN_TIMEOUT_MS, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const LANDING = ['extract/form_adv_filings', 'raw/form_adv_filings'];

async function post(path, body) {
  const res = await fetch(baseUrl() + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await authHeaders('browser-test')) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  assert.ok(res.ok, `${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function launch(start, end, { perRun = 1, maxConcurrent = 0, reason }) {
  const body = await post('/api/backfills', {
    assets: LANDING, ranges: [{ start, end }], partitionsPerRun: perRun, maxConcurrent, reason,
    config: { 'extract/form_adv_filings': { firms: 100 } },
  });
  return body.backfill;
}

async function succeededAtLeast(id, n) {
  return poll(async () => {
    const b = await api(`/api/backfills/${id}`);
    return { done: b.progress.partitions.succeeded >= n, value: b, seen: b.progress.partitions };
  }, { what: `${n} partitions of ${id} to succeed` });
}

async function ended(id) {
  return poll(async () => {
    const b = await api(`/api/backfills/${id}`);
    const done = ['COMPLETED', 'FAILED', 'CANCELED'].includes(b.status) && b.progress.queued + b.progress.running === 0;
    return { done, value: b, seen: [b.status, b.progress] };
  }, { what: `${id} to end` });
}

const statusOf = async (id) => (await api(`/api/backfills/${id}`)).status;

test('a canceled backfill shows what ran apart from what never ran, and no time left', { timeout: RUN_TIMEOUT_MS * 2 }, async () => {
  const b = await launch('2013-01-01', '2013-12-31', { maxConcurrent: 1, reason: `browser test: progress ${Date.now()}` });
  await succeededAtLeast(b.id, 2);
  const page = await newPage(browser);
  await page.goto(`${baseUrl()}/backfills/${b.id}`);
  assert.match(await page.locator('#backfill-eta').innerText(), /^(\d|not known yet)/, 'running: a time left');
  await screenshot(page, 'backfill-progress-running');

  await post(`/api/backfills/${b.id}/cancel`, { reason: 'browser test: wrong year' });
  const canceled = await ended(b.id);
  const p = canceled.progress.partitions;
  assert.ok(p.skipped > 300, `most days never ran: ${JSON.stringify(p)}`);
  assert.equal(p.succeeded + p.failed + p.canceled + p.skipped, 365);
  assert.equal(canceled.progress.eta, null);

  await page.reload();
  assert.equal((await page.locator('#backfill-status').innerText()).trim(), 'CANCELED');
  const percent = (await page.locator('#backfill-percent').innerText()).trim();
  assert.notEqual(percent, '100% ran');
  assert.match(percent, /^\d{1,2}% ran$/);
  const ran = p.succeeded + p.failed + p.canceled;
  assert.equal((await page.locator('#backfill-partitions').innerText()).trim().split(':')[0], `${ran} of 365 ran`);
  assert.equal((await page.locator('#backfill-counts li[data-status="SKIPPED"]').innerText()).trim(), `${p.skipped} skipped`);
  assert.equal((await page.locator('#backfill-counts li[data-status="SUCCEEDED"]').innerText()).trim(), `${p.succeeded} succeeded`);
  assert.equal((await page.locator('#backfill-eta').innerText()).trim(), 'none: canceled');
  // the bar is split by status: a part for the days that succeeded, one for those that never ran
  assert.equal(await page.locator('.backfill-progress .pbar span.ps-SUCCEEDED').getAttribute('data-count'), String(p.succeeded));
  assert.equal(await page.locator('.backfill-progress .pbar span.ps-SKIPPED').getAttribute('data-count'), String(p.skipped));
  assert.ok(await page.locator('#partition-grid .pcell.ps-SKIPPED').count() > 0);
  assert.equal(await page.locator('#hx-get, #live[hx-get]').count(), 0, 'an ended backfill does not poll');
  await screenshot(page, 'backfill-progress-canceled');

  // the list: the same split, and no ETA
  await page.goto(`${baseUrl()}/backfills?status=CANCELED`);
  const row = page.locator(`#backfills-table tr[data-backfill="${b.id}"]`);
  assert.match(await row.locator('.progress-text').innerText(), new RegExp(`^${ran} of 365 ran: .*${p.skipped} skipped`));
  assert.equal((await row.locator('td').last().innerText()).trim(), '');
  await screenshot(page, 'backfill-progress-list');
  assert.deepEqual(page.pageErrors, []);
});

test('Cancel asks in a dialog first: dismissed, the backfill runs on; accepted, it is canceled', { timeout: RUN_TIMEOUT_MS * 2 }, async () => {
  const b = await launch('2014-01-01', '2014-12-31', { maxConcurrent: 1, reason: `browser test: dialog ${Date.now()}` });
  const page = await newPage(browser);
  await page.goto(`${baseUrl()}/backfills/${b.id}`);
  await page.fill('form[action$="/cancel"] input[name=reason]', 'browser test: changed my mind');
  let asked = '';
  page.once('dialog', async (dialog) => { asked = dialog.message(); await dialog.dismiss(); });
  await page.click('#cancel');
  await page.waitForTimeout(1_000);
  assert.match(asked, /^Cancel backfill \w{8}\?/);
  assert.equal(await statusOf(b.id), 'RUNNING', 'dismissed: nothing canceled');
  assert.equal(new URL(page.url()).pathname, `/backfills/${b.id}`);

  page.once('dialog', (dialog) => dialog.accept());
  await page.click('#cancel');
  await page.waitForURL(`${baseUrl()}/backfills/${b.id}`);
  await poll(async () => {
    const s = (await page.locator('#backfill-status').innerText()).trim();
    return { done: s === 'CANCELED', value: s, seen: s };
  }, { what: 'the page to show CANCELED' });
  const audit = await api(`/api/audit?backfill=${b.id}`);
  assert.equal(audit.filter((e) => e.action === 'BACKFILL_CANCELED').length, 1);
  assert.equal(audit.find((e) => e.action === 'BACKFILL_CANCELED').reason, 'browser test: changed my mind');
  assert.deepEqual(page.pageErrors, []);
});

test('without JavaScript, Cancel answers a confirmation page that changes nothing until confirmed', { timeout: RUN_TIMEOUT_MS * 2 }, async () => {
  const b = await launch('2015-01-01', '2015-12-31', { maxConcurrent: 1, reason: `browser test: no js ${Date.now()}` });
  const context = await loggedInContext(browser, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/backfills/${b.id}`);
  await page.fill('form[action$="/cancel"] input[name=reason]', 'browser test: no script');
  await page.click('#cancel');
  await page.locator('#confirm-cancel').waitFor();
  assert.match(await page.locator('#confirm-cancel h1').innerText(), /^Cancel backfill \w{8}\?$/);
  assert.equal(await page.locator('#confirm-reason').inputValue(), 'browser test: no script');
  assert.equal(await statusOf(b.id), 'RUNNING', 'asked, not done');
  await screenshot(page, 'backfill-progress-confirm-cancel');

  // going back keeps it running
  await page.click('#keep-running');
  await page.waitForURL(`${baseUrl()}/backfills/${b.id}`);
  assert.equal(await statusOf(b.id), 'RUNNING');

  await page.click('#cancel');
  await page.click('#confirm-cancel-button');
  await page.waitForURL(`${baseUrl()}/backfills/${b.id}`);
  assert.equal((await page.locator('#backfill-status').innerText()).trim(), 'CANCELED');
  assert.equal(await statusOf(b.id), 'CANCELED');
  await context.close();
});

test('the partition table names each partition\'s run and status, 50 a page, and filters by status', { timeout: RUN_TIMEOUT_MS * 3 }, async () => {
  // 120 days of 2012 (a leap year), 30 a run: the 31st to the 60th day are one run
  const b = await launch('2012-01-01', '2012-04-29', { perRun: 30, reason: `browser test: table ${Date.now()}` });
  const done = await ended(b.id);
  assert.equal(done.status, 'COMPLETED');
  const page = await newPage(browser);
  await page.goto(`${baseUrl()}/backfills/${b.id}`);
  const rows = page.locator('#backfill-partitions-table tbody tr');
  assert.equal(await rows.count(), 50);
  const first = rows.first();
  assert.equal(await first.getAttribute('data-partition'), '2012-01-01');
  assert.equal((await first.locator('.status').innerText()).trim(), 'succeeded');
  const runOf50th = await rows.nth(49).locator('a[href^="/runs/"]').getAttribute('href');
  assert.equal(await rows.nth(49).getAttribute('data-partition'), '2012-02-19');
  // the runs table says which partitions each run held
  assert.ok((await page.locator('#backfill-runs').innerText()).includes('2012-01-31 … 2012-02-29 (30)'));
  await screenshot(page, 'backfill-progress-partitions');

  await page.click('#partitions-next');
  await page.waitForURL(/after=49/);
  assert.equal(await rows.count(), 50);
  assert.equal(await rows.first().getAttribute('data-partition'), '2012-02-20');
  assert.equal(await rows.first().locator('a[href^="/runs/"]').getAttribute('href'), runOf50th, 'the same run holds days 50 and 51');
  await page.click('#partitions-next');
  await page.waitForURL(/after=99/);
  assert.equal(await rows.count(), 20);
  assert.equal(await rows.last().getAttribute('data-partition'), '2012-04-29');
  assert.equal(await page.locator('#partitions-next').count(), 0);
  await page.click('#partitions-previous');
  await page.waitForURL(/before=100/);
  assert.equal(await rows.first().getAttribute('data-partition'), '2012-02-20');

  // filtered: none failed
  await page.selectOption('#partition-status-filter', 'FAILED');
  await page.click('#partitions form.filters button');
  await page.waitForURL(/status=FAILED/);
  assert.match(await rows.first().innerText(), /No failed partitions here/);
  // a partition's run opens its run page, which lists the partition
  await page.goto(`${baseUrl()}/backfills/${b.id}?status=SUCCEEDED&after=59`);
  assert.equal(await rows.first().getAttribute('data-partition'), '2012-03-01');
  await rows.first().locator('a[href^="/runs/"]').click();
  await page.waitForURL(/\/runs\//);
  assert.ok((await page.locator('main, body').first().innerText()).includes('2012-03-01'));
  assert.deepEqual(page.pageErrors, []);
});
