// Shared helpers for the browser tests: base URL, a headless Chromium, screenshots, polling.
// Not a test file itself (node --test only picks up *.test.mjs here).
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The example's data-quality scorecard, downstream of the ownership transform (not in EXAMPLE_ASSETS, which runs launch). */
export const SCORECARD = 'quality/form_adv_ownership_scorecard';

export const EXAMPLE_ASSETS = [
  'extract/form_adv_filings',
  'raw/form_adv_filings',
  'transform/form_adv_firm_identity',
  'transform/form_adv_firm_ownership',
];

/** The example's history of daily filing partitions, as the launch form takes a range. */
export const EXAMPLE_HISTORY = '2001-01-01...2024-12-31';

/** Generous on a busy 2-core machine; the example pipeline itself takes a few seconds. */
export const RUN_TIMEOUT_MS = 60_000;

// Under the project's target/ (build output, never committed): ui/tests -> ../../target/screenshots
const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'target', 'screenshots');

export function baseUrl() {
  const url = process.env.SLUICE_URL;
  if (!url) {
    throw new Error('SLUICE_URL is not set. Start Sluice and run e.g. '
      + '`SLUICE_URL=http://localhost:8080 node --test ui/tests/*.test.mjs`, or use ui/run-browser-tests.sh which does both.');
  }
  return url.replace(/\/+$/, '');
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A fresh page with a desktop viewport that fails the test on any uncaught page error, logged in (as `admin` unless
 * `user` names another; see login()) on `base`. `options` go to the browser context (e.g. javaScriptEnabled: false).
 */
export async function newPage(browser, { user = ADMIN, base = baseUrl(), ...options } = {}) {
  const context = await loggedInContext(browser, { user, base, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`); });
  page.pageErrors = errors;
  return page;
}

/** A browser context (desktop viewport unless given) holding a session of `user` on `base`. */
export async function loggedInContext(browser, { user = ADMIN, base = baseUrl(), ...options } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  if (authEnabled()) {
    const session = await login(user, base);
    await context.addCookies([{ name: 'sluice_session', value: session, url: base, httpOnly: true, sameSite: 'Lax' }]);
  }
  return context;
}

// ---- logging in -----------------------------------------------------------------------------------------------------
// ui/run-browser-tests.sh (and startServer) start Sluice with SLUICE_AUTH_ENABLED=true and a known SLUICE_ADMIN_PASSWORD:
// a password given by the environment is not forced to change (docs/access.md). Every other user a test names is made
// by the admin through /api/users with the admin role, logs in once with the first password Sluice printed for them,
// and sets its own (the forced first-login change), so that each file's actors keep their names.

export const ADMIN = 'admin';

/** Whether the server under test asks for a login (the runner says so; SLUICE_AUTH_ENABLED=false runs without). */
export function authEnabled() {
  return (process.env.SLUICE_AUTH_ENABLED || 'false').toLowerCase() === 'true';
}

/** The admin's password, as the runner gave the server (SLUICE_ADMIN_PASSWORD). */
export function adminPassword() {
  const p = process.env.SLUICE_ADMIN_PASSWORD;
  if (!p) throw new Error('SLUICE_ADMIN_PASSWORD is not set: ui/run-browser-tests.sh sets it for the server and the tests');
  return p;
}

const passwords = new Map(); // base + user -> password
const tokens = new Map(); // base + user -> Promise<bearer secret>

/** The csrf field of a page's form, if the page has one (an anti-forgery token). */
export function csrfOf(html) {
  const m = /name="csrf"[^>]*value="([^"]+)"/.exec(html) || /value="([^"]+)"[^>]*name="csrf"/.exec(html);
  return m ? m[1] : null;
}

function sessionOf(res) {
  const cookies = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [res.headers.get('set-cookie') || ''];
  for (const c of cookies) {
    const m = /(?:^|[;,]\s*)sluice_session=([^;]+)/.exec(c);
    if (m && m[1]) return m[1];
  }
  return null;
}

/** The cookies an answer sets, as name=value (e.g. the anti-forgery cookie a page sets beside its form's token). */
function cookiesOf(res) {
  const set = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
  return set.map((c) => c.split(';')[0]);
}

/** GETs a form's page (for its anti-forgery token and cookie, when it has them), then posts the form. */
async function form(base, path, fields, cookie) {
  const page = await fetch(base + path, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) }, redirect: 'manual' });
  const csrf = csrfOf(await page.text());
  const body = new URLSearchParams({ ...fields, ...(csrf ? { csrf } : {}) });
  const extra = cookiesOf(page).filter((c) => !c.startsWith('sluice_session=')).join('; ');
  const cookies = [cookie, extra].filter(Boolean).join('; ');
  return fetch(base + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...(cookies ? { cookie: cookies } : {}) },
    body,
  });
}

/**
 * Logs `user` in on `base` through the login form and returns the session id (the cookie sluice_session). A user other
 * than admin is made first (admin role) and changes the first password at this first login, as a person would.
 */
export async function login(user = ADMIN, base = baseUrl()) {
  const key = `${base} ${user}`;
  if (user !== ADMIN && !passwords.has(key)) await makeUser(user, base);
  const password = user === ADMIN ? adminPassword() : passwords.get(key);
  const res = await form(base, '/login', { user, password, next: '/' });
  const session = sessionOf(res);
  if (res.status !== 303 || !session) throw new Error(`login of ${user} answered ${res.status}: ${await res.text()}`);
  if ((res.headers.get('location') || '').startsWith('/password')) {
    const fresh = `browser-${user}-${Math.random().toString(36).slice(2)}-pw`;
    const changed = await form(base, '/password', { current: password, password: fresh, repeat: fresh, next: '/' },
      `sluice_session=${session}`);
    if (changed.status !== 303) throw new Error(`the first-login password change of ${user} answered ${changed.status}: ${await changed.text()}`);
    passwords.set(key, fresh);
  }
  return session;
}

/**
 * The admin makes `user` (admin of every group, or `grants`) and keeps the first password for its first login. A user an
 * earlier file made (each file is its own process, the server is shared) gets a new password instead, as an admin resets
 * a forgotten one.
 */
export async function makeUser(user, base = baseUrl(), grants = ['admin']) {
  const admin = { 'content-type': 'application/json', accept: 'application/json', ...(await authHeaders(ADMIN, base)) };
  let res = await fetch(base + '/api/users', { method: 'POST', headers: admin, body: JSON.stringify({ name: user, grants }) });
  if (res.status === 409) {
    res = await fetch(base + `/api/users/${encodeURIComponent(user)}/password-reset`, { method: 'POST', headers: admin });
  }
  const text = await res.text();
  if (res.status !== 201 && res.status !== 200) throw new Error(`making the user ${user} answered ${res.status}: ${text}`);
  passwords.set(`${base} ${user}`, JSON.parse(text).password);
}

/** Headers that authenticate as `user` on `base`: a personal token of theirs (made once per file and server). */
export async function authHeaders(user = ADMIN, base = baseUrl()) {
  if (!authEnabled()) return user === ADMIN ? {} : { 'x-sluice-user': user };
  const key = `${base} ${user}`;
  if (!tokens.has(key)) {
    tokens.set(key, (async () => {
      const session = await login(user, base);
      // a browser's call with its cookies: the page's anti-forgery token and cookie go with it
      const page = await fetch(base + '/account/tokens', { headers: { accept: 'text/html', cookie: `sluice_session=${session}` } });
      const csrf = csrfOf(await page.text());
      const cookie = [`sluice_session=${session}`, ...cookiesOf(page).filter((c) => !c.startsWith('sluice_session='))].join('; ');
      const res = await fetch(base + '/api/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', cookie,
          ...(csrf ? { 'x-csrf-token': csrf } : {}) },
        body: JSON.stringify({ name: `browser-tests-${Date.now().toString(36)}`, role: 'admin' }),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`making a token of ${user} answered ${res.status}: ${text}`);
      return JSON.parse(text).secret;
    })());
  }
  return { authorization: `Bearer ${await tokens.get(key)}` };
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Calls fn until it returns a truthy value or the time is up; the error says what was awaited and what was last seen. */
export async function poll(fn, { timeout = RUN_TIMEOUT_MS, interval = 500, what = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn();
    if (last && last.done) return last.value;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what}; last seen: ${JSON.stringify(last && last.seen)}`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** GETs JSON as `user` (admin unless named) and returns it; fails on any status but 200. */
export async function api(path, base = baseUrl(), user = ADMIN) {
  const res = await fetch(base + path, { headers: { accept: 'application/json', ...(await authHeaders(user, base)) } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** POSTs JSON as `user` and returns the parsed answer; fails on any status but the one expected. */
export async function post(path, body, { base = baseUrl(), status = 200, user = 'browser-test' } = {}) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(await authHeaders(user, base)) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== status) throw new Error(`POST ${path} answered ${res.status}, expected ${status}: ${text}`);
  return JSON.parse(text);
}

/**
 * A second Sluice of the test file's own (the packaged jar on a free port with a fresh data directory and the given
 * environment, e.g. triggers on), for tests that need settings the shared server of ui/run-browser-tests.sh does not
 * have. Resolves once it is ready; call stop() in after().
 */
export async function startServer(env = {}, { readyTimeout = 180_000 } = {}) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const jar = join(root, 'target', 'quarkus-app', 'quarkus-run.jar');
  const freePort = () => new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
  const port = await freePort();
  let management = await freePort();
  while (management === port) management = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'sluice-browser-own-'));
  const log = join(data, 'server.log');
  const out = openSync(log, 'a');
  const child = spawn(process.env.JAVA || 'java', ['-jar', jar], {
    // the same login as the shared server's (SLUICE_AUTH_ENABLED, SLUICE_ADMIN_PASSWORD from the runner), unless env says otherwise
    env: { ...process.env, SLUICE_DATA_DIR: data, PORT: String(port), MANAGEMENT_PORT: String(management), ...env },
    stdio: ['ignore', out, out],
  });
  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    if (process.env.KEEP_DATA !== '1') rmSync(data, { recursive: true, force: true });
  };
  const deadline = Date.now() + readyTimeout;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the test's own Sluice exited (${child.exitCode}); its log ends with:\n${readFileSync(log, 'utf8').slice(-3000)}`);
    }
    try {
      if ((await fetch(`http://localhost:${management}/q/health/ready`)).ok) return { url, stop, log };
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the test's own Sluice was not ready within ${readyTimeout} ms`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Run id from the "Launched run ..." confirmation in the launch form. */
export async function launchedRunId(page) {
  await page.locator('#launch-ok, #launch-error').first().waitFor({ timeout: 15_000 });
  const error = await page.locator('#launch-error').count();
  if (error) throw new Error('launch was rejected: ' + await page.locator('#launch-error').innerText());
  const href = await page.locator('#launch-ok a[href^="/runs/"]').first().getAttribute('href');
  return href.substring('/runs/'.length);
}

/**
 * Waits, without reloading, until the self-refreshing runs list on the home page shows the run as finished,
 * and returns that row's cells by column header.
 */
export async function waitForRunInList(page, runId, status = 'SUCCESS') {
  const row = page.locator(`#runs-table tbody tr:has(a[href="/runs/${runId}"])`);
  const seen = await poll(async () => {
    if (await row.count() === 0) return { done: false, seen: 'no row for the run' };
    const text = (await row.locator('.status').innerText()).trim();
    return { done: ['SUCCESS', 'FAILURE', 'CANCELED'].includes(text), value: text, seen: text };
  }, { what: `run ${runId} to finish in the runs list` });
  if (seen !== status) throw new Error(`run ${runId} ended ${seen}, expected ${status}`);
  const headers = (await page.locator('#runs-table thead th').allInnerTexts()).map((h) => h.trim().toUpperCase());
  const cells = await row.locator('td').allInnerTexts();
  return Object.fromEntries(headers.map((h, i) => [h, (cells[i] || '').trim()]));
}
