// The launchpad (/launch): what is selected, the config form generated from each asset's JSON schema kept in sync with
// the raw JSON editor, inline errors next to the field the server named, and copying the curl command. Everything here
// is optional: without it the form posts to /launch and the server validates and answers the page.
(function () {
  'use strict';

  const form = document.getElementById('launch');
  if (!form) return;
  const boxes = Array.from(form.querySelectorAll('input[type=checkbox][name=asset]'));
  const all = document.getElementById('select-all');
  const hint = document.getElementById('selection');
  const keys = document.getElementById('keys');
  const keysNote = document.getElementById('keys-note');
  const partitions = document.getElementById('partitions');
  const rangeInputs = Array.from(form.querySelectorAll('#from, #to'));
  const json = document.getElementById('config');
  const sync = document.getElementById('config-sync');
  const schemaForms = Array.from(form.querySelectorAll('fieldset.schema-form'));
  const schemaNone = document.getElementById('schema-none');

  function row(box) { return box.closest('tr'); }
  function chosen() { return boxes.filter(function (b) { return b.checked; }); }

  // ---- Selection: rows, the fields that apply, the hint under the buttons, which config forms show.
  function update() {
    const picked = chosen();
    const mode = (form.querySelector('input[name=mode]:checked') || {}).value;
    const singleKey = mode === 'SINGLE_KEY';
    boxes.forEach(function (b) { row(b).classList.toggle('selected', b.checked); });
    if (all) {
      all.checked = picked.length === boxes.length;
      all.indeterminate = picked.length > 0 && picked.length < boxes.length;
    }
    if (keys) {
      keys.disabled = !singleKey;
      keys.closest('label').classList.toggle('disabled', !singleKey);
      if (keysNote) keysNote.hidden = singleKey;
    }
    const anyPartitioned = picked.some(function (b) { return row(b).dataset.partitioned === 'true'; });
    [partitions].concat(rangeInputs).forEach(function (input) {
      if (!input) return;
      input.disabled = !anyPartitioned;
      const field = input.closest('.field');
      if (field) field.classList.toggle('disabled', !anyPartitioned);
    });
    const names = picked.map(function (b) { return b.value; });
    schemaForms.forEach(function (f) { f.hidden = !names.includes(f.dataset.asset); });
    if (schemaNone) schemaNone.hidden = picked.length > 0;

    if (!hint) return;
    hint.classList.remove('warn');
    if (picked.length === 0) {
      hint.textContent = 'No assets selected: tick at least one above.';
      return;
    }
    hint.textContent = picked.length + (picked.length === 1 ? ' asset selected: ' : ' assets selected: ') + names.join(', ');
    if (singleKey) {
      const unkeyed = picked.filter(function (b) { return row(b).dataset.keyed !== 'true'; }).map(function (b) { return b.value; });
      if (unkeyed.length) {
        hint.textContent += '. Single key runs keyed assets only; not keyed: ' + unkeyed.join(', ');
        hint.classList.add('warn');
      }
    }
  }

  // ---- Config: the generated fields write the JSON; typing valid JSON fills the fields.
  function fieldValue(input) {
    const raw = input.value.trim();
    if (raw === '') return undefined;
    switch (input.dataset.kind) {
      case 'integer': return /^-?\d+$/.test(raw) ? Number(raw) : raw; // left as text: the server names the field
      case 'number': return Number.isFinite(Number(raw)) ? Number(raw) : raw;
      case 'boolean': return raw === 'true';
      default: return raw;
    }
  }

  function configOf(fieldset) {
    const config = {};
    fieldset.querySelectorAll('.cfg').forEach(function (input) {
      const v = fieldValue(input);
      if (v !== undefined) config[input.dataset.prop] = v;
    });
    return config;
  }

  function parsed() {
    const text = json.value.trim();
    if (text === '') return {};
    try {
      const v = JSON.parse(text);
      return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
    } catch (ignored) {
      return null;
    }
  }

  // Keeps what the JSON holds beyond the generated fields (lists, records) and writes the fields' values over it.
  function writeJson() {
    const picked = chosen().map(function (b) { return b.value; });
    const before = parsed() || {};
    const single = picked.length === 1;
    let out;
    if (single) {
      const fs = schemaForms.find(function (f) { return f.dataset.asset === picked[0]; });
      const base = before[picked[0]] && typeof before[picked[0]] === 'object' ? before[picked[0]] : before;
      out = Object.assign({}, stripFields(base, fs), fs ? configOf(fs) : {});
    } else {
      out = {};
      picked.forEach(function (asset) {
        const fs = schemaForms.find(function (f) { return f.dataset.asset === asset; });
        const own = Object.assign({}, stripFields(before[asset] || {}, fs), fs ? configOf(fs) : {});
        if (Object.keys(own).length) out[asset] = own;
      });
    }
    json.value = Object.keys(out).length ? JSON.stringify(out, null, 2) : '';
    json.removeAttribute('aria-invalid');
    if (sync) sync.textContent = '';
  }

  function stripFields(object, fieldset) {
    const copy = Object.assign({}, object);
    if (fieldset) fieldset.querySelectorAll('.cfg').forEach(function (i) { delete copy[i.dataset.prop]; });
    return copy;
  }

  function readJson() {
    const value = parsed();
    if (value === null) {
      if (sync) sync.textContent = 'Not valid JSON yet: the fields keep their values.';
      return;
    }
    if (sync) sync.textContent = '';
    const picked = chosen().map(function (b) { return b.value; });
    schemaForms.forEach(function (fs) {
      const own = picked.length === 1 && fs.dataset.asset === picked[0] ? value : (value[fs.dataset.asset] || {});
      fs.querySelectorAll('.cfg').forEach(function (input) {
        const v = own[input.dataset.prop];
        input.value = v === undefined || v === null ? '' : String(v);
      });
    });
  }

  schemaForms.forEach(function (fs) {
    fs.addEventListener('input', function (e) { if (e.target.classList.contains('cfg')) writeJson(); });
    fs.addEventListener('change', function (e) { if (e.target.classList.contains('cfg')) writeJson(); });
  });
  if (json) json.addEventListener('input', readJson);

  // ---- Inline errors: the server names the field ("keys", "config.firms", "config.extract/x.firms", "ranges[0].start").
  function clearMarks() {
    form.querySelectorAll('[aria-invalid]').forEach(function (el) { el.removeAttribute('aria-invalid'); });
    form.querySelectorAll('.field-error').forEach(function (el) { el.remove(); });
  }

  function inline(target, message) {
    target.setAttribute('aria-invalid', 'true');
    const note = document.createElement('span');
    note.className = 'field-error';
    note.textContent = message;
    const label = target.closest('label') || target.parentElement;
    label.appendChild(note);
  }

  function configTarget(field) {
    const picked = chosen().map(function (b) { return b.value; });
    const rest = field.substring('config.'.length);
    let asset = null;
    let prop = null;
    const byAsset = picked.find(function (a) { return rest.startsWith(a + '.'); });
    if (byAsset) { asset = byAsset; prop = rest.substring(byAsset.length + 1); }
    else if (picked.length === 1) { asset = picked[0]; prop = rest; }
    if (!asset) return null;
    const fs = schemaForms.find(function (f) { return f.dataset.asset === asset; });
    if (!fs) return null;
    return Array.from(fs.querySelectorAll('.cfg')).find(function (i) { return i.dataset.prop === prop.split(/[[.]/)[0]; }) || null;
  }

  function markInvalid(result) {
    clearMarks();
    const error = result.querySelector('#launch-error[data-field]');
    if (!error || !error.dataset.field) return;
    const field = error.dataset.field;
    const message = error.innerText.replace(/^Not launched\.\s*/, '');
    if (field.startsWith('config.')) {
      const input = configTarget(field);
      if (input) { inline(input, message); json.setAttribute('aria-invalid', 'true'); return; }
    }
    let name = field.split(/[[.]/)[0];
    if (name === 'assets') name = 'asset';
    if (name === 'ranges') name = 'partitions';
    // the field's name comes from the request (a crafted one may hold quotes): escaped, it cannot break the selector
    const targets = Array.from(form.querySelectorAll('[name="' + CSS.escape(name) + '"]'));
    if (!targets.length) return;
    targets.forEach(function (el) { el.setAttribute('aria-invalid', 'true'); });
    if (name !== 'asset' && name !== 'mode') inline(targets[0], message);
  }

  // fields are marked as the answer is swapped in, in the same task: not after htmx's settle delay, when the error
  // would already show beside a field not yet marked
  document.addEventListener('htmx:afterSwap', function (e) {
    if (e.detail.target && e.detail.target.id === 'launch-result') {
      markInvalid(e.detail.target);
      showCopy(e.detail.target);
    }
  });

  // ---- Copy the curl command.
  function showCopy(root) {
    root.querySelectorAll('button.copy[data-copy]').forEach(function (b) {
      b.hidden = !navigator.clipboard;
      b.addEventListener('click', function () {
        const source = document.querySelector(b.dataset.copy);
        navigator.clipboard.writeText(source.textContent).then(function () { b.textContent = 'Copied'; });
      });
    });
  }

  if (all) {
    all.hidden = false;
    all.addEventListener('change', function () {
      boxes.forEach(function (b) { b.checked = all.checked; });
      update();
    });
  }
  form.addEventListener('change', function (e) {
    update();
    if (e.target.name === 'asset') readJson();
  });
  form.addEventListener('input', function (e) {
    if (e.target.getAttribute('aria-invalid')) {
      e.target.removeAttribute('aria-invalid');
      const note = e.target.closest('label') && e.target.closest('label').querySelector('.field-error');
      if (note) note.remove();
    }
  });
  update();
  if (json && json.value.trim()) readJson();
  showCopy(document);
})();
