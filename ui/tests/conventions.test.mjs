// The conventions of every page (docs/ui.md): short ids in addresses, asset names as links and the asset page's links,
// ISO dates only, a 404 page for a mistyped address, the focus ring's contrast, the overview's tables inside their
// panels at 1440 px. Independent of the other files: it launches its own run through the API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, authHeaders, baseUrl, launchBrowser, loggedInContext, poll, RUN_TIMEOUT_MS, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** A page at 1440 px wide, as the issue looked at the overview, failing the test on any page error. */
async function widePage() {
  const context = await loggedInContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.pageErrors = errors;
  return page;
}

let runId;

async function post(path, body) {
  const res = await fetch(baseUrl() + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(await authHeaders('conventions-test')) },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 201, `POST ${path} answered ${res.status}: ${await res.clone().text()}`);
  return res.json();
}

async function ended(id) {
  return poll(async () => {
    const run = await api(`/api/runs/${id}`);
    return { done: ['SUCCESS', 'FAILURE', 'CANCELED'].includes(run.status), value: run, seen: run.status };
  }, { what: `run ${id} to end` });
}

/**
 * A month of filings landed as one run (extract and raw), then the firms' identity table built from them: a
 * bi-temporal table to travel in time in (its asOf date). The landing run is the one the tests open.
 */
async function ensureRun() {
  if (runId) return runId;
  const backfill = (await post('/api/backfills', {
    assets: ['extract/form_adv_filings', 'raw/form_adv_filings'], ranges: [{ start: '2013-03-01', end: '2013-03-31' }],
    singleRun: true, reason: 'conventions browser test',
  })).backfill.id;
  const id = await poll(async () => {
    const runs = await api(`/api/runs?backfill=${backfill}`);
    return { done: runs.length === 1, value: runs[0]?.id, seen: `${runs.length} runs` };
  }, { what: `the run of backfill ${backfill}` });
  assert.equal((await ended(id)).status, 'SUCCESS');
  const identity = await post('/api/runs', { assets: ['transform/form_adv_firm_identity'], mode: 'FULL_REFRESH',
    reason: 'conventions browser test' });
  assert.equal((await ended(identity.id)).status, 'SUCCESS');
  runId = id;
  return id;
}

test('a short id in the address opens the run, at its whole id\'s address', { timeout: 2 * RUN_TIMEOUT_MS + 30_000 }, async () => {
  const id = await ensureRun();
  const page = await widePage();
  const response = await page.goto(baseUrl() + '/runs/' + id.slice(-8));
  assert.equal(response.status(), 200);
  assert.equal(new URL(page.url()).pathname, '/runs/' + id, 'the address is the whole id\'s');
  assert.match(await page.locator('main').innerText(), new RegExp(id.slice(-8)));
  // its assets are links to their pages
  const asset = page.locator('main a.asset-chip[href="/assets/extract/form_adv_filings"]').first();
  await asset.waitFor();
  await screenshot(page, 'conventions-01-short-id-run');
  await asset.click();
  await page.waitForURL('**/assets/extract/form_adv_filings');
  assert.deepEqual(page.pageErrors, []);
});

test('the asset page links its runs, its data and its lineage', { timeout: 2 * RUN_TIMEOUT_MS + 30_000 }, async () => {
  const id = await ensureRun();
  const page = await widePage();
  await page.goto(baseUrl() + '/assets/extract/form_adv_filings');
  await page.locator('#asset-links').waitFor();
  assert.equal(await page.locator('#asset-lineage').getAttribute('href'), '/lineage?group=extract');
  const data = await page.locator('#asset-data').count();
  const table = (await api('/api/assets/extract/form_adv_filings')).table;
  assert.equal(data, table ? 1 : 0, 'a link to its data when it declares a table');
  await screenshot(page, 'conventions-02-asset-links');
  await page.click('#asset-runs');
  await page.waitForURL(/\/runs\?asset=extract\/form_adv_filings/);
  await page.locator(`#runs-list tr[data-run="${id}"]`).waitFor();
  // in the runs list, each run's assets are links too
  assert.ok(await page.locator('#runs-list a.asset-chip[href="/assets/extract/form_adv_filings"]').count() > 0);
  assert.deepEqual(page.pageErrors, []);
});

