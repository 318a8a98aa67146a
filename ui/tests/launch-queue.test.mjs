// Launching into a busy asset and repairing a run, in the browser: a single-key launch while a long run holds the asset
// is queued behind it (the blocking run a link) and then succeeds; "Re-execute failed steps" of a run of all four
// assets whose transforms were canceled; range errors drawn on From/To and overlaps named as typed; the preview's
// missing-upstream warning and its "add the upstream asset" action. Creates the data it needs itself, on days no other
// test file uses (2010-2013).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, authHeaders, baseUrl, EXAMPLE_ASSETS, launchBrowser, newPage, poll, RUN_TIMEOUT_MS, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const [EXTRACT, RAW, IDENTITY, OWNERSHIP] = EXAMPLE_ASSETS;
const ENDED = ['SUCCESS', 'FAILURE', 'CANCELED'];

async function post(path, body) {
  const res = await fetch(baseUrl() + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(await authHeaders('queue-browser-test')) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function ended(id, timeout = RUN_TIMEOUT_MS) {
  return poll(async () => {
    const run = await api(`/api/runs/${id}`);
    return { done: ENDED.includes(run.status), value: run, seen: run.status };
  }, { what: `run ${id} to end`, timeout });
}

async function launchpad(page, query = '') {
  const response = await page.goto(baseUrl() + '/launch' + query);
  assert.equal(response.status(), 200);
}

test('a single-key launch while a long run holds the asset is queued behind it, and then succeeds', { timeout: RUN_TIMEOUT_MS * 5 }, async () => {
  // a filing day, so that the identity table has keys to pick one from
  const landed = await post('/api/runs', { assets: [EXTRACT, RAW], partitions: ['2012-06-01'], reason: 'queue test: a day' });
  assert.equal(landed.status, 201, JSON.stringify(landed.body));
  assert.equal((await ended(landed.body.id)).status, 'SUCCESS');
  const [key] = await poll(async () => {
    const keys = await api(`/api/assets/${IDENTITY}/keys?limit=1`);
    return { done: keys.length > 0, value: keys, seen: keys };
  }, { what: 'a key of the identity table' });

  // the long run: a backfill of twenty days and the identity transform, one run at a time, paused at once; its identity
  // run holds the asset until every day before it has landed
  const launched = await post('/api/backfills', {
    assets: [EXTRACT, RAW, IDENTITY], ranges: [{ start: '2012-07-01', end: '2012-07-20' }], maxConcurrent: 1,
    reason: 'queue test: the long run',
  });
  assert.equal(launched.status, 201, JSON.stringify(launched.body));
  const backfill = launched.body.backfill.id;
  assert.equal((await post(`/api/backfills/${backfill}/pause`, { reason: 'hold the identity run' })).status, 200);
  const holder = (await api(`/api/runs?backfill=${backfill}&limit=500`)).find((r) => r.assets.includes(IDENTITY));
  assert.ok(holder, 'the backfill has a run of the identity transform');

  const page = await newPage(browser);
  await launchpad(page, `?asset=${IDENTITY}&mode=SINGLE_KEY&keys=${encodeURIComponent(key)}`);
  await page.click('#launch-button');
  await page.locator('#launch-ok').waitFor({ timeout: 15_000 });
  const queued = page.locator('#launch-queued');
  await queued.waitFor();
  assert.match(await queued.innerText(), /Queued\./);
  assert.match(await queued.innerText(), /1st in line for its asset partitions/);
  const link = queued.locator(`a[href="/runs/${holder.id}"]`);
  assert.equal(await link.count(), 1, 'the run it waits for is a link');
  assert.match(await queued.innerText(), /queued behind run \S+ QUEUED asset transform\/form_adv_firm_identity/);
  await screenshot(page, 'queue-01-launch-queued-behind');

  const runId = (await page.locator('#launch-ok a[href^="/runs/"]').first().getAttribute('href')).substring('/runs/'.length);
  const waiting = await api(`/api/runs/${runId}`);
  assert.equal(waiting.status, 'QUEUED');
  assert.equal(waiting.queue.position, 1);
  assert.deepEqual(waiting.queue.ahead.map((w) => w.runId), [holder.id]);

  await page.click(`#launch-ok a[href="/runs/${runId}"] >> nth=0`);
  await page.waitForURL(`**/runs/${runId}`);
  const place = page.locator('#run-queue');
  await place.waitFor();
  assert.equal(await place.locator(`a[href="/runs/${holder.id}"]`).count(), 1);
  await screenshot(page, 'queue-02-run-page-queued');

  // the long run goes on and ends; the single-key run starts after it and succeeds, on its own page
  assert.equal((await post(`/api/backfills/${backfill}/resume`, {})).status, 200);
  const status = await poll(async () => {
    const text = (await page.locator('#run-status').innerText()).trim();
    return { done: ENDED.includes(text), value: text, seen: text };
  }, { what: `run ${runId} to end on its page`, timeout: RUN_TIMEOUT_MS * 4 });
  assert.equal(status, 'SUCCESS');
  const done = await api(`/api/runs/${runId}`);
  const holderDone = await api(`/api/runs/${holder.id}`);
  assert.equal(holderDone.status, 'SUCCESS');
  assert.ok(done.startedAt >= holderDone.endedAt, 'it started once the run it waited for had ended');
  assert.equal(await page.locator('#run-queue').count(), 0, 'an ended run shows no queue');
  await screenshot(page, 'queue-03-run-succeeded');
  assert.deepEqual(page.pageErrors, []);
});

test('"Re-execute failed steps" of a run of all four assets whose transforms were canceled', { timeout: RUN_TIMEOUT_MS * 4 }, async () => {
  // many firms, so that the transforms take long enough to be canceled while they run
  const launched = await post('/api/runs', {
    assets: EXAMPLE_ASSETS, mode: 'FULL_REFRESH', ranges: [{ start: '2010-01-01', end: '2010-06-30' }],
    config: { [EXTRACT]: { firms: 60000 } }, reason: 'queue test: the whole pipeline over half a year',
  });
  assert.equal(launched.status, 201, JSON.stringify(launched.body));
  const id = launched.body.id;
  await poll(async () => {
    const run = await api(`/api/runs/${id}`);
    const transforming = run.steps.slice(2).some((s) => s.status === 'STARTED');
    return { done: transforming || ENDED.includes(run.status), value: run, seen: run.steps.map((s) => s.status) };
  }, { what: 'a transform step to start', interval: 100, timeout: RUN_TIMEOUT_MS * 2 });
  assert.equal((await post(`/api/runs/${id}/cancel`, { reason: 'stop the transforms' })).status, 200);
  const run = await ended(id);
  assert.equal(run.status, 'CANCELED', `the transforms were still running when canceled: ${JSON.stringify(run.steps)}`);
  assert.deepEqual(run.steps.slice(0, 2).map((s) => s.status), ['SUCCESS', 'SUCCESS']);
  const notDone = run.steps.filter((s) => s.status !== 'SUCCESS').map((s) => s.asset);
  assert.ok(notDone.length > 0 && notDone.every((a) => a === IDENTITY || a === OWNERSHIP), JSON.stringify(run.steps));

  const page = await newPage(browser);
  await page.goto(baseUrl() + `/runs/${id}`);
  assert.equal((await page.locator('#run-status').innerText()).trim(), 'CANCELED');
  await screenshot(page, 'queue-04-canceled-transforms');
  await page.click('#reexecute-failed');
  await page.waitForURL((url) => /\/runs\/[0-9a-f-]+$/.test(url.pathname) && !url.pathname.endsWith(id));
  const again = page.url().substring(page.url().lastIndexOf('/') + 1);
  const rerun = await api(`/api/runs/${again}`);
  assert.deepEqual(rerun.assets, notDone, 'only the steps that did not succeed');
  assert.deepEqual(rerun.partitions, [], 'the transforms are not partitioned: no partitions');
  assert.equal(rerun.tags['sluice/reexecution-of'], id);
  const status = await poll(async () => {
    const text = (await page.locator('#run-status').innerText()).trim();
    return { done: ENDED.includes(text), value: text, seen: text };
  }, { what: `re-execution ${again} to end on its page`, timeout: RUN_TIMEOUT_MS * 2 });
  assert.equal(status, 'SUCCESS', (await api(`/api/runs/${again}`)).error);
  await screenshot(page, 'queue-05-reexecuted-failed-steps');
  assert.deepEqual(page.pageErrors, []);
});

test('range errors are drawn on From and To, and overlapping ranges are named as typed', async () => {
  const page = await newPage(browser);
  await launchpad(page, `?asset=${EXTRACT}&asset=${RAW}`);
  await page.fill('#from', '2013-03-05');
  await page.fill('#to', '2013-03-01');
  await page.click('#preview-button');
  await page.locator('#launch-error').waitFor({ timeout: 15_000 });
  assert.equal(await page.locator('#launch-error').getAttribute('data-field'), 'to');
  assert.equal(await page.locator('#to').getAttribute('aria-invalid'), 'true', 'To is marked');
  assert.equal(await page.locator('#partitions').getAttribute('aria-invalid'), null, 'the empty Partitions box is not');
  assert.match(await page.locator('#range-field .field-error').innerText(), /From\/To 2013-03-05\.\.\.2013-03-01 goes backwards/);
  await screenshot(page, 'queue-06-range-backwards');

  await page.fill('#from', '2013-02-30');
  await page.fill('#to', '2013-03-31');
  await page.click('#preview-button');
  await poll(async () => {
    const field = await page.locator('#launch-error').getAttribute('data-field');
    return { done: field === 'from', seen: field };
  }, { what: 'the error on From', timeout: 15_000, interval: 100 });
  assert.equal(await page.locator('#from').getAttribute('aria-invalid'), 'true');

  await page.fill('#from', '2013-03-01');
  await page.fill('#partitions', '2013-02-20...2013-03-02');
  await page.click('#preview-backfill-button');
  await poll(async () => {
    const field = await page.locator('#launch-error').getAttribute('data-field');
    return { done: field === 'partitions', seen: field };
  }, { what: 'the error on Partitions', timeout: 15_000, interval: 100 });
  const message = await page.locator('#launch-error').innerText();
  assert.match(message, /2013-02-20\.\.\.2013-03-02 in Partitions selects 2013-03-01\.\.\.2013-03-02 \(2 partitions\), which From\/To 2013-03-01\.\.\.2013-03-31 selects already/);
  assert.doesNotMatch(message, /ranges\[/, 'no index the user never saw');
  assert.equal(await page.locator('#partitions').getAttribute('aria-invalid'), 'true');
  await screenshot(page, 'queue-07-ranges-overlap');
  assert.deepEqual(page.pageErrors, []);
});

test('the preview warns of missing upstream partitions and adds the upstream asset to the selection', { timeout: RUN_TIMEOUT_MS * 2 }, async () => {
  const page = await newPage(browser);
  await launchpad(page, `?asset=${RAW}&from=2011-02-01&to=2011-02-28`);
  await page.click('#preview-button');
  await page.locator('#preview').waitFor({ timeout: 15_000 });
  const warning = page.locator('#preview-upstream');
  await warning.waitFor();
  assert.match(await warning.innerText(),
    /raw\/form_adv_filings reads extract\/form_adv_filings: extract\/form_adv_filings is not materialized for 28 partitions that raw\/form_adv_filings reads: 2011-02-01\.\.\.2011-02-28/);
  await screenshot(page, 'queue-08-missing-upstream');

  await page.click('#add-upstream-extract--form_adv_filings');
  await page.waitForURL(/\/launch\?asset=extract%2Fform_adv_filings&asset=raw%2Fform_adv_filings/);
  assert.ok(await page.locator(`input[name=asset][value="${EXTRACT}"]`).isChecked(), 'the upstream asset is ticked');
  assert.ok(await page.locator(`input[name=asset][value="${RAW}"]`).isChecked(), 'and the asset still is');
  assert.equal(await page.locator('#from').inputValue(), '2011-02-01');
  assert.equal(await page.locator('#to').inputValue(), '2011-02-28');
  await page.click('#preview-button');
  await page.locator('#preview').waitFor({ timeout: 15_000 });
  assert.equal(await page.locator('#preview-upstream').count(), 0, 'nothing missing any more');
  await screenshot(page, 'queue-09-upstream-added');

  await page.click('#launch-button');
  await page.locator('#launch-ok, #launch-error').first().waitFor({ timeout: 15_000 });
  const href = await page.locator('#launch-ok a[href^="/runs/"]').first().getAttribute('href');
  const run = await ended(href.substring('/runs/'.length));
  assert.equal(run.status, 'SUCCESS', run.error);
  assert.deepEqual(run.assets, [EXTRACT, RAW]);
  assert.equal(run.partitionCount, 28);
  assert.deepEqual(page.pageErrors, []);
});
