/**
 * A long diff page is split into parts (site/lib/parts.ts), and a record's permanent link
 * (`…/PAGE/#c-FINGERPRINT`) may name an annotation shown on another part. The change list on
 * part 1 links every record to where it is shown: follow that link instead of staying put.
 */
function followToPart(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id || document.getElementById(id)) return;
  const link = [...document.querySelectorAll<HTMLAnchorElement>('#sd-change-list a[href*="#"]')].find((a) => a.hash === `#${id}` && a.pathname !== location.pathname);
  if (link) location.replace(link.href);
}

followToPart();
addEventListener('hashchange', followToPart);