test('no page asks for a date in the browser\'s locale: every date input is ISO text', { timeout: 2 * RUN_TIMEOUT_MS + 30_000 }, async () => {
  await ensureRun();
  const page = await widePage();
  const tables = await api('/api/lake/tables');
  const pages = ['/', '/runs', '/audit', '/backfills', '/automation', '/account/tokens', '/admin/users',
    '/launch?asset=extract/form_adv_filings&asset=raw/form_adv_filings&asset=transform/form_adv_firm_identity'
      + '&asset=transform/form_adv_firm_ownership',
    ...tables.map((t) => '/data/' + t.name)];
  for (const path of pages) {
    await page.goto(baseUrl() + path);
    const pickers = await page.locator('input[type=date], input[type=datetime-local], input[type=month], input[type=time]').count();
    assert.equal(pickers, 0, `${path} has a date picker in the browser's locale`);
  }
  const bitemporal = tables.find((t) => /BITEMPORAL/i.test(t.writeMode));
  assert.ok(bitemporal, `a bi-temporal table among ${tables.map((t) => t.name + ' ' + t.writeMode)}`);
  await page.goto(baseUrl() + '/data/' + bitemporal.name);
  const asOf = page.locator('input[name=asOf]');
  assert.equal(await asOf.getAttribute('type'), 'text');
  assert.match(await asOf.getAttribute('placeholder'), /^\d{4}-\d{2}-\d{2}$/);
  await asOf.fill('2013-03-13');
  await screenshot(page, 'conventions-03-iso-date');
});

test('a mistyped address is a 404 page in the browser and a problem for JSON clients', async () => {
  const page = await widePage();
  const response = await page.goto(baseUrl() + '/runz/nothing-here');
  assert.equal(response.status(), 404);
  assert.match(response.headers()['content-type'], /text\/html/);
  assert.match(await page.locator('#not-found h1').innerText(), /There is no page at \/runz\/nothing-here/);
  assert.equal(await page.locator('header.top nav a[href="/runs"]').count(), 1, 'the sections are there');
  await screenshot(page, 'conventions-04-not-found');
  const json = await fetch(baseUrl() + '/runz/nothing-here', { headers: { accept: 'application/json', ...(await authHeaders()) } });
  assert.equal(json.status, 404);
  assert.match(json.headers.get('content-type'), /application\/problem\+json/);
  const api404 = await fetch(baseUrl() + '/api/runz', { headers: { accept: 'text/html', ...(await authHeaders()) } });
  assert.match(api404.headers.get('content-type'), /application\/problem\+json/, 'the API answers problems, also to a browser');
});

test('the focus ring contrasts at least 3:1 and the overview\'s tables stay in their panels at 1440 px', { timeout: 2 * RUN_TIMEOUT_MS + 30_000 }, async () => {
  await ensureRun();
  const page = await widePage();
  await page.goto(baseUrl() + '/');
  await page.locator('#runs-table tbody tr').first().waitFor();
  // a backfill's assets are links too, as every run's are
  assert.ok(await page.locator('#backfills-table a.asset-chip[href="/assets/raw/form_adv_filings"]').count() > 0,
    'the backfills table links its assets');
  // keyboard focus on the first link of the runs table
  const link = page.locator('#runs-table tbody a').first();
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const ratio = await page.evaluate(() => {
    const el = document.activeElement;
    const parse = (c) => (c.match(/\d+(\.\d+)?/g) || []).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    let bg = el;
    let color = 'rgba(0, 0, 0, 0)';
    while (bg && /rgba\(.*, 0\)|transparent/.test(color)) {
      color = getComputedStyle(bg).backgroundColor;
      bg = bg.parentElement;
    }
    const ring = lum(parse(getComputedStyle(el).outlineColor));
    const under = lum(parse(color));
    return (Math.max(ring, under) + 0.05) / (Math.min(ring, under) + 0.05);
  });
  assert.ok(ratio >= 3, `focus ring contrast ${ratio.toFixed(2)}:1 is under 3:1`);
  await screenshot(page, 'conventions-05-overview-1440');
  const spills = await page.evaluate(() => ['#runs-table', '#backfills-table', '#failing-checks', '#next-ticks', '#decisions', '#assets']
    .map((sel) => {
      const table = document.querySelector(sel);
      if (!table) return null;
      const panel = table.closest('.panel');
      const t = table.getBoundingClientRect();
      const p = panel.getBoundingClientRect();
      return t.right > p.right + 1 ? `${sel} ends at ${Math.round(t.right)} px, its panel at ${Math.round(p.right)} px` : null;
    }).filter(Boolean));
  assert.deepEqual(spills, [], 'tables spill over their panels');
  assert.deepEqual(page.pageErrors, []);
});
