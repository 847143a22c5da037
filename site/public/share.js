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

// The figures' PNG buttons (site/src/components/figure-links.astro): the figure's own SVG file drawn on a canvas at
// twice its size and saved as a PNG under the figure's file name. Shown where a canvas can give a PNG (without
// JavaScript, the SVG link beside it stays); those inside a template (the compare page's charts) are shown in it.
(function () {
  if (!document.createElement('canvas').toBlob) return;
  var show = function (root) {
    root.querySelectorAll('[data-figure-png]').forEach(function (item) {
      item.hidden = false;
    });
  };
  show(document);
  document.querySelectorAll('template').forEach(function (template) {
    show(template.content);
  });
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('[data-figure-png] button');
    if (!button) return;
    var image = new window.Image();
    image.onload = function () {
      var canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth * 2;
      canvas.height = image.naturalHeight * 2;
      canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(function (png) {
        var link = document.createElement('a');
        link.href = URL.createObjectURL(png);
        link.download = button.dataset.file;
        document.body.append(link);
        link.click();
        link.remove();
        // The download has its own copy by then; the object URL is let go a minute later.
        window.setTimeout(function () {
          URL.revokeObjectURL(link.href);
        }, 60000);
      }, 'image/png');
    };
    image.src = button.dataset.svg;
  });
})();
