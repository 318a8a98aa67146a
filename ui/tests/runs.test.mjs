// The runs list and the run page: a run launched through the API appears in /runs, the status filter finds it, its
// page shows the timeline and the live log, and it is re-executed from there. Independent of the other test files:
// it launches its own runs through the API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, authHeaders, baseUrl, launchBrowser, newPage, poll, RUN_TIMEOUT_MS, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

// /api/runs takes partition keys only; a range goes through a backfill made one run, as the launchpad does
async function launch({ partitions, ...body }) {
  const [start, end] = partitions[0].split('...');
  const res = await fetch(baseUrl() + '/api/backfills', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(await authHeaders('runs-browser-test')) },
    body: JSON.stringify({ ...body, ranges: [{ start, end }], singleRun: true }),
  });
  assert.equal(res.status, 201, `launch answered ${res.status}: ${await res.clone().text()}`);
  const backfill = (await res.json()).backfill.id;
  return poll(async () => {
    const runs = await api(`/api/runs?backfill=${backfill}`);
    return { done: runs.length === 1, value: runs[0]?.id, seen: `${runs.length} runs` };
  }, { what: `the run of backfill ${backfill}` });
}

async function ended(id) {
  return poll(async () => {
    const run = await api(`/api/runs/${id}`);
    return { done: ['SUCCESS', 'FAILURE', 'CANCELED'].includes(run.status), value: run, seen: run.status };
  }, { what: `run ${id} to end` });
}

const ONE_YEAR = { assets: ['extract/form_adv_filings', 'raw/form_adv_filings'], mode: 'INCREMENTAL',
  partitions: ['2001-01-01...2001-12-31'], reason: 'runs browser test' };

test('a run launched through the API appears in /runs, and the status filter keeps it', { timeout: RUN_TIMEOUT_MS + 60_000 }, async () => {
  const id = await launch(ONE_YEAR);
  const run = await ended(id);
  assert.equal(run.status, 'SUCCESS', run.error);

  const page = await newPage(browser);
  await page.goto(baseUrl() + '/runs');
  const row = page.locator(`#runs-list tr[data-run="${id}"]`);
  await row.waitFor();
  assert.equal((await row.locator('.status').innerText()).trim(), 'SUCCESS');
  assert.match(await row.locator('td.origin').innerText(), /runs-browser-test/);
  await screenshot(page, 'runs-01-list');

  await page.selectOption('#f-status', 'SUCCESS');
  await page.fill('#f-launched-by', 'runs-browser-test');
  await page.click('#f-apply');
  await page.waitForURL(/status=SUCCESS/);
  assert.match(page.url(), /launchedBy=runs-browser-test/, 'the filters are in the query string');
  assert.equal(await page.locator(`#runs-list tr[data-run="${id}"]`).count(), 1);
  assert.equal(await page.locator('#runs-list .status:not(.s-SUCCESS)').count(), 0, 'only SUCCESS runs listed');
  await screenshot(page, 'runs-02-filtered');

  await page.selectOption('#f-status', 'FAILURE');
  await page.click('#f-apply');
  await page.waitForURL(/status=FAILURE/);
  assert.equal(await page.locator(`#runs-list tr[data-run="${id}"]`).count(), 0, 'a SUCCESS run is not a FAILURE');

  await page.goto(baseUrl() + '/runs?status=DONE');
  assert.match(await page.locator('#runs-error').innerText(), /status must be one of/);
  // the browser reports the 400 it was just answered; nothing else went wrong
  assert.deepEqual(page.pageErrors.filter((e) => !/status of 400 .*status=DONE/.test(e)), []);
});

