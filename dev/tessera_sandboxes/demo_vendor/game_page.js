// The vendor's table, book, arena, fish and card pages: state from stateUrl, bets to betUrl.
(function () {
  var cfg = JSON.parse(document.getElementById('game-config').textContent);
  var $ = function (s) { return document.querySelector(s); };
  var picks = [];
  var known = {};
  var state = null;

  function json(url, options) {
    return fetch(url, Object.assign({ cache: 'no-store' }, options)).then(function (r) { return r.json(); });
  }
  function showBalance(value) {
    $('[data-field=balance]').textContent = value;
    // The brand's page reads the wallet again, as after a spin.
    if (window.parent !== window) window.parent.postMessage({ type: 'tessera:balance-changed' }, '*');
  }
  function readBalance() {
    return json(cfg.balanceUrl).then(function (b) { if (b.balance) showBalance(b.balance); });
  }
  function say(text) { $('[data-field=message]').textContent = text; }
  function pressed(event, pick) {
    return picks.some(function (x) { return x.event === event && x.pick === pick; });
  }

  function renderBets() {
    var list = $('[data-field=bets]');
    var changed = false;
    list.innerHTML = '';
    state.bets.forEach(function (b) {
      var li = document.createElement('li');
      li.dataset.round = b.roundId;
      li.dataset.status = b.status;
      var paid = b.payout != null && b.status !== 'open' ? ' · paid ' + b.payout : '';
      li.textContent = b.roundId.slice(0, 8) + ' · ' + b.status + ' · stake ' + b.stake + paid;
      list.appendChild(li);
      if (known[b.roundId] && known[b.roundId] !== b.status) changed = true;
      known[b.roundId] = b.status;
    });
    if (changed) readBalance();
  }

  function renderTable() {
    var open = state.open;
    var window_ = $('[data-field=window]');
    window_.textContent = open ? 'Bets open: ' + Math.ceil(state.closesIn) + ' s' : 'No more bets: dealing';
    window_.dataset.open = String(open);
    window_.dataset.closesIn = String(Math.floor(state.closesIn));
    document.querySelectorAll('[data-action=bet]').forEach(function (b) { b.disabled = !open; });
  }

  function renderEvents() {
    var box = $('[data-field=events]');
    box.innerHTML = '';
    state.events.forEach(function (e) {
      var div = document.createElement('div');
      div.className = 'event';
      div.dataset.event = e.id;
      div.textContent = e.name + (e.result ? ' · result: ' + e.result : '') + ' ';
      Object.keys(e.picks).forEach(function (p) {
        var b = document.createElement('button');
        b.dataset.pick = p;
        b.textContent = e.labels[p] + ' ' + e.picks[p];
        b.disabled = !!e.result;
        b.setAttribute('aria-pressed', String(pressed(e.id, p)));
        b.onclick = function () {
          picks = picks.filter(function (x) { return x.event !== e.id; }).concat([{ event: e.id, pick: p }]);
          renderEvents();
        };
        div.appendChild(b);
      });
      box.appendChild(div);
    });
    var kind = picks.length > 1 ? 'parlay' : 'single';
    $('[data-field=slip]').textContent = picks.length ? picks.length + ' pick(s): ' + kind : 'No picks';
  }

  function refresh() {
    return json(cfg.stateUrl).then(function (s) {
      state = s;
      renderBets();
      if (s.kind === 'baccarat') renderTable();
      if (s.events) renderEvents();
    });
  }

  function answered(v) {
    if (v.error) {
      say('Bet refused: ' + v.error);
      if (v.balance) $('[data-field=balance]').textContent = v.balance;
      return;
    }
    if (v.balance) showBalance(v.balance);
    if (v.steps) {
      $('[data-field=steps]').textContent = v.steps.map(function (s) { return JSON.stringify(s); }).join('\n');
    }
    say('Bet ' + v.round.roundId.slice(0, 8) + ' ' + v.round.status + (v.payout ? ' · paid ' + v.payout : ''));
    var result = $('[data-field=result]');
    result.dataset.round = v.round.roundId;
    result.dataset.status = v.round.status;
    result.textContent = 'Last bet: ' + v.round.status;
    known[v.round.roundId] = v.round.status;
    picks = [];
    if (v.round.status !== 'open') return readBalance();
  }

  function send(body) {
    var buttons = document.querySelectorAll('[data-action]');
    buttons.forEach(function (b) { b.disabled = true; });
    var options = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    return json(cfg.betUrl, options).then(answered).finally(function () {
      buttons.forEach(function (b) { b.disabled = false; });
      return refresh();
    });
  }

  document.querySelectorAll('[data-action=bet]').forEach(function (b) {
    b.onclick = function () {
      var stake = $('[data-field=stake]').value;
      if (cfg.kind === 'baccarat') {
        var bets = {};
        bets[b.dataset.spot] = stake;
        return send({ bets: bets });
      }
      if (cfg.kind === 'sports' || cfg.kind === 'cockfight') return send({ stake: stake, legs: picks });
      return send({ stake: stake });
    };
  });
  refresh();
  setInterval(refresh, cfg.kind === 'baccarat' ? 1000 : 3000);
})();
