// Optional: the province maps (scripts/site/maps/) name the province under the pointer, focused by the keyboard or
// tapped, with its value (its title), in the line after the map (.map-value, hidden without this script: the values
// stay in the table that goes with the maps). A touch's first tap on a province shows its value; a second tap on the
// same province follows its link.
(function () {
  'use strict';

  Array.prototype.forEach.call(document.querySelectorAll('svg.map'), function (svg) {
    var line = svg.nextElementSibling;
    if (!line || !line.classList.contains('map-value')) return;
    line.hidden = false;
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
})();
