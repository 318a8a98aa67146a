// A user's first session: materialize the whole example pipeline, inspect the run, then re-run one firm by key.
// The tests in this file build on each other and run in order.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  EXAMPLE_ASSETS, EXAMPLE_HISTORY, RUN_TIMEOUT_MS, api, baseUrl, launchBrowser, launchedRunId, newPage, poll, screenshot, waitForRunInList,
} from './support.mjs';

let browser;
let pipelineRun;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('an INCREMENTAL run of the whole pipeline appears in the runs list and succeeds', { timeout: RUN_TIMEOUT_MS + 30_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  for (const asset of EXAMPLE_ASSETS) {
    await page.check(`input[name=asset][value="${asset}"]`);
  }
  assert.ok(await page.locator('input[name=mode][value=INCREMENTAL]').isChecked());
  // 24 years of daily filing partitions as one range: extract and raw each write it at once
  await page.fill('#partitions', EXAMPLE_HISTORY);
  await page.fill('#reason', 'browser test: first load');
  await page.click('#launch-button');

  pipelineRun = await launchedRunId(page);
  assert.match(await page.locator('#launch-ok').innerText(), /Launched run/);

  // The runs list refreshes itself: the new run shows up without a reload, then reaches SUCCESS.
  const row = await waitForRunInList(page, pipelineRun, 'SUCCESS');
  assert.equal(row.MODE, 'INCREMENTAL');
  for (const asset of EXAMPLE_ASSETS) assert.ok(row.ASSETS.includes(asset), `runs list names ${asset}: ${row.ASSETS}`);
  assert.ok(Number(row.ROWS.replace(/[^0-9]/g, '')) > 0, `rows written: ${row.ROWS}`);
  await screenshot(page, '03-home-after-pipeline-run');

  const stored = await api(`/api/runs/${pipelineRun}`);
  assert.equal(stored.status, 'SUCCESS');
  assert.equal(stored.launchedBy, 'web-ui');
  assert.equal(stored.partitions.length, 8766, 'every day of 2001-2024');
  const raw = await api('/api/assets/raw/form_adv_filings/partitions?status=MATERIALIZED');
  assert.ok(raw.counts.MATERIALIZED >= 8766, `materialized days: ${raw.counts.MATERIALIZED}`);
  assert.deepEqual(page.pageErrors, []);
});

test('the run page shows every step SUCCESS, the materializations and the log', async () => {
  assert.ok(pipelineRun, 'needs the run launched by the previous test');
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  await page.click(`#runs-table a[href="/runs/${pipelineRun}"]`);
  await page.waitForURL(`**/runs/${pipelineRun}`);

  assert.equal((await page.locator('#run-status').innerText()).trim(), 'SUCCESS');
  const steps = page.locator('#steps tbody tr');
  assert.equal(await steps.count(), 4);
  const stepAssets = [];
  for (let i = 0; i < 4; i++) {
    const cells = steps.nth(i).locator('td');
    stepAssets.push((await cells.nth(1).innerText()).trim());
    assert.equal((await steps.nth(i).locator('.status').innerText()).trim(), 'SUCCESS', `step ${i + 1}`);
  }
  assert.deepEqual(stepAssets.slice(0, 2), EXAMPLE_ASSETS.slice(0, 2), 'upstream steps run first');
  assert.deepEqual([...stepAssets.slice(2)].sort(), EXAMPLE_ASSETS.slice(2));

  assert.equal(await page.locator('#materializations tbody tr').count(), 4);

  // the asset checks of raw and of the transforms, each with what it found: all passed on the first load
  const checks = await page.locator('#checks').innerText();
  for (const name of ['keys_present', 'names_present', 'one_current_identity_per_firm', 'known_ownership_codes']) {
    assert.ok(checks.includes(name), `the run page lists check ${name}: ${checks}`);
  }
  assert.match(await page.locator('#check-counts').innerText(), /^\d+ passed/);
  assert.equal(await page.locator('#checks .s-FAILURE').count(), 0, 'no failed check');

  const log = (await page.locator('#log').innerText()).split('\n').filter((l) => l.trim());
  assert.ok(log.length >= 5, `log has lines: ${log.length}`);
  assert.ok(log.some((l) => /started INCREMENTAL/.test(l)), 'log says the run started');
  assert.ok(log.some((l) => /finished SUCCESS/.test(l)), 'log says the run finished');
  assert.ok(log.some((l) => l.includes('[transform/form_adv_firm_identity]')), 'log lines name their asset');

  assert.equal(await page.locator('#cancel').count(), 0, 'no Cancel button on a finished run');
  await screenshot(page, '04-run-page');
  assert.deepEqual(page.pageErrors, []);
});

