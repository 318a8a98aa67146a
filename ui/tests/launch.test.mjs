// The launchpad (/launch): the three modes, a backfill over a range, an invalid config shown next to its field, the
// dry-run preview with its curl command, and a double click that launches once. Creates the data it needs itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, baseUrl, EXAMPLE_ASSETS, launchBrowser, launchedRunId, loggedInContext, newPage, poll, RUN_TIMEOUT_MS, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const [EXTRACT, RAW, IDENTITY, OWNERSHIP] = EXAMPLE_ASSETS;

/** Opens the run's page from the confirmation's link and waits there until its status is final. */
async function watchRunSucceed(page, runId) {
  await page.click(`#launch-ok a[href="/runs/${runId}"] >> nth=0`);
  await page.waitForURL(`**/runs/${runId}`);
  const status = await poll(async () => {
    const text = (await page.locator('#run-status').innerText()).trim();
    return { done: ['SUCCESS', 'FAILURE', 'CANCELED'].includes(text), value: text, seen: text };
  }, { what: `run ${runId} to end on its page` });
  assert.equal(status, 'SUCCESS', `run ${runId} ended ${status}`);
}

async function launchpad(page, query = '') {
  const response = await page.goto(baseUrl() + '/launch' + query);
  assert.equal(response.status(), 200);
}

test('an incremental run of extract and raw over a picked range succeeds', async () => {
  const page = await newPage(browser);
  await launchpad(page);
  await page.check(`input[name=asset][value="${EXTRACT}"]`);
  await page.check(`input[name=asset][value="${RAW}"]`);
  assert.ok(await page.locator('input[name=mode][value=INCREMENTAL]').isChecked(), 'INCREMENTAL is the default');
  await page.fill('#from', '2024-05-01');
  await page.fill('#to', '2024-05-07');
  await page.fill('#reason', 'browser test: incremental from the launchpad');
  await page.click('#preview-button');
  await page.locator('#preview').waitFor({ timeout: 15_000 });
  assert.match(await page.locator('#preview-runs').innerText(), /^1 run/);
  assert.match(await page.locator('#preview-partitions').innerText(), /^7 partitions: 2024-05-01\.\.\.2024-05-07 \(7\)/);
  // the exact request Launch run sends: a run over the range, no backfill
  assert.match(await page.locator('#curl').innerText(),
    /^curl -s -X POST '.*\/api\/runs'.*"ranges":\[\{"start":"2024-05-01","end":"2024-05-07"\}\]/s);
  assert.doesNotMatch(await page.locator('#curl').innerText(), /singleRun/);
  await screenshot(page, '10-launchpad-preview');
  await page.click('#launch-button');
  const runId = await launchedRunId(page);
  const run = await api(`/api/runs/${runId}`);
  assert.equal(run.mode, 'INCREMENTAL');
  assert.equal(run.partitionCount, 7);
  await watchRunSucceed(page, runId);
  assert.deepEqual(page.pageErrors, []);
});

test('a full refresh of both transforms succeeds', async () => {
  const page = await newPage(browser);
  // upstream first: raw needs a materialized partition for the transforms to read
  await launchpad(page, `?asset=${EXTRACT}&asset=${RAW}&from=2024-05-08&to=2024-05-08`);
  await page.click('#launch-button');
  const upstream = await launchedRunId(page);
  await poll(async () => {
    const r = await api(`/api/runs/${upstream}`);
    return { done: r.status !== 'QUEUED' && r.status !== 'STARTED', value: r.status, seen: r.status };
  }, { what: 'the upstream run' });

  await launchpad(page, `?asset=${IDENTITY}&asset=${OWNERSHIP}&mode=FULL_REFRESH`);
  assert.ok(await page.locator('input[name=mode][value=FULL_REFRESH]').isChecked(), 'the mode comes from the query string');
  assert.match(await page.locator('#selection').innerText(), /2 assets selected/);
  await page.click('#launch-button');
  const runId = await launchedRunId(page);
  assert.equal((await api(`/api/runs/${runId}`)).mode, 'FULL_REFRESH');
  await watchRunSucceed(page, runId);
  assert.deepEqual(page.pageErrors, []);
});

