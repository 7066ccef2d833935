'use strict';
// The endpoint's page: reads the endpoint's JSON documents and draws them. Plain DOM, no library.
(function () {
  var base = (function () {
    var p = location.pathname;
    if (p.slice(-11) === '/index.html') { p = p.slice(0, -10); }
    return p.slice(-1) === '/' ? p : p + '/';
  })();
  var profiling = document.body.getAttribute('data-profiling') === 'true';
  var kinds = null;
  var phaseColour = {};
  var timer = null;
  var poll = null;
  var profileCount = 0;

  function $(id) { return document.getElementById(id); }

  function get(path) {
    return fetch(base + path, {cache: 'no-store'}).then(function (r) {
      if (!r.ok) {
        return r.text().then(function (t) { throw new Error(t.trim() || (path + ': HTTP ' + r.status)); });
      }
      return r.json();
    });
  }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') { e.textContent = attrs[k]; } else { e.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { if (c) { e.appendChild(c); } });
    return e;
  }

  function cell(text, cls) { return el('td', cls ? {text: text, 'class': cls} : {text: text}); }

  // absent (a phase met only in a call's reads after it returned has no percentiles): a dash, never 0
  function fixed(n, d) { return n === undefined ? '\u2013' : Number(n).toFixed(d); }

  function spark(series, index, colour) {
    var w = 160, h = 24, max = 0;
    series.forEach(function (s) { max = Math.max(max, s[index]); });
    var svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'spark');
    svg.setAttribute('width', w);
    svg.setAttribute('height', h);
    if (series.length > 1 && max > 0) {
      var pts = series.map(function (s, i) {
        return (i * (w - 2) / (series.length - 1) + 1).toFixed(1) + ',' + (h - 1 - s[index] * (h - 2) / max).toFixed(1);
      });
      var line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
      line.setAttribute('points', pts.join(' '));
      line.setAttribute('fill', 'none');
      line.setAttribute('stroke', colour);
      svg.appendChild(line);
    }
    return svg;
  }

  function drawOperations(history) {
    var body = $('operations-table').tBodies[0];
    body.textContent = '';
    history.operations.forEach(function (op) {
      var graphs = el('td', {'class': 'text'});
      graphs.appendChild(spark(op.series, 1, '#4e79a7'));
      graphs.appendChild(spark(op.series, 3, '#e15759'));
      body.appendChild(el('tr', {'data-operation': op.operation}, [cell(op.operation, 'op'),
        cell(String(op.requests)), cell(fixed(op.rate_per_s, 2)), cell(String(op.errors)),
        cell(fixed(op.p50_us / 1000, 2)), cell(fixed(op.p99_us / 1000, 2)), graphs]));
    });
    $('operations-empty').hidden = history.operations.length > 0;
    $('window-label').textContent = history.minutes + ' min';
  }

  function drawPhases(phases) {
    var bars = $('phase-bars');
    var body = $('phases-table').tBodies[0];
    bars.textContent = '';
    body.textContent = '';
    phases.operations.forEach(function (op) {
      var bar = el('div', {'class': 'bar'});
      var total = op.duration_us.mean;
      kinds.phases.forEach(function (k) {
        var p = op.phases[k.tag];
        if (!p) { return; }
        var width = total > 0 ? 100 * p.mean_us / total : 0;
        bar.appendChild(el('span', {style: 'width:' + width + '%;background:' + phaseColour[k.tag],
          title: k.tag + ': ' + fixed(p.mean_us, 1) + ' \u00b5s (' + fixed(100 * p.share, 1) + '%)'}));
        body.appendChild(el('tr', {'data-operation': op.operation, 'data-phase': k.tag}, [cell(op.operation, 'op'),
          cell(k.tag, 'text'), cell(fixed(p.mean_us, 1)), cell(fixed(100 * p.share, 1) + '%'), cell(fixed(p.p99_us, 1)),
          // absent when this JVM could not count the requests' allocation (virtual threads): not measured, not 0
          cell(p.alloc_bytes === undefined ? 'not measured' : String(p.alloc_bytes))]));
      });
      bars.appendChild(el('div', {'class': 'bar-row'}, [el('span', {'class': 'label', text: op.operation,
        title: op.operation + ': ' + fixed(total, 1) + ' \u00b5s per request, ' + op.requests + ' requests'}), bar]));
    });
  }

  /** The calls this JVM made, per operation and peer: volume, errors, latency, where the time goes, hot spots. */
  function drawClients(phases) {
    var body = $('clients-table').tBodies[0];
    body.textContent = '';
    var clients = phases.clients || [];
    clients.forEach(function (c) {
      var errors = 0;
      Object.keys(c.outcomes).forEach(function (o) { if (o !== 'success') { errors += c.outcomes[o]; } });
      var top = Object.keys(c.phases).map(function (tag) { return [tag, c.phases[tag].share]; })
        .sort(function (a, b) { return b[1] - a[1]; }).slice(0, 3)
        .map(function (p) { return p[0] + ' ' + fixed(100 * p[1], 0) + '%'; }).join(', ');
      var hot = Object.keys(c.hotspots_per_request).map(function (k) {
        return k + ' ' + fixed(c.hotspots_per_request[k], 2); }).join(', ');
      var from = Object.keys(c.called_from).map(function (op) { return op + ' (' + c.called_from[op] + ')'; }).join(', ');
      body.appendChild(el('tr', {'data-operation': c.operation, 'data-peer': c.peer}, [cell(c.operation, 'op'),
        cell(c.peer, 'text'), cell(String(c.requests)), cell(String(errors)), cell(fixed(c.duration_us.mean / 1000, 2)),
        cell(fixed(c.duration_us.p99 / 1000, 2)), cell(top, 'text'), cell(hot || '-', 'text'), cell(from || '-', 'text')]));
    });
    $('clients-empty').hidden = clients.length > 0;
  }

  function drawHotspots(hotspots) {
    var list = $('hotspot-list');
    list.textContent = '';
    kinds.hotspot_kinds.forEach(function (k) {
      var sites = hotspots.hotspots.filter(function (s) { return s.kind === k.tag; });
      if (sites.length === 0) { return; }
      var table = el('table', {'class': 'sites'}, [el('thead', {}, [el('tr', {}, [el('th', {text: 'site'}),
        el('th', {text: 'caller'}), el('th', {text: 'operation'}), el('th', {text: 'per request'}),
        el('th', {text: 'count'})])])]);
      var body = el('tbody');
      sites.forEach(function (s) {
        s.operations.forEach(function (o, i) {
          var stack = i === 0 ? el('details', {}, [el('summary', {text: s.caller}),
            el('pre', {text: s.first_stack.join('\n')})]) : null;
          body.appendChild(el('tr', {'data-kind': k.tag}, [cell(i === 0 ? s.site : '', 'op'),
            i === 0 ? el('td', {'class': 'text'}, [stack]) : cell(''), cell(o.operation, 'op'),
            cell(o.per_request === null ? (s.one_off ? 'once (class init)' : '-') : fixed(o.per_request, 3)),
            cell(String(o.count))]));
        });
        // inside the calls this JVM made: per call; a client built: its rate over all calls
        (s.clients || []).forEach(function (c) {
          body.appendChild(el('tr', {'data-kind': k.tag, 'data-client': c.operation}, [cell(''), cell(''),
            cell('call ' + c.operation + ' @ ' + c.peer, 'op'),
            cell(c.per_call === null ? '-' : fixed(c.per_call, 3) + ' per call'), cell(String(c.count))]));
        });
        if (s.per_call !== undefined && s.per_call !== null) {
          body.appendChild(el('tr', {'data-kind': k.tag, 'data-per-call': 'all'}, [cell(''), cell(''),
            cell('all calls', 'op'), cell(fixed(s.per_call, 3) + ' per call'), cell(String(s.total))]));
        }
      });
      table.appendChild(body);
      list.appendChild(el('div', {'class': 'kind', id: 'kind-' + k.tag}, [el('h3', {text: k.tag}),
        el('p', {text: k.description}), el('p', {'class': 'why', text: 'Why it costs: ' + (k.why || '')}),
        el('p', {'class': 'instead', text: 'Instead: ' + (k.instead || '')}), table]));
    });
    $('hotspots-empty').hidden = hotspots.hotspots.length > 0;
  }

  function refresh() {
    var minutes = $('minutes').value;
    return Promise.all([get('history?minutes=' + minutes), get('phases'), get('hotspots')]).then(function (r) {
      drawOperations(r[0]);
      drawPhases(r[1]);
      drawClients(r[1]);
      drawHotspots(r[2]);
      $('updated').textContent = 'updated ' + new Date().toLocaleTimeString();
      document.body.setAttribute('data-loaded', String(Number(document.body.getAttribute('data-loaded') || 0) + 1));
    }).catch(function (e) {
      $('updated').textContent = 'could not read the endpoint: ' + e.message;
    });
  }

  function schedule() {
    if (timer) { clearInterval(timer); timer = null; }
    if ($('live').checked) { timer = setInterval(refresh, 5000); }
  }

  // ---- profiles (the agent's endpoint only) ----

  function showFlame(src) {
    var f = $('flame');
    f.hidden = false;
    f.src = base + src;
  }

  function drawProfiles(state) {
    var running = state.running;
    $('start').disabled = !!running;
    $('progress').hidden = !running;
    if (running) {
      $('progress').max = running.seconds;
      $('progress').value = Math.min(running.seconds, running.elapsed_s);
      $('profile-status').textContent = running.event + ': ' + fixed(running.elapsed_s, 0) + ' of ' + running.seconds + ' s';
    } else {
      $('profile-status').textContent = state.error ? 'the last profile failed: ' + state.error : '';
    }
    var list = $('profiles');
    list.textContent = '';
    state.profiles.forEach(function (p) {
      var item = el('div', {'class': 'profile-item', 'data-profile': String(p.id)}, [el('strong', {text: '#' + p.id + ' '}),
        document.createTextNode(p.event + ', ' + p.seconds + ' s, ' + p.requests + ' requests, ' + p.samples + ' samples: ')]);
      var all = el('button', {type: 'button', text: 'all phases'});
      all.onclick = function () { showFlame('profiles/flame?id=' + p.id + noneParam()); };
      item.appendChild(all);
      p.phases.forEach(function (tag) {
        var b = el('button', {type: 'button', text: tag, style: 'border-left: 6px solid ' + (phaseColour[tag] || '#ccc')});
        b.onclick = function () { showFlame('profiles/flame?id=' + p.id + '&phase=' + encodeURIComponent(tag) + noneParam()); };
        item.appendChild(b);
      });
      list.appendChild(item);
    });
    ['base', 'current'].forEach(function (id, which) {
      var select = $(id);
      var was = select.value;
      select.textContent = '';
      state.profiles.forEach(function (p) { select.appendChild(el('option', {value: String(p.id), text: '#' + p.id + ' ' + p.event})); });
      if (state.profiles.length !== profileCount && state.profiles.length > 1) {
        select.selectedIndex = state.profiles.length - 2 + which; // a new profile: the last two, older as baseline
      } else if (was) {
        select.value = was;
      }
    });
    profileCount = state.profiles.length;
    $('compare').hidden = state.profiles.length < 2;
    return running;
  }

  // JIT, GC and other samples outside any request phase are left out of the flame graph unless asked for
  function noneParam() {
    return $('show-none').checked ? '&none=show' : '';
  }

  function watchProfiles() {
    return get('profiles').then(function (state) {
      var running = drawProfiles(state);
      if (running && !poll) {
        poll = setInterval(watchProfiles, 1000);
      } else if (!running && poll) {
        clearInterval(poll);
        poll = null;
        if (state.profiles.length > 0) { showFlame('profiles/flame?id=' + state.profiles[state.profiles.length - 1].id + noneParam()); }
      }
    }).catch(function (e) { $('profile-status').textContent = e.message; });
  }

  function startProfile(event) {
    event.preventDefault();
    get('profiles/start?event=' + $('event').value + '&seconds=' + $('seconds').value)
      .then(watchProfiles)
      .catch(function (e) { $('profile-status').textContent = e.message; });
  }

  function compare() {
    var q = 'base=' + $('base').value + '&current=' + $('current').value;
    showFlame('profiles/diff?' + q);
    get('profiles/verdict?' + q).then(function (v) {
      var body = $('verdict-table').tBodies[0];
      body.textContent = '';
      v.rows.forEach(function (r) {
        body.appendChild(el('tr', {}, [cell(r.operation, 'op'), cell(r.phase, 'text'), cell(r.signal, 'text'),
          cell(fixed(r.base, 1) + ' ' + r.unit), cell(fixed(r.current, 1) + ' ' + r.unit),
          cell(fixed(r.diff, 1) + ' \u00b1 ' + fixed(r.half_interval, 1)), cell(r.verdict, r.verdict)]));
      });
      $('verdict-table').hidden = v.rows.length === 0;
      $('verdict-note').textContent = v.rule + (v.not_judged.length ? '; not judged: ' + v.not_judged.join(', ') : '');
    }).catch(function (e) { $('verdict-note').textContent = e.message; });
  }

  get('kinds').then(function (k) {
    kinds = k;
    var legend = $('phase-legend');
    k.phases.forEach(function (p) {
      phaseColour[p.tag] = p.colour; // the one colour per phase, as the flame graphs draw it
      legend.appendChild(el('span', {title: p.description}, [el('i', {style: 'background:' + phaseColour[p.tag]}),
        document.createTextNode(p.tag)]));
    });
    $('minutes').onchange = refresh;
    $('live').onchange = schedule;
    if (profiling) {
      $('profile-form').onsubmit = startProfile;
      $('compare-button').onclick = compare;
      watchProfiles();
    } else {
      $('profiler').hidden = true;
      $('no-profiler').hidden = false;
    }
    schedule();
    return refresh();
  }).catch(function (e) { $('updated').textContent = 'could not read the endpoint: ' + e.message; });
})();
