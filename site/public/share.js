// Copy-link and share buttons (scripts/site/page-tools.ts), which a line of script after them has already shown where
// they work (copy where the Clipboard API exists, share where navigator.share does): made to work here. A section's
// "#" link also copies its address. Without JavaScript, or without either API, the buttons stay hidden; the "#" links
// work as plain links.
(function () {
  var bar = document.querySelector('[data-share]');
  if (!bar) return;
  var status = bar.querySelector('[role=status]');
  var page = location.href.split('#')[0];
  var copy = function (url, said) {
    navigator.clipboard.writeText(url).then(
      function () {
        status.textContent = said;
      },
      function () {
        status.textContent = bar.dataset.failed;
      },
    );
  };
  var button = bar.querySelector('[data-copy]');
  if (!button.hidden) {
    button.addEventListener('click', function () {
      copy(page, bar.dataset.copied);
    });
    document.querySelectorAll('a.anchor').forEach(function (anchor) {
      anchor.addEventListener('click', function () {
        copy(anchor.href, bar.dataset.sectionCopied);
      });
    });
  }
  var share = bar.querySelector('[data-share-page]');
  if (!share.hidden) {
    share.addEventListener('click', function () {
      navigator.share({ title: document.title, url: page }).catch(function () {});
    });
  }
})();

// The embed snippets' copy buttons (scripts/site/figure-files.ts), shown only where the Clipboard API exists: without
// it the snippet stays in its text box to select and copy. Those inside a template (the compare page's charts, shown
// later by compare.js) are shown in it, and a click is handled wherever the button is.
(function () {
  if (!navigator.clipboard) return;
  var show = function (root) {
    root.querySelectorAll('[data-copy-embed]').forEach(function (button) {
      button.hidden = false;
    });
  };
  show(document);
  document.querySelectorAll('template').forEach(function (template) {
    show(template.content);
  });
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('[data-copy-embed]');
    if (!button) return;
    var status = button.nextElementSibling;
    navigator.clipboard.writeText(button.previousElementSibling.value).then(
      function () {
        status.textContent = button.dataset.copied;
      },
      function () {
        status.textContent = button.dataset.failed;
      },
    );
  });
})();