test('a single-key run of one firm succeeds, with the key suggested', async () => {
  const page = await newPage(browser);
  const keys = await poll(async () => {
    const known = await api(`/api/assets/${IDENTITY}/keys?limit=3`);
    return { done: known.length > 0, value: known, seen: known };
  }, { what: 'known keys of the identity table' });
  await launchpad(page, `?asset=${IDENTITY}`);
  await page.check('input[name=mode][value=SINGLE_KEY]');
  assert.ok(await page.locator('#keys').isEnabled());
  await page.fill('#keys', keys[0]);
  await page.click('#preview-button');
  await page.locator('#preview').waitFor({ timeout: 15_000 });
  assert.match(await page.locator('#preview-keys').innerText(), new RegExp(`^1 key: ${keys[0]}$`));
  await page.click('#launch-button');
  const runId = await launchedRunId(page);
  const run = await api(`/api/runs/${runId}`);
  assert.equal(run.mode, 'SINGLE_KEY');
  assert.deepEqual(run.keys, [keys[0]]);
  await watchRunSucceed(page, runId);
  assert.deepEqual(page.pageErrors, []);
});

test('a backfill over a range is previewed run by run, launched, and completes', async () => {
  const page = await newPage(browser);
  await launchpad(page, `?asset=${EXTRACT}&asset=${RAW}&from=2024-07-01&to=2024-07-06`);
  await page.fill('#partitionsPerRun', '2');
  await page.click('#preview-backfill-button');
  await page.locator('#preview-plan').waitFor({ timeout: 15_000 });
  assert.match(await page.locator('#preview-runs').innerText(), /^3 runs in one backfill/);
  assert.equal(await page.locator('#preview-plan tbody tr').count(), 3);
  await page.click('#backfill-button');
  await page.locator('#launch-ok, #launch-error').first().waitFor({ timeout: 15_000 });
  assert.equal(await page.locator('#launch-error').count(), 0, await page.locator('#launch-result').innerText());
  const href = await page.locator('#launch-ok a[href^="/backfills/"]').first().getAttribute('href');
  const id = href.substring('/backfills/'.length);
  const status = await poll(async () => {
    const b = await api(`/api/backfills/${id}`);
    return { done: !['RUNNING', 'PAUSED'].includes(b.status), value: b, seen: b.status };
  }, { what: `backfill ${id} to end`, timeout: RUN_TIMEOUT_MS * 2 });
  assert.equal(status.status, 'COMPLETED');
  assert.equal(status.partitionCount, 6);
  await screenshot(page, '11-launchpad-backfill-launched');
  assert.deepEqual(page.pageErrors, []);
});

test('an invalid config typed in the generated form is refused next to its field, and the JSON follows the form', async () => {
  const page = await newPage(browser);
  await launchpad(page, `?asset=${EXTRACT}&from=2024-08-01&to=2024-08-01`);
  const firms = page.locator('fieldset.schema-form[data-asset="extract/form_adv_filings"] input[data-prop=firms]');
  assert.ok(await firms.isVisible(), 'the selected asset shows its config fields');
  assert.equal(await page.locator(`fieldset.schema-form[data-asset="${RAW}"]`).isVisible(), false, 'not the others');
  await firms.fill('0');
  assert.deepEqual(JSON.parse(await page.locator('#config').inputValue()), { firms: 0 }, 'the JSON editor follows the form');
  const reason = `browser test: invalid config ${Date.now()}`;
  await page.fill('#reason', reason);
  await page.click('#launch-button');
  await page.locator('#launch-error').waitFor({ timeout: 15_000 });
  assert.match(await page.locator('#launch-error').getAttribute('data-field'), /^config\.firms$/);
  assert.equal(await firms.getAttribute('aria-invalid'), 'true', 'the field is marked');
  const inline = firms.locator('xpath=ancestor::label[1]').locator('.field-error');
  assert.match(await inline.innerText(), /firms/, 'the message is next to the field');
  await screenshot(page, '12-launchpad-invalid-config');
  const runs = (await api('/api/runs?limit=200')).filter((r) => r.reason === reason);
  assert.deepEqual(runs, [], 'nothing was stored');

  // and the other way: valid JSON typed in the editor fills the form
  await page.fill('#config', '{"firms": 40, "seed": 3}');
  assert.equal(await firms.inputValue(), '40');
  assert.deepEqual(page.pageErrors, []);
});

