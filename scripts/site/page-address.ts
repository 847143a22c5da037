// The page's address, printed under its citation (the stylesheet shows it on paper only; its words are the
// catalogue's `pageAddress`): the public address when
// the site's is known (KPU_SITE_URL), else the page's path, which a line of script in the page makes its full address
// (location.href) as the browser opened it.
/** The script that writes the address the page was opened at, when the build could not know it. */
export const PAGE_ADDRESS_SCRIPT = "document.querySelector('.address span').textContent=location.href";
