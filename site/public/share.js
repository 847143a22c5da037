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
// it the snippet stays in its text box to select and copy.
(function () {
  if (!navigator.clipboard) return;
  document.querySelectorAll('[data-copy-embed]').forEach(function (button) {
    var status = button.nextElementSibling;
    var code = button.previousElementSibling;
    button.hidden = false;
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(code.value).then(
        function () {
          status.textContent = button.dataset.copied;
        },
        function () {
          status.textContent = button.dataset.failed;
        },
      );
    });
  });
})();
