// Optional enhancements; every page works without them. Sorting for any table marked data-sortable: its
// headers with data-sort (the column's index) become buttons, or, when none has one, every header of the last
// header row (its own column); cells sort by data-v when they have one. The first click sorts a column of numbers
// largest first, a column of names A to Z; the next reverses it. Each body (a province's rows) sorts on its own,
// its group header row staying first. Elements marked data-js-hint (the hint that tables sort, the line naming a
// tapped province on a map) are shown; the province maps name the province tapped or focused. A copy
// button after each loading line of the downloads page. And the search page's results from /search-index.json. Result links follow scripts/site/site-routes.ts:
// <prefix><year>/dapil/<id>/ and <prefix><year>/<party slug>/<ballot>/.
(function () {
  'use strict';

  function sortValue(cell) {
    if (!cell) return null;
    var raw = cell.getAttribute('data-v');
    return raw === null ? cell.textContent.trim() : Number(raw);
  }

  function compare(a, b) {
    if (a === null || a === '') return b === null || b === '' ? 0 : 1;
    if (b === null || b === '') return -1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a).localeCompare(String(b), document.documentElement.lang);
  }

  function isGroupHeader(row) {
    return row.querySelector('th[scope="rowgroup"]') !== null;
  }

  /** Whether the column holds numbers: a cell of it in a body row has data-v. */
  function isNumeric(table, column) {
    return Array.prototype.some.call(table.tBodies, function (body) {
      return Array.prototype.some.call(body.rows, function (row) {
        var cell = row.cells[column];
        return !isGroupHeader(row) && cell !== undefined && cell.hasAttribute('data-v');
      });
    });
  }

  function sortBody(body, column, direction) {
    var rows = Array.prototype.slice.call(body.rows);
    var fixed = rows.filter(isGroupHeader);
    var entries = rows
      .filter(function (row) {
        return !isGroupHeader(row);
      })
      .map(function (row, position) {
        return { row: row, value: sortValue(row.cells[column]), position: position };
      });
    entries.sort(function (x, y) {
      var order = compare(x.value, y.value);
      // Empty values stay last whichever the direction.
      if (x.value === null || y.value === null || x.value === '' || y.value === '')
        return order || x.position - y.position;
      return order * direction || x.position - y.position;
    });
    fixed
      .concat(
        entries.map(function (entry) {
          return entry.row;
        }),
      )
      .forEach(function (row) {
        body.appendChild(row);
      });
  }

  Array.prototype.forEach.call(document.querySelectorAll('[data-js-hint]'), function (hint) {
    hint.hidden = false;
  });

  Array.prototype.forEach.call(document.querySelectorAll('table[data-sortable]'), function (table) {
    if (!table.tBodies.length || !table.tHead) return;
    var headers = Array.prototype.slice.call(table.tHead.querySelectorAll('th[data-sort]'));
    var explicit = headers.length > 0;
    if (!explicit) {
      var last = table.tHead.rows[table.tHead.rows.length - 1];
      headers = Array.prototype.slice.call(last ? last.cells : []);
    }
    headers.forEach(function (th) {
      var column = explicit ? Number(th.getAttribute('data-sort')) : th.cellIndex;
      var numeric = isNumeric(table, column);
      var button = document.createElement('button');
      button.type = 'button';
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      th.setAttribute('aria-sort', 'none');
      button.addEventListener('click', function () {
        var current = th.getAttribute('aria-sort');
        var descending = current === 'none' ? numeric : current === 'ascending';
        headers.forEach(function (other) {
          other.setAttribute('aria-sort', 'none');
        });
        th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
        Array.prototype.forEach.call(table.tBodies, function (body) {
          sortBody(body, column, descending ? -1 : 1);
        });
      });
    });
  });

  // Province maps: the province under the pointer, focused by the keyboard or tapped is named with its value (its
  // title) in the line after its map (.map-value, shown with the hints above). A touch's first tap on a province
  // shows its value; a second tap on the same province follows its link.
  Array.prototype.forEach.call(document.querySelectorAll('svg.map'), function (svg) {
    var line = svg.nextElementSibling;
    if (!line || !line.classList.contains('map-value')) return;
    var touch = false;
    var shown = null;
    function show(target) {
      var area = target && target.closest ? target.closest('a, g.nd') : null;
      if (!area || !svg.contains(area)) return null;
      var title = area.querySelector('title');
      if (title) {
        line.textContent = title.textContent;
        line.classList.add('on');
      }
      return area;
    }
    svg.addEventListener('pointerdown', function (event) {
      touch = event.pointerType === 'touch' || event.pointerType === 'pen';
    });
    svg.addEventListener('pointerover', function (event) {
      if (event.pointerType === 'mouse') show(event.target);
    });
    svg.addEventListener('focusin', function (event) {
      show(event.target);
    });
    svg.addEventListener('click', function (event) {
      var area = show(event.target);
      if (touch && area && area !== shown && area.tagName.toLowerCase() === 'a') event.preventDefault();
      shown = area;
      touch = false;
    });
  });

  // Paper gets every year's files and every loading line of the downloads page: their disclosures open before
  // printing.
  window.addEventListener('beforeprint', function () {
    Array.prototype.forEach.call(document.querySelectorAll('details.year, details.lines'), function (details) {
      details.open = true;
    });
  });

  // A copy button after each loading line of the downloads page (lists marked data-copy, which give its words in the
  // page's language); a status region says when a line has been copied. Only where the browser can copy.
  Array.prototype.forEach.call(document.querySelectorAll('dl[data-copy]'), function (list) {
    if (!navigator.clipboard) return;
    var status = document.createElement('p');
    status.className = 'sr';
    status.setAttribute('role', 'status');
    list.parentNode.insertBefore(status, list.nextSibling);
    Array.prototype.forEach.call(list.querySelectorAll('pre'), function (pre) {
      var code = pre.querySelector('code');
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy';
      button.textContent = list.getAttribute('data-copy');
      button.setAttribute('aria-label', button.textContent + ': ' + (code ? code.getAttribute('data-tool') : ''));
      button.addEventListener('click', function () {
        navigator.clipboard.writeText(pre.textContent).then(function () {
          status.textContent = list.getAttribute('data-copied');
          button.textContent = list.getAttribute('data-copied');
          window.setTimeout(function () {
            button.textContent = list.getAttribute('data-copy');
            status.textContent = '';
          }, 2000);
        });
      });
      pre.parentNode.insertBefore(button, pre.nextSibling);
    });
  });

  var results = document.getElementById('results');
  var input = document.getElementById('q');
  if (!results || !input) return;
  var data = results.dataset;
  var index = null;

  function fold(text) {
    return text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  }

  function element(name, text) {
    var node = document.createElement(name);
    if (text) node.textContent = text;
    return node;
  }

  function render(query, found, total) {
    results.textContent = '';
    var heading = element('h2', data.results + ' (' + total + ')');
    results.appendChild(heading);
    if (total === 0) {
      results.appendChild(element('p', data.none));
      return;
    }
    var list = element('ul');
    // Each result's name links to its latest year's page (a target to tap, not only the years after it); every
    // year it has a page in follows.
    found.forEach(function (hit) {
      var item = element('li');
      var pages = hit.entry[2];
      var hrefOf = function (page) {
        return data.prefix + page[0] + '/' + (hit.kind === 'party' ? data.party : 'dapil') + '/' + page[1] + '/';
      };
      var name = element('a');
      name.className = 'hit';
      name.href = hrefOf(pages[pages.length - 1]);
      name.appendChild(element('strong', hit.entry[0]));
      item.appendChild(name);
      item.appendChild(document.createTextNode(' (' + hit.label + (hit.entry[1] ? ', ' + hit.entry[1] : '') + '): '));
      pages.forEach(function (page, position) {
        if (position > 0) item.appendChild(document.createTextNode(', '));
        var link = element('a', String(page[0]));
        link.href = hrefOf(page);
        item.appendChild(link);
      });
      list.appendChild(item);
    });
    results.appendChild(list);
  }

  function search() {
    var query = fold(input.value.trim());
    if (query.length < 2) {
      results.textContent = '';
      return;
    }
    index =
      index ||
      fetch(data.index).then(function (response) {
        return response.json();
      });
    index.then(function (all) {
      var found = [];
      [
        ['dapils', 'dapil', data.dapilKind],
        ['regencies', 'regency', data.regencyKind],
        ['parties', 'party', data.partyKind],
      ].forEach(function (group) {
        all[group[0]].forEach(function (entry) {
          var matches =
            fold(entry[0]).indexOf(query) >= 0 || (group[1] === 'party' && fold(entry[1]).indexOf(query) >= 0);
          if (matches) found.push({ kind: group[1], label: group[2], entry: entry });
        });
      });
      render(query, found.slice(0, 100), found.length);
    });
  }

  input.form.addEventListener('submit', function (event) {
    event.preventDefault();
    var url = new URL(window.location.href);
    url.searchParams.set('q', input.value);
    window.history.replaceState(null, '', url);
    search();
  });
  input.addEventListener('input', search);
  var initial = new URL(window.location.href).searchParams.get('q');
  if (initial) {
    input.value = initial;
    search();
  }
})();
