// Progressive enhancement for Sluice's pages. Everything here is optional: without it the pages still work,
// the forms still post and the server still validates. Loaded with `defer`, after htmx.
(function () {
  'use strict';

  // ---- Relative times: <time class="rel" datetime="..."> reads "3 min ago"; the title keeps the exact UTC time.
  function ago(iso) {
    const then = Date.parse(iso);
    if (Number.isNaN(then)) return null;
    const s = Math.round((Date.now() - then) / 1000);
    if (s < 5) return 'just now';
    if (s < 60) return s + ' s ago';
    if (s < 3600) return Math.floor(s / 60) + ' min ago';
    if (s < 86400) return Math.floor(s / 3600) + ' h ago';
    if (s < 7 * 86400) return Math.floor(s / 86400) + ' d ago';
    return null; // older than a week: the absolute date says more
  }

  function renderTimes(root) {
    (root || document).querySelectorAll('time.rel[datetime]').forEach(function (t) {
      const text = ago(t.getAttribute('datetime'));
      if (text) t.textContent = text;
    });
  }

  // ---- The navigation marks the section this page belongs to (the link whose path is the longest prefix).
  function markNav() {
    const path = window.location.pathname;
    let best = null;
    document.querySelectorAll('header.top nav a[href^="/"]').forEach(function (a) {
      const href = a.getAttribute('href');
      const hit = href === '/' ? path === '/' : (path === href || path.startsWith(href + '/'));
      if (hit && (!best || href.length > best.getAttribute('href').length)) best = a;
    });
    if (best) best.setAttribute('aria-current', 'page');
  }

  // ---- Anti-forgery: every htmx request sends the page's token (the forms carry it in a hidden field as well).
  document.addEventListener('htmx:configRequest', function (e) {
    const meta = document.querySelector('meta[name="csrf-token"]');
    if (meta) e.detail.headers['X-CSRF-Token'] = meta.content;
  });

  // ---- A refusal htmx does not swap in (a 4xx or 5xx, e.g. a form over the server's size limit): say so where the
  // answer would have gone, with the problem's detail, instead of leaving the page silent.
  document.addEventListener('htmx:responseError', function (e) {
    const target = e.detail.target;
    const xhr = e.detail.xhr;
    if (!target || !xhr) return;
    let detail = '';
    try { detail = JSON.parse(xhr.responseText).detail || ''; } catch (ignored) { detail = ''; }
    if (!detail) detail = 'the server answered ' + xhr.status + (xhr.statusText ? ' ' + xhr.statusText : '');
    const p = document.createElement('p');
    p.className = 'error';
    p.setAttribute('role', 'alert');
    const strong = document.createElement('strong');
    strong.textContent = target.id === 'launch-result' ? 'Not launched.' : 'Failed.';
    p.append(strong, ' ' + detail);
    target.replaceChildren(p);
  });

  // ---- The launch form's refusal for the caller's role (403) is the form's own message: swap it in like any other.
  document.addEventListener('htmx:beforeSwap', function (e) {
    const xhr = e.detail.xhr;
    const type = (xhr && xhr.getResponseHeader('Content-Type')) || '';
    if (e.detail.target && e.detail.target.id === 'launch-result' && xhr.status === 403 && type.startsWith('text/html')) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });

  // ---- The run page's live fragment: keep the log's scroll position and what is open (config, check samples) across
  // refreshes.
  let live = null;
  document.addEventListener('htmx:beforeSwap', function (e) {
    const log = document.getElementById('log');
    if (e.detail.target && e.detail.target.id === 'live' && log) {
      live = {
        atBottom: log.scrollTop + log.clientHeight >= log.scrollHeight - 8,
        scrollTop: log.scrollTop,
        open: Array.from(document.querySelectorAll('#live details[open][data-keep]'), (d) => d.dataset.keep),
      };
    }
  });
  document.addEventListener('htmx:afterSettle', function (e) {
    const log = document.getElementById('log');
    if (live && log && document.getElementById('live')) {
      log.scrollTop = live.atBottom ? log.scrollHeight : live.scrollTop;
      document.querySelectorAll('#live details[data-keep]').forEach((d) => {
        if (live.open.includes(d.dataset.keep)) d.open = true;
      });
      const status = document.getElementById('run-status');
      if (status) document.title = document.title.replace(/[A-Z_]+$/, status.textContent.trim());
      live = null;
    }
  });

  htmx.onLoad(function (elt) { renderTimes(elt); });
  setInterval(function () { renderTimes(document); }, 10000);
  markNav();
  renderTimes(document);
  const log = document.getElementById('log');
  if (log && document.querySelector('#live[hx-get]')) log.scrollTop = log.scrollHeight;
})();