test('SINGLE_KEY re-runs one firm by CRD number, with key suggestions', { timeout: RUN_TIMEOUT_MS + 30_000 }, async () => {
  assert.ok(pipelineRun, 'needs the raw data loaded by the first test');
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  await page.check('input[name=asset][value="transform/form_adv_firm_identity"]');
  await page.check('input[name=mode][value=SINGLE_KEY]');

  const keys = page.locator('#keys');
  await keys.click();
  await keys.pressSequentially('10000', { delay: 60 });
  const suggestions = await poll(async () => {
    const values = await page.locator('#key-suggestions option').evaluateAll((os) => os.map((o) => o.value));
    // Earlier keystrokes may still be answered first: wait for the answer to the whole prefix.
    return { done: values.length > 0 && values.every((k) => k.startsWith('10000')), value: values, seen: values };
  }, { timeout: 10_000, what: 'key suggestions for "10000" in the datalist' });
  assert.ok(suggestions.includes('100001'), `suggestions: ${suggestions}`);
  assert.ok(suggestions.every((k) => k.startsWith('10000')), `suggestions all match the typed prefix: ${suggestions}`);
  await keys.pressSequentially('1');
  assert.equal(await keys.inputValue(), '100001');
  await screenshot(page, '05-single-key-form');

  await page.click('#launch-button');
  const runId = await launchedRunId(page);
  const row = await waitForRunInList(page, runId, 'SUCCESS');
  assert.equal(row.MODE, 'SINGLE_KEY');
  assert.equal(row.ASSETS.split('\n')[0].trim(), 'transform/form_adv_firm_identity');
  assert.equal(row.KEYS, '1');

  await page.click(`#runs-table a[href="/runs/${runId}"]`);
  await page.waitForURL(`**/runs/${runId}`);
  assert.equal((await page.locator('#run-status').innerText()).trim(), 'SUCCESS');
  const step = page.locator('#steps tbody tr');
  assert.equal(await step.count(), 1);
  assert.equal((await step.locator('.status').innerText()).trim(), 'SUCCESS');
  assert.equal((await step.locator('td').nth(3).innerText()).trim(), '1', 'the step processed exactly one key');
  assert.match(await page.locator('dl.facts').innerText(), /100001/);
  await screenshot(page, '06-single-key-run');

  const stored = await api(`/api/runs/${runId}`);
  assert.deepEqual(stored.keys, ['100001']);
  assert.equal(stored.keyCount, 1);
  assert.deepEqual(page.pageErrors, []);
});

test('a running run refreshes itself on its page and can be canceled there', { timeout: RUN_TIMEOUT_MS + 30_000 }, async () => {
  assert.ok(pipelineRun, 'runs after the pipeline test, so that it does not race with it');
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  await page.check('input[name=asset][value="extract/form_adv_filings"]');
  await page.check('input[name=asset][value="raw/form_adv_filings"]');
  await page.check('input[name=mode][value=FULL_REFRESH]');
  await page.fill('#partitions', EXAMPLE_HISTORY);
  // Big enough that the extract step takes several seconds, so there is time to cancel before raw starts.
  await page.fill('#config', JSON.stringify({ 'extract/form_adv_filings': { firms: 50000 } }));
  await page.fill('#reason', 'browser test: cancel');
  await page.click('#launch-button');
  const runId = await launchedRunId(page);

  await page.click('#launch-ok a:has-text("Follow it")');
  await page.waitForURL(`**/runs/${runId}`);
  const status = page.locator('#run-status');
  assert.match((await status.innerText()).trim(), /^(QUEUED|STARTED)$/);
  assert.ok(await page.locator('#live[hx-get]').count(), 'an active run page polls for updates');
  await page.locator('#steps .status', { hasText: 'STARTED' }).first().waitFor({ timeout: 15_000 });
  // what the user opened stays open while the page refreshes itself every second
  await page.click('details[data-keep="config"] summary');
  await page.waitForTimeout(2_500);
  assert.ok(await page.locator('details[data-keep="config"]').evaluate((d) => d.open), 'the run config stays open across refreshes');
  await screenshot(page, '07-run-in-progress');

  page.once('dialog', (dialog) => dialog.accept());
  await page.click('#cancel');
  await poll(async () => {
    const text = (await status.innerText()).trim();
    return { done: ['SUCCESS', 'FAILURE', 'CANCELED'].includes(text), value: text, seen: text };
  }, { what: `run ${runId} to end after Cancel` });
  assert.equal((await status.innerText()).trim(), 'CANCELED');
  assert.equal(await page.locator('#cancel').count(), 0, 'no Cancel button once the run has ended');
  assert.equal(await page.locator('#live[hx-get]').count(), 0, 'a finished run page stops polling');
  const stepStatuses = await page.locator('#steps .status').allInnerTexts();
  assert.equal(stepStatuses[1].trim(), 'CANCELED', `raw never ran: ${stepStatuses}`);
  assert.match(await page.locator('#log').innerText(), /finished CANCELED/);
  await screenshot(page, '08-run-canceled');
  assert.deepEqual(page.pageErrors, []);

  const stored = await api(`/api/runs/${runId}`);
  assert.equal(stored.status, 'CANCELED');
  assert.equal(stored.cancelRequested, true);
});
