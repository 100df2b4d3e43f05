/* The slot page: reads the page's data block, shows the published paytable, and spins on the
 * vendor's server (every outcome comes from there; this script only shows it). */
(function () {
  'use strict';

  var root = document.querySelector('main.slot');
  var config = JSON.parse(document.getElementById('slot-config').textContent);
  var texts = config.texts;
  var TEXT_STYLE = '\uFE0E'; // draw the glyphs from the text font, never as emoji pictures
  var SPIN_AT_LEAST_MS = 450;
  var REEL_STOP_GAP_MS = 120;

  function field(name) {
    return root.querySelector('[data-field="' + name + '"]');
  }

  var ui = {
    spin: root.querySelector('[data-action="spin"]'),
    grid: field('grid'),
    balance: field('balance'),
    win: field('win'),
    message: field('message'),
    lineBet: field('line-bet'),
    lines: field('lines'),
    totalBet: field('total-bet'),
    paytable: field('paytable-body'),
  };
  var state = { balance: toMinor(config.balance), busy: false, paytable: null, symbols: {}, reels: [] };
  var reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  // -- Money, as exact minor units (BigInt): the wire's "12.50" is never a float here.

  function toMinor(text) {
    var parts = /^(\d+)\.(\d{2})$/.exec(typeof text === 'string' ? text : '');
    return parts ? BigInt(parts[1]) * 100n + BigInt(parts[2]) : null;
  }

  function toMoney(minor) {
    var cents = (minor % 100n).toString();
    return (minor / 100n).toString() + '.' + (cents.length < 2 ? '0' : '') + cents;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, name) {
      return name in values ? String(values[name]) : whole;
    });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function wait(ms) {
    return new Promise(function (resolve) { setTimeout(resolve, Math.max(0, ms)); });
  }

  function lineBetMinor() {
    return toMinor(ui.lineBet.value);
  }

  function totalBetMinor() {
    return state.paytable ? lineBetMinor() * BigInt(state.paytable.lines.length) : null;
  }

  // -- The reels

  function symbolCell(id) {
    var symbol = state.symbols[id] || { name: id, glyph: id, colour: '#ffffff' };
    var cell = element('div', 'slot__cell' + (symbol.wild ? ' slot__cell--wild' : ''));
    cell.dataset.symbol = id;
    cell.title = symbol.name;
    cell.style.setProperty('--symbol-colour', symbol.colour);
    var picture = !/^[A-Z0-9]+$/.test(symbol.glyph); // the royals are letters; the rest, pictures
    cell.appendChild(element('span', 'slot__glyph' + (picture ? ' slot__glyph--picture' : ''), symbol.glyph + TEXT_STYLE));
    if (symbol.wild) cell.appendChild(element('span', 'slot__wild-tag', 'WILD'));
    return cell;
  }

  function buildReels(reelCount, rowCount) {
    ui.grid.textContent = '';
    state.reels = [];
    for (var reel = 0; reel < reelCount; reel++) {
      var column = element('div', 'slot__reel');
      column.setAttribute('aria-hidden', 'true');
      ui.grid.appendChild(column);
      state.reels.push(column);
    }
    state.rows = rowCount;
  }

  function showColumn(reel, grid) {
    var column = state.reels[reel];
    column.textContent = '';
    for (var row = 0; row < grid.length; row++) column.appendChild(symbolCell(grid[row][reel]));
  }

  function describeGrid(grid) {
    var rows = grid.map(function (symbols, row) {
      var names = symbols.map(function (id) { return (state.symbols[id] || { name: id }).name; });
      return fill(texts.row, { row: row + 1 }) + ': ' + names.join(', ');
    });
    ui.grid.setAttribute('aria-label', texts.reels + '. ' + rows.join('. '));
  }

  function showGrid(grid) {
    for (var reel = 0; reel < state.reels.length; reel++) showColumn(reel, grid);
    describeGrid(grid);
  }

  function animated() {
    return !reducedMotion.matches;
  }

  function startReels() {
    ui.grid.querySelectorAll('.slot__cell--win').forEach(function (cell) { cell.classList.remove('slot__cell--win'); });
    if (!animated()) return;
    state.reels.forEach(function (column) { column.classList.add('slot__reel--spinning'); });
  }

  async function stopReels(grid) {
    for (var reel = 0; reel < state.reels.length; reel++) {
      if (grid && animated() && reel > 0) await wait(REEL_STOP_GAP_MS);
      state.reels[reel].classList.remove('slot__reel--spinning');
      if (grid) showColumn(reel, grid);
    }
    if (grid) describeGrid(grid);
  }

  function markWins(wins) {
    wins.forEach(function (win) {
      var rows = state.paytable.lines[win.line - 1];
      if (!rows) return;
      for (var reel = 0; reel < win.count; reel++) {
        var cell = state.reels[reel].children[rows[reel]];
        if (cell) cell.classList.add('slot__cell--win');
      }
    });
  }

  // -- Controls and messages

  function say(text, tone) {
    ui.message.textContent = text || '';
    ui.message.dataset.tone = tone || '';
  }

  function showBalance(minor) {
    if (minor === null) return;
    state.balance = minor;
    ui.balance.value = toMoney(minor);
    ui.balance.textContent = toMoney(minor);
  }

  function showWin(text) {
    ui.win.value = text;
    ui.win.textContent = text;
  }

  function updateControls() {
    var total = totalBetMinor();
    ui.totalBet.textContent = total === null ? '–' : toMoney(total);
    ui.lines.textContent = state.paytable ? String(state.paytable.lines.length) : '–';
    var short = total !== null && state.balance !== null && state.balance < total;
    ui.spin.disabled = state.busy || total === null || state.balance === null || short;
    ui.spin.textContent = state.busy ? texts.spinning : texts.spin;
    ui.spin.setAttribute('aria-busy', state.busy ? 'true' : 'false');
    ui.lineBet.disabled = state.busy;
    if (short && !state.busy && ui.message.dataset.tone !== 'refusal') say(texts.short, 'refusal');
    renderPays();
  }

  function notifyParent() {
    // The brand's page around the game refreshes the member's balance when told.
    if (window.parent) window.parent.postMessage({ type: 'tessera:balance-changed' }, '*');
  }

  async function spin() {
    if (state.busy || ui.spin.disabled) return;
    state.busy = true;
    say('', '');
    showWin('0.00');
    updateControls();
    var started = Date.now();
    startReels();
    var answer;
    try {
      var response = await fetch(config.spinUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ lineBet: ui.lineBet.value }),
        credentials: 'same-origin',
        cache: 'no-store',
      });
      var body = null;
      try { body = await response.json(); } catch (unreadable) { body = null; }
      answer = { ok: response.ok, body: body };
    } catch (unreachable) {
      answer = { ok: false, body: null };
    }
    if (animated()) await wait(SPIN_AT_LEAST_MS - (Date.now() - started));
    try {
      if (answer.ok && answer.body && Array.isArray(answer.body.grid)) {
        await showOutcome(answer.body);
      } else {
        await stopReels(null);
        var refusal = answer.body || {};
        say(typeof refusal.message === 'string' && refusal.message ? refusal.message : texts.unreachable, 'refusal');
        showBalance(toMinor(refusal.balance));
      }
    } finally {
      state.busy = false;
      updateControls();
      notifyParent();
    }
  }

  async function showOutcome(round) {
    await stopReels(round.grid);
    showBalance(toMinor(round.balance));
    var wins = Array.isArray(round.wins) ? round.wins : [];
    showWin(typeof round.payout === 'string' ? round.payout : '0.00');
    if (wins.length) {
      markWins(wins);
      say(fill(texts.won, { amount: round.payout, lines: wins.length }), 'win');
    } else {
      say(texts.noWin, '');
    }
  }

  // -- The published paytable

  function renderPays() {
    if (!state.paytable) return;
    var lineBet = lineBetMinor();
    root.querySelectorAll('[data-pay]').forEach(function (cell) {
      var times = BigInt(cell.dataset.pay);
      cell.textContent = '×' + times.toString() + ' = ' + toMoney(times * lineBet);
    });
  }

  function payTable(paytable) {
    var table = element('table', 'slot__pays');
    var head = table.createTHead().insertRow();
    [texts.symbol, '5', '4', '3'].forEach(function (title) {
      var cell = element('th', '', title);
      cell.scope = 'col';
      head.appendChild(cell);
    });
    var body = table.createTBody();
    paytable.symbols.forEach(function (symbol) {
      if (symbol.wild) return;
      var row = body.insertRow();
      var name = element('th', 'slot__pay-symbol');
      name.scope = 'row';
      name.appendChild(symbolCell(symbol.id));
      name.appendChild(element('span', '', symbol.name));
      row.appendChild(name);
      ['5', '4', '3'].forEach(function (count) {
        var cell = row.insertCell();
        if (symbol.pays[count]) cell.dataset.pay = String(symbol.pays[count]);
        else cell.textContent = '–';
      });
    });
    return table;
  }

  function lineDiagrams(paytable) {
    var list = element('ol', 'slot__lines');
    paytable.lines.forEach(function (rows, index) {
      var item = element('li', 'slot__line');
      item.setAttribute('aria-label', texts.line + ' ' + (index + 1));
      item.appendChild(element('span', 'slot__line-number', String(index + 1)));
      var diagram = element('span', 'slot__line-grid');
      diagram.setAttribute('aria-hidden', 'true');
      for (var row = 0; row < paytable.rows; row++) {
        for (var reel = 0; reel < paytable.reels; reel++) {
          diagram.appendChild(element('span', rows[reel] === row ? 'slot__line-dot slot__line-dot--on' : 'slot__line-dot'));
        }
      }
      item.appendChild(diagram);
      list.appendChild(item);
    });
    return list;
  }

  function reelStrips(paytable) {
    var details = element('details', 'slot__strips');
    details.appendChild(element('summary', '', texts.strips));
    paytable.reelStrips.forEach(function (strip, index) {
      var line = element('p', 'slot__strip');
      line.appendChild(element('strong', '', fill(texts.reel, { reel: index + 1 }) + ' '));
      line.appendChild(element('span', '', strip.map(function (id) {
        return (state.symbols[id] || { glyph: id }).glyph + TEXT_STYLE;
      }).join(' ')));
      details.appendChild(line);
    });
    return details;
  }

  function showPaytable(paytable) {
    state.paytable = paytable;
    paytable.symbols.forEach(function (symbol) { state.symbols[symbol.id] = symbol; });
    var wild = paytable.symbols.filter(function (symbol) { return symbol.wild; })[0];
    ui.paytable.textContent = '';
    ui.paytable.appendChild(element('p', 'slot__rules', fill(texts.rules, { wild: wild ? wild.name : '' })));
    ui.paytable.appendChild(element('p', 'slot__rtp', fill(texts.rtp, { rtp: paytable.rtp })));
    ui.paytable.appendChild(payTable(paytable));
    ui.paytable.appendChild(lineDiagrams(paytable));
    ui.paytable.appendChild(reelStrips(paytable));
    buildReels(paytable.reels, paytable.rows);
    // Until the first spin, the reels rest at the start of their strips.
    var grid = [];
    for (var row = 0; row < paytable.rows; row++) {
      grid.push(paytable.reelStrips.map(function (strip) { return strip[row % strip.length]; }));
    }
    showGrid(grid);
    updateControls();
  }

  async function loadPaytable() {
    for (var attempt = 0; attempt < 4; attempt++) {
      try {
        var response = await fetch(config.paytableUrl, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
        if (response.ok) return showPaytable(await response.json());
      } catch (unreachable) { /* tried again below */ }
      await wait(1000 * (attempt + 1));
    }
    ui.paytable.textContent = texts.unreachable;
    say(texts.unreachable, 'refusal');
  }

  ui.spin.addEventListener('click', spin);
  ui.lineBet.addEventListener('change', function () {
    if (ui.message.dataset.tone === 'refusal') say('', '');
    updateControls();
  });
  showBalance(state.balance);
  loadPaytable();
})();
