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
  var STATUS = { open: 'unsettled', crediting: 'settling', settled: 'settled', resettled: 'resettled', cancelled: 'void' };
  function minor(value) { return (value / 100).toFixed(2); }
  function hand(cards, total) { return cards.join(' ') + ' (' + total + ')'; }

  /** One step of a round, in words: a shot, a card dealt, the showdown. */
  function describeStep(step) {
    if (step.shot) {
      var caught = step.caught ? 'caught, pays ' + minor(step.payMinor) : 'missed';
      return 'Shot ' + step.shot + ': ' + step.target + ' x' + step.multiplier + ' - ' + caught;
    }
    if (step.card) return 'Card ' + step.step + ' to the ' + step.to + ': ' + step.card;
    return 'Player ' + step.playerScore + ', banker ' + step.bankerScore + ': ' + step.winner + ' wins';
  }

  /** What a bet was on and how it ended: a coup, the legs of a ticket. */
  function describeTicket(ticket) {
    if (!ticket) return '';
    if (ticket.coup) {
      var c = ticket.coup;
      return ' · player ' + hand(c.player, c.playerTotal) + ', banker ' + hand(c.banker, c.bankerTotal) + ': ' + c.winner;
    }
    if (ticket.legs) {
      var results = ticket.results || {};
      return ' · ' + ticket.kind + ': ' + ticket.legs.map(function (leg) {
        return leg.name + ' ' + leg.pick + ' @' + leg.odds + (results[leg.event] ? ' (' + results[leg.event] + ')' : '');
      }).join(', ');
    }
    if (ticket.bets) return ' · ' + Object.keys(ticket.bets).join(', ');
    return '';
  }
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
      var paid = b.payout != null && b.status !== 'open' && b.status !== 'cancelled' ? ' · paid ' + b.payout : '';
      var shown = STATUS[b.status] || b.status;
      li.textContent = b.roundId.slice(0, 8) + ' · ' + shown + ' · stake ' + b.stake + paid + describeTicket(b.ticket);
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
    var c = state.lastCoup;
    $('[data-field=coup]').textContent = 'Last coup: player ' + hand(c.player, c.playerTotal) + ', banker ' +
      hand(c.banker, c.bankerTotal) + ': ' + c.winner;
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
      // The round's steps one after another, as the shots land and the cards fall.
      var list = $('[data-field=steps]');
      list.innerHTML = '';
      v.steps.forEach(function (step, n) {
        setTimeout(function () {
          var li = document.createElement('li');
          li.textContent = describeStep(step);
          list.appendChild(li);
        }, n * 200);
      });
    }
    say('Bet ' + v.round.roundId.slice(0, 8) + ' ' + (STATUS[v.round.status] || v.round.status) + (v.payout ? ' · paid ' + v.payout : ''));
    var result = $('[data-field=result]');
    result.dataset.round = v.round.roundId;
    result.dataset.status = v.round.status;
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
