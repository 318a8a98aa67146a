// The lineage graph, the pools page and the dynamic partitions page. Independent of the other files: it launches the
// run it needs through the API and does not use the home page's launch form.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, authHeaders, baseUrl, launchBrowser, loggedInContext, newPage, poll, RUN_TIMEOUT_MS, screenshot } from './support.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
  // one run of the extract, so that the graph shows a SUCCESS whichever files ran before
  const res = await fetch(baseUrl() + '/api/runs', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await authHeaders('lineage-test')) },
    body: JSON.stringify({ assets: ['extract/form_adv_filings'], partitions: ['2001-01-02'], reason: 'lineage browser test' }),
  });
  const body = await res.text();
  assert.equal(res.status, 201, body);
  const id = JSON.parse(body).id;
  await poll(async () => {
    const run = await api(`/api/runs/${id}`);
    return { done: ['SUCCESS', 'FAILURE', 'CANCELED'].includes(run.status), value: run.status, seen: run.status };
  }, { what: `run ${id} to end` });
});
after(async () => { await browser?.close(); });

async function openGraph(page, query = '') {
  await page.goto(baseUrl() + '/lineage' + query);
  await page.locator('#lineage-graph svg a.ln-node').first().waitFor({ timeout: 15_000 });
}

test('the graph draws every asset with its status, zooms, and selects for a launch', { timeout: RUN_TIMEOUT_MS }, async () => {
  const page = await newPage(browser);
  await openGraph(page);
  const catalog = (await api('/api/assets')).map((a) => a.key);
  assert.equal(await page.locator('a.ln-node').count(), catalog.length);
  assert.equal(await page.locator('#lineage-graph').getAttribute('data-layout'), 'dagre');
  assert.match(await page.locator('a.ln-node[data-key="extract/form_adv_filings"]').getAttribute('class'), /ln-SUCCESS/);
  // every node wears its asset's status; which ones never ran depends on the files run before this one
  const graph = await api('/ui/lineage.json');
  for (const node of graph.nodes) {
    assert.match(await page.locator(`a.ln-node[data-key="${node.key}"]`).getAttribute('class'), new RegExp(`ln-${node.status}\\b`), node.key);
  }
  // dagre puts upstream left of downstream
  const x = async (k) => (await page.locator(`a.ln-node[data-key="${k}"]`).boundingBox()).x;
  assert.ok(await x('extract/form_adv_filings') < await x('raw/form_adv_filings'));
  assert.ok(await x('raw/form_adv_filings') < await x('transform/form_adv_firm_identity'));
  await screenshot(page, 'lineage-01-graph');

  const svg = page.locator('#lineage-graph svg');
  const before = await svg.getAttribute('viewBox');
  await page.click('button[data-zoom=in]');
  const zoomed = await svg.getAttribute('viewBox');
  assert.notEqual(zoomed, before);
  assert.ok(Number(zoomed.split(' ')[2]) < Number(before.split(' ')[2]), 'zoom in narrows the view');
  await page.mouse.move(640, 450);
  await page.mouse.wheel(0, 400);
  await page.click('button[data-zoom=fit]');
  assert.equal(await svg.getAttribute('viewBox'), before);
  // drag pans
  const box = await svg.boundingBox();
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 60, { steps: 5 });
  await page.mouse.up();
  assert.notEqual(await svg.getAttribute('viewBox'), before, 'a drag moves the view');
  await page.click('button[data-zoom=fit]');

  // shift-click selects (and ticks the list's checkbox); a second node with the keyboard
  await page.click('a.ln-node[data-key="raw/form_adv_filings"]', { modifiers: ['Shift'] });
  assert.ok(await page.isChecked('#lineage-launch input[value="raw/form_adv_filings"]'));
  await page.focus('a.ln-node[data-key="transform/form_adv_firm_identity"]');
  await page.keyboard.press(' ');
  assert.equal((await page.locator('#lineage-selection').innerText()).trim(), '2 selected');
  assert.match(await page.locator('a.ln-node[data-key="raw/form_adv_filings"]').getAttribute('class'), /selected/);
  await screenshot(page, 'lineage-02-selected');
  assert.deepEqual(page.pageErrors, []);
  await page.click('#lineage-launch-button');
  await page.waitForURL(/\/launch\?/);
  const url = new URL(page.url());
  assert.deepEqual(url.searchParams.getAll('asset'), ['raw/form_adv_filings', 'transform/form_adv_firm_identity']);
});

