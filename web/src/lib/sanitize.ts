/**
 * HTML from the server (news articles) made safe to render, with DOMPurify: text, headings,
 * lists, quotes, links and images stay; scripts, event handlers, frames, forms, SVG, MathML, styles
 * and `javascript:`/`data:` links go. Links leave the app in a new tab without an opener; links
 * into the app (`/h5/...`) stay in it. Images may be https or data: images.
 */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'hr', 'code', 'pre', 'span'];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title'];
/** https, mailto and the app's own paths; images also as data:image/*. */
const SAFE_LINK = /^(https:\/\/|mailto:|\/h5\/)/i;
const SAFE_IMAGE = /^(https:\/\/|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,)/i;

let hooked = false;

function hook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_LINK.test(href)) node.removeAttribute('href');
      else if (!href.startsWith('/h5/')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (node.tagName === 'IMG') {
      if (!SAFE_IMAGE.test(node.getAttribute('src') ?? '')) node.remove();
      else node.setAttribute('loading', 'lazy');
    }
  });
}

/** `html` with everything that could run or leave the page unannounced removed. */
export function sanitizeHtml(html: string): string {
  hook();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ADD_ATTR: ['target', 'rel', 'loading'] });
}
