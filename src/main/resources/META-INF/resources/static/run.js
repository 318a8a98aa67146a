// The run page's live log: the lines stored after those the page shows, over server-sent events, filtered on the
// server as the page is. Without JavaScript the page shows the log as it was and a refresh link.
(function () {
  'use strict';
  const log = document.getElementById('log');
  if (!log || !log.dataset.stream || log.dataset.live !== 'true' || !window.EventSource) return;
  const count = document.getElementById('log-count');
  const live = document.getElementById('log-live');
  let after = Number(new URL(log.dataset.stream, location.href).searchParams.get('after') || 0);
  let source;

  function append(row) {
    const empty = log.querySelector('.log-empty');
    if (empty) empty.remove();
    const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 24;
    const line = document.createElement('span');
    line.className = 'l-' + row.level;
    const time = document.createElement('span');
    time.className = 'l-time';
    time.title = row.iso;
    time.textContent = row.time;
    const level = document.createElement('span');
    level.className = 'l-level';
    level.textContent = row.level;
    line.append(time, ' ', level, ' ');
    if (row.asset) {
      const asset = document.createElement('span');
      asset.className = 'l-asset';
      asset.textContent = '[' + row.asset + ']';
      line.append(asset, ' ');
    }
    line.append(row.message);
    log.append(line, '\n');
    if (count) count.textContent = String(Number(count.textContent || 0) + 1);
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  function open() {
    const url = new URL(log.dataset.stream, location.href);
    url.searchParams.set('after', String(after));
    source = new EventSource(url.pathname + url.search);
    source.addEventListener('line', (e) => {
      after = Math.max(after, Number(e.lastEventId || after));
      append(JSON.parse(e.data));
    });
    source.addEventListener('end', (e) => {
      source.close();
      log.dataset.live = 'false';
      if (live) live.textContent = ', run ended ' + e.data;
    });
    source.onerror = () => {
      // reconnect from the last line received rather than from the page's first position
      source.close();
      if (log.dataset.live === 'true') setTimeout(open, 2000);
    };
  }
  log.dataset.streaming = 'true';
  open();
})();
