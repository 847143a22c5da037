// The browser the benchmark measures the pages and runs Lighthouse in: Debian's full Chromium, as a visitor's browser
// is (not the headless shell the browser tests use). Its own module, so the tests' set-up can name it without loading
// Lighthouse.
export const CHROMIUM = '/usr/bin/chromium';