// the 24-year extract is big on purpose; on a loaded machine it takes minutes, so this test waits longer than others
test('the run page shows the timeline and the log streams live while the run goes on', { timeout: 5 * RUN_TIMEOUT_MS }, async () => {
  // big enough that the extract takes a few seconds: the page opens while it runs
  const id = await launch({ ...ONE_YEAR, mode: 'FULL_REFRESH', partitions: ['2001-01-01...2024-12-31'],
    config: { 'extract/form_adv_filings': { firms: 50000 } } });
  const page = await newPage(browser);
  await page.goto(baseUrl() + `/runs/${id}`);
  assert.equal(await page.locator('#log').getAttribute('data-live'), 'true', 'the page opened while the run goes on');
  const log = page.locator('#log');
  const linesAtOpen = await log.locator(':scope > span:not(.muted)').count();
  await poll(async () => {
    const status = (await page.locator('#run-status').innerText()).trim();
    return { done: ['SUCCESS', 'FAILURE', 'CANCELED'].includes(status), value: status, seen: status };
  }, { timeout: 4 * RUN_TIMEOUT_MS, what: `run ${id} to end on its page` });
  await poll(async () => {
    const text = await log.innerText();
    return { done: /finished SUCCESS/.test(text), value: text, seen: text.slice(-200) };
  }, { timeout: 15_000, what: 'the streamed log to say the run finished' });
  const linesAtEnd = await log.locator(':scope > span:not(.muted)').count();
  assert.ok(linesAtEnd > linesAtOpen, `lines arrived over the stream without a reload: ${linesAtOpen} -> ${linesAtEnd}`);
  assert.equal(await log.getAttribute('data-streaming'), 'true', 'the page script opened the stream');

  const bars = page.locator('#timeline .tl-row:not(.tl-write) .tl-bar');
  assert.equal(await bars.count(), 2, 'one bar per step');
  assert.equal(await page.locator('#timeline .tl-bar.s-SUCCESS').count() >= 2, true);
  await screenshot(page, 'runs-03-run-page');

  // server-side log filter, in the query string
  await page.fill('#log-q', 'finished');
  await page.click('#log-filter button');
  await page.waitForURL(/q=finished/);
  const filtered = (await log.innerText()).split('\n').filter((l) => l.trim());
  assert.ok(filtered.length >= 1 && filtered.every((l) => /finished/i.test(l)), `only matching lines: ${filtered}`);
  assert.deepEqual(page.pageErrors, []);
});

test('a run is re-executed from its page, the new run says what it re-executes', { timeout: RUN_TIMEOUT_MS + 60_000 }, async () => {
  const id = await launch(ONE_YEAR);
  await ended(id);
  const page = await newPage(browser);
  await page.goto(baseUrl() + `/runs/${id}`);
  await page.click('#reexecute-all');
  await page.waitForURL((url) => url.pathname.startsWith('/runs/') && !url.pathname.endsWith(id));
  const again = new URL(page.url()).pathname.split('/').pop();
  const rerun = await ended(again);
  assert.equal(rerun.status, 'SUCCESS', rerun.error);
  assert.equal(rerun.tags['sluice/reexecution-of'], id);
  assert.deepEqual(rerun.partitions, (await api(`/api/runs/${id}`)).partitions);
  await page.reload();
  assert.match(await page.locator('#run-launched-by').innerText(), /re-execution of/);
  assert.equal(await page.locator(`#run-launched-by a[href="/runs/${id}"]`).count(), 1, 'links the run it re-executes');
  await screenshot(page, 'runs-04-reexecuted');

  await page.goto(baseUrl() + `/runs?origin=reexecution&name=${id}`);
  assert.equal(await page.locator(`#runs-list tr[data-run="${again}"]`).count(), 1, 'the list finds re-executions of the run');
  assert.deepEqual(page.pageErrors, []);
});

test("the runs list pages by cursor: Older and Newer walk the runs once each, as the API's Link header does", { timeout: RUN_TIMEOUT_MS + 60_000 }, async () => {
  for (const day of ['2002-01-01', '2002-01-02', '2002-01-03']) {
    await launch({ ...ONE_YEAR, partitions: [`${day}...${day}`] });
  }
  const expected = (await api('/api/runs?launchedBy=runs-browser-test&limit=500')).map((r) => r.id);
  assert.ok(expected.length >= 3, `runs of this file: ${expected.length}`);

  const page = await newPage(browser);
  await page.goto(baseUrl() + '/runs?launchedBy=runs-browser-test&limit=2');
  const seen = [];
  for (;;) {
    seen.push(...await page.locator('#runs-list tr[data-run]').evaluateAll((rows) => rows.map((r) => r.dataset.run)));
    const older = page.locator('#page-older');
    if (await older.count() === 0) break;
    await Promise.all([page.waitForURL(/cursor=/), older.click()]);
    assert.match(page.url(), /launchedBy=runs-browser-test/, 'the filters stay in the Older link');
    assert.match(page.url(), /limit=2/, 'the page size stays in the Older link');
  }
  assert.deepEqual(seen, expected, 'every run once, newest first');
  await screenshot(page, 'runs-05-last-page');

  // Newer goes back one page: the two runs before the last page's
  await Promise.all([page.waitForURL(/previous=/), page.locator('#page-newer').click()]);
  const back = await page.locator('#runs-list tr[data-run]').evaluateAll((rows) => rows.map((r) => r.dataset.run));
  const lastPage = expected.length % 2 === 0 ? 2 : 1;
  assert.deepEqual(back, expected.slice(expected.length - lastPage - 2, expected.length - lastPage));
});