test('a double click on Launch run launches one run and keeps its confirmation', async () => {
  const page = await newPage(browser);
  await launchpad(page);
  const reason = `browser test: double click ${Date.now()}`;
  await page.check(`input[name=asset][value="${EXTRACT}"]`);
  await page.fill('#partitions', '2024-06-03');
  await page.fill('#reason', reason);
  // each launch takes a moment, as on a busy server, so that the second click comes while the first is in flight
  let posts = 0;
  await page.route('**/ui/launch', async (route) => {
    posts += 1;
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });

  await page.dblclick('#launch-button');
  assert.ok(await page.locator('#launch-button').isDisabled(), 'Launch run is disabled while the launch is in flight');
  assert.ok(await page.locator('#backfill-button').isDisabled(), 'and so is Launch as backfill');
  const runId = await launchedRunId(page);
  await page.waitForTimeout(1_500); // a second answer, had a second launch been sent, would have arrived by now

  assert.equal(posts, 1, 'one launch was sent');
  assert.match(await page.locator('#launch-result').innerText(), /Launched run/);
  assert.equal(await page.locator('#launch-error').count(), 0, 'no refusal replaced the confirmation');
  assert.ok(await page.locator('#launch-button').isEnabled(), 'Launch run is enabled again once the answer is in');
  await screenshot(page, '13-launchpad-double-click');

  const runs = (await api('/api/runs?limit=200')).filter((r) => r.reason === reason);
  assert.deepEqual(runs.map((r) => r.id), [runId], 'exactly one run was stored');
  const status = await poll(async () => {
    const run = await api(`/api/runs/${runId}`);
    return { done: ['SUCCESS', 'FAILURE', 'CANCELED'].includes(run.status), value: run.status, seen: run.status };
  }, { what: `run ${runId} to end` });
  assert.equal(status, 'SUCCESS');
  assert.deepEqual(page.pageErrors, []);
});

test('without JavaScript the form posts, and a launch lands on the run page', async () => {
  const context = await loggedInContext(browser, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(baseUrl() + `/launch?asset=${IDENTITY}&mode=SINGLE_KEY`);
  await page.click('#launch-button');
  await page.waitForLoadState();
  assert.match(await page.locator('#launch-error').innerText(), /SINGLE_KEY needs at least one key/);
  assert.match(await page.locator('#keys-field .field-error').innerText(), /SINGLE_KEY needs at least one key/);
  await screenshot(page, '14-launchpad-no-js-error');
  await page.goto(baseUrl() + `/launch?asset=${EXTRACT}&from=2024-06-10&to=2024-06-10`);
  await page.click('#launch-button');
  await page.waitForURL(/\/runs\/[0-9a-f-]+$/);
  assert.match(await page.locator('h1').first().innerText(), /^Run /);
  await context.close();
});

test('the launchpad looks right with a selection', async () => {
  const page = await newPage(browser);
  await launchpad(page, `?asset=${EXTRACT}&asset=${RAW}&from=2024-01-01&to=2024-03-31`);
  await screenshot(page, '15-launchpad');
  assert.deepEqual(page.pageErrors, []);
});
