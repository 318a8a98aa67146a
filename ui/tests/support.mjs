// Shared helpers for the browser tests: base URL, a headless Chromium, screenshots, polling.
// Not a test file itself (node --test only picks up *.test.mjs here).
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** A fresh page with a desktop viewport that fails the test on any uncaught page error. */
export async function newPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`); });
  page.pageErrors = errors;
  return page;
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

export async function api(path, base = baseUrl()) {
  const res = await fetch(base + path, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** POSTs JSON and returns the parsed answer; fails on any status but the one expected. */
export async function post(path, body, { base = baseUrl(), status = 200 } = {}) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-sluice-user': 'browser-test' },
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
