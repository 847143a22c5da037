// Copy-link and share buttons (scripts/site/page-tools.ts), shown only where they work: copy where the Clipboard API
// exists, share where navigator.share does. A section's "#" link also copies its address. Without JavaScript, or
// without either API, the buttons stay hidden; the "#" links work as plain links.
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
  if (navigator.clipboard && window.isSecureContext) {
    var button = bar.querySelector('[data-copy]');
    button.hidden = false;
    button.addEventListener('click', function () {
      copy(page, bar.dataset.copied);
    });
    document.querySelectorAll('a.anchor').forEach(function (anchor) {
      anchor.addEventListener('click', function () {
        copy(anchor.href, bar.dataset.sectionCopied);
      });
    });
    bar.hidden = false;
  }
  if (navigator.share) {
    var share = bar.querySelector('[data-share-page]');
    share.hidden = false;
    share.addEventListener('click', function () {
      navigator.share({ title: document.title, url: page }).catch(function () {});
    });
    bar.hidden = false;
  }
})();
