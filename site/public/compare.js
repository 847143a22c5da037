// The compare page's figures (scripts/site/pages/compare-page.ts): two lists to choose a year, a province or a dapil
// from, filled from the compare index (scripts/site/compare-index.ts: [key, kind, year, name, context, dapils,
// regencies, counts, unreadable]), a table of the two side by side, and each chosen province's chart across years.
// The choice is the address's ?a=…&b=…: a choice adds a history entry, so back and forward and a reload show the same
// comparison. Page links follow scripts/site/site-routes.ts: <prefix><year>/ and <prefix><year>/<dapil slug>/<id>/.
(function () {
  'use strict';
  var form = document.getElementById('compare');
  // The table with its notes in the live region #compared; below it the chosen provinces' charts, drawn by the page's
  // own function (compare-view.astro: it drew the address's before the first paint).
  var out = document.getElementById('compared-table');
  var source = document.getElementById('compare-config');
  var drawCharts = window.kpuCompareCharts;
  if (!form || !out || !source || !drawCharts) return;
  var config = JSON.parse(source.textContent);
  var t = config.text;
  var selects = [document.getElementById('compare-a'), document.getElementById('compare-b')];
  var byKey = {};

  function element(name, text) {
    var node = document.createElement(name);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** A row's name, free to break after a "/" ("Kabupaten/kota"), so the four columns fit a phone's width. */
  function rowName(text) {
    var th = element('th');
    text.split('/').forEach(function (part, index, parts) {
      th.appendChild(document.createTextNode(part + (index < parts.length - 1 ? '/' : '')));
      if (index < parts.length - 1) th.appendChild(element('wbr'));
    });
    return th;
  }

  function grouped(digits) {
    return digits.replace(/\B(?=(\d{3})+(?!\d))/g, config.group);
  }

  function count(value) {
    return value === null ? config.unavailable : (value < 0 ? '-' : '') + grouped(String(Math.abs(value)));
  }

  /** A share as the site writes it: "51,7%" in Indonesian, "51.7%" in English. */
  function percent(share) {
    return share === null ? config.unavailable : (share * 100).toFixed(1).replace('.', config.decimal) + '%';
  }

  function sumOf(entry, columns) {
    var sum = 0;
    for (var i = 0; i < columns.length; i++) {
      var value = entry[7][columns[i]];
      if (value === null) return null;
      sum += value;
    }
    return sum;
  }

  /** A row's value for an entry: a number (count, size) or a share; null when the source gave none. */
  function valueOf(row, entry) {
    if (row.size) return row.size === 'dapils' ? entry[5] : entry[6];
    if (row.count !== undefined) return entry[7][row.count];
    var part = sumOf(entry, row.share[0]);
    var whole = sumOf(entry, row.share[1]);
    return part === null || !whole ? null : part / whole;
  }

  function difference(row, a, b) {
    if (a === null || b === null) return '';
    if (row.share) {
      var points = ((b - a) * 100).toFixed(1);
      // A no-break space: the number and its unit stay on one line in a narrow column.
      return (b > a && points !== '0.0' ? '+' : '') + points.replace('.', config.decimal) + '\u00a0' + t.points;
    }
    return (b > a ? '+' : '') + count(b - a);
  }

  function pageOf(entry) {
    var year = config.prefix + entry[2] + '/';
    return entry[1] === 'dapil' ? year + config.dapil + '/' + entry[0].slice(entry[0].indexOf('-d') + 2) + '/' : year;
  }

  function labelOf(entry) {
    return entry[1] === 'year' ? entry[3] : entry[3] + ', ' + entry[2];
  }

  function fill(entries) {
    selects.forEach(function (select) {
      select.appendChild(new window.Option(t.choose, ''));
      var groups = {};
      var order = [];
      entries.forEach(function (entry) {
        var name =
          entry[1] === 'year'
            ? t.yearsGroup
            : (entry[1] === 'province' ? t.provincesGroup : t.dapilsGroup)[config.years.indexOf(entry[2])];
        if (!groups[name]) {
          groups[name] = document.createElement('optgroup');
          groups[name].label = name;
          order.push(name);
        }
        groups[name].appendChild(
          new window.Option(
            // The year too: a closed list shows the option, not its group.
            entry[1] === 'year'
              ? entry[3]
              : entry[3] +
                  (entry[1] === 'dapil' ? ' (' + entry[0].slice(entry[0].indexOf('-d') + 2) + ')' : '') +
                  ', ' +
                  entry[2],
            entry[0],
          ),
        );
      });
      order.forEach(function (name) {
        select.appendChild(groups[name]);
      });
    });
  }

  /** Why an entry's figures are partial: its year covers fewer official dapils (a year, a province), unreadable values. */
  function notesOf(entry) {
    var notes = [];
    if (entry[1] !== 'dapil' && config.partialYears[entry[2]]) notes.push(config.partialYears[entry[2]]);
    if (entry[8] > 0) notes.push(t.unreadable);
    return notes;
  }

  function render() {
    var params = new URL(window.location.href).searchParams;
    var keys = [params.get('a') || '', params.get('b') || ''];
    var chosen = [];
    // What the address names that the index does not hold: a year of parties only (said as such), or anything else.
    var missing = [];
    keys.forEach(function (key, position) {
      var entry = byKey[key];
      if (key && !entry) {
        var year = /^[0-9]+/.exec(key);
        var message = (year && config.noTurnoutYears[year[0]]) || t.unknown;
        if (missing.indexOf(message) < 0) missing.push(message);
      }
      selects[position].value = entry ? key : '';
      if (entry) chosen.push(entry);
    });
    out.textContent = '';
    drawCharts(
      chosen.map(function (entry) {
        return entry[0];
      }),
    );
    missing.forEach(function (message) {
      out.appendChild(element('p', message));
    });
    // The room the page kept for the address's table before this script ran (compare-view.astro) is given back when
    // there is no table to show: an address whose choice this release does not hold left a screen of empty space.
    if (chosen.length === 0) {
      out.style.minHeight = '';
      return;
    }
    var wrap = element('div');
    wrap.className = 'scroll';
    wrap.tabIndex = 0;
    wrap.setAttribute('role', 'region');
    wrap.setAttribute('aria-labelledby', 'compare-caption');
    var table = element('table');
    table.className = 'compare';
    var caption = element('caption', t.caption);
    caption.id = 'compare-caption';
    table.appendChild(caption);
    var head = table.createTHead().insertRow();
    head.appendChild(element('th', t.figure)).scope = 'col';
    chosen.forEach(function (entry) {
      var th = element('th');
      th.scope = 'col';
      var link = element('a', labelOf(entry));
      link.href = pageOf(entry);
      th.appendChild(link);
      if (notesOf(entry).length > 0) th.appendChild(element('sup', '*'));
      head.appendChild(th);
    });
    if (chosen.length === 2) head.appendChild(element('th', t.difference)).scope = 'col';
    var body = table.createTBody();
    config.rows.forEach(function (row) {
      var tr = body.insertRow();
      tr.appendChild(rowName(row.label)).scope = 'row';
      var values = chosen.map(function (entry) {
        return valueOf(row, entry);
      });
      values.forEach(function (value) {
        var td = tr.insertCell();
        td.textContent = row.share ? percent(value) : count(value);
        if (value !== null) td.setAttribute('data-v', String(value));
      });
      if (chosen.length === 2) {
        var change = tr.insertCell();
        change.textContent = difference(row, values[0], values[1]);
        if (values[0] !== null && values[1] !== null) change.setAttribute('data-v', String(values[1] - values[0]));
      }
    });
    wrap.appendChild(table);
    out.appendChild(wrap);
    chosen.forEach(function (entry) {
      var notes = notesOf(entry);
      if (notes.length > 0) out.appendChild(element('p', '* ' + labelOf(entry) + ': ' + notes.join('; ') + '.'));
    });
  }

  function choose() {
    var url = new URL(window.location.href);
    ['a', 'b'].forEach(function (name, position) {
      if (selects[position].value) url.searchParams.set(name, selects[position].value);
      else url.searchParams.delete(name);
    });
    window.history.pushState(null, '', url);
    render();
  }

  fetch(config.index)
    .then(function (response) {
      return response.json();
    })
    .then(function (index) {
      index.entries.forEach(function (entry) {
        byKey[entry[0]] = entry;
      });
      fill(index.entries);
      form.hidden = false;
      selects.forEach(function (select) {
        select.addEventListener('change', choose);
      });
      window.addEventListener('popstate', render);
      render();
    });
})();
