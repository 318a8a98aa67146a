// The home page before anything is launched successfully: the catalog, and launches that are refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { EXAMPLE_ASSETS, api, baseUrl, launchBrowser, newPage, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('the home page lists the four example assets with their dependencies', async () => {
  const page = await newPage(browser);
  const response = await page.goto(baseUrl() + '/');
  assert.equal(response.status(), 200);
  assert.match(await page.title(), /Sluice/);

  const rows = page.locator('#assets tbody tr[data-asset]');
  assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.asset)), EXAMPLE_ASSETS);
  for (const asset of EXAMPLE_ASSETS) {
    const row = page.locator(`#assets tr[data-asset="${asset}"]`);
    assert.ok(await row.locator(`input[type=checkbox][name=asset][value="${asset}"]`).isVisible(), `checkbox for ${asset}`);
    assert.match(await row.innerText(), new RegExp(asset.replace('/', '\\/')));
  }
  const deps = async (asset) => (await page.locator(`#assets tr[data-asset="${asset}"] td.deps`).innerText()).trim();
  assert.equal(await deps('raw/form_adv_filings'), 'extract/form_adv_filings');
  assert.equal(await deps('transform/form_adv_firm_identity'), 'raw/form_adv_filings');
  assert.ok(await page.locator('#assets tr[data-asset="transform/form_adv_firm_identity"] .tag', { hasText: 'keyed' }).isVisible());

  for (const mode of ['INCREMENTAL', 'FULL_REFRESH', 'SINGLE_KEY']) {
    assert.equal(await page.locator(`input[name=mode][value=${mode}]`).count(), 1, `mode radio ${mode}`);
  }
  assert.ok(await page.locator('input[name=mode][value=INCREMENTAL]').isChecked(), 'INCREMENTAL is the default mode');
  await screenshot(page, '01-home');
  assert.deepEqual(page.pageErrors, []);
});

test('the keys field is only usable in SINGLE_KEY mode and the form says what is selected', async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  const keys = page.locator('#keys');
  const hint = page.locator('#selection');

  assert.ok(await keys.isDisabled(), 'keys disabled while INCREMENTAL is chosen');
  assert.match(await hint.innerText(), /no assets? selected/i);

  await page.check('input[name=asset][value="transform/form_adv_firm_identity"]');
  assert.match(await hint.innerText(), /1 asset selected/);
  await page.check('input[name=asset][value="transform/form_adv_firm_ownership"]');
  assert.match(await hint.innerText(), /2 assets selected/);

  await page.check('input[name=mode][value=SINGLE_KEY]');
  assert.ok(await keys.isEnabled(), 'keys enabled in SINGLE_KEY mode');
  await page.check('input[name=mode][value=FULL_REFRESH]');
  assert.ok(await keys.isDisabled(), 'keys disabled again in FULL_REFRESH mode');

  await page.uncheck('input[name=asset][value="transform/form_adv_firm_identity"]');
  assert.match(await hint.innerText(), /1 asset selected/);
  assert.deepEqual(page.pageErrors, []);
});

test('a partition range that goes backwards is refused in the form, naming the field', async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  await page.check('input[name=asset][value="raw/form_adv_filings"]');
  await page.fill('#partitions', '2024-12-31...2024-01-01');
  await page.click('#launch-button');
  const error = page.locator('#launch-result #launch-error');
  await error.waitFor({ timeout: 15_000 });
  assert.match(await error.innerText(), /range 2024-12-31\.\.\.2024-01-01: .*backwards/);
  assert.equal(await page.locator('#partitions').getAttribute('aria-invalid'), 'true', 'the partitions field is marked invalid');
  assert.deepEqual(page.pageErrors, []);
});

test('SINGLE_KEY without keys shows a clear error in the form and creates no run', async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  const reason = `browser test: refused launch ${Date.now()}`;

  await page.check('input[name=asset][value="transform/form_adv_firm_identity"]');
  await page.check('input[name=mode][value=SINGLE_KEY]');
  await page.fill('#reason', reason);
  await page.click('#launch-button');

  const error = page.locator('#launch-result #launch-error');
  await error.waitFor({ timeout: 15_000 });
  assert.match(await error.innerText(), /SINGLE_KEY needs at least one key/);
  assert.match(await error.innerText(), /keys/i, 'the error names the field at fault');
  assert.equal(await page.locator('#launch-ok').count(), 0, 'no "launched" confirmation');
  assert.equal(await page.locator('#keys').getAttribute('aria-invalid'), 'true', 'the keys field is marked invalid');
  await screenshot(page, '02-single-key-without-keys');

  const runs = await api('/api/runs?limit=200');
  assert.deepEqual(runs.filter((r) => r.reason === reason), [], 'no run was stored for the refused launch');
  assert.ok(!(await page.locator('#runs').innerText()).includes(reason), 'the runs list does not show it either');
  assert.deepEqual(page.pageErrors, []);
});

test('launching with no asset selected says to select one', async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  await page.click('#launch-button');
  const error = page.locator('#launch-result #launch-error');
  await error.waitFor({ timeout: 15_000 });
  assert.match(await error.innerText(), /select at least one asset/);
  assert.equal(await page.locator('#launch-ok').count(), 0);
});

test('form fields of several kilobytes reach the server, and a refusal before the form handler is shown too', async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/');
  // 1,500 two-byte characters: within the 2,000-character reason limit, over Quarkus's default 2 KB per form field
  await page.fill('#reason', 'é'.repeat(1500));
  await page.click('#launch-button');
  const error = page.locator('#launch-result #launch-error');
  await error.waitFor({ timeout: 15_000 });
  assert.match(await error.innerText(), /select at least one asset/, 'the form was read and judged, not turned away');

  // an answer htmx does not swap in (the HTTP layer's 413 for a form over its limit, a 5xx) still says what happened
  await page.route('**/ui/launch', (route) => route.fulfill({
    status: 413, contentType: 'application/problem+json',
    body: JSON.stringify({ status: 413, detail: 'request body is larger than the server accepts' }),
  }));
  await page.click('#launch-button');
  const refusal = page.locator('#launch-result [role=alert]');
  await refusal.waitFor({ timeout: 15_000 });
  assert.match(await refusal.innerText(), /Not launched\. request body is larger than the server accepts/);
  await screenshot(page, '02b-refused-before-the-form-handler');
  // the browser and htmx log the 413 itself to the console; nothing else may fail
  assert.deepEqual(page.pageErrors.filter((e) => !/\b413\b/.test(e)), []);
});
