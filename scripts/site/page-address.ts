// The page's address, printed under its citation (the stylesheet shows it on paper only): the public address when
// the site's is known (KPU_SITE_URL), else the page's path, which a line of script in the page makes its full address
// (location.href) as the browser opened it.
import type { Lang } from './site-routes.ts';

/** The words before the address, in each language. */
export const PAGE_ADDRESS_TEXT: Record<Lang, string> = {
  id: 'Alamat halaman ini:',
  en: 'Address of this page:',
};

/** The script that writes the address the page was opened at, when the build could not know it. */
export const PAGE_ADDRESS_SCRIPT = "document.querySelector('.address span').textContent=location.href";
