// Launching from the form: a double click on Launch run launches once, and the first click's answer stays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, baseUrl, launchBrowser, launchedRunId, newPage, poll, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('a double click on Launch run launches one run and keeps its confirmation', async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  const reason = `browser test: double click ${Date.now()}`;
  await page.check('input[name=asset][value="extract/form_adv_filings"]');
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
  await screenshot(page, '04b-double-click-launched-once');

  const runs = (await api('/api/runs?limit=200')).filter((r) => r.reason === reason);
  assert.deepEqual(runs.map((r) => r.id), [runId], 'exactly one run was stored');
  const status = await poll(async () => {
    const run = await api(`/api/runs/${runId}`);
    return { done: ['SUCCESS', 'FAILURE', 'CANCELED'].includes(run.status), value: run.status, seen: run.status };
  }, { what: `run ${runId} to end` });
  assert.equal(status, 'SUCCESS');
  assert.deepEqual(page.pageErrors, []);
});
