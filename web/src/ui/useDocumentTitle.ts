/**
 * The document's title, "<page> · <site>" ("Märkte · H5 Exchange"): history, tabs and screen
 * readers tell pages apart by it. The site's name is the server's (settings), "H5 Exchange" until
 * it has answered; a page whose name has not loaded yet is the site's name alone.
 */
import { useEffect } from 'react';
import { useSiteName } from '../api/settings';

export function useDocumentTitle(page: string): void {
  const site = useSiteName();
  useEffect(() => {
    document.title = page ? `${page} · ${site}` : site;
  }, [page, site]);
}
