// The table page: draws the user's view (the JSON of GET /play/api/tables/<id>) and sends the user's
// moves, hints and reviews to the /play/api endpoints; the server applies every move through the rules
// engine and answers the new view. Nothing here decides what is legal: the view lists the legal choices.
(function () {
  'use strict';
  var state = JSON.parse(document.getElementById('play-data').textContent);
  var base = '/play/api/tables/' + state.id;
  var SYMBOL = {c: '\u2663', d: '\u2666', h: '\u2665', s: '\u2660'};
  var WORD = {c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades', n: 'no trump'};   // n: Rules.allow_no_trump
  var RANK = {'9': 'nine', T: 'ten', J: 'jack', Q: 'queen', K: 'king', A: 'ace'};
  var busy = false;
  var reviewed = {};

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'class') { e.className = attrs[k]; } else if (k.slice(0, 5) === 'data-') { e.setAttribute(k, attrs[k]); } else { e[k] = attrs[k]; }
    });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function label(card) { return card === 'B' ? 'the joker' : RANK[card[0]] + ' of ' + WORD[card[1]]; }
  function face(card, tag, extra) {
    var e = el(tag || 'span', {'class': 'card' + ((card[1] === 'h' || card[1] === 'd') ? ' red' : '') + (extra ? ' ' + extra : ''),
                               'data-card': card, title: label(card)});
    e.setAttribute('aria-label', label(card));
    var f = el('span', {'class': 'face'});
    f.setAttribute('aria-hidden', 'true');
    f.appendChild(el('span', {'class': 'rank'}, card === 'B' ? '\u2605' : (card[0] === 'T' ? '10' : card[0])));
    f.appendChild(el('span', {'class': 'suit'}, card === 'B' ? '' : SYMBOL[card[1]]));
    e.appendChild(f);
    return e;
  }
  function back(n) {
    var e = el('span', {'class': 'card', 'data-unseen': 'true', title: 'a card you cannot see'});
    e.setAttribute('aria-hidden', 'true');
    e.appendChild(el('span', {'class': 'face'}, '?'));
    return e;
  }
  function clear(e) { while (e.firstChild) { e.removeChild(e.firstChild); } return e; }
  function fmt(x, digits) { return x === null || x === undefined ? '—' : Number(x).toFixed(digits === undefined ? 2 : digits); }

  function showProblem(p) {
    var box = document.getElementById('problem');
    if (!p) { box.hidden = true; box.textContent = ''; return; }
    box.hidden = false;
    box.textContent = (p.title ? p.title + ': ' : '') + (p.detail || 'the server did not answer');
  }

  function post(path, body) {
    busy = true;
    document.body.setAttribute('data-busy', 'true');
    return fetch(base + path, {method: 'POST', headers: {'Content-Type': 'application/json'},
                               body: JSON.stringify(body || {})})
      .then(function (r) {
        return r.json().catch(function () { return {title: 'Error', detail: 'HTTP ' + r.status}; })
          .then(function (j) { if (!r.ok) { throw j; } return j; });
      })
      .finally(function () { busy = false; document.body.setAttribute('data-busy', 'false'); });
  }

  function act(token) {
    if (busy || !state.your_turn) { return; }
    showProblem(null);
    document.getElementById('status').textContent = 'You: ' + token + '. The others are thinking…';
    post('/act', {action: token, version: state.version}).then(update, function (p) { showProblem(p); draw(); });
  }

  function update(s) {
    var hintBox = document.getElementById('hint');
    if (s.step !== state.step || s.deal_number !== state.deal_number) {
      hintBox.hidden = true;
      clear(hintBox);
      ['data-endpoint', 'data-request', 'data-best', 'data-for-step'].forEach(function (a) { hintBox.removeAttribute(a); });
    }
    state = s;
    draw();
    if (state.bots_to_move) {                // the server stopped the bots at its time budget: ask for the rest
      post('/continue').then(update, showProblem);
      return;
    }
    if (state.deal_over && !state.review && !reviewed[state.deal_number]) { review(); }
  }

  function drawScore() {
    var sides = state.sides, score = state.score;
    var sb = document.getElementById('score');
    sb.textContent = sides[0] + ' ' + score[sides[0]] + ' – ' + sides[1] + ' ' + score[sides[1]] +
      (state.mode === 'game' ? ' (game to ' + state.winning_score + ')' : ' (single deal)') +
      ' · deal ' + state.deal_number + (state.game_over ? ' · game over' + (state.winner ? ': ' + state.winner + ' win' : '') : '');
    sb.setAttribute('data-score', JSON.stringify(score));
  }

  function drawHands() {
    state.seats.forEach(function (s) {
      var box = document.querySelector('.hand[data-seat="' + s + '"]');
      var cards = clear(box.querySelector('.cards'));
      var tags = clear(box.querySelector('.tags'));
      if (s === state.dealer) { tags.appendChild(el('span', {'class': 'tag'}, 'dealer')); }
      if (s === state.maker) { tags.appendChild(el('span', {'class': 'tag maker'}, 'maker' + (state.alone === s ? ', alone' : ''))); }
      box.classList.toggle('to-act', state.to_act === s && !state.deal_over);
      var out = state.alone && state.rules.players === 4 && s === partnerOf(state.alone);
      box.setAttribute('data-sitting-out', out ? 'true' : 'false');
      if (out) { tags.appendChild(el('span', {'class': 'tag out'}, 'sits out')); }
      if (s === state.user && state.deal_over && state.dealt) {
        state.dealt[s].forEach(function (card) { cards.appendChild(face(card, 'span', 'dealt')); });
      } else if (s === state.user) {
        var legal = {};
        state.legal.forEach(function (c) { legal[c.token] = true; });
        var playing = state.your_turn && (state.phase === 'play' || state.phase === 'discard');
        var n = 0;
        state.hand.forEach(function (card) {
          var b = face(card, 'button', '');
          b.type = 'button';
          var ok = playing && legal[card];
          b.setAttribute('data-legal', ok ? 'true' : 'false');
          if (ok) { n += 1; b.setAttribute('data-key', String(n)); b.title = label(card) + ' (key ' + n + ')'; }
          if (playing && !ok) { b.classList.add('gone'); b.setAttribute('aria-disabled', 'true'); }
          b.addEventListener('click', function () {
            if (!playing) { return; }
            if (!legal[card]) { showProblem({title: 'Not legal', detail: whyNot(card)}); return; }
            act(card);
          });
          cards.appendChild(b);
        });
      } else if (state.deal_over && state.dealt) {
        state.dealt[s].forEach(function (card) { cards.appendChild(face(card, 'span', 'dealt')); });
      } else {
        for (var i = 0; i < (state.hand_sizes[s] || 0); i++) { cards.appendChild(back()); }
      }
    });
  }

  function partnerOf(s) { return {N: 'S', S: 'N', E: 'W', W: 'E'}[s]; }

  function whyNot(card) {
    // the engine says why when asked; the page asks it rather than guessing
    post('/act', {action: card, version: state.version}).then(update, function (p) { showProblem(p); });
    return 'checking ' + label(card) + '…';
  }

  function drawCentre() {
    var up = clear(document.querySelector('.upcard-slot'));
    if (state.upcard && state.upcard_state === 'face_up') {
      up.appendChild(el('span', {'class': 'muted'}, 'upcard '));
      up.appendChild(face(state.upcard, 'span', 'up'));
    } else if (state.upcard) {
      up.appendChild(el('span', {'class': 'muted'}, 'upcard ' + state.upcard + (state.upcard_state === 'dealer' ? ' (picked up by ' + state.dealer + ')' : ' (turned down)')));
    }
    var trick = clear(document.getElementById('trick'));
    var shown = state.current.length ? state.current : (state.tricks.length ? state.tricks[state.tricks.length - 1].cards : []);
    var last = !state.current.length && state.tricks.length;
    if (last) { trick.appendChild(el('p', {'class': 'muted'}, 'last trick, won by ' + state.tricks[state.tricks.length - 1].winner)); }
    shown.forEach(function (c) {
      var slot = el('span', {'class': 'played', 'data-seat': c.seat});
      slot.appendChild(el('span', {'class': 'muted'}, c.seat + ' '));
      slot.appendChild(face(c.card, 'span', last ? 'gone' : ''));
      trick.appendChild(slot);
    });
    var t = document.getElementById('trump-line');
    var tw = state.tricks_won || {};
    t.textContent = (state.trump ? (state.trump === 'n' ? 'no trump' : 'trump ' + WORD[state.trump]) + ', made by ' + state.maker + (state.alone ? ' alone' : '') + '. ' : '') +
      'Tricks: ' + state.sides.map(function (x) { return x + ' ' + (tw[x] || 0); }).join(', ');
  }

  function drawChoices() {
    var box = clear(document.getElementById('choices'));
    var calling = state.your_turn && ['bid1', 'bid2', 'name_suit', 'exchange'].indexOf(state.phase) >= 0;
    if (calling) {
      state.legal.forEach(function (c, i) {
        var b = el('button', {type: 'button', 'class': 'call-choice', 'data-token': c.token, 'data-key': String(i + 1)},
                   (i + 1) + '. ' + c.label);
        b.addEventListener('click', function () { act(c.token); });
        box.appendChild(b);
      });
    }
    var status = document.getElementById('status');
    if (state.game_over) {
      status.textContent = 'The game is over.';
    } else if (state.deal_over) {
      status.textContent = state.result.text + '.';
    } else if (state.your_turn) {
      status.textContent = {bid1: 'Your call: order up the ' + label(state.upcard) + ', or pass.',
                            bid2: 'Your call: name a suit, or pass.', name_suit: 'Name the suit of the turned-up joker.',
                            discard: 'Discard a card (you picked up the ' + label(state.upcard) + ').',
                            give: 'Call for best: pass your partner, the loner, a card face down.',
                            exchange: 'Your hand qualifies for a kitty exchange: keep it, or give three cards for the kitty\'s three.',
                            loner_discard: 'Call for best: discard one of your six cards.',
                            play: state.current.length ? 'Your card: follow ' + state.current[0].seat + "'s lead." : 'Your lead.'}[state.phase] || 'Your turn.';
    } else {
      status.textContent = 'Waiting for ' + state.to_act + '.';
    }
    document.getElementById('hint-button').disabled = !state.your_turn || ['bid1', 'bid2', 'play'].indexOf(state.phase) < 0;
    document.getElementById('next-button').hidden = !(state.deal_over && !state.game_over);
  }

  function drawLists() {
    var calls = clear(document.getElementById('calls'));
    (state.calls || []).forEach(function (c) { calls.appendChild(el('li', {}, c.seat + ': ' + c.call)); });
    var log = clear(document.getElementById('log'));
    state.events.slice().reverse().forEach(function (e) {
      log.appendChild(el('li', {'data-by': e.by}, e.seat + (e.seat === state.user ? ' (you)' : '') + ': ' + e.action));
    });
  }

  function drawAfter() {
    var after = document.getElementById('after');
    after.hidden = !state.deal_over;
    if (!state.deal_over) { return; }
    var k = state.deal_number - 1;
    document.getElementById('after-title').textContent = 'Deal ' + state.deal_number;
    document.getElementById('result').textContent = state.result.text;
    document.getElementById('review-link').href = '/play/' + state.id + '/review/' + k;
    document.getElementById('deal-egn').href = '/play/' + state.id + '/deal-' + k + '.egn';
    drawReview(state.review, k);
    var summary = document.getElementById('summary');
    summary.hidden = !state.summary;
    if (state.summary) { drawSummary(state.summary); }
  }

  function drawReview(rev, k) {
    var list = clear(document.getElementById('review-list'));
    if (!rev) { list.appendChild(el('li', {'class': 'muted'}, 'reviewing…')); return; }
    if (!rev.decisions.length) { list.appendChild(el('li', {'class': 'muted'}, 'you made no decision this deal')); }
    rev.decisions.forEach(function (d) {
      var li = el('li', {'class': d.flagged ? 'flagged' : '', 'data-kind': d.kind, 'data-loss': d.loss === null ? '' : d.loss,
                         'data-grade': d.grade || ''});
      var a = el('a', {href: '/play/' + state.id + '/review/' + k + '#deal-0-step-' + d.step},
                 d.where + ': ' + d.played);
      li.appendChild(a);
      var mark = d.grade ? ' — ' + d.grade : ' — lost ' + fmt(d.loss) + ' points';
      li.appendChild(document.createTextNode(mark + (d.best && d.best.split(' ').indexOf(d.played) < 0 && d.best !== d.played ? ' (best: ' + d.best + ')' : '') +
                                             (d.reason ? '; ' + d.reason : '') + (d.hint ? ' (hint taken)' : '') + (d.flagged ? ' ⚑' : '')));
      list.appendChild(li);
    });
  }

  function drawSummary(s) {
    var box = clear(document.getElementById('summary'));
    box.appendChild(el('h3', {}, 'The game'));
    box.appendChild(el('p', {}, 'Final score ' + Object.keys(s.score).map(function (k) { return k + ' ' + s.score[k]; }).join(', ') +
                        (s.winner ? ': ' + s.winner + ' win.' : '.')));
    var ul = el('ul', {'id': 'summary-lost'});
    ul.appendChild(el('li', {'data-kind': 'calls'}, 'points lost in calls: ' + fmt(s.points_lost.calls)));
    ul.appendChild(el('li', {'data-kind': 'discards'}, 'points lost in discards: ' + fmt(s.points_lost.discards)));
    ul.appendChild(el('li', {'data-kind': 'cards'}, 'points lost in cards: ' + fmt(s.points_lost.cards)));
    ul.appendChild(el('li', {}, 'tricks lost double dummy: ' + s.dd_tricks_lost));
    ul.appendChild(el('li', {'data-kind': 'hints'}, 'hints taken: ' + s.hints_taken));
    ul.appendChild(el('li', {}, 'deals reviewed: ' + s.reviewed + ' of ' + s.deals));
    box.appendChild(ul);
    var p = el('p');
    p.appendChild(el('a', {href: '/play/' + state.id + '/game.egn', id: 'summary-egn', download: ''}, 'Download the whole game (EGN)'));
    p.appendChild(document.createTextNode(' — euchre review reads it.'));
    box.appendChild(p);
  }

  function draw() {
    drawScore(); drawHands(); drawCentre(); drawChoices(); drawLists(); drawAfter();
    document.body.setAttribute('data-version', String(state.version));
    document.body.setAttribute('data-step', String(state.step));
    document.body.setAttribute('data-phase', state.deal_over ? 'over' : state.phase);
  }

  function review() {
    var k = state.deal_number - 1;
    reviewed[state.deal_number] = true;
    return post('/review/' + k).then(function (rev) {
      if (state.deal_number - 1 !== k) { return; }
      state.review = rev;
      if (state.game_over) { state.summary = rev.game_summary; }
      // a review is a note beside the table: the table's version (what a move is checked against) stays
      drawAfter();
      document.body.setAttribute('data-reviewed', String(k));
    }, showProblem);
  }

  function hint() {
    if (busy || document.getElementById('hint-button').disabled) { return; }
    var box = document.getElementById('hint');
    ['data-endpoint', 'data-request', 'data-best', 'data-for-step'].forEach(function (a) { box.removeAttribute(a); });
    var asked = state.step;
    box.hidden = false;
    box.textContent = 'Asking the advisor…';
    post('/hint').then(function (h) {
      // a hint is a note too: the version stays, so the next move is checked against the state it was chosen in
      state.hints_taken = h.hints_taken;
      clear(box);
      var a = h.advice, play = h.endpoint === '/v1/play';
      var best = play ? a.best : a.recommended;
      box.setAttribute('data-for-step', String(asked));
      box.setAttribute('data-endpoint', h.endpoint);
      box.setAttribute('data-request', JSON.stringify(h.request));
      box.setAttribute('data-best', best);
      box.appendChild(el('p', {}, 'The advisor (' + a.worlds + ' worlds, ' + h.endpoint + '): ' + (play ? 'play ' + best : best) +
                          ', ahead by ' + fmt(a.margin, 3) + (a.recommended_by === 'p_win_game' || h.request.score ? ' (by the chance of winning the game)' : ' points') + '.'));
      var table = el('table', {'class': 'hint-table'});
      var head = el('tr');
      ['choice', 'expected points', 'P(win game)'].forEach(function (t) { head.appendChild(el('th', {}, t)); });
      table.appendChild(head);
      (play ? a.cards : a.options).forEach(function (o) {
        var key = play ? o.card : o.call;
        var tr = el('tr', {'data-choice': key, 'data-points': o.expected_points, 'class': key === best ? 'recommended' : ''});
        tr.appendChild(el('td', {}, play ? o.card : (o.name || o.call)));
        tr.appendChild(el('td', {}, fmt(o.expected_points)));
        tr.appendChild(el('td', {}, o.p_win_game === undefined || o.p_win_game === null ? '—' : fmt(o.p_win_game, 3)));
        table.appendChild(tr);
      });
      box.appendChild(table);
      if (play && a.told && a.told.length) {        // the hint read the cards played: what they told
        var told = el('ul', {'class': 'told'});
        a.told.forEach(function (t) { told.appendChild(el('li', {'data-seat': t.seat, 'data-p': String(t.p)}, t.text)); });
        box.appendChild(el('p', {}, 'What the cards told:'));
        box.appendChild(told);
      }
      box.appendChild(el('p', {'class': 'muted'}, 'Hints taken this game: ' + h.hints_taken + '.'));
    }, function (p) { box.hidden = true; showProblem(p); });
  }

  function next() {
    if (busy || !state.deal_over || state.game_over) { return; }
    showProblem(null);
    post('/next').then(update, showProblem);
  }

  document.getElementById('hint-button').addEventListener('click', hint);
  document.getElementById('next-button').addEventListener('click', next);
  document.addEventListener('keydown', function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
    var tag = (ev.target && ev.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') { return; }
    if (/^[1-9]$/.test(ev.key)) {
      var b = document.querySelector('#choices [data-key="' + ev.key + '"], #my-cards [data-key="' + ev.key + '"]');
      if (b) { ev.preventDefault(); b.click(); }
    } else if (ev.key === 'h' || ev.key === 'H') {
      ev.preventDefault(); hint();
    } else if (ev.key === 'n' || ev.key === 'N') {
      ev.preventDefault(); next();
    } else if ((ev.key === 'r' || ev.key === 'R') && state.deal_over) {
      ev.preventDefault(); location.href = document.getElementById('review-link').href;
    } else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') {
      var cards = Array.prototype.slice.call(document.querySelectorAll('#my-cards .card'));
      if (!cards.length) { return; }
      var i = cards.indexOf(document.activeElement);
      i = i < 0 ? 0 : (i + (ev.key === 'ArrowRight' ? 1 : cards.length - 1)) % cards.length;
      ev.preventDefault();
      cards[i].focus();
    }
  });
  update(state);
}());
