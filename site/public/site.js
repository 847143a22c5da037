// Optional enhancements; every page works without them (tables sort and filter with tables.js, the province maps
// name a tapped province with maps.js). The downloads page's disclosures open before printing, and a copy button
// follows each of its loading lines. And the search page's results from /search-index.json. Result links follow scripts/site/site-routes.ts:
// <prefix><year>/dapil/<id>/ and <prefix><year>/<party slug>/<ballot>/.
(function () {
  'use strict';

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
