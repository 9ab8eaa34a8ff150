import { describe, expect, it } from 'vitest';
import { chromeView } from '../../src/render/chrome.ts';
import { buildSiteModel } from '../../src/site/index.ts';
import { doc, group, guidesSite, link, makeSite } from './helpers.ts';

/**
 * A content reference (`ContentRef` of the API's schemas) carries an `anchor` beside its
 * `page`: a header, footer or announcement link and a link page lead to that place of the page.
 */
describe('content references with an anchor', () => {
  const model = buildSiteModel(guidesSite());

  it('lead to the page with its anchor, encoded as markdown links are', () => {
    const to = { kind: 'page', page: 'p-getting-started_install', space: 'guides-v2' };
    expect(model.resolveContentRef(to)).toEqual({
      url: '/getting-started/install/',
      external: false,
    });
    expect(model.resolveContentRef({ ...to, anchor: 'requirements' })).toEqual({
      url: '/getting-started/install/#requirements',
      external: false,
    });
    expect(model.resolveContentRef({ ...to, anchor: 'a b"<x>' })?.url).toBe(
      '/getting-started/install/#a%20b%22%3Cx%3E',
    );
    // An anchor to a page that does not exist is no link.
    expect(model.resolveContentRef({ kind: 'page', page: 'p-nope', anchor: 'x' })).toBeUndefined();
  });

  it('reach the header, the footer and the announcement', () => {
    const to = {
      kind: 'page',
      page: 'p-operations_telemetry',
      space: 'guides-v2',
      anchor: 'downlink',
    };
    const chrome = chromeView(model, {
      header: { links: [{ title: 'Downlink', to }] },
      footer: { groups: [{ title: 'Docs', links: [{ title: 'Downlink', to }] }] },
      announcement: { enabled: true, message: 'New downlink', link: { title: 'Read', to } },
    });
    const url = '/operations/telemetry/#downlink';
    expect(chrome.headerLinks).toEqual([
      { title: 'Downlink', url, external: false, style: 'link' },
    ]);
    expect(chrome.footer?.groups[0]?.links).toEqual([{ title: 'Downlink', url, external: false }]);
    expect(chrome.announcement?.link).toEqual({ title: 'Read', url, external: false });
  });

  it('reach a link page in the sidebar', () => {
    const site = buildSiteModel(
      makeSite({
        spaces: [
          {
            id: 'a',
            path: 'a',
            pages: [
              doc('intro', 'Intro'),
              doc('setup', 'Setup'),
              group('Shortcuts', [
                link('Setup steps', { kind: 'page', page: 'p-setup', anchor: 'steps' }),
              ]),
            ],
          },
        ],
      }),
    );
    const sidebar = JSON.stringify(site.sidebarFor('a:p-intro'));
    expect(sidebar).toContain('"url":"/setup/#steps"');
  });
});
