// Optional enhancements of tables; without them every table is plain and whole.
// Sorting, for any table marked data-sortable: its headers with data-sort (the column's index) become buttons, or,
// when none has one, every header of the last header row (its own column); cells sort by data-v when they have one.
// The first click sorts a column of numbers largest first, a column of names A to Z; the next reverses it. Each body
// (a province's rows) sorts on its own, its group header row staying first.
// Filtering, for a table named by a form marked data-filter-for (site/src/components/table-filter.astro, hidden
// until shown here): rows whose data-name (else their row header) holds the typed words, and, when the form has a
// province list, whose data-province is the chosen one; its status line counts the rows shown.
// A table with an id keeps its state in the page's address: `<id>-sort=<column>a|d`, `<id>-q=<words>`,
// `<id>-province=<name>`, so an address shared, a reload, and back and forward give the same rows in the same order.
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

  function each(list, action) {
    Array.prototype.forEach.call(list, action);
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

  /** Puts a body's rows in order: by a column (direction 1 or -1), or as the page gave them (`rows`, direction 0). */
  function sortBody(body, rows, column, direction) {
    var fixed = rows.filter(isGroupHeader);
    var entries = rows
      .filter(function (row) {
        return !isGroupHeader(row);
      })
      .map(function (row, position) {
        return { row: row, value: direction ? sortValue(row.cells[column]) : 0, position: position };
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

  function fold(text) {
    return text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  }

  var tables = [];
  /** The filter box last typed in: typing on adds one history entry, not one per key. */
  var typing = null;

  function setUp(table) {
    if (!table.tBodies.length || !table.tHead) return;
    var entry = {
      table: table,
      key: table.id,
      headers: [],
      sort: null,
      bodies: Array.prototype.map.call(table.tBodies, function (body) {
        return { body: body, rows: Array.prototype.slice.call(body.rows) };
      }),
      form: table.id ? document.querySelector('form[data-filter-for="' + table.id + '"]') : null,
    };
    tables.push(entry);
    if (table.hasAttribute('data-sortable')) setUpSorting(entry);
    if (entry.form) setUpFilter(entry);
  }

  function setUpSorting(entry) {
    var table = entry.table;
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
      entry.headers.push({ th: th, column: column });
      button.addEventListener('click', function () {
        var current = th.getAttribute('aria-sort');
        var descending = current === 'none' ? numeric : current === 'ascending';
        sortTable(entry, { column: column, direction: descending ? -1 : 1 });
        remember(true);
      });
    });
  }

  /** Sorts a table by `sort` ({ column, direction }), or back to the page's order when it is null. */
  function sortTable(entry, sort) {
    var chosen = null;
    entry.headers.forEach(function (header) {
      if (sort && header.column === sort.column) chosen = header;
      header.th.setAttribute('aria-sort', 'none');
    });
    entry.sort = chosen ? sort : null;
    if (chosen) chosen.th.setAttribute('aria-sort', sort.direction < 0 ? 'descending' : 'ascending');
    entry.bodies.forEach(function (part) {
      sortBody(part.body, part.rows, entry.sort ? entry.sort.column : 0, entry.sort ? entry.sort.direction : 0);
    });
  }

  function setUpFilter(entry) {
    var form = entry.form;
    form.hidden = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
    });
    if (form.elements.q)
      form.elements.q.addEventListener('input', function () {
        filterTable(entry);
        remember(typing !== form.elements.q);
        typing = form.elements.q;
      });
    if (form.elements.province)
      form.elements.province.addEventListener('change', function () {
        filterTable(entry);
        remember(true);
      });
  }

  /** Shows the rows the filter form asks for, and says how many. */
  function filterTable(entry) {
    var form = entry.form;
    var words = form.elements.q ? fold(form.elements.q.value) : '';
    var province = form.elements.province ? form.elements.province.value : '';
    var shown = 0;
    var total = 0;
    entry.bodies.forEach(function (part) {
      var any = false;
      part.rows.forEach(function (row) {
        if (isGroupHeader(row)) return;
        var header = row.querySelector('th[scope="row"]');
        var name = row.getAttribute('data-name') || (header ? header.textContent : row.textContent);
        var match =
          fold(name).indexOf(words) >= 0 && (province === '' || row.getAttribute('data-province') === province);
        row.hidden = !match;
        total += 1;
        if (match) shown += 1;
        any = any || match;
      });
      part.rows.filter(isGroupHeader).forEach(function (row) {
        row.hidden = !any;
      });
    });
    // The totals row counts every row: it is left out while only some are shown.
    if (entry.table.tFoot) entry.table.tFoot.hidden = shown < total;
    var status = form.querySelector('[role="status"]');
    if (status) {
      var count = new Intl.NumberFormat(document.documentElement.lang).format(shown);
      status.textContent =
        shown < total ? status.getAttribute('data-some').replace('{shown}', count) : status.getAttribute('data-all');
    }
  }

  /** Writes every keyed table's sort and filter into the page's address: a new history entry, or this one. */
  function remember(push) {
    if (push) typing = null;
    var url = new URL(window.location.href);
    tables.forEach(function (entry) {
      if (!entry.key) return;
      var values = {
        sort: entry.sort ? entry.sort.column + (entry.sort.direction < 0 ? 'd' : 'a') : '',
        q: entry.form && entry.form.elements.q ? entry.form.elements.q.value : '',
        province: entry.form && entry.form.elements.province ? entry.form.elements.province.value : '',
      };
      Object.keys(values).forEach(function (name) {
        if (values[name]) url.searchParams.set(entry.key + '-' + name, values[name]);
        else url.searchParams.delete(entry.key + '-' + name);
      });
    });
    if (url.href === window.location.href) return;
    if (push) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }

  /** Gives every keyed table the sort and filter its address holds (on load, and on back and forward). */
  function restore() {
    var params = new URL(window.location.href).searchParams;
    typing = null;
    tables.forEach(function (entry) {
      if (!entry.key) return;
      var sort = /^(\d+)([ad])$/.exec(params.get(entry.key + '-sort') || '');
      sortTable(entry, sort ? { column: Number(sort[1]), direction: sort[2] === 'd' ? -1 : 1 } : null);
      if (!entry.form) return;
      var elements = entry.form.elements;
      if (elements.q) elements.q.value = params.get(entry.key + '-q') || '';
      if (elements.province) {
        elements.province.value = params.get(entry.key + '-province') || '';
        // A province the list does not have (an address from another year) leaves the list on all provinces.
        if (elements.province.selectedIndex < 0) elements.province.value = '';
      }
      filterTable(entry);
    });
  }

  each(document.querySelectorAll('table'), function (table) {
    if (
      table.hasAttribute('data-sortable') ||
      (table.id && document.querySelector('form[data-filter-for="' + table.id + '"]'))
    )
      setUp(table);
  });
  if (tables.length > 0) restore();
  window.addEventListener('popstate', restore);
})();
