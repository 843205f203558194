// The analysis page: each form posts its fields to a /v1 endpoint and draws the answer.
(function () {
  "use strict";
  var out = document.getElementById("result");

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function num(x, d) { return x === null || x === undefined ? "\u2014" : Number(x).toFixed(d === undefined ? 2 : d); }
  function ival(iv, d) { return iv ? "[" + num(iv[0], d) + ", " + num(iv[1], d) + "]" : ""; }

  function rules(form) {
    var r = { players: Number(form.elements.players.value) };
    if (form.elements.joker.checked) { r.joker = true; }
    if (form.elements.canadian && form.elements.canadian.checked) { r.canadian = true; }
    if (form.elements.partners_best && form.elements.partners_best.checked) { r.partners_best = true; }
    if (form.elements.farmers && form.elements.farmers.checked) { r.farmers = true; }
    if (form.elements.go_under && form.elements.go_under.checked) { r.go_under = true; }
    if (form.elements.allow_no_trump && form.elements.allow_no_trump.checked) { r.allow_no_trump = true; }
    return r;
  }
  function text(form, name) { var f = form.elements[name]; return f ? f.value.trim() : ""; }
  function seeded(f, b) { if (text(f, "seed")) { b.seed = Number(text(f, "seed")); } return b; }
  function score(s) {
    if (!s) { return undefined; }
    var o = {};
    s.split(",").forEach(function (p) { var kv = p.split(":"); o[kv[0].trim()] = Number(kv[1]); });
    return o;
  }

  var bodies = {
    solve: function (f) {
      var b = { deal: text(f, "deal"), trump: text(f, "trump"), leader: text(f, "leader"), rules: rules(f) };
      if (text(f, "makers")) { b.makers = text(f, "makers"); }
      if (text(f, "alone")) { b.alone = text(f, "alone"); }
      if (text(f, "played")) { b.played = text(f, "played"); }
      return b;
    },
    table: function (f) { return { deal: text(f, "deal"), dealer: text(f, "dealer"), rules: rules(f) }; },
    advise: function (f) {
      var b = { hand: text(f, "hand"), upcard: text(f, "upcard"), seat: text(f, "seat"), dealer: text(f, "dealer"),
                round: Number(text(f, "round")), worlds: Number(text(f, "worlds")), rules: rules(f) };
      if (text(f, "examples")) { b.examples = Number(text(f, "examples")); }
      if (score(text(f, "score"))) { b.score = score(text(f, "score")); }
      return seeded(f, b);
    },
    play: function (f) {
      var b = bodies.lead(f);
      if (text(f, "examples")) { b.examples = Number(text(f, "examples")); }
      if (text(f, "inference") && text(f, "inference") !== "auction") { b.inference = text(f, "inference"); }
      return b;
    },
    lead: function (f) {
      var b = { seat: text(f, "seat"), hand: text(f, "hand"), dealer: text(f, "dealer"), upcard: text(f, "upcard"),
                calls: text(f, "calls"), alone: f.elements.alone.checked, tricks: text(f, "tricks"),
                worlds: Number(text(f, "worlds")), rules: rules(f) };
      if (text(f, "discard")) { b.discard = text(f, "discard"); }
      return seeded(f, b);
    },
    compare: function (f) {
      var b = bodies.lead(f);
      b.a = text(f, "a");
      b.b = text(f, "b");
      if (text(f, "worlds")) { b.worlds = Number(text(f, "worlds")); } else { delete b.worlds; }
      if (text(f, "examples")) { b.examples = Number(text(f, "examples")); }
      if (score(text(f, "score"))) { b.score = score(text(f, "score")); }
      return b;
    },
    chart: function (f) {
      // no rules: the charts hold the default four-player game only (POST /v1/chart takes none)
      var b = { hand: text(f, "hand"), upcard: text(f, "upcard"), seat: text(f, "seat"), dealer: text(f, "dealer"),
                round: Number(text(f, "round")), alone: f.elements.alone.checked, valuation: text(f, "valuation") };
      if (text(f, "call")) { b.call = text(f, "call"); }
      return b;
    }
  };
  // which form asks each endpoint (the lead table is asked from the play form)
  var FORMS = { solve: "deal", table: "deal", advise: "advise", play: "play", lead: "play", compare: "compare",
                chart: "chart" };
  var DD_NOTE = out.getAttribute("data-dd-note");
  function ddNote() {
    // the note said wherever a double-dummy figure is shown (solver.render.DOUBLE_DUMMY_NOTE)
    return el("p", { "class": "note dd-note" }, DD_NOTE);
  }

  function bars(rows) {
    // rows: [{label, value, interval, recommended, note}] drawn on one scale with 0 marked
    var lo = 0, hi = 0;
    rows.forEach(function (r) {
      [r.value].concat(r.interval || []).forEach(function (v) {
        if (v !== null && isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      });
    });
    if (hi - lo < 1e-9) { hi = lo + 1; }
    var pos = function (v) { return (100 * (Math.max(lo, Math.min(hi, v)) - lo) / (hi - lo)) + "%"; };
    var box = el("div", { "class": "bars", role: "list" });
    rows.forEach(function (r) {
      var row = el("div", { "class": "bar-row" + (r.recommended ? " recommended" : ""), role: "listitem",
                            "data-option": r.label, "data-value": String(r.value) });
      row.appendChild(el("span", {}, r.label + (r.recommended ? " \u2605 recommended" : "")));
      row.appendChild(el("span", { "class": "bar-figure" }, num(r.value) + " " + ival(r.interval)));
      var track = el("span", { "class": "bar-track", "aria-hidden": "true" });
      var zero = el("span", { "class": "bar-zero" }); zero.style.left = pos(0); track.appendChild(zero);
      var bar = el("span", { "class": "bar" + (r.value < 0 ? " negative" : "") });
      bar.style.left = pos(Math.min(0, r.value));
      bar.style.width = "calc(" + pos(Math.max(0, r.value)) + " - " + pos(Math.min(0, r.value)) + ")";
      track.appendChild(bar);
      if (r.interval && isFinite(r.interval[0]) && isFinite(r.interval[1])) {
        var w = el("span", { "class": "whisker" });
        w.style.left = pos(r.interval[0]);
        w.style.width = "calc(" + pos(r.interval[1]) + " - " + pos(r.interval[0]) + ")";
        track.appendChild(w);
      }
      row.appendChild(track);
      if (r.note) { row.appendChild(el("span", { "class": "bar-note" }, r.note)); }
      box.appendChild(row);
    });
    return box;
  }

  var SYMBOLS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  function signed(x) { return (x >= 0 ? "+" : "") + (Number.isInteger(x) ? String(x) : x.toFixed(2)); }

  function examples(items) {
    // items: [{label, ex}]: the deals that show each choice that is not the best (solver.examples), drawn as
    // the review page draws them: the sentence, then each world's hands small, with both choices' points
    var box = el("div", { "class": "examples-list" });
    items.forEach(function (it) {
      if (!it.ex) { return; }
      var d = el("div", { "class": "examples", "data-option": it.label });
      d.appendChild(el("p", { "class": "reason" }, it.label + ": " + it.ex.text + (it.ex.examples.length ? "; for example:" : "")));
      it.ex.examples.forEach(function (w) {
        var row = el("div", { "class": "example", "data-played": String(w.played), "data-best": String(w.best),
                              "data-weight": String(w.weight) });
        Object.keys(w.hands).forEach(function (s) {
          var mini = el("span", { "class": "mini", "data-seat": s });
          mini.appendChild(el("b", {}, s));
          w.hands[s].split(" ").filter(Boolean).forEach(function (c) {
            var rank = c.slice(0, -1), suit = c.slice(-1);
            mini.appendChild(document.createTextNode(" "));
            mini.appendChild(el("span", { "class": "dh".indexOf(suit) >= 0 ? "red" : "", "data-card": c },
                                (rank === "T" ? "10" : rank) + (SYMBOLS[suit] || "")));
          });
          row.appendChild(mini);
        });
        row.appendChild(el("span", { "class": "muted" }, it.ex.played + ": " + signed(w.played) + ", " + it.ex.best +
                                                        ": " + signed(w.best) + " points"));
        d.appendChild(row);
      });
      box.appendChild(d);
    });
    return box;
  }

  // what the cards told (inference play or both): the holdings whose chance the play moved most
  function told(items) {
    var box = el("section", { "class": "told" });
    box.appendChild(el("h3", {}, "What the cards told"));
    var list = el("ul", {});
    items.forEach(function (t) {
      list.appendChild(el("li", { "data-seat": t.seat, "data-kind": t.kind, "data-holding": t.card || t.suit,
                                  "data-p": String(t.p), "data-p-before": String(t.p_before),
                                  "data-by": t.by ? t.by.seat + " " + t.by.card : "" }, t.text));
    });
    box.appendChild(list);
    return box;
  }

  function table(head, rows) {
    var t = el("table"), tr = el("tr");
    head.forEach(function (h) { tr.appendChild(el("th", { scope: "col" }, h)); });
    t.appendChild(tr);
    rows.forEach(function (r) {
      var row = el("tr");
      r.forEach(function (c) { row.appendChild(el("td", {}, String(c))); });
      t.appendChild(row);
    });
    return t;
  }

  var show = {
    solve: function (d) {
      out.appendChild(ddNote());
      out.appendChild(el("h2", {}, "Double dummy: " + Object.keys(d.tricks).map(function (s) {
        return s + " " + d.tricks[s]; }).join(", ") + " tricks" + (d.points ? " (scores " + JSON.stringify(d.points) + ")" : "")));
      out.appendChild(el("p", {}, d.to_move + " to move; each legal card: the mover's side's tricks after it, and its cost"));
      out.appendChild(table(["card", "tricks", "cost"], d.card_values.map(function (c) { return [c.card, c.tricks, c.cost]; })));
    },
    table: function (d) {
      out.appendChild(ddNote());
      out.appendChild(el("h2", {}, "Double-dummy table (dealer " + d.dealer + ")"));
      var suits = Object.keys(d.partners), sides = Object.keys(d.partners[suits[0]]);
      out.appendChild(table(["trump"].concat(sides.map(function (s) { return s + " (with partner)"; })),
                            suits.map(function (t) { return [t].concat(sides.map(function (s) { return d.partners[t][s]; })); })));
      if (d.loners && Object.keys(d.loners).length) {
        var seats = Object.keys(d.loners[suits[0]]);
        out.appendChild(el("p", {}, "Going alone: the loner's side's tricks"));
        out.appendChild(table(["trump"].concat(seats), suits.map(function (t) {
          return [t].concat(seats.map(function (s) { return d.loners[t][s]; })); })));
      }
    },
    advise: function (d) {
      var byWin = d.options.length && d.options[0].p_win_game !== undefined && d.options[0].p_win_game !== null;
      out.appendChild(el("h2", {}, "Bid advice: " + d.recommended + " (margin " + num(d.margin) + " " + ival(d.margin_interval) + ")"));
      out.appendChild(el("p", {}, (byWin ? "Chance of winning the game" : "Expected points") + " of each call over " +
                         d.worlds + (d.exact ? " (every) deal(s)" : " worlds") + "; bars show the 95% interval."));
      out.appendChild(bars(d.options.map(function (o) {
        return { label: o.name, value: byWin ? o.p_win_game : o.expected_points,
                 interval: byWin ? o.p_win_game_interval : o.points_interval, recommended: o.call === d.recommended,
                 note: "P(make) " + num(o.p_make) + ", P(euchred) " + num(o.p_euchred) };
      })));
      out.appendChild(examples(d.options.map(function (o) { return { label: o.name, ex: o.examples }; })));
      if (d.robust !== null && d.robust !== undefined) {
        var p = el("p", { "class": "robust", "data-robust": String(d.robust) },
                   (d.robust ? "Holds" : "Does not hold") + " under the other bidding models: " +
                   d.variants.map(function (v) { return v.role + " (" + v.model + "): " + v.recommended_name; }).join("; "));
        out.appendChild(p);
      }
    },
    play: function (d) {
      var byWin = d.cards.length && d.cards[0].p_win_game !== undefined && d.cards[0].p_win_game !== null;
      out.appendChild(el("h2", {}, "Play advice for " + d.seat + ": " + d.best + (d.equal && d.equal.length > 1 ?
                         " (equal: " + d.equal.join(" ") + ")" : "") + ", margin " + num(d.margin) + " " + ival(d.margin_interval)));
      out.appendChild(el("p", {}, (byWin ? "Chance of winning the game" : "Expected points for " + d.side) + " after each card, over " +
                         d.worlds + " worlds" + (d.effective_worlds ? " (" + num(d.effective_worlds, 1) + " effective)" : "") + "."));
      out.appendChild(bars(d.cards.map(function (c) {
        return { label: c.card, value: byWin ? c.p_win_game : c.expected_points,
                 interval: byWin ? c.p_win_game_interval : c.points_interval, recommended: c.card === d.best,
                 note: "tricks " + num(c.expected_tricks) };
      })));
      out.appendChild(examples(d.cards.map(function (c) { return { label: c.card, ex: c.examples }; })));
      if (d.told && d.told.length) { out.appendChild(told(d.told)); }
      (d.notes || []).forEach(function (n) { out.appendChild(el("p", { "class": "muted" }, n)); });
      if (d.valuation === "double_dummy") { out.appendChild(ddNote()); }
    },
    lead: function (d) {
      out.appendChild(el("h2", {}, "Lead table for " + d.seat + " (" + (!d.makers ? "defender" : d.maker === d.seat ? "maker" : "makers") +
                         ", trick " + d.trick + "): best lead " + d.best + (d.equal && d.equal.length > 1 ?
                         " (equal: " + d.equal.join(" ") + ")" : "") + (d.margin === null ? "" :
                         ", margin " + num(d.margin) + " " + ival(d.margin_interval))));
      out.appendChild(el("p", {}, "Over " + d.worlds + (d.exact ? " deals (every consistent one)" : " worlds" +
                         (d.effective_worlds ? " (" + num(d.effective_worlds, 1) + " effective)" : "")) +
                         ": P(set) the makers take fewer than 3 tricks, P(march) all 5, points the mean for " +
                         d.side + "; 95% intervals in brackets."));
      var t = el("table", { "class": "lead-table" }), tr = el("tr");
      ["lead", "P(set)", "P(march)", "points for " + d.side].forEach(function (h) {
        tr.appendChild(el("th", { scope: "col" }, h)); });
      t.appendChild(tr);
      d.leads.forEach(function (r) {
        var row = el("tr", { "data-card": r.card, "data-p-set": String(r.p_set), "data-p-march": String(r.p_march),
                             "data-points": String(r.expected_points), "class": r.card === d.best ? "recommended" : "" });
        row.appendChild(el("td", {}, r.card + (r.card === d.best ? " \u2605 best" : "")));
        row.appendChild(el("td", {}, num(r.p_set, 3) + (d.exact ? "" : " " + ival(r.set_interval))));
        row.appendChild(el("td", {}, num(r.p_march, 3) + (d.exact ? "" : " " + ival(r.march_interval))));
        row.appendChild(el("td", {}, num(r.expected_points, 3) + (d.exact ? "" : " " + ival(r.points_interval))));
        t.appendChild(row);
      });
      out.appendChild(t);
      (d.notes || []).forEach(function (n) { out.appendChild(el("p", { "class": "muted" }, n)); });
      out.appendChild(el("p", { "class": "muted" }, "valuation: " + d.play));
      if (d.valuation === "double_dummy") { out.appendChild(ddNote()); }
    }
  };

  // a comparison (POST /v1/compare): the shares of the worlds in which A does better, the same and worse than B,
  // and the mean difference A - B with its 95% interval, by points or with a score by the chance of the game
  show.compare = function (d) {
    var p = d.by === "game" ? d.game : d.points, unit = d.by === "game" ? "chance of winning the game" : "points";
    out.appendChild(el("h2", {}, "Compare for " + d.seat + ": " + d.a_name + " (A) against " + d.b_name + " (B)"));
    out.appendChild(el("p", {}, "Over the same " + d.worlds + (d.exact ? " deals (every consistent one)" : " worlds" +
                       (d.effective_worlds ? " (" + num(d.effective_worlds, 1) + " effective)" : "")) + ", by " + unit +
                       "; 95% intervals in brackets."));
    var t = el("table", { "class": "compare-table" }), tr = el("tr");
    ["A against B", "share of the worlds"].forEach(function (h) { tr.appendChild(el("th", { scope: "col" }, h)); });
    t.appendChild(tr);
    [["better", "A better"], ["same", "the same"], ["worse", "A worse"]].forEach(function (o) {
      var row = el("tr", { "data-outcome": o[0], "data-share": String(p[o[0]]) });
      row.appendChild(el("td", {}, o[1]));
      row.appendChild(el("td", {}, num(p[o[0]], 3) + (d.exact ? "" : " " + ival(p[o[0] + "_interval"]))));
      t.appendChild(row);
    });
    out.appendChild(t);
    out.appendChild(el("p", { "class": "compare-difference", "data-difference": String(p.difference),
                              "data-low": String(p.interval[0]), "data-high": String(p.interval[1]) },
                       "Mean difference A − B: " + num(p.difference, 3) + " " + unit + " " + ival(p.interval) +
                       " (A " + num(p.a, 3) + ", B " + num(p.b, 3) + ")"));
    var ex = d.examples || {};
    out.appendChild(examples([["better", "A better"], ["same", "the same"], ["worse", "A worse"]].map(function (o) {
      var rows = (ex[o[0]] || []).map(function (w) { return { hands: w.hands, weight: w.weight, played: w.a, best: w.b }; });
      return { label: o[1], ex: rows.length ? { text: rows.length + " of the likeliest such worlds", examples: rows,
                                               played: "A", best: "B" } : null };
    })));
    out.appendChild(el("p", { "class": "muted" }, "valuation: " + d.valuation_text));
    if (d.valuation === "double_dummy") { out.appendChild(ddNote()); }
  };

  // a hand chart's row (POST /v1/chart): the class of the call, how many solved calls it holds, and their
  // P(make), P(march), P(euchred) and mean points with 95% intervals; each figure in its row's data attributes
  show.chart = function (d) {
    out.appendChild(el("h2", {}, "Hand chart: " + (d.hand ? d.hand + ", trump " + d.trump + ": " : "") + d.label));
    out.appendChild(el("p", { "class": "chart-class", "data-label": d.label, "data-calls": String(d.calls),
                              "data-valuation": d.valuation },
                       d.calls.toLocaleString("en") + " calls of the solved set in the class (valuation: " +
                       d.valuation.replace("_", " ") + ")" + (d.discard ? "; the dealer throws " + d.discard : "") +
                       "; 95% intervals in brackets."));
    var t = el("table", { "class": "chart-table" }), tr = el("tr");
    ["figure", "for the caller's side"].forEach(function (h) { tr.appendChild(el("th", { scope: "col" }, h)); });
    t.appendChild(tr);
    [["p_make", "P(make) 3+ tricks", "make_interval"], ["p_march", "P(march) all 5", "march_interval"],
     ["p_euchred", "P(euchred) fewer than 3", "euchred_interval"],
     ["expected_points", "mean points", "points_interval"]].forEach(function (o) {
      var iv = d[o[2]];
      var row = el("tr", { "data-figure": o[0], "data-value": String(d[o[0]]), "data-low": String(iv[0]),
                           "data-high": String(iv[1]) });
      row.appendChild(el("td", {}, o[1]));
      row.appendChild(el("td", {}, num(d[o[0]], 3) + " " + ival(iv, 3)));
      t.appendChild(row);
    });
    out.appendChild(t);
    if (d.source) {
      out.appendChild(el("p", { "class": "muted" }, "data: " + d.source.data + ", " +
                         Number(d.source.deals).toLocaleString("en") + " deals, seed " + d.source.seed + " (" +
                         d.source.date + "). A class pools every hand so described; the advisor values this one."));
    }
    if (d.valuation === "double_dummy") { out.appendChild(ddNote()); }
  };

  function ask(endpoint, body) {
    out.textContent = "";
    out.appendChild(el("p", { "class": "muted" }, "asking /v1/" + endpoint + " \u2026"));
    out.setAttribute("aria-busy", "true");
    return fetch("/v1/" + endpoint, { method: "POST", headers: { "Content-Type": "application/json" },
                                      body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (d) { return { ok: r.ok, d: d }; }); })
      .then(function (res) {
        out.textContent = "";
        out.dataset.endpoint = endpoint;
        if (!res.ok) {
          out.appendChild(el("p", { "class": "problem", role: "alert" }, res.d.title + ": " + res.d.detail));
        } else {
          show[endpoint](res.d);
        }
      })
      .catch(function (e) { out.textContent = ""; out.appendChild(el("p", { "class": "problem", role: "alert" }, String(e))); })
      .finally(function () { out.removeAttribute("aria-busy"); });
  }

  ["deal", "advise", "play", "compare", "chart"].forEach(function (id) {
    var f = document.getElementById(id);
    f.addEventListener("submit", function (e) {
      e.preventDefault();
      var endpoint = (e.submitter && e.submitter.dataset.endpoint) || f.dataset.endpoint;
      ask(endpoint, bodies[endpoint](f));
    });
  });

  // "#advise=<json>", "#play=<json>" or "#lead=<json>" (the review page's "analyse" and "lead table" links):
  // fill the form and ask
  var m = /^#(advise|play|lead)=(.+)$/.exec(location.hash);
  if (m) {
    try {
      var body = JSON.parse(decodeURIComponent(m[2])), f = document.getElementById(FORMS[m[1]]);
      Object.keys(body).forEach(function (k) {
        var field = f.elements[k], v = body[k];
        if (!field) { return; }
        if (k === "tricks" && Array.isArray(v)) { v = v.map(function (t) { return t.join(" "); }).join("; "); }
        if (k === "calls" && Array.isArray(v)) { v = v.join(" "); }
        if (field.type === "checkbox") { field.checked = !!v; } else if (v !== null) { field.value = v; }
      });
      if (body.rules) { f.elements.players.value = String(body.rules.players || 4); f.elements.joker.checked = !!body.rules.joker;
        if (f.elements.canadian) { f.elements.canadian.checked = !!body.rules.canadian; }
        if (f.elements.partners_best) { f.elements.partners_best.checked = !!body.rules.partners_best; }
        if (f.elements.farmers) { f.elements.farmers.checked = !!body.rules.farmers; }
        if (f.elements.go_under) { f.elements.go_under.checked = !!body.rules.go_under; }
        if (f.elements.allow_no_trump) { f.elements.allow_no_trump.checked = !!body.rules.allow_no_trump; } }
      f.scrollIntoView();
      ask(m[1], Object.assign(bodies[m[1]](f), { rules: body.rules || rules(f) }));
    } catch (err) {
      out.textContent = "";
      out.appendChild(el("p", { "class": "problem", role: "alert" }, "cannot read the question in the address: " + err));
    }
  }
})();
