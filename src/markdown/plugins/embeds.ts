/**
 * After sanitizing: an embed card (`figure.op-embed > a.op-embed__card[href]`) whose URL is a
 * video on an allow-listed host (YouTube, Vimeo, Loom, Dailymotion) gets a lazy, sandboxed
 * iframe built from the video's id alone (`figure.op-embed--video > div.op-embed__frame >
 * iframe`); the card stays below it as the link to the source. Any other URL stays a link card.
 */
import type { Root } from 'hast';
import { addClass, h, hasClass, isElement, prop, walkElements } from '../hast.ts';
import { type ContentStrings, ENGLISH_CONTENT_STRINGS, fill } from '../strings.ts';

export interface VideoEmbed {
  src: string;
  /** The host's name, for the frame's title. */
  provider: string;
}

export const EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com/embed/',
  'https://player.vimeo.com/video/',
  'https://www.loom.com/embed/',
  'https://www.dailymotion.com/embed/video/',
] as const;

function seconds(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,6}$/.test(value)) return Number(value);
  const m = /^(?:(\d{1,3})h)?(?:(\d{1,3})m)?(?:(\d{1,5})s)?$/.exec(value);
  if (!m || value === '') return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

export function videoEmbed(href: string): VideoEmbed | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const path = url.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtu.be' || host === 'youtube-nocookie.com') {
    let id: string | undefined;
    if (host === 'youtu.be') id = path[0];
    else if (path[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(path[0] ?? '')) id = path[1];
    if (!id || !/^[A-Za-z0-9_-]{11}$/.test(id)) return undefined;
    const start = seconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
    return {
      src: `${EMBED_ORIGINS[0]}${id}${start ? `?start=${start}` : ''}`,
      provider: 'YouTube',
    };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const parts = host === 'player.vimeo.com' ? path.slice(path[0] === 'video' ? 1 : 0) : path;
    const id = parts.find((p) => /^\d{1,12}$/.test(p));
    if (!id) return undefined;
    const after = parts[parts.indexOf(id) + 1];
    const hash =
      url.searchParams.get('h') ?? (after && /^[a-f0-9]{6,20}$/.test(after) ? after : undefined);
    return {
      src: `${EMBED_ORIGINS[1]}${id}${hash && /^[a-f0-9]{6,20}$/.test(hash) ? `?h=${hash}` : ''}`,
      provider: 'Vimeo',
    };
  }
  if (host === 'loom.com') {
    const id = path[0] === 'share' || path[0] === 'embed' ? path[1] : undefined;
    if (!id || !/^[a-f0-9]{32}$/.test(id)) return undefined;
    return { src: `${EMBED_ORIGINS[2]}${id}`, provider: 'Loom' };
  }
  if (host === 'dailymotion.com' || host === 'dai.ly') {
    const id = host === 'dai.ly' ? path[0] : path[0] === 'video' ? path[1] : undefined;
    if (!id || !/^[a-zA-Z0-9]{5,12}$/.test(id)) return undefined;
    return { src: `${EMBED_ORIGINS[3]}${id}`, provider: 'Dailymotion' };
  }
  return undefined;
}

export function rehypeOpEmbeds(strings: ContentStrings = ENGLISH_CONTENT_STRINGS) {
  return (tree: Root) => {
    walkElements(tree, (node) => {
      if (node.tagName !== 'figure' || !hasClass(node, 'op-embed')) return undefined;
      const index = node.children.findIndex(
        (c) => isElement(c, 'a') && hasClass(c, 'op-embed__card'),
      );
      const card = node.children[index];
      const href = isElement(card) ? prop(card, 'href') : undefined;
      const video = href ? videoEmbed(href) : undefined;
      if (!video) return 'skip';
      addClass(node, 'op-embed--video');
      node.children.splice(
        index,
        0,
        h('div', { className: ['op-embed__frame'] }, [
          h('iframe', {
            src: video.src,
            title: fill(strings.video, { provider: video.provider }),
            loading: 'lazy',
            sandbox: ['allow-scripts', 'allow-same-origin', 'allow-presentation', 'allow-popups'],
            allow: 'fullscreen; picture-in-picture; encrypted-media',
            allowFullScreen: true,
            referrerPolicy: 'strict-origin-when-cross-origin',
          }),
        ]),
      );
      return 'skip';
    });
  };
}
