// The asset catalog and an asset page: filter the catalog (the filters land in the address), open an asset, see its
// partition health bar and follow a range to the launchpad. Creates the runs it needs through the API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, authHeaders, baseUrl, launchBrowser, newPage, poll, RUN_TIMEOUT_MS, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Days from..to (inclusive) as partition keys. */
function days(from, to) {
  const out = [];
  for (let d = new Date(from + 'T00:00:00Z'); d <= new Date(to + 'T00:00:00Z'); d.setUTCDate(d.getUTCDate() + 1)) {
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

async function launchAndAwait(body) {
  const res = await fetch(baseUrl() + '/api/runs', {
    method: 'POST', headers: { 'content-type': 'application/json', ...(await authHeaders('browser-test')) }, body: JSON.stringify(body),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const { id } = await res.json();
  return poll(async () => {
    const run = await api(`/api/runs/${id}`);
    return { done: ['SUCCESS', 'FAILURE', 'CANCELED'].includes(run.status), value: run, seen: run.status };
  }, { what: `run ${id} to end` });
}

test('the catalog filters by kind and text, keeping the filters in the address', { timeout: RUN_TIMEOUT_MS + 60_000 }, async () => {
  // two scattered ranges of raw filings, so the health bar has something to show
  for (const [from, to] of [['2001-01-01', '2001-01-31'], ['2001-03-01', '2001-03-10']]) {
    const run = await launchAndAwait({
      assets: ['extract/form_adv_filings', 'raw/form_adv_filings'], partitions: days(from, to), reason: 'assets browser test',
    });
    assert.equal(run.status, 'SUCCESS', run.error);
  }
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/assets');
  const all = await page.locator('#catalog-table tbody tr[data-asset]').count();
  assert.ok(all >= 4, `assets listed: ${all}`);
  await screenshot(page, 'assets-01-catalog');

  await page.selectOption('#f-kind', 'partitioned');
  await page.waitForURL(/kind=partitioned/);
  await poll(async () => {
    const keys = await page.locator('#catalog-table tbody tr[data-asset]').evaluateAll((rows) => rows.map((r) => r.dataset.asset));
    return { done: keys.length > 0 && keys.every((k) => !k.startsWith('transform/')), value: keys, seen: keys };
  }, { what: 'only partitioned assets', timeout: 10_000 });
  const raw = page.locator('#catalog-table tr[data-asset="raw/form_adv_filings"]');
  assert.match(await raw.locator('td.health').innerText(), /^4[01] \/ [\d,]+ materialized/);
  await screenshot(page, 'assets-02-catalog-partitioned');

  await page.selectOption('#f-kind', '');
  await page.fill('#q', 'firm_ownership');
  await poll(async () => {
    const keys = await page.locator('#catalog-table tbody tr[data-asset]').evaluateAll((rows) => rows.map((r) => r.dataset.asset));
    return { done: keys.length === 1 && keys[0] === 'transform/form_adv_firm_ownership', value: keys, seen: keys };
  }, { what: 'the search to leave one asset', timeout: 10_000 });
  assert.match(page.url(), /q=firm_ownership/);

  // the address alone gives the same list (bookmarkable, and without JavaScript)
  await page.goto(baseUrl() + '/assets?q=firm_ownership');
  assert.equal(await page.locator('#catalog-table tbody tr[data-asset]').count(), 1);
  assert.equal(await page.inputValue('#q'), 'firm_ownership');
  assert.deepEqual(page.pageErrors, []);
});

test('an asset page shows the partition health bar and a range links to the launchpad', async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/assets?kind=partitioned');
  await page.click('#catalog-table a[href="/assets/raw/form_adv_filings"]');
  await page.waitForURL('**/assets/raw/form_adv_filings');
  assert.match(await page.locator('#health-summary').innerText(), /^41 \/ [\d,]+ materialized/);
  const segments = page.locator('#health-bar a.h-seg');
  const n = await segments.count();
  assert.ok(n >= 4 && n <= 200, `segments: ${n}`);
  const january = page.locator('#health-bar a.h-MATERIALIZED').first();
  assert.equal(await january.getAttribute('href'), '/launch?asset=raw/form_adv_filings&from=2001-01-01&to=2001-01-31');
  assert.equal(await january.getAttribute('title'), '2001-01-01 … 2001-01-31: 31 partitions, materialized');
  const box = await january.boundingBox();
  const bar = await page.locator('#health-bar').boundingBox();
  assert.ok(box.width > 0 && box.width < bar.width / 10, `a month of 24 years is a thin segment: ${box.width} of ${bar.width}`);
  assert.ok(await page.locator('#history tbody tr').count() >= 1, 'materialization history');
  assert.ok(await page.locator('#rows-chart rect').count() >= 1, 'rows chart');
  assert.match(await page.locator('#upstream').innerText(), /extract\/form_adv_filings/);
  await screenshot(page, 'assets-03-asset-page');

  assert.deepEqual(page.pageErrors, []);

  // keyboard-reachable: the launchpad (another page, maybe not built on this branch) opens with the range
  await january.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/launch\?asset=raw\/form_adv_filings&from=2001-01-01&to=2001-01-31/);
});

test('an unknown asset is a readable page, not JSON', async () => {
  const page = await newPage(browser);
  const res = await page.goto(baseUrl() + '/assets/raw/no_such_asset');
  assert.equal(res.status(), 404);
  assert.match(await page.locator('h1').innerText(), /No asset raw\/no_such_asset/);
  await screenshot(page, 'assets-04-unknown-asset');
});
