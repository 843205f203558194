// The review page: step through each deal's calls and cards; marks come from the review's JSON figures.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("review-data").textContent);
  var state = data.deals.map(function () { return { step: 0, seat: "" }; });
  var current = 0;

  function fmt(x) { return x === null || x === undefined ? "unbounded" : x.toFixed(2); }
  function minus(x) { return x > 1e-9 ? "\u2212" + (Number.isInteger(x) ? String(x) : x.toFixed(2)) : "0"; }

  function section(i) { return document.getElementById("deal-" + i); }

  // the same words on hover (title) and for screen readers (aria-label)
  function say(el, words) { el.title = words; el.setAttribute("aria-label", words); }

  function clearCard(el) {
    el.classList.remove("gone", "discarded", "chosen", "decision", "best");
    ["ddCost", "infoLoss", "infoLow", "infoHigh", "ddLevel", "infoLevel", "played", "state"].forEach(function (k) {
      delete el.dataset[k];
    });
    say(el, el.dataset.label);
    el.querySelector(".badges").textContent = "";
  }

  function badge(parent, cls, text, level) {
    var b = document.createElement("span");
    b.className = "badge " + cls + " level-" + level;
    b.textContent = text;
    parent.appendChild(b);
  }

  function markCard(el, m) {
    el.classList.add("decision");
    if (m.dd_cost !== null) { el.dataset.ddCost = String(m.dd_cost); el.dataset.ddLevel = m.dd_level; }
    if (m.p_win_game !== undefined) { el.dataset.pWinGame = String(m.p_win_game); }
    if (m.info_loss !== null) {
      el.dataset.infoLoss = String(m.info_loss);
      el.dataset.infoLevel = m.info_level;
      if (m.interval) { el.dataset.infoLow = String(m.interval[0]); el.dataset.infoHigh = String(m.interval[1]); }
    }
    if (m.played) { el.classList.add("chosen"); el.dataset.played = "true"; }
    var badges = el.querySelector(".badges");
    badge(badges, "dd", m.dd_cost === null ? "DD ?" : "DD " + minus(m.dd_cost), m.dd_level);
    badge(badges, "info", m.info_loss === null ? "info ?" : minus(m.info_loss), m.info_level);
    if (m.info_best || (m.info_best === undefined && m.dd_best)) { badge(badges, "best", "\u2605", "unknown"); }
    say(el, m.text);
  }

  function renderCalls(box, step) {
    box.textContent = "";
    if (!step || step.kind !== "call") { return; }
    var h = document.createElement("div");
    h.textContent = "Round " + step.round + ": " + step.seat + " to call";
    box.appendChild(h);
    if (!step.marks.length) {
      var p = document.createElement("div");
      p.textContent = "not analysed: " + (step.unanalysed.join("; ") || "no figures");
      box.appendChild(p);
    }
    step.marks.forEach(function (m) {
      var el = document.createElement("button");
      el.type = "button";
      el.className = "call-option" + (m.played ? " chosen" : "");
      el.dataset.call = m.call;
      if (m.info_loss !== null) { el.dataset.infoLoss = String(m.info_loss); el.dataset.infoLevel = m.info_level; }
      if (m.interval) { el.dataset.infoLow = String(m.interval[0]); el.dataset.infoHigh = String(m.interval[1]); }
      if (m.played) { el.dataset.played = "true"; }
      if (m.p_win_game !== undefined) { el.dataset.pWinGame = String(m.p_win_game); }
      el.title = m.text;
      el.setAttribute("aria-label", m.text);
      var name = document.createElement("span");
      name.textContent = m.name + (m.played ? " (made)" : "") + (m.best ? " \u2605" : "");
      el.appendChild(name);
      var b = document.createElement("span");
      b.className = "badge info level-" + m.info_level;
      b.textContent = m.info_loss === null ? "?" : minus(m.info_loss);
      el.appendChild(b);
      box.appendChild(el);
    });
  }

  function render(i) {
    var sec = section(i), deal = data.deals[i], st = state[i];
    if (!sec || !deal.steps.length) { return; }
    var n = deal.steps.length, k = st.step;
    var cards = sec.querySelectorAll(".card[data-card]");
    cards.forEach(clearCard);
    var find = function (c) { return sec.querySelector('.card[data-card="' + c + '"]'); };
    for (var j = 0; j < k; j++) {
      var s = deal.steps[j], el = s.kind === "call" ? null : find(s.played);
      if (!el) { continue; }
      el.classList.add(s.kind === "discard" ? "discarded" : "gone");
      el.dataset.state = s.kind === "discard" ? "discarded" : "played";
      say(el, el.dataset.label + (s.kind === "discard" ? ": discarded" : ": played at trick " + s.trick));
    }
    var step = k < n ? deal.steps[k] : null;
    if (step && step.kind !== "call") { step.marks.forEach(function (m) { var e = find(m.card); if (e) { markCard(e, m); } }); }
    renderCalls(sec.querySelector(".calls"), step);
    sec.querySelectorAll(".hand").forEach(function (h) {
      h.classList.toggle("to-act", !!step && h.dataset.seat === step.seat);
      var hidden = st.seat !== "" && h.dataset.seat !== st.seat;
      h.dataset.hidden = hidden ? "true" : "false";
      h.querySelectorAll(".cards:not(.dummy) .card[data-card]").forEach(function (c) {
        var unseen = hidden && !c.classList.contains("gone");
        c.dataset.unseen = unseen ? "true" : "false";
        if (unseen) { c.setAttribute("aria-label", "a card " + st.seat + " cannot see"); c.title = "hidden"; }
      });
    });
    var label = step ? step.label : "end of the deal: " + deal.summary;
    if (step && step.grade_text) { label += " \u2014 " + step.grade_text; }
    if (step && step.reasons && step.reasons.length) { label += " \u2014 why: " + step.reasons.join("; "); }
    if (step && step.gave_away) { label += " \u2014 read: " + step.gave_away.text; }
    if (step && step.mistakes.length) { label += " \u2014 flagged: " + step.mistakes.join("; "); }
    if (step && step.renege) { label += " (a renege: not scored against the legal cards)"; }
    sec.querySelector(".step-label").textContent = "Step " + (k + 1) + " of " + (n + 1) + ": " + label;
    sec.querySelector(".step-count").textContent = (k + 1) + "/" + (n + 1);
    sec.querySelectorAll(".history li").forEach(function (li, idx) {
      li.classList.toggle("current", idx === k);
      var a = li.querySelector("a");
      if (idx === k) { a.setAttribute("aria-current", "step"); } else { a.removeAttribute("aria-current"); }
    });
    sec.dataset.step = String(k);
    renderWhatif(i, step);
    if (history.replaceState) { history.replaceState(null, "", "#deal-" + i + "-step-" + k); }
  }

  function showDeal(i) {
    current = Math.max(0, Math.min(data.deals.length - 1, i));
    document.querySelectorAll("section.deal").forEach(function (s) { s.hidden = Number(s.dataset.deal) !== current; });
    document.querySelectorAll(".deal-tab").forEach(function (b) {
      b.setAttribute("aria-current", Number(b.dataset.deal) === current ? "true" : "false");
    });
    render(current);
  }

  function go(i, k) {
    var n = data.deals[i].steps.length;
    state[i].step = Math.max(0, Math.min(n, k));
    render(i);
  }

  document.querySelectorAll(".deal-tab").forEach(function (b) {
    b.addEventListener("click", function () { showDeal(Number(b.dataset.deal)); });
  });
  document.querySelectorAll("section.deal").forEach(function (sec) {
    var i = Number(sec.dataset.deal);
    sec.querySelectorAll("[data-go]").forEach(function (b) {
      b.addEventListener("click", function () {
        var k = state[i].step, n = data.deals[i].steps.length;
        go(i, { first: 0, prev: k - 1, next: k + 1, last: n }[b.dataset.go]);
      });
    });
    sec.querySelectorAll("a[data-step]").forEach(function (a) {
      a.addEventListener("click", function (e) { e.preventDefault(); go(i, Number(a.dataset.step)); });
    });
    var sel = sec.querySelector(".seat-view");
    if (sel) { sel.addEventListener("change", function () { state[i].seat = sel.value; render(i); }); }
    sec.addEventListener("focusin", function (e) { if (e.target.title) { sec.querySelector(".detail").textContent = e.target.title; } });
    sec.addEventListener("mouseover", function (e) {
      var t = e.target.closest(".card, .call-option");
      if (t && t.title) { sec.querySelector(".detail").textContent = t.title; }
    });
  });
  document.addEventListener("keydown", function (e) {
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "select" || tag === "input" || tag === "textarea" || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var k = state[current].step, n = data.deals[current].steps.length;
    var moves = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: n };
    if (e.key in moves) { e.preventDefault(); go(current, moves[e.key]); }
    else if (e.key === "[") { showDeal(current - 1); }
    else if (e.key === "]") { showDeal(current + 1); }
  });

  // the game's decision that mattered: to its deal and step
  document.querySelectorAll("a[data-to-deal]").forEach(function (a) {
    a.addEventListener("click", function (e) {
      e.preventDefault();
      var i = Number(a.dataset.toDeal);
      showDeal(i);
      go(i, Number(a.dataset.toStep));
    });
  });

  // what-if replay: another call or card at this step, the deal played on by POST /v1/branch (served pages only)
  function whatifParts(sec) {
    return { form: sec.querySelector(".whatif-form"), action: sec.querySelector(".whatif-action"),
             mode: sec.querySelector(".whatif-mode"), none: sec.querySelector(".whatif-none"),
             result: sec.querySelector(".whatif-result"), back: sec.querySelector(".whatif-back") };
  }

  function renderWhatif(i, step) {
    var w = whatifParts(section(i));
    if (!w.form) { return; }
    w.result.hidden = true;
    w.back.hidden = true;
    var b = step ? step.branch : null;
    w.form.hidden = !b;
    w.none.hidden = !!b;
    if (!b) {
      w.none.textContent = step ? "Not here: the record does not show the cards the rest of the deal would need."
                                : "The deal is over: step back to a call or card to play another.";
      return;
    }
    w.action.textContent = "";
    b.alternatives.forEach(function (a) {
      var o = document.createElement("option");
      o.value = a;
      o.textContent = a + (a === step.played ? " (as played)" : "");
      o.selected = a === step.played;
      w.action.appendChild(o);
    });
  }

  function showBranch(w, r) {
    w.result.className = "whatif-result";
    w.result.textContent = "";
    w.result.dataset.points = String(r.points);
    w.result.dataset.recordedPoints = r.recorded_points === null ? "" : String(r.recorded_points);
    w.result.dataset.mode = r.mode;
    var p = document.createElement("p");
    p.className = "whatif-text";
    p.textContent = r.text.charAt(0).toUpperCase() + r.text.slice(1) + ".";
    w.result.appendChild(p);
    if (r.mode === "double_dummy") {
      var note = document.createElement("p");
      note.className = "muted";
      note.textContent = "Double dummy: every seat sees every hand, which no player at the table could.";
      w.result.appendChild(note);
    }
    var list = document.createElement("ol");
    list.className = "whatif-actions";
    var calls = r.actions.filter(function (a) { return a.kind !== "play"; });
    if (calls.length) {
      var li = document.createElement("li");
      li.textContent = calls.map(function (a) { return a.seat + " " + (a.kind === "discard" ? "discards " : "") + a.action; }).join(", ");
      list.appendChild(li);
    }
    var trick = null, line = null;
    r.actions.forEach(function (a) {
      if (a.kind !== "play") { return; }
      if (a.trick !== trick) {
        trick = a.trick;
        line = document.createElement("li");
        line.dataset.trick = String(trick);
        line.textContent = "Trick " + trick + ":";
        list.appendChild(line);
      }
      line.textContent += " " + a.seat + " " + a.action;
      if (a.winner) { line.textContent += " \u2192 " + a.winner; }
    });
    w.result.appendChild(list);
  }

  function showProblem(w, text) {
    w.result.className = "whatif-result problem";
    w.result.textContent = text;
  }

  document.querySelectorAll("section.deal").forEach(function (sec) {
    var i = Number(sec.dataset.deal), w = whatifParts(sec);
    if (!w.form) { return; }
    w.form.addEventListener("submit", function (e) {
      e.preventDefault();
      var step = data.deals[i].steps[state[i].step];
      if (!step || !step.branch) { return; }
      var body = { egn: data.egn, deal: step.branch.deal, step: step.branch.step, action: w.action.value,
                   mode: w.mode.value };
      w.result.hidden = false;
      w.back.hidden = false;
      w.result.className = "whatif-result";
      w.result.textContent = "Playing on\u2026";
      fetch("/v1/branch", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
        .then(function (resp) {
          return resp.json().then(function (json) { return { ok: resp.ok, json: json }; },
                                  function () { return { ok: false, json: { detail: "HTTP " + resp.status } }; });
        })
        .then(function (got) {
          if (got.ok) { showBranch(w, got.json); }
          else { showProblem(w, (got.json.title ? got.json.title + ": " : "") + (got.json.detail || "the server refused the branch")); }
        }, function (err) { showProblem(w, "The server did not answer: " + err); });
    });
    w.back.addEventListener("click", function () {
      go(i, state[i].step);             // the step as recorded: the branch's answer and the choice dropped
      w.action.focus();
    });
  });

  var m = /^#deal-(\d+)(?:-step-(\d+))?$/.exec(location.hash);
  if (m && Number(m[1]) < data.deals.length) {
    if (m[2] !== undefined) { state[Number(m[1])].step = Math.min(Number(m[2]), data.deals[Number(m[1])].steps.length); }
    showDeal(Number(m[1]));
  } else {
    showDeal(0);
  }
  window.euchreReview = { data: data, go: go, showDeal: showDeal, state: state };
})();