test('clicking a node opens its asset page', { timeout: RUN_TIMEOUT_MS }, async () => {
  const page = await newPage(browser);
  await openGraph(page);
  await page.click('a.ln-node[data-key="raw/form_adv_filings"]');
  await page.waitForURL(/\/assets\/raw\/form_adv_filings$/);
  assert.equal(new URL(page.url()).pathname, '/assets/raw/form_adv_filings');
});

test('the group filter lives in the query string', { timeout: RUN_TIMEOUT_MS }, async () => {
  const page = await newPage(browser);
  await openGraph(page);
  await page.selectOption('#lineage-group', 'transform');
  await page.click('.lineage-filter button[type=submit]');
  await page.waitForURL(/\/lineage\?group=transform$/);
  await page.locator('a.ln-node').first().waitFor();
  const keys = await page.locator('a.ln-node').evaluateAll((nodes) => nodes.map((n) => n.dataset.key));
  assert.deepEqual(keys.sort(), ['transform/form_adv_firm_identity', 'transform/form_adv_firm_ownership']);
  await screenshot(page, 'lineage-03-group');
  assert.deepEqual(page.pageErrors, []);
});

test('without JavaScript the page lists the assets by layer with their links', { timeout: RUN_TIMEOUT_MS }, async () => {
  const context = await loggedInContext(browser, { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(baseUrl() + '/lineage');
  assert.ok(await page.locator('#lineage-graph').isHidden());
  assert.equal(await page.locator('h3.lineage-layer').count(), 4, 'extract, raw, transform and quality');
  await page.check('#lineage-launch input[value="extract/form_adv_filings"]');
  await screenshot(page, 'lineage-04-no-js');
  await page.click('#lineage-launch-button');
  await page.waitForURL(/\/launch\?asset=extract%2Fform_adv_filings$/);
  await context.close();
});

test('the pools page sets a limit with a form and shows it', { timeout: RUN_TIMEOUT_MS }, async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/pools');
  await page.fill('#new-pool-name', 'warehouse');
  await page.fill('#new-pool-limit', '3');
  await page.fill('#new-pool input[name=reason]', 'browser test');
  await page.click('#new-pool button[type=submit]');
  await page.waitForURL(/\/pools\?changed=warehouse$/);
  assert.match(await page.locator('tr[data-pool="warehouse"]').innerText(), /3/);
  assert.equal((await api('/api/pools')).warehouse, 3);
  await page.fill('#new-pool-name', 'bad name');
  await page.fill('#new-pool-limit', '3');
  await page.click('#new-pool button[type=submit]');
  assert.match(await page.locator('p.error').innerText(), /pool name/);
  await screenshot(page, 'lineage-05-pools');
  await page.goto(baseUrl() + '/pools');
  await page.click('tr[data-pool="warehouse"] button:has-text("Remove limit")');
  await page.waitForURL(/\/pools\?changed=warehouse$/);
  assert.equal((await api('/api/pools')).warehouse, undefined);
  // the refused name above answered 422 on purpose; nothing else may fail
  assert.deepEqual(page.pageErrors.filter((e) => !/status of 422 .*\/pools\)$/.test(e)), []);
});

test('the dynamic partitions page opens', { timeout: RUN_TIMEOUT_MS }, async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/partitions');
  assert.match(await page.locator('h1').innerText(), /Dynamic partitions/);
  const names = await api('/api/partitions');
  assert.equal(await page.locator('section.partition-set').count(), names.length);
  await screenshot(page, 'lineage-06-partitions');
  assert.deepEqual(page.pageErrors, []);
});
