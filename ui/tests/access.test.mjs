// Issue 28: logging in, the user menu, the admin's users page, my tokens, and pages that show a caller only the buttons
// its roles may use. The admin (SLUICE_ADMIN_PASSWORD from the runner) adds a viewer and an operator on the users page;
// each logs in with the first password, is asked for their own, and sees what their role allows. A viewer posting the
// launch form anyway gets the readable 403 page and nothing is launched.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, adminPassword, api, authEnabled, baseUrl, csrfOf, EXAMPLE_ASSETS, launchBrowser, newPage, poll,
  post, RUN_TIMEOUT_MS, screenshot } from './support.mjs';

const stamp = Date.now().toString(36);
const VIEWER = `vera-${stamp}`;
const OPERATOR = `otto-${stamp}`;
const first = {}; // user -> the first password the users page showed

let browser;
let landed; // a run that wrote raw_form_adv_filings: the table page offers a rollback to it
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Logs in through the login page, as a person does; a first login sets a new password on the page it is sent to. */
async function logInThroughThePage(page, user, password, { open = true } = {}) {
  if (open) await page.goto(baseUrl() + '/login');
  await page.fill('#user', user);
  await page.fill('#password', password);
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/login')), page.click('button[type=submit]')]);
  if (new URL(page.url()).pathname === '/password') {
    const fresh = `${user}-own-password-${stamp}`;
    await page.fill('#current', password);
    await page.fill('#password', fresh);
    await page.fill('#repeat', fresh);
    await Promise.all([page.waitForURL((u) => u.pathname !== '/password'), page.click('form[action="/password"] button')]);
  }
}

/** A page of a fresh context with no session. */
async function anonymousPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

test('the login page, then the user menu of the admin', { skip: !authEnabled() && 'authentication is off' }, async () => {
  const page = await anonymousPage();
  await page.goto(baseUrl() + '/runs');
  assert.match(new URL(page.url()).pathname, /^\/login/, 'a page without a session goes to the login page');
  await screenshot(page, 'access-login');
  await logInThroughThePage(page, ADMIN, adminPassword(), { open: false });
  assert.equal(new URL(page.url()).pathname, '/runs', 'after the login, on to the page asked for');
  await page.click('#user-menu summary');
  const menu = page.locator('#user-menu .user-menu-body');
  await menu.waitFor();
  assert.match(await menu.innerText(), /admin of every asset group/);
  for (const id of ['#menu-tokens', '#menu-users', '#menu-password', '#menu-logout']) {
    assert.equal(await page.locator(id).count(), 1, `${id} in the menu`);
  }
  await screenshot(page, 'access-user-menu');
  await Promise.all([page.waitForURL('**/login'), page.click('#menu-logout')]);
  await page.goto(baseUrl() + '/runs');
  assert.match(new URL(page.url()).pathname, /^\/login/, 'logged out: back to the login page');
});

test('the admin adds a viewer and an operator on the users page', { skip: !authEnabled() && 'authentication is off' }, async () => {
  const page = await newPage(browser);
  await page.goto(baseUrl() + '/admin/users');
  for (const [user, roles] of [[VIEWER, 'viewer'], [OPERATOR, 'operator']]) {
    await page.fill('#user-name', user);
    await page.fill('#user-roles', roles);
    await Promise.all([page.waitForLoadState('load'), page.click('#user-create')]);
    await page.locator('#user-password-value').waitFor();
    first[user] = (await page.locator('#user-password-value').innerText()).trim();
    assert.ok(first[user].length >= 12, 'a first password is shown once');
    await page.goto(baseUrl() + '/admin/users');
    assert.equal(await page.locator('#user-password-value').count(), 0, 'and not again');
    assert.match(await page.locator(`tr[data-user="${user}"] .roles`).innerText(), new RegExp(roles));
  }
  assert.equal(await page.locator(`tr[data-user="${VIEWER}"] .status`).innerText(), 'first login pending');
  await screenshot(page, 'access-admin-users');
  assert.deepEqual(page.pageErrors, []);
});

