// The ownership scorecard's section of its asset page: land a year of filings, materialize the ownership table and the
// scorecard twice (through the API), then look at the section with and without JavaScript. Independent of the other
// files: it lands filing days of 2010 of its own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, authHeaders, baseUrl, launchBrowser, newPage, poll, RUN_TIMEOUT_MS, screenshot } from './support.mjs';

const SCORECARD = 'quality/form_adv_ownership_scorecard';
const ACTOR = `scorecard-test-${Date.now().toString(36)}`;

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

async function launch(body) {
  const res = await fetch(baseUrl() + '/api/runs', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await authHeaders(ACTOR)) },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`launch answered ${res.status}: ${await res.text()}`);
  const { id } = await res.json();
  return poll(async () => {
    const run = await api(`/api/runs/${id}`);
    if (['FAILURE', 'CANCELED'].includes(run.status)) throw new Error(`run ${id} ended ${run.status}: ${run.error}`);
    return { done: run.status === 'SUCCESS', value: run, seen: run.status };
  }, { what: `run ${id} to succeed` });
}

test('the scorecard section shows the latest figures, the history across runs and the bars', { timeout: RUN_TIMEOUT_MS * 4 }, async () => {
  await launch({
    assets: ['extract/form_adv_filings', 'raw/form_adv_filings', 'transform/form_adv_firm_ownership', SCORECARD],
    ranges: [{ start: '2010-01-01', end: '2012-12-31' }], reason: 'scorecard test: filings of 2010 to 2012',
  });
  await launch({ assets: [SCORECARD], reason: 'scorecard test: a second run for the history' });

  const page = await newPage(browser, { viewport: { width: 1280, height: 1400 } });
  await page.goto(`${baseUrl()}/assets/${SCORECARD}`);
  await page.locator('#scorecard').waitFor();
  assert.ok(await page.locator('#scorecard-latest tbody tr').count() > 5, 'the latest figures');
  assert.ok(await page.locator('#scorecard-history tbody tr').count() >= 2, 'two runs in the history');
  assert.ok(await page.locator('#scorecard-bars rect').count() >= 1, 'records opened per year');
  await page.locator('#scorecard-charts .uplot').first().waitFor();
  await page.locator('#scorecard').scrollIntoViewIfNeeded();
  await screenshot(page, 'scorecard-1-charts');
  await page.close();

  const noJs = await newPage(browser, { javaScriptEnabled: false, viewport: { width: 1280, height: 1400 } });
  await noJs.goto(`${baseUrl()}/assets/${SCORECARD}`);
  assert.equal(await noJs.locator('#scorecard-charts .uplot').count(), 0, 'no charts without JavaScript');
  assert.ok(await noJs.locator('#scorecard-history tbody tr').count() >= 2, 'the history table without JavaScript');
  await noJs.locator('#scorecard').scrollIntoViewIfNeeded();
  await screenshot(noJs, 'scorecard-2-no-javascript');
  await noJs.close();
});
