// Which of the boxes the stylesheet draws only near the screen (site/src/styles/render-cost.css: a table's scrolling
// box, a figure, a map section) are on the first screen: a line of script after the main part, run before the first
// paint (the paint waits for the footer), marks them to be drawn at once, since a box drawn late in view would first
// be painted at its estimated height and then move what follows. At an address with a fragment, which opens
// elsewhere on the page, every box is drawn at once.
/** The boxes drawn only near the screen; render-cost.css names the same. */
const DEFERRED_BOXES = 'main .scroll, main figure, main section.measure';

/**
 * The script: each box whose top is above the screen's bottom is marked, in document order, so the next one's top is
 * measured with those above it drawn (a box not yet drawn takes its estimated height, never less than its own).
 */
export const FIRST_SCREEN_SCRIPT = `(function(){var r=document.documentElement;if(location.hash){r.classList.add('drawn');return}var h=innerHeight;document.querySelectorAll('${DEFERRED_BOXES}').forEach(function(e){if(e.getBoundingClientRect().top<h)e.classList.add('first-screen')})})()`;