test('a viewer sees no launch, schedule or rollback button, and gets a 403 page posting the launch form anyway',
  { skip: !authEnabled() && 'authentication is off', timeout: RUN_TIMEOUT_MS * 2 }, async () => {
    const run = await post('/api/runs', { assets: [EXAMPLE_ASSETS[0], EXAMPLE_ASSETS[1]], partitions: ['2001-01-05'], // a day assets.test.mjs lands too: its counts stay
      reason: 'access browser test: something to roll back to' }, { status: 201 });
    landed = await poll(async () => {
      const r = await api(`/api/runs/${run.id}`);
      return { done: r.status === 'SUCCESS', value: r.id, seen: r.status };
    }, { what: `run ${run.id} to succeed` });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logInThroughThePage(page, VIEWER, first[VIEWER]);
    assert.equal(await page.locator('header.top nav a[href="/launch"]').count(), 0, 'no Launch in the header');
    await page.click('#user-menu summary');
    assert.match(await page.locator('#menu-roles').innerText(), /viewer of every asset group/);
    assert.equal(await page.locator('#menu-users').count(), 0, 'no users page for a viewer');

    await page.goto(baseUrl() + '/launch');
    assert.equal(await page.locator('#launch-button').count(), 0, 'no launch button');
    assert.equal(await page.locator('#backfill-button').count(), 0, 'no backfill button');
    assert.equal(await page.locator('#preview-button').count(), 1, 'a viewer may preview');
    await page.goto(baseUrl() + `/assets/${EXAMPLE_ASSETS[1]}`);
    assert.equal(await page.locator('#launch-asset').count(), 0, 'no materialize button on the asset page');
    await page.goto(baseUrl() + '/automation');
    assert.equal(await page.locator('form[action^="/automation/schedules/"]').count(), 0, 'no schedule start or stop');
    await page.goto(baseUrl() + `/data/raw_form_adv_filings?run=${landed}`);
    assert.equal(await page.locator('#rollback-to-run').count(), 0, 'no rollback link');
    await page.goto(baseUrl() + `/data/raw_form_adv_filings/rollback?toRun=${landed}`);
    assert.equal(await page.locator('form.rollback-form').count(), 0, 'no rollback form');
    await page.goto(baseUrl() + '/pools');
    assert.equal(await page.locator('form[action^="/pools"]').count(), 0, 'no pool limit forms');
    await page.goto(baseUrl() + '/alerts');
    assert.equal(await page.locator('header.top nav a[href="/alerts"]').count(), 1, 'Alerts in the header');
    assert.equal(await page.locator('#alert-rules tr[data-rule]').count() > 0, true, 'the rules are listed');
    assert.equal(await page.locator('form[action^="/alerts/rules/"]').count(), 0, 'no alert rule forms');
    await screenshot(page, 'access-viewer-launch');

    // posting the launch form anyway, as a browser would (with the page's anti-forgery field when there is one)
    await page.goto(baseUrl() + '/launch');
    const csrf = csrfOf(await page.content());
    const runsBefore = (await api('/api/runs?limit=500')).length;
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.evaluate(({ asset, csrf }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/launch';
        const fields = { asset, partitions: '2022-05-03', as: 'run', ...(csrf ? { csrf } : {}) };
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.appendChild(input);
        }
        document.body.appendChild(form);
        form.submit();
      }, { asset: EXAMPLE_ASSETS[0], csrf }),
    ]);
    assert.equal(response.status(), 403);
    assert.match(await page.locator('#launch-error').innerText(), new RegExp(`${VIEWER} may not launch`));
    assert.equal((await api('/api/runs?limit=500')).length, runsBefore, 'nothing launched');
    await screenshot(page, 'access-viewer-403');
    await context.close();
  });

test('an operator sees launch and schedule switches but no rollback', { skip: !authEnabled() && 'authentication is off' }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logInThroughThePage(page, OPERATOR, first[OPERATOR]);
  await page.goto(baseUrl() + '/launch');
  assert.equal(await page.locator('#launch-button').count(), 1);
  await page.goto(baseUrl() + '/automation');
  assert.ok(await page.locator('form[action^="/automation/schedules/"]').count() > 0, 'schedule start or stop');
  await page.goto(baseUrl() + `/data/raw_form_adv_filings?run=${landed}`);
  assert.equal(await page.locator('#rollback-to-run').count(), 0, 'rollback needs the admin role');
  await context.close();
});

test('my tokens: make one, see its secret once, revoke it', { skip: !authEnabled() && 'authentication is off' }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logInThroughThePage(page, OPERATOR, `${OPERATOR}-own-password-${stamp}`);
  await page.click('#user-menu summary');
  await Promise.all([page.waitForURL('**/account/tokens'), page.click('#menu-tokens')]);
  assert.deepEqual(await page.locator('#token-role option').allInnerTexts(), ['viewer', 'operator'], 'roles up to mine');
  await page.fill('#token-name', 'laptop');
  await page.selectOption('#token-role', 'viewer');
  await Promise.all([page.waitForLoadState('load'), page.click('#token-create')]);
  const secret = (await page.locator('#token-secret').innerText()).trim();
  assert.match(secret, /^sluice_/);
  await screenshot(page, 'access-my-tokens');
  const res = await fetch(baseUrl() + '/api/runs?limit=1', { headers: { authorization: `Bearer ${secret}` } });
  assert.equal(res.status, 200, 'the token works');

  await page.goto(baseUrl() + '/account/tokens');
  assert.equal(await page.locator('#token-secret').count(), 0, 'the secret is not shown again');
  assert.ok(!(await page.content()).includes(secret));
  page.once('dialog', (d) => d.accept());
  await Promise.all([page.waitForURL('**/account/tokens?revoked=laptop'),
    page.click('tr[data-token="laptop"] button')]);
  assert.match(await page.locator('tr[data-token="laptop"]').innerText(), /revoked/);
  const after = await fetch(baseUrl() + '/api/runs?limit=1', { headers: { authorization: `Bearer ${secret}` } });
  assert.equal(after.status, 401, 'a revoked token no longer works');
  await screenshot(page, 'access-my-tokens-revoked');
  await context.close();
});
