// The automation page: switch the example's schedule on with its toggle, see its state and next tick change, and
// switch it off again; the sensors and triggers sections are there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, api, authEnabled, baseUrl, launchBrowser, loggedInContext, newPage, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const SCHEDULE = 'form_adv_daily';

function row(page) {
  return page.locator(`#schedules tr[data-schedule="${SCHEDULE}"]`);
}

test('a schedule switched on from /automation shows RUNNING and a next tick, and switches off again', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/automation');
  assert.equal((await api(`/api/schedules/${SCHEDULE}`)).status, 'STOPPED', 'the example schedule starts stopped');
  assert.match(await row(page).innerText(), /STOPPED/);
  assert.equal((await row(page).locator('.next-tick').innerText()).trim(), '—');
  await page.locator('#sensors-table').waitFor();
  await page.locator('#triggers').waitFor();
  await screenshot(page, 'automation-stopped');

  await row(page).locator('button', { hasText: 'Start' }).click();
  await row(page).locator('.status', { hasText: 'RUNNING' }).waitFor();
  const next = (await row(page).locator('.next-tick time').innerText()).trim();
  assert.match(next, /^\d{4}-\d\d-\d\d 00:10:00$/, `the next tick is at 00:10 UTC: ${next}`);
  const stored = await api(`/api/schedules/${SCHEDULE}`);
  assert.equal(stored.status, 'RUNNING');
  await screenshot(page, 'automation-running');

  // the state survives a reload (it is stored, not only swapped in)
  await page.reload();
  assert.match(await row(page).innerText(), /RUNNING/);

  await row(page).locator('button', { hasText: 'Stop' }).click();
  await row(page).locator('.status', { hasText: 'STOPPED' }).waitFor();
  assert.equal((await row(page).locator('.next-tick').innerText()).trim(), '—');
  assert.equal((await api(`/api/schedules/${SCHEDULE}`)).status, 'STOPPED');
  const audit = (await api(`/api/audit?actor=${authEnabled() ? ADMIN : 'anonymous'}&limit=200`)).map((e) => e.action);
  assert.ok(audit.includes('SCHEDULE_STARTED') && audit.includes('SCHEDULE_STOPPED'), `audited: ${audit}`);
  assert.deepEqual(page.pageErrors, []);
});

test('without JavaScript the toggle is a form that posts and comes back to the page', { timeout: 60_000 }, async () => {
  const context = await loggedInContext(browser, { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(baseUrl() + '/automation');
    await row(page).locator('button', { hasText: 'Start' }).click();
    await page.waitForURL(`${baseUrl()}/automation`);
    assert.match(await row(page).innerText(), /RUNNING/);
    await row(page).locator('button', { hasText: 'Stop' }).click();
    await page.waitForURL(`${baseUrl()}/automation`);
    assert.match(await row(page).innerText(), /STOPPED/);
    assert.equal((await api(`/api/schedules/${SCHEDULE}`)).status, 'STOPPED');
  } finally {
    await context.close();
  }
});
