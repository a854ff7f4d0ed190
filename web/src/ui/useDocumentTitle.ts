/**
 * The document's title, "<page> · <site>" ("Märkte · H5 Exchange"): history, tabs and screen
 * readers tell pages apart by it. The site's name is the server's (settings), "H5 Exchange" until
 * it has answered; a page whose name has not loaded yet is the site's name alone.
 */
import { useEffect } from 'react';
import { useSettings } from '../api/settings';

export const DEFAULT_SITE_NAME = 'H5 Exchange';

export function useDocumentTitle(page: string): void {
  const site = useSettings().data?.siteName || DEFAULT_SITE_NAME;
  useEffect(() => {
    document.title = page ? `${page} · ${site}` : site;
  }, [page, site]);
}
