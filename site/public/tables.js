// Optional sorting and filtering of tables (docs/site.md, "What the pages promise": sorting, "Tables: sort and
// filter"); without it every table is plain and whole. Sorting: table[data-sortable], its th[data-sort] (else the
// last header row) as buttons, cells by data-v else text. Filtering: the hidden form[data-filter-for=<table id>],
// rows by their name (data-name, else the row header without its flag) and data-province. A keyed table (an id)
// keeps <id>-sort=<column>a|d, <id>-q and <id>-province in the address, restored on load, back and forward.
(function () {
  'use strict';

  var each = function (list, action) {
    Array.prototype.forEach.call(list, action);
  };
  var slice = function (list) {
    return Array.prototype.slice.call(list);
  };

  function sortValue(cell) {
    if (!cell) return null;
    var raw = cell.getAttribute('data-v');
    return raw === null ? cell.textContent.trim() : Number(raw);
  }

  function isEmpty(value) {
    return value === null || value === '';
  }

  function compare(a, b) {
    if (isEmpty(a)) return isEmpty(b) ? 0 : 1;
    if (isEmpty(b)) return -1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a).localeCompare(String(b), document.documentElement.lang);
  }

  function isGroupHeader(row) {
    return row.querySelector('th[scope="rowgroup"]') !== null;
  }

  /** Whether the column holds numbers: a cell of it in a body row has data-v. Asked on a header's first press only. */
  function isNumeric(entry, column) {
    return entry.bodies.some(function (part) {
      return part.rows.some(function (row) {
        var cell = row.cells[column];
        return !isGroupHeader(row) && cell !== undefined && cell.hasAttribute('data-v');
      });
    });
  }

  /**
   * Puts a body's rows (`rows`, as the page gave them) in order by a column (direction 1 or -1; empty values last
   * either way), or back in the page's order (direction 0); a group header row stays first.
   */
  function sortBody(body, rows, column, direction) {
    var entries = rows
      .filter(function (row) {
        return !isGroupHeader(row);
      })
      .map(function (row, position) {
        return { row: row, value: direction ? sortValue(row.cells[column]) : 0, position: position };
      });
    entries.sort(function (x, y) {
      var order = compare(x.value, y.value);
      if (isEmpty(x.value) || isEmpty(y.value)) return order || x.position - y.position;
      return order * direction || x.position - y.position;
    });
    rows
      .filter(isGroupHeader)
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

  /** A row's name to filter on: data-name, else its row header's text without the flag (its ⚠ and hidden words). */
  function nameOf(row) {
    var header = row.querySelector('th[scope="row"]');
    var name = row.getAttribute('data-name');
    if (name !== null || !header) return fold(name || row.textContent);
    name = header.textContent;
    each(header.querySelectorAll('.flag'), function (flag) {
      name = name.replace(flag.textContent, '');
    });
    return fold(name);
  }

  var tables = [];
  /** The page's number format for the filters' counts, made on the first filtering. */
  var counts = null;
  /** The filter box typed in last: typing adds one history entry when it starts, not one per key. */
  var typing = null;

  function setUp(table) {
    var form = table.id && document.querySelector('form[data-filter-for="' + table.id + '"]');
    if (!table.tHead || !table.tBodies.length || !(form || table.hasAttribute('data-sortable'))) return;
    var entry = {
      table: table,
      key: table.id,
      headers: [],
      sort: null,
      bodies: slice(table.tBodies).map(function (body) {
        return { body: body, rows: slice(body.rows) };
      }),
      form: form,
      /** Whether the filter hides rows it might show: its fields are not all empty. */
      filtered: false,
    };
    tables.push(entry);
    if (table.hasAttribute('data-sortable')) setUpSorting(entry);
    if (!form) return;
    form.hidden = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
    });
    form.addEventListener('input', function (event) {
      filterTable(entry);
      remember(event.target.name !== 'q' || typing !== event.target);
      if (event.target.name === 'q') typing = event.target;
    });
  }

  function setUpSorting(entry) {
    var table = entry.table;
    var headers = slice(table.tHead.querySelectorAll('th[data-sort]'));
    var explicit = headers.length > 0;
    if (!explicit) headers = slice(table.tHead.rows[table.tHead.rows.length - 1].cells);
    headers.forEach(function (th) {
      var column = explicit ? Number(th.getAttribute('data-sort')) : th.cellIndex;
      var button = document.createElement('button');
      button.type = 'button';
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      th.setAttribute('aria-sort', 'none');
      entry.headers.push({ th: th, column: column });
      // The first press sorts numbers largest first and names A to Z; the next reverses it.
      button.addEventListener('click', function () {
        var current = th.getAttribute('aria-sort');
        var descending = current === 'none' ? isNumeric(entry, column) : current === 'ascending';
        sortTable(entry, { column: column, direction: descending ? -1 : 1 });
        remember(true);
      });
    });
  }

  /** Sorts a table by `sort` ({ column, direction }), or back to the page's order when it is null or unknown. */
  function sortTable(entry, sort) {
    var chosen = null;
    entry.headers.forEach(function (header) {
      if (sort && header.column === sort.column) chosen = header;
      header.th.setAttribute('aria-sort', 'none');
    });
    entry.sort = chosen ? sort : null;
    if (chosen) chosen.th.setAttribute('aria-sort', sort.direction < 0 ? 'descending' : 'ascending');
    entry.bodies.forEach(function (part) {
      sortBody(part.body, part.rows, chosen ? sort.column : 0, chosen ? sort.direction : 0);
    });
  }

  /** Shows the rows the filter form asks for, and says how many. */
  function filterTable(entry) {
    var elements = entry.form.elements;
    var words = elements.q ? fold(elements.q.value) : '';
    var province = elements.province ? elements.province.value : '';
    var shown = 0;
    var total = 0;
    entry.bodies.forEach(function (part) {
      var any = false;
      part.rows.forEach(function (row) {
        if (isGroupHeader(row)) return;
        var match =
          nameOf(row).indexOf(words) >= 0 && (province === '' || row.getAttribute('data-province') === province);
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
    var status = entry.form.querySelector('[role="status"]');
    entry.filtered = words !== '' || province !== '';
    counts = counts || new Intl.NumberFormat(document.documentElement.lang);
    var count = counts.format(shown);
    status.textContent =
      shown < total ? status.getAttribute('data-some').replace('{shown}', count) : status.getAttribute('data-all');
  }

  function field(entry, name) {
    var element = entry.form && entry.form.elements[name];
    return element ? element.value : '';
  }

  /** Writes every keyed table's sort and filter into the page's address: a new history entry, or this one. */
  function remember(push) {
    if (push) typing = null;
    var url = new URL(window.location.href);
    tables.forEach(function (entry) {
      if (!entry.key) return;
      var values = {
        sort: entry.sort ? entry.sort.column + (entry.sort.direction < 0 ? 'd' : 'a') : '',
        q: field(entry, 'q'),
        province: field(entry, 'province'),
      };
      Object.keys(values).forEach(function (name) {
        if (values[name]) url.searchParams.set(entry.key + '-' + name, values[name]);
        else url.searchParams.delete(entry.key + '-' + name);
      });
    });
    if (url.href !== window.location.href) window.history[push ? 'pushState' : 'replaceState'](null, '', url);
  }

  /**
   * Gives every keyed table the sort and filter its address holds. A table in the page's order and unfiltered is left
   * alone when the address keeps it so: a page opened at a plain address does no work here (sorting rows in place
   * and reading every row's name cost a phone's CPU far more than the rest of this script).
   */
  function restore() {
    var params = new URL(window.location.href).searchParams;
    typing = null;
    tables.forEach(function (entry) {
      if (!entry.key) return;
      var sort = /^(\d+)([ad])$/.exec(params.get(entry.key + '-sort') || '');
      if (sort || entry.sort) {
        sortTable(entry, sort ? { column: Number(sort[1]), direction: sort[2] === 'd' ? -1 : 1 } : null);
      }
      if (!entry.form) return;
      var asked = false;
      each(entry.form.elements, function (element) {
        if (!element.name) return;
        element.value = params.get(entry.key + '-' + element.name) || '';
        // A province the list does not have (an address from another year) leaves it on every province.
        if (element.selectedIndex < 0) element.value = '';
        asked = asked || element.value !== '';
      });
      if (asked || entry.filtered) filterTable(entry);
    });
  }

  // The sentence saying that tables sort (data-js-hint) shows only where they do.
  each(document.querySelectorAll('[data-js-hint]'), function (hint) {
    hint.hidden = false;
  });
  each(document.querySelectorAll('table'), setUp);
  if (tables.length > 0) restore();
  window.addEventListener('popstate', restore);
})();
